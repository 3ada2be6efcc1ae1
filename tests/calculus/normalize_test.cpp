// Tests of normalization: the known reductions of spec §6 under every
// strategy, with δ on and off, budgets, traces, sharing, and that each
// mutant (mutation.h) changes a hand-picked normal form.
#include "calculus/normalize.h"

#include <catch2/catch.hpp>
#include <functional>
#include <iostream>

#include "calculus/mutation.h"
#include "calculus/typecheck.h"

using namespace perturb::calculus;

namespace {

const Type R = real_type();
Term v(std::uint32_t index) { return mk_var(index, R); }
Term lit(double value) { return mk_lit(value); }

// D f x := π1 (T f ⟨1, x⟩)
Term derivative(const Term& f, const Term& x) {
  return mk_proj(1, mk_app(mk_tan(f), mk_pair(lit(1), x)));
}

// T (λx:R. x * x + 1) ⟨1, 3⟩
Term square_plus_one_tangent() {
  return mk_app(mk_tan(mk_lam("x", R, mk_add(mk_mul(v(0), v(0)), lit(1)))),
                mk_pair(lit(1), lit(3)));
}

// D (λx:R. x * D (λy:R. x) 2) 1: perturbation confusion, must be 0.
Term perturbation_confusion() {
  const Term inner = derivative(mk_lam("y", R, v(1)), lit(2));
  return derivative(mk_lam("x", R, mk_mul(v(0), inner)), lit(1));
}

// T (λx:R. sin (sin (… (sin x)))) with n sins.
Term tangent_of_sines(int n) {
  Term body = v(0);
  for (int k = 0; k < n; ++k) body = mk_app(mk_prim(Primitive::Sin), body);
  return mk_tan(mk_lam("x", R, body));
}

constexpr Strategy kStrategies[] = {Strategy::NormalOrder, Strategy::ApplicativeOrder,
                                    Strategy::Random};

Term normal_form(const Term& term, NormalizeOptions options = {}) {
  const NormalizeResult result = normalize(term, options);
  INFO(describe(result));
  REQUIRE(result.status == NormalizeStatus::NormalForm);
  return result.term;
}

// Whether the mutant in effect changes the normal form of term away from
// expected. A mutant may instead make the calculus build an ill-typed term,
// which the typed constructors refuse with IllTyped: that detects it too.
bool mutant_detected(const Term& term, const Term& expected) {
  try {
    const NormalizeResult result = normalize(term, {.max_steps = 2000});
    UNSCOPED_INFO("the mutant gives " << describe(result));
    return !alpha_equal(result.term, expected);
  } catch (const IllTyped& ill_typed) {
    UNSCOPED_INFO("the mutant builds an ill-typed term: " << ill_typed.what());
    return true;
  }
}

// Whether every application in term applies a primitive or T of one.
bool only_primitives_applied(const Term& term) {
  if (is_app(term)) {
    Term fn = app_fn(term);
    while (is_tan(fn)) fn = operand(fn);
    if (!is_prim(fn)) return false;
  }
  for (const Term& child : term->children()) {
    if (!only_primitives_applied(child)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("T (λx. x*x + 1) ⟨1, 3⟩ normalizes to ⟨6, 10⟩", "[normalize]") {
  for (Strategy strategy : kStrategies) {
    INFO(strategy_name(strategy));
    CHECK(normal_form(square_plus_one_tangent(), {.strategy = strategy, .seed = 3}) ==
          mk_pair(lit(6), lit(10)));
  }
}

TEST_CASE("D (λx. x * D (λy. x) 2) 1 normalizes to 0", "[normalize]") {
  for (Strategy strategy : kStrategies) {
    INFO(strategy_name(strategy));
    CHECK(is_zero(normal_form(perturbation_confusion(), {.strategy = strategy, .seed = 5})));
  }
}

TEST_CASE("without δ only primitives and T of primitives stay applied", "[normalize]") {
  for (const Term& term : {square_plus_one_tangent(), perturbation_confusion()}) {
    for (Strategy strategy : kStrategies) {
      INFO(strategy_name(strategy));
      const Term nf = normal_form(term, {.rules = {.delta = false}, .strategy = strategy});
      CHECK(only_primitives_applied(nf));
      CHECK_FALSE(has_redex(nf, {.delta = false}));
      CHECK(has_redex(nf));  // δ would go on
    }
  }
  // The derivative of x*x+1 at 3 without δ: T mul applied to a literal tangent pair.
  const Term nf = normal_form(square_plus_one_tangent(), {.rules = {.delta = false}});
  CHECK(normal_form(nf) == mk_pair(lit(6), lit(10)));
}

TEST_CASE("budgets: give up with a clear result, never hang", "[normalize]") {
  SECTION("steps") {
    const NormalizeResult result = normalize(square_plus_one_tangent(), {.max_steps = 3});
    CHECK(result.status == NormalizeStatus::StepBudget);
    CHECK(result.steps == 3);
    CHECK_THAT(describe(result), Catch::StartsWith("gave up after 3 steps, at DAG size "));
    CHECK_THAT(describe(result), Catch::EndsWith("step budget exhausted (--max-steps 3)"));
  }
  SECTION("size") {
    const NormalizeResult result = normalize(tangent_of_sines(40), {.max_size = 100});
    CHECK(result.status == NormalizeStatus::SizeBudget);
    CHECK_THAT(describe(result), Catch::Contains("size budget"));
  }
  SECTION("size of one step: T (T (… (T (λx. sin x)))) multiplies summands") {
    Term term = mk_lam("x", R, mk_app(mk_prim(Primitive::Sin), v(0)));
    for (int k = 0; k < 12; ++k) term = mk_tan(term);
    // A budget of 10 000 is reached in under a second; at 50 000 the steps
    // before it take minutes (docs/performance.md: each step costs the
    // non-normal part of the DAG).
    const NormalizeResult result = normalize(term, {.rules = {.delta = false}, .max_size = 10000});
    CHECK(result.status == NormalizeStatus::SizeBudget);
    CHECK(dag_size(result.term) <= 10000);
  }
  SECTION("depth: T_x of sin^1000 x nests past kMaxTermDepth") {
    const NormalizeResult result = normalize(tangent_of_sines(1000));
    CHECK(result.status == NormalizeStatus::TooDeep);
    CHECK(result.steps == 0);
    CHECK_THAT(describe(result), Catch::Contains("deeper than"));
  }
  SECTION("a normal form takes 0 steps") {
    const NormalizeResult result = normalize(v(0));
    CHECK(result.status == NormalizeStatus::NormalForm);
    CHECK(result.steps == 0);
    CHECK(describe(result) == "normal form after 0 steps");
  }
}

TEST_CASE("the trace records each step's rule, position and term", "[normalize]") {
  for (Strategy strategy : kStrategies) {
    INFO(strategy_name(strategy));
    const NormalizeOptions options{.strategy = strategy, .seed = 11, .trace = true};
    const NormalizeResult result = normalize(square_plus_one_tangent(), options);
    REQUIRE(result.trace.size() == result.steps);
    CHECK(result.trace.back().term == result.term);
    Term previous = square_plus_one_tangent();
    for (const TraceStep& step : result.trace) {
      const Term redex = subterm_at(previous, step.position).value();
      CHECK(redex_rule(redex) == step.rule);
      previous = step.term;
    }
    if (strategy == Strategy::NormalOrder) {
      // T(λx. x*x + 1) = T(λx. x*x) + T(λx. 1) (§3), so the term is a sum of
      // two applications and the first redex is the T of one of them.
      CHECK(result.trace.front().rule == "T");
      CHECK(result.trace.front().position.size() == 2);
      CHECK(result.trace.front().position[1] == 0);
    }
    if (strategy == Strategy::ApplicativeOrder) {
      CHECK(result.trace.front().rule == "T");  // under T, the λ's body holds no redex
    }
  }
  SECTION("random is reproducible from its seed") {
    const NormalizeOptions options{.strategy = Strategy::Random, .seed = 99, .trace = true};
    const auto a = normalize(perturbation_confusion(), options);
    const auto b = normalize(perturbation_confusion(), options);
    REQUIRE(a.steps == b.steps);
    for (std::size_t i = 0; i < a.trace.size(); ++i)
      CHECK(a.trace[i].position == b.trace[i].position);
  }
}

TEST_CASE("sharing: DAG size of the normal form of T(λx. sin^n x) is linear in n",
          "[normalize][sharing]") {
  for (bool delta : {true, false}) {
    std::uint64_t previous_dag = 0;
    for (int n : {10, 20, 40}) {
      const NormalizeResult result =
          normalize(tangent_of_sines(n), {.rules = {.delta = delta}, .max_steps = 5000});
      REQUIRE(result.status == NormalizeStatus::NormalForm);
      const std::uint64_t dag = dag_size(result.term);
      std::cout << "T(λx. sin^" << n << " x), δ " << (delta ? "on" : "off") << ": " << result.steps
                << " steps, DAG size " << dag << ", tree size " << result.term->tree_size() << "\n";
      CHECK(dag <= 7 * static_cast<std::uint64_t>(n) + 20);
      if (previous_dag != 0) CHECK(dag <= 2 * previous_dag + 10);
      previous_dag = dag;
      const ErrorOr<Type> type = type_of({}, result.term);
      REQUIRE(type.ok());
      CHECK(type.value() == mk_arrow(mk_tangent(R), mk_tangent(R)));
    }
  }
}

TEST_CASE("each mutant changes a hand-picked normal form", "[normalize][mutation]") {
  // π1 (T (λx. λy. x * y) ⟨1, 3⟩) 5 = ∂/∂x (x*y) at y = 5 = 5.
  const Term partial =
      mk_app(mk_proj(1, mk_app(mk_tan(mk_lam("x", R, mk_lam("y", R, mk_mul(v(1), v(0))))),
                               mk_pair(lit(1), lit(3)))),
             lit(5));
  // λa. (λx. λb. x) a = λa. λb. a: capture would give λa. λb. b.
  const Term capture = mk_lam("a", R, mk_app(mk_lam("x", R, mk_lam("b", R, v(1))), v(0)));
  const Term projection = mk_proj(1, mk_pair(lit(2), lit(3)));
  // λa. (λx. a) 2 = λa. a: a is renamed from index 1 to 0 when λx goes.
  const Term renaming = mk_lam("a", R, mk_app(mk_lam("x", R, v(1)), lit(2)));
  // λa. (λx. λb. x) (λc. a * c) = λa. λb. λc. a * c: lifting the value under
  // λb shifts a, not the c it binds itself.
  const Term lifting =
      mk_lam("a", R,
             mk_app(mk_lam("x", mk_arrow(R, R), mk_lam("b", R, mk_var(1, mk_arrow(R, R)))),
                    mk_lam("c", R, mk_mul(v(1), v(0)))));
  // π1 (T (λx. λy. y) ⟨1, 3⟩) 5 = 0: λy. y does not depend on x.
  const Term constant_in_x = mk_app(
      mk_proj(1, mk_app(mk_tan(mk_lam("x", R, mk_lam("y", R, v(0)))), mk_pair(lit(1), lit(3)))),
      lit(5));
  struct Case {
    Mutant mutant;
    Term term;
    Term expected;
  };
  const std::vector<Case> cases = {
      {Mutant::DiamondWithoutTangentSummand, square_plus_one_tangent(), mk_pair(lit(6), lit(10))},
      {Mutant::TangentVarUntagged, constant_in_x, mk_zero(R)},
      {Mutant::TangentLambdaSwapped, partial, lit(5)},
      {Mutant::SubstitutionNoLift, capture, mk_lam("a", R, mk_lam("b", R, v(1)))},
      {Mutant::SubstitutionSkipsBinders, capture, mk_lam("a", R, mk_lam("b", R, v(1)))},
      {Mutant::SubstitutionNoRenaming, renaming, mk_lam("a", R, v(0))},
      {Mutant::LiftingIgnoresBinders, lifting,
       mk_lam("a", R, mk_lam("b", R, mk_lam("c", R, mk_mul(v(2), v(0)))))},
      {Mutant::ProjectionIgnoresInjection, projection, lit(2)},
  };
  for (const Case& c : cases) {
    INFO(mutant_name(c.mutant));
    CHECK(alpha_equal(normal_form(c.term), c.expected));
    const ScopedMutant mutant(c.mutant);
    CHECK(mutant_detected(c.term, c.expected));
  }
  CHECK(active_mutant() == Mutant::None);
}
