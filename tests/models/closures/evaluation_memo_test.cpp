// Tests of the evaluation memo of `closures` (models/closures/evaluation_memo.h): a
// shared subterm is evaluated once per environment value, a memoized morphism
// still tells its arguments apart, the no-renaming foil (whose closures depend on
// how often they are made) is not memoized, and an evaluation that exceeds
// its step budget stops with EvaluationBudgetExceeded.
#include "models/closures/evaluation_memo.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "calculus/parse.h"
#include "calculus/term.h"
#include "models/closures/closures.h"
#include "models/closures/foils.h"
#include "semantics/evaluation_budget.h"
#include "semantics/interpret.h"

using namespace perturb;
using namespace perturb::models;

static_assert(semantics::SharesEvaluation<Closures>);
static_assert(semantics::SharesEvaluation<NaiveDual>);
static_assert(semantics::SharesEvaluation<FiniteDifference>);
static_assert(!semantics::SharesEvaluation<NoRenaming>);

namespace {

// The value of a closed term of type R in closures.
double value_of(const calculus::Term& term) {
  const Closures c;
  auto value = semantics::evaluate_closed(c, term, calculus::real_type());
  REQUIRE(value.ok());
  return closures::scalar_of(*value).primal_value();
}

// t_0 = start, t_{k+1} = mul <t_k, t_k>: a DAG of about 3k nodes whose tree has
// more than 2^k nodes.
calculus::Term squarings(const calculus::Term& start, int k) {
  calculus::Term term = start;
  for (int i = 0; i < k; ++i) {
    term = calculus::mk_app(calculus::mk_prim(calculus::Primitive::Mul),
                            calculus::mk_pair(term, term));
  }
  return term;
}

}  // namespace

TEST_CASE("closures evaluates a term with a 2^60-node tree once per DAG node", "[closures][memo]") {
  // Evaluated once per occurrence this takes 2^60 steps; the default step
  // budget (10⁸) would stop it with EvaluationBudgetExceeded.
  const calculus::Term term = squarings(calculus::mk_lit(-1), 60);
  REQUIRE(term->tree_size() > (std::uint64_t{1} << 60));
  CHECK(value_of(term) == 1.0);
}

TEST_CASE("a shared subterm under λ is evaluated afresh for each argument", "[closures][memo]") {
  // The body's mul <x, x> nodes are shared; the two applications have
  // different environments, so the memo must not answer one with the other.
  const calculus::Term x = calculus::mk_var(0, calculus::real_type());
  const calculus::Term square = squarings(x, 2);  // x⁴
  const calculus::Term f = calculus::mk_lam("x", calculus::real_type(), square);
  const calculus::Term term =
      calculus::mk_app(calculus::mk_prim(calculus::Primitive::Mul),
                       calculus::mk_pair(calculus::mk_app(f, calculus::mk_lit(2)),
                                         calculus::mk_app(f, calculus::mk_lit(3))));
  CHECK(value_of(term) == 16.0 * 81.0);
}

TEST_CASE("memoized derivatives of a shared subterm keep their tags apart", "[closures][memo]") {
  // (D s 0) ((D s 0) cube) 2 with one shared node for D s 0: the two uses
  // must not confuse their perturbations (spec §6; 12 is the correct value).
  auto program = calculus::parse_program(
      "(D (\\u:R. \\f:R->R. \\x:R. f (x + u)) 0) ((D (\\u:R. \\f:R->R. \\x:R. f (x + u)) 0) "
      "(\\x:R. x * x * x)) 2");
  REQUIRE(program.ok());
  CHECK(std::abs(value_of(program->term) - 12.0) < 1e-12);
}

TEST_CASE("an evaluation past the step budget stops with EvaluationBudgetExceeded",
          "[closures][memo]") {
  // f_k = λx. f_{k-1} (f_{k-1} x) applies f_0 2^k times: 2^30 steps at least.
  std::string text = "let f0 = \\x:R. x + 1 in ";
  for (int k = 1; k <= 30; ++k) {
    text += "let f" + std::to_string(k) + " = \\x:R. f" + std::to_string(k - 1) + " (f" +
            std::to_string(k - 1) + " x) in ";
  }
  text += "f30 0";
  auto program = calculus::parse_program(text);
  REQUIRE(program.ok());
  const Closures c({.max_evaluation_steps = 100'000});
  CHECK_THROWS_AS(semantics::evaluate_closed(c, program->term, program->type),
                  semantics::EvaluationBudgetExceeded);
}

TEST_CASE("the memo keeps each morphism's last argument and image, for thousands of morphisms",
          "[closures][memo]") {
  using Value = closures::Value;
  constexpr int kMorphisms = 5000;  // the table grows from 64 slots several times
  std::vector<std::uint64_t> ids;
  std::vector<Value> arguments;
  {
    const closures::EvaluationScope<double> scope(1000);
    for (int i = 0; i < kMorphisms; ++i) {
      ids.push_back(closures::new_memo_id());
      arguments.push_back(Value::pair(Value::real(i), Value::real(-i)));
      closures::remember(ids.back(), arguments.back(), Value::real(2.0 * i));
    }
    for (int i = 0; i < kMorphisms; ++i) {
      const Value* image = closures::find_memoized(ids[i], arguments[i]);
      REQUIRE(image != nullptr);
      CHECK(closures::scalar_of(*image).primal_value() == 2.0 * i);
      // An equal tuple that is another object is the same argument: an image
      // depends on the argument's value only.
      CHECK(closures::find_memoized(ids[i], Value::pair(Value::real(i), Value::real(-i))) == image);
      CHECK(closures::find_memoized(ids[i], Value::pair(Value::real(i), Value::real(i + 1))) ==
            nullptr);
    }
    // A morphism applied again remembers only its last argument.
    const Value other = Value::pair(Value::real(7), Value::real(7));
    closures::remember(ids[3], other, Value::real(-1));
    CHECK(closures::find_memoized(ids[3], arguments[3]) == nullptr);
    REQUIRE(closures::find_memoized(ids[3], other) != nullptr);
    CHECK(closures::scalar_of(*closures::find_memoized(ids[3], other)).primal_value() == -1);
    CHECK(closures::find_memoized(closures::new_memo_id(), arguments[0]) == nullptr);
  }
  // The outermost scope closed: the memo is empty.
  CHECK(closures::find_memoized(ids[0], arguments[0]) == nullptr);
}

TEST_CASE("the memo compares arguments by value: scalars by their bits, closures as objects",
          "[closures][memo]") {
  using Value = closures::Value;
  using Scalar = closures::Scalar;
  const Value square = Value::closure(
      [](const Value& x) { return closures::scalar_of(x) * closures::scalar_of(x); });
  const Value same_square = Value::closure(
      [](const Value& x) { return closures::scalar_of(x) * closures::scalar_of(x); });
  const Tag e = fresh_tag();
  const Value perturbed = Value(Scalar(2.0) + Scalar::infinitesimal(e));
  const closures::EvaluationScope<double> scope(1000);
  const std::uint64_t id = closures::new_memo_id();
  closures::remember(id, Value::pair(perturbed, square), Value::real(1));
  // Built again: equal scalars (with their perturbation) and the same closure.
  CHECK(closures::find_memoized(
            id, Value::pair(Value(Scalar(2.0) + Scalar::infinitesimal(e)), square)) != nullptr);
  // Another tag, another closure object (even one computing the same function).
  CHECK(closures::find_memoized(
            id, Value::pair(Value(Scalar(2.0) + Scalar::infinitesimal(fresh_tag())), square)) ==
        nullptr);
  CHECK(closures::find_memoized(id, Value::pair(perturbed, same_square)) == nullptr);
  // -0 == 0, but the two are different arguments (they print differently).
  closures::remember(id, Value::real(0.0), Value::real(1));
  CHECK(closures::find_memoized(id, Value::real(0.0)) != nullptr);
  CHECK(closures::find_memoized(id, Value::real(-0.0)) == nullptr);
  // A NaN is equal to nothing: never a hit.
  closures::remember(id, Value::real(std::nan("")), Value::real(1));
  CHECK(closures::find_memoized(id, Value::real(std::nan(""))) == nullptr);
}

TEST_CASE("a composite counts a step for itself and for each part it applies", "[closures][memo]") {
  // Composites capture their parts' maps (BasicMorphism::map), which count a
  // step as the parts themselves do: id ∘ (id + id) is five steps, ⟨id, id⟩ three.
  const Closures c;
  const closures::Object r = closures::Object::real();
  const auto sum = c.compose(c.identity(r), c.add(c.identity(r), c.identity(r)));
  const auto both = c.pair(c.identity(r), c.identity(r));
  const auto steps_fit = [](const closures::Morphism& f, std::uint64_t budget) {
    const closures::EvaluationScope<double> scope(budget);
    try {
      static_cast<void>(f(closures::Value::real(1)));
      return true;
    } catch (const semantics::EvaluationBudgetExceeded&) {
      return false;
    }
  };
  CHECK(steps_fit(sum, 5));
  CHECK_FALSE(steps_fit(sum, 4));
  CHECK(steps_fit(both, 3));
  CHECK_FALSE(steps_fit(both, 2));
  const closures::EvaluationScope<double> scope(10);
  CHECK(closures::scalar_of(sum(closures::Value::real(1.5))).primal_value() == 3);
}
