// Tests of the interpretation (semantics/interpret.h) clause by clause (spec
// §5), the known values of spec §6, and the first-order fragment.
#include "semantics/interpret.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "semantics/toy_model.h"

using namespace perturb::calculus;
using perturb::semantics::context_point;
using perturb::semantics::evaluate;
using perturb::semantics::evaluate_closed;
using perturb::semantics::interpret;
using perturb::semantics::interpret_context;
using toy::Value;

namespace {

const toy::Model closed;
const toy::FirstOrderModel first_order;

Type R() { return real_type(); }
Type RR() { return mk_product(real_type(), real_type()); }
Term x0(Type type = real_type()) { return mk_var(0, std::move(type)); }
Term x1(Type type = real_type()) { return mk_var(1, std::move(type)); }
Term lit(double v) { return mk_lit(v); }
Term lam(const char* name, Type type, const Term& body) { return mk_lam(name, type, body); }
// D M N := π1 (T M ⟨1, N⟩) (spec §6).
Term derivative(const Term& m, const Term& n) {
  return mk_proj(1, mk_app(mk_tan(m), mk_pair(lit(1), n)));
}

std::vector<double> flatten(const Value& v) {
  if (v.kind == Value::Kind::Real) return {v.real.primal()};
  if (v.kind != Value::Kind::Pair) return {};
  std::vector<double> out = flatten(v.first());
  for (double d : flatten(v.second())) out.push_back(d);
  return out;
}

// The reals of ⊢ term : type in model c.
template <class C>
std::vector<double> value_of(const C& c, const Term& term, const Type& type) {
  auto value = evaluate_closed(c, term, type);
  INFO((value ? "" : value.error().to_string()));
  REQUIRE(value.ok());
  return flatten(*value);
}

template <class C>
std::string error_of(const C& c, const Context& context, const Term& term, const Type& type) {
  auto morphism = interpret(c, context, term, type);
  REQUIRE_FALSE(morphism.ok());
  return morphism.error().message;
}

Value cube_point() {
  return Value::make_function([](const Value& y) { return Value::of(y.real * y.real * y.real); });
}

}  // namespace

TEST_CASE("|x_i| = π2∘π1ⁱ on |Γ| = ((1 × |σ1|) × |σ2|) × |σ3|", "[interpret]") {
  const Context context({{"x", R()}, {"y", RR()}, {"z", R()}});
  const std::vector<Value> values{Value::of(1.0), Value::make_pair(Value::of(2.0), Value::of(3.0)),
                                  Value::of(4.0)};
  const Value point = context_point(closed, std::span<const Value>(values));
  const auto context_object = interpret_context(closed, context);
  REQUIRE(context_object.ok());
  for (auto [index, type, expected] : {std::tuple{0u, R(), std::vector<double>{4}},
                                       std::tuple{1u, RR(), std::vector<double>{2, 3}},
                                       std::tuple{2u, R(), std::vector<double>{1}}}) {
    auto morphism = interpret(closed, context, mk_var(index, type), type);
    REQUIRE(morphism.ok());
    CHECK(closed.domain(*morphism) == *context_object);
    CHECK(flatten(closed.apply(*morphism, point)) == expected);
  }
}

TEST_CASE("|s N| = ev∘⟨|s|, |N|⟩ and |λx.s| = Λ(|s|)", "[interpret]") {
  const Context context({{"f", mk_arrow(R(), R())}, {"x", R()}});
  const std::vector<Value> values{cube_point(), Value::of(2.0)};
  const Value point = context_point(closed, std::span<const Value>(values));
  auto applied = evaluate(closed, context, mk_app(x1(mk_arrow(R(), R())), x0()), R(), point);
  REQUIRE(applied.ok());
  CHECK(flatten(*applied) == std::vector<double>{8});
  // λy. x * y in context f, x at x = 2 is the function y ↦ 2y.
  auto function =
      evaluate(closed, context, lam("y", R(), mk_mul(x1(), x0())), mk_arrow(R(), R()), point);
  REQUIRE(function.ok());
  CHECK(flatten((*function)(Value::of(5.0))) == std::vector<double>{10});
}

TEST_CASE("sums, 0, ι, π and literals", "[interpret]") {
  CHECK(value_of(closed, mk_add(lit(2), lit(3.5)), R()) == std::vector<double>{5.5});
  CHECK(value_of(closed, mk_zero(RR()), RR()) == std::vector<double>{0, 0});
  CHECK(value_of(closed, mk_pair(lit(2), lit(3)), RR()) == std::vector<double>{2, 3});
  CHECK(value_of(closed, mk_inj(2, lit(3), R()), RR()) == std::vector<double>{0, 3});
  CHECK(value_of(closed, mk_proj(2, mk_pair(lit(2), lit(3))), R()) == std::vector<double>{3});
  // ⟨3, 0⟩ = ι1 3 : R × R, whose second factor the injection carries.
  CHECK(value_of(closed, mk_proj(1, mk_pair(lit(3), mk_zero(R()))), R()) == std::vector<double>{3});
  CHECK(value_of(closed, mk_proj(2, mk_inj(1, lit(3), R())), R()) == std::vector<double>{0});
  // The other factor is a function type: π1 of (λx:R. ι1 x) 4 : R × (R → R).
  const Type RtoR = mk_arrow(R(), R());
  CHECK(value_of(closed, mk_proj(1, mk_app(lam("x", R(), mk_inj(1, x0(), RtoR)), lit(4))), R()) ==
        std::vector<double>{4});
  // The term's own type is the one interpreted: asking for another is an error.
  CHECK_FALSE(evaluate_closed(closed, lit(2), RR()).ok());
}

TEST_CASE("primitives are curried: |p| = Λ(p∘π2)", "[interpret]") {
  auto sin_value = evaluate_closed(closed, mk_prim(Primitive::Sin), mk_arrow(R(), R()));
  REQUIRE(sin_value.ok());
  CHECK(flatten((*sin_value)(Value::of(0.5)))[0] == Approx(std::sin(0.5)));
  // (λf:R→R. f 2) exp = e²
  const Term apply_at_two = lam("f", mk_arrow(R(), R()), mk_app(x0(mk_arrow(R(), R())), lit(2)));
  CHECK(value_of(closed, mk_app(apply_at_two, mk_prim(Primitive::Exp)), R())[0] ==
        Approx(std::exp(2.0)));
}

TEST_CASE("|T s| = T̂∘|s|: the known values of spec §6", "[interpret]") {
  // T(λx. x*x + 1) ⟨1, 3⟩ = ⟨6, 10⟩
  const Term square_plus_one = lam("x", R(), mk_add(mk_mul(x0(), x0()), lit(1)));
  CHECK(value_of(closed, mk_app(mk_tan(square_plus_one), mk_pair(lit(1), lit(3))), RR()) ==
        std::vector<double>{6, 10});
  // D (λx. x * D (λy. x) 2) 1 = 0 (no perturbation confusion)
  const Term inner = derivative(lam("y", R(), x1()), lit(2));
  CHECK(value_of(closed, derivative(lam("x", R(), mk_mul(x0(), inner)), lit(1)), R()) ==
        std::vector<double>{0});
  // D (λx. x * D (λy. x + y) 1) 1 = 1
  const Term inner_sum = derivative(lam("y", R(), mk_add(x1(), x0())), lit(1));
  CHECK(value_of(closed, derivative(lam("x", R(), mk_mul(x0(), inner_sum)), lit(1)), R()) ==
        std::vector<double>{1});
}

TEST_CASE("the first-order fragment: Tᵏ p N is composition", "[interpret][first-order]") {
  const auto t_sin = value_of(
      first_order, mk_app(mk_tan(mk_prim(Primitive::Sin)), mk_pair(lit(2), lit(0.5))), RR());
  REQUIRE(t_sin.size() == 2);
  CHECK(t_sin[0] == Approx(2 * std::cos(0.5)));
  CHECK(t_sin[1] == Approx(std::sin(0.5)));
  // T mul ((1, 1), (3, 3)) = (1·3 + 3·1, 9)
  const Term tangent_point = mk_pair(mk_pair(lit(1), lit(1)), mk_pair(lit(3), lit(3)));
  CHECK(value_of(first_order, mk_app(mk_tan(mk_prim(Primitive::Mul)), tangent_point), RR()) ==
        std::vector<double>{6, 9});
  // T (T sin) at ((0, 1), (1, 0.5)): tangent (−sin 0.5·1·1 + cos 0.5·0, …)
  const Term tt_sin = mk_tan(mk_tan(mk_prim(Primitive::Sin)));
  const Term tt_point = mk_pair(mk_pair(lit(0), lit(1)), mk_pair(lit(1), lit(0.5)));
  const auto second = value_of(first_order, mk_app(tt_sin, tt_point), mk_tangent(RR()));
  REQUIRE(second.size() == 4);
  CHECK(second[0] == Approx(-std::sin(0.5)));
  // x * 2 + sin x at x = 0.5, in context
  const Context context({{"x", R()}});
  const std::vector<Value> values{Value::of(0.5)};
  auto value = evaluate(first_order, context,
                        mk_add(mk_mul(x0(), lit(2)), mk_app(mk_prim(Primitive::Sin), x0())), R(),
                        context_point(first_order, std::span<const Value>(values)));
  REQUIRE(value.ok());
  CHECK(flatten(*value)[0] == Approx(1 + std::sin(0.5)));
}

TEST_CASE("a first-order model rejects what it cannot interpret, saying why",
          "[interpret][first-order]") {
  const std::string prefix = "toy-first-order is first-order: cannot interpret ";
  const std::string suffix = " (it is not a cartesian closed category)";
  CHECK(error_of(first_order, {}, lam("x", R(), x0()), mk_arrow(R(), R())) ==
        prefix + "λ-abstraction" + suffix);
  CHECK(error_of(first_order, {}, mk_app(lam("x", R(), x0()), lit(3)), R()) ==
        prefix +
            "the application of a λ-abstraction (only a primitive, possibly under T, can be "
            "applied)" +
            suffix);
  CHECK(error_of(first_order, {}, mk_prim(Primitive::Sin), mk_arrow(R(), R())) ==
        prefix + "the primitive sin as a value (it can only be applied)" + suffix);
  CHECK(error_of(first_order, {}, mk_tan(mk_prim(Primitive::Sin)), mk_arrow(RR(), RR())) ==
        prefix + "T of a function that is not applied" + suffix);
  const Context higher({{"f", mk_arrow(R(), R())}});
  CHECK(error_of(first_order, higher, mk_app(x0(mk_arrow(R(), R())), lit(1)), R()) ==
        prefix + "the type R -> R" + suffix);
}

TEST_CASE("an ill-typed judgement is the type checker's Error", "[interpret]") {
  const std::string message = error_of(closed, {}, mk_pair(lit(1), lit(2)), R());
  CHECK_FALSE(message.empty());
}

TEST_CASE("shared subterms are interpreted once", "[interpret]") {
  // x·x squared 60 times: a DAG of ~120 nodes, a tree of 2⁶⁰.
  Term term = x0();
  for (int i = 0; i < 60; ++i) term = mk_mul(term, term);
  const auto start = std::chrono::steady_clock::now();
  auto morphism = interpret(closed, Context({{"x", R()}}), term, R());
  REQUIRE(morphism.ok());
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
  CHECK(closed.codomain(*morphism) == closed.real());
}

TEST_CASE("a sum of 50 000 summands is added as a balanced tree", "[interpret]") {
  // A left fold nests 50 000 additions, and evaluating it overflowed the stack
  // (issue 10); a balanced tree nests 16.
  std::vector<Term> summands;
  for (int i = 1; i <= 50000; ++i) summands.push_back(lit(i));
  const Term sum = mk_sum(R(), summands);
  REQUIRE(sum->children().size() == 50000);
  CHECK(value_of(closed, sum, R()) == std::vector<double>{50000.0 * 50001.0 / 2});
  CHECK(value_of(first_order, sum, R()) == std::vector<double>{50000.0 * 50001.0 / 2});
}
