// Tests of the `closures` model (models/closures/closures.h): its cartesian closed
// left-additive structure, its differential combinator on concrete points,
// the one-pass tangent map, the testable-model side, and the acceptance values
// of issue 3 (spec §6) in closures and in each foil.
#include "models/closures/closures.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <random>
#include <span>
#include <vector>

#include "../read_reals.h"
#include "calculus/error.h"
#include "calculus/normalize.h"
#include "calculus/parse.h"
#include "calculus/print.h"
#include "calculus/random_draws.h"
#include "models/builtin_models.h"
#include "models/closures/foils.h"
#include "models/registry.h"
#include "models/smooth/smooth.h"
#include "semantics/category_error.h"
#include "semantics/derived.h"
#include "semantics/differential_lambda_category.h"
#include "semantics/interpret.h"

using namespace perturb;
using namespace perturb::models;
using closures::Object;
using closures::Scalar;
using closures::Value;

namespace {

using perturb::testing::read_reals;

const semantics::Tolerance kTight{1e-12, 1e-12};

double real(const Value& value) { return closures::scalar_of(value).primal_value(); }

Value number(double r) { return Value::real(r); }

Value closure(closures::Function function) { return Value::closure(std::move(function)); }

Scalar scalar(const Value& value) { return closures::scalar_of(value); }

// |D M N| for a closed M : R → τ denoting the function value g: π1 (T̂(g) <1, N>)
// with T̂(g)(1, n) = T(ev)((0, 1), (g, n)) (spec §2), i.e. D(ev)((0, 1), (g, n)).
template <class Model>
Value derivative_at(const Model& model, const Object& codomain, const Value& g, const Value& n) {
  const closures::Morphism d_ev = model.derivative(model.eval(Object::real(), codomain));
  return d_ev(Value::pair(Value::pair(Value(), number(1)), Value::pair(g, n)));
}

// s = \u:R. \f:R->R. \x:R. f (x + u)   and   d = D s 0 : (R→R) → (R→R).
template <class Model>
Value shift_derivative(const Model& model) {
  const Object r = Object::real();
  const Object r_to_r = Object::exponential(r, r);
  const Value s = closure([](const Value& u) {
    return closure([u](const Value& f) {
      return closure([u, f](const Value& x) { return closures::apply(f, closures::add(x, u)); });
    });
  });
  return derivative_at(model, Object::exponential(r_to_r, r_to_r), s, number(0));
}

// D (\x:R. x * D (\y:R. x) 2) 1.
template <class Model>
Value siskind_pearlmutter(const Model& model) {
  const Object r = Object::real();
  const Value outer = closure([&model, r](const Value& x) {
    const Value inner = closure([x](const Value&) { return x; });
    return scalar(x) * scalar(derivative_at(model, r, inner, number(2)));
  });
  return derivative_at(model, r, outer, number(1));
}

Value cube() {
  return closure([](const Value& x) { return scalar(x) * scalar(x) * scalar(x); });
}

}  // namespace

// ---- the structure ----

static_assert(semantics::DifferentialLambdaCategory<Closures>);
static_assert(semantics::TestableModel<Closures>);
static_assert(models::RegisteredModel<Closures>);
static_assert(semantics::HasFastTangentMap<Closures>);
static_assert(semantics::HasFastTangentHat<Closures>);
static_assert(semantics::DifferentialLambdaCategory<NoRenaming>);

TEST_CASE("closures and its foils are registered, sound model first", "[closures]") {
  const std::vector<std::string> names = builtin_model_names();
  const auto position = [&](const std::string& name) {
    return std::find(names.begin(), names.end(), name) - names.begin();
  };
  CHECK(position("closures") < position("finite-difference"));
  CHECK(position("finite-difference") < static_cast<long>(names.size()));
  CHECK(position("naive-dual") < static_cast<long>(names.size()));
  CHECK(position("no-renaming") < static_cast<long>(names.size()));
}

TEST_CASE("composition checks its objects and names both on mismatch", "[closures]") {
  const Closures c;
  const Object r = c.real(), rr = c.product(r, r);
  const auto sin = c.primitive(calculus::Primitive::Sin);
  const auto mul = c.primitive(calculus::Primitive::Mul);
  CHECK(real(c.compose(sin, mul)(Value::pair(number(2), number(0.25)))) == Approx(std::sin(0.5)));
  try {
    (void)c.compose(mul, sin);
    FAIL("composing R → R after R × R → R should throw");
  } catch (const semantics::CategoryError& error) {
    const std::string message = error.what();
    CHECK(message.find("R × R") != std::string::npos);
    CHECK(message.find("compose") != std::string::npos);
  }
  CHECK_THROWS_AS(c.pair(sin, mul), semantics::CategoryError);
  CHECK_THROWS_AS(c.add(sin, mul), semantics::CategoryError);
  CHECK_THROWS_AS(c.curry(sin), semantics::CategoryError);
  CHECK(c.domain(c.compose(sin, mul)) == rr);
}

TEST_CASE("the terminal object equals only itself, also inside products", "[closures]") {
  const Closures c;
  const Object one = c.terminal(), r = c.real();
  // The terminal object is a null node: comparing it with another object
  // once dereferenced it (found by a mutant of tests/proofs/laws/every_law_can_fail_test.cpp).
  CHECK(one == c.terminal());
  CHECK_FALSE(one == r);
  CHECK_FALSE(r == one);
  CHECK_FALSE(c.product(one, r) == c.product(r, r));
  CHECK(c.product(one, r) == c.product(one, r));
  // A mismatch against 1 is a CategoryError, not a crash.
  CHECK_THROWS_AS(c.compose(c.primitive(calculus::Primitive::Sin), c.bang(r)),
                  semantics::CategoryError);
}

TEST_CASE("products, projections, terminal, zero and sums", "[closures]") {
  const Closures c;
  const Object r = c.real();
  const auto p = c.pair(c.primitive(calculus::Primitive::Sin), c.identity(r));
  const Value out = p(number(1));
  CHECK(real(c.apply(c.proj1(r, r), out)) == Approx(std::sin(1)));
  CHECK(real(c.apply(c.proj2(r, r), out)) == 1);
  CHECK(c.bang(r)(number(5)).is_zero());
  CHECK(c.codomain(c.bang(r)) == c.terminal());
  CHECK(real(c.zero(r, r)(number(5))) == 0);
  const auto sum = c.add(c.identity(r), c.primitive(calculus::Primitive::Exp));
  CHECK(real(sum(number(2))) == Approx(2 + std::exp(2)));
  CHECK(real(c.constant(2.5)(c.unit_point())) == 2.5);
  CHECK(c.factors(c.product(r, c.terminal())) == std::pair(r, c.terminal()));
  CHECK_FALSE(c.factors(c.atom("A")).has_value());
  CHECK(c.real_value(number(2.5)) == 2.5);
  CHECK(c.real_value(Value()) == 0);
  CHECK_THROWS_AS(c.real_value(c.pair_point(number(1), number(2))), calculus::InternalError);
}

TEST_CASE("curry and eval: ev∘(Λ(f) × id) = f", "[closures]") {
  const Closures c;
  const Object r = c.real(), rr = c.product(r, r);
  const auto mul = c.primitive(calculus::Primitive::Mul);
  const auto curried = c.curry(mul);
  CHECK(c.codomain(curried) == c.exponential(r, r));
  const Value times3 = curried(number(3));
  CHECK(real(c.eval(r, r)(Value::pair(times3, number(4)))) == 12);
  CHECK(c.domain(c.eval(r, r)) == c.product(c.exponential(r, r), r));
  (void)rr;
}

TEST_CASE("atoms denote ℝⁿ with n from the configuration", "[closures]") {
  const Closures three(semantics::ModelConfig{3});
  std::mt19937_64 rng(1);
  const Object a = three.atom("A");
  CHECK(a.dimension() == 3);
  CHECK(three.random_point(a, rng).elements().size() == 3);
  CHECK_FALSE(a == three.atom("B"));
  CHECK(Closures().atom("A").dimension() == 2);
}

// ---- the differential combinator ----

TEST_CASE("D of the primitives (direction first, point second)", "[closures]") {
  const Closures c;
  const auto d_sin = c.derivative(c.primitive(calculus::Primitive::Sin));
  CHECK(real(d_sin(Value::pair(number(2), number(0.5)))) == Approx(2 * std::cos(0.5)));
  const auto d_mul = c.derivative(c.primitive(calculus::Primitive::Mul));
  // D(mul)((a', b'), (a, b)) = a'b + ab'.
  const Value v = Value::pair(number(1), number(10)), x = Value::pair(number(3), number(4));
  CHECK(real(d_mul(Value::pair(v, x))) == 1 * 4 + 3 * 10);
  const auto d_exp = c.derivative(c.primitive(calculus::Primitive::Exp));
  CHECK(real(d_exp(Value::pair(number(1), number(1)))) == Approx(std::exp(1.0)));
  CHECK(real(c.derivative(c.constant(7))(Value::pair(Value(), Value()))) == 0);
}

TEST_CASE("D(D(f)) gives second derivatives (fresh tag per call)", "[closures]") {
  const Closures c;
  const auto sin = c.primitive(calculus::Primitive::Sin);
  const auto dd = c.derivative(c.derivative(sin));
  // D(D sin)((v', x'), (v, x)) = cos(x)·v' − sin(x)·v·x'.
  const Value direction = Value::pair(number(0), number(1)),
              point = Value::pair(number(1), number(0.3));
  CHECK(real(dd(Value::pair(direction, point))) == Approx(-std::sin(0.3)));
}

TEST_CASE("the tangent map is one pass and equals ⟨D f, f∘π2⟩, at function type too",
          "[closures]") {
  const Closures c;
  const Object r = c.real();
  std::mt19937_64 rng(7);
  const Object x = c.product(r, c.exponential(r, r));
  const Object y = c.exponential(r, c.product(r, r));
  for (int i = 0; i < 20; ++i) {
    INFO("case " << i);
    const Value f_point = c.random_point(c.exponential(x, y), rng);
    const closures::Morphism f(x, y,
                               [f_point](const Value& p) { return closures::apply(f_point, p); });
    const auto generic = c.pair(c.derivative(f), c.compose(f, c.proj2(x, x)));
    const auto fast = c.fast_tangent_map(f);
    const Object txx = c.product(x, x);
    const Value at = c.random_point(txx, rng);
    CHECK(c.approx_equal(c.product(y, y), fast(at), generic(at), kTight, rng));
  }
}

TEST_CASE("T̂(g)(x', x) = (D(g)(x', x), g(x)), fast and generic (spec §2)", "[closures]") {
  const Closures c;
  const Object r = c.real();
  const Value sin = closure([](const Value& x) { return perturb::models::sin(scalar(x)); });
  const Value point = Value::pair(number(2), number(0.5));
  for (const auto& hat : {c.fast_tangent_hat(r, r), semantics::generic_tangent_hat(c, r, r)}) {
    const Value out = closures::apply(hat(sin), point);
    CHECK(real(closures::component(out, 0)) == Approx(2 * std::cos(0.5)));
    CHECK(real(closures::component(out, 1)) == Approx(std::sin(0.5)));
  }
  std::mt19937_64 rng(11);
  const Object x = c.product(r, c.exponential(r, r)), y = c.exponential(r, r);
  for (int i = 0; i < 10; ++i) {
    INFO("case " << i);
    const Value g = c.random_point(c.exponential(x, y), rng);
    const Value fast = c.fast_tangent_hat(x, y)(g),
                generic = semantics::generic_tangent_hat(c, x, y)(g);
    CHECK(c.approx_equal(c.codomain(c.fast_tangent_hat(x, y)), fast, generic, kTight, rng));
  }
}

TEST_CASE("T (\\x:R. x * x + 1) <1, 3> = <6, 10>", "[closures][acceptance]") {
  const Closures c;
  const Object r = c.real();
  const auto square =
      c.compose(c.primitive(calculus::Primitive::Mul), c.pair(c.identity(r), c.identity(r)));
  const auto f = c.add(square, c.compose(c.constant(1), c.bang(r)));
  const Value out = c.fast_tangent_map(f)(Value::pair(number(1), number(3)));
  CHECK(real(closures::component(out, 0)) == 6);
  CHECK(real(closures::component(out, 1)) == 10);
}

TEST_CASE("DLC: D(Λ f)((z', z)) x = D(f)((z', 0), (z, x))", "[closures]") {
  const Closures c;
  const Object r = c.real();
  const auto mul = c.primitive(calculus::Primitive::Mul);
  const auto f = c.compose(c.primitive(calculus::Primitive::Sin), mul);  // sin(z x)
  const Value curried_derivative = c.derivative(c.curry(f))(Value::pair(number(2), number(0.5)));
  // ∂/∂z sin(z x) · z' = cos(z x)·x·z'.
  CHECK(real(closures::apply(curried_derivative, number(3))) == Approx(std::cos(1.5) * 3 * 2));
  const Value right = c.derivative(f)(
      Value::pair(Value::pair(number(2), Value()), Value::pair(number(0.5), number(3))));
  CHECK(real(closures::apply(curried_derivative, number(3))) == Approx(real(right)));
}

// A function-valued argument perturbed by ε is applied inside f to a value
// that carries the same ε: the bundle must not rename, or the chain rule
// through g(g 0) loses the x'(x(0))·v(0) term.
TEST_CASE("chain rule through a perturbed function argument: D(λg. g (g 0))", "[closures]") {
  const Closures c;
  const Object r = c.real(), r_to_r = c.exponential(r, r);
  const closures::Morphism twice(r_to_r, r, [](const Value& g) {
    return closures::apply(g, closures::apply(g, Value::real(0)));
  });
  const Value x = closure([](const Value& t) { return sin(scalar(t)) + Scalar(1.0); });
  const Value v = closure([](const Value& t) { return scalar(t) * scalar(t); });
  // d/dε (x+εv)((x+εv)(0)) = x'(x(0))·v(0) + v(x(0)) = cos(1)·0 + 1.
  CHECK(real(c.derivative(twice)(Value::pair(v, x))) == Approx(1.0));
  const Value v2 = closure([](const Value& t) { return scalar(t) + Scalar(2.0); });
  CHECK(real(c.derivative(twice)(Value::pair(v2, x))) == Approx(std::cos(1.0) * 2 + 3));
}

// ---- the acceptance values (spec §6), in closures and the foils ----

// D (\x:R. x * D (\y:R. x + y) 1) 1.
template <class Model>
double inner_sum_derivative(const Model& model) {
  const Object r = Object::real();
  const Value outer = closure([&model, r](const Value& x) {
    const Value inner = closure([x](const Value& y) { return closures::add(x, y); });
    return scalar(x) * scalar(derivative_at(model, r, inner, number(1)));
  });
  return real(derivative_at(model, r, outer, number(1)));
}

TEST_CASE("D (\\x:R. x * D (\\y:R. x + y) 1) 1 = 1 in closures, 2 in naive-dual",
          "[closures][acceptance]") {
  CHECK(inner_sum_derivative(Closures()) == 1);
  CHECK(inner_sum_derivative(NoRenaming()) == 1);
  // One shared ε: the inner derivative of x + y sees x's perturbation too, 2.
  CHECK(inner_sum_derivative(NaiveDual()) == 2);
}

TEST_CASE("D (\\x:R. x * D (\\y:R. x) 2) 1 = 0 in closures, 1 in naive-dual",
          "[closures][acceptance]") {
  CHECK(real(siskind_pearlmutter(Closures())) == 0);
  CHECK(real(siskind_pearlmutter(NoRenaming())) == 0);
  CHECK(real(siskind_pearlmutter(NaiveDual())) == 1);
}

TEST_CASE("let d = D s 0 in d (d (\\x:R. x*x*x)) 2 = 12 in closures, 0 in no-renaming",
          "[closures][acceptance]") {
  const auto second_derivative = [](const auto& model) {
    const Value d = shift_derivative(model);
    return real(closures::apply(closures::apply(d, closures::apply(d, cube())), number(2)));
  };
  CHECK(second_derivative(Closures()) == 12);
  CHECK(second_derivative(NaiveDual()) == 12);
  CHECK(second_derivative(NoRenaming()) == 0);
}

TEST_CASE("let d = D s 0 in d (d exp) 1 = e", "[closures][acceptance]") {
  const Closures c;
  const Value d = shift_derivative(c);
  const Value exp = closure([](const Value& x) { return perturb::models::exp(scalar(x)); });
  CHECK(real(closures::apply(closures::apply(d, closures::apply(d, exp)), number(1))) ==
        Approx(std::exp(1.0)));
}

// ---- the testable side ----

TEST_CASE("random points, approx_equal, is_finite and describe", "[closures]") {
  const Closures c;
  std::mt19937_64 rng(42);
  const Object r = c.real();
  const Object fn = c.exponential(c.product(r, c.exponential(r, r)), c.product(r, r));
  const Value f = c.random_point(fn, rng);
  const Value g = c.random_point(fn, rng);
  CHECK(c.approx_equal(fn, f, f, kTight, rng));
  CHECK_FALSE(c.approx_equal(fn, f, g, kTight, rng));
  CHECK(c.is_finite(fn, f));
  CHECK_FALSE(c.is_finite(r, number(NAN)));
  CHECK_FALSE(c.is_finite(c.exponential(r, r),
                          closure([](const Value&) { return Value::real(INFINITY); })));
  CHECK(c.describe_point(c.product(r, r), Value::pair(number(1), number(2.5))) == "<1, 2.5>");
  // A random function prints as the closed term it was made from
  // (closure_random_test.cpp); a computed one by its type.
  CHECK(c.describe_point(fn, f) == f.description());
  CHECK(c.describe_point(fn, closures::add(f, g)) == "<function R × (R → R) → R × R>");
  CHECK(c.describe_object(fn) == "R × (R ⇒ R) ⇒ R × R");
  CHECK(c.describe_object(c.product(c.product(r, r), c.exponential(c.exponential(r, r), r))) ==
        "R × R × ((R ⇒ R) ⇒ R)");
  CHECK(c.describe_point(c.atom("A"), Value()) == "<0, 0>");
  CHECK(Closures::name() == "closures");
  CHECK_FALSE(Closures::is_foil());
}

// A function whose values are finite at is_finite's probes but not at the
// comparison's (tangent.strength, seed 1, case 687 before compare existed):
// the case says nothing about the law, so it is NotFinite, not Different.
TEST_CASE("compare: non-finite values at a probed argument are NotFinite", "[closures]") {
  using semantics::Comparison;
  const Closures c;
  std::mt19937_64 rng(7);
  const Object r = c.real();
  const Object fn = c.exponential(r, r);
  const Value nan_away_from_zero = closure(
      [](const Value& x) { return Value::real(x.scalar().primal_value() == 0 ? 1.0 : NAN); });
  const Value one = closure([](const Value&) { return Value::real(1); });
  const Value two = closure([](const Value&) { return Value::real(2); });
  CHECK(c.compare(fn, one, one, kTight, rng) == Comparison::Equal);
  CHECK(c.compare(fn, one, two, kTight, rng) == Comparison::Different);
  CHECK(c.compare(fn, nan_away_from_zero, one, kTight, rng) == Comparison::NotFinite);
  CHECK(c.compare(r, number(INFINITY), number(1), kTight, rng) == Comparison::NotFinite);
  // A finite difference decides even beside a non-finite component.
  CHECK(c.compare(c.product(r, r), Value::pair(number(NAN), number(1)),
                  Value::pair(number(0), number(2)), kTight, rng) == Comparison::Different);
  CHECK_FALSE(c.approx_equal(fn, nan_away_from_zero, one, kTight, rng));
}

TEST_CASE("approx_equal sees every coefficient: a leaked tag is a difference", "[closures]") {
  const Closures c;
  std::mt19937_64 rng(3);
  const Value leaked = Scalar(1.0) + Scalar::infinitesimal(fresh_tag()) * 1e-3;
  CHECK_FALSE(c.approx_equal(c.real(), number(1), leaked, kTight, rng));
  CHECK(c.approx_equal(c.real(), number(1), number(1 + 1e-14), kTight, rng));
  CHECK(c.approx_equal(c.real(), Value(), number(0), kTight, rng));
}

TEST_CASE("the function sampler is a customisation point", "[closures]") {
  const closures::FunctionSampler constant_one = [](const closures::ClosureCategory&, const Object&,
                                                    std::mt19937_64&) {
    return Value::closure([](const Value&) { return Value::real(1); });
  };
  const Closures c(semantics::ModelConfig{}, constant_one);
  std::mt19937_64 rng(5);
  const Object r = c.real();
  CHECK(real(closures::apply(c.random_point(c.exponential(r, r), rng), number(9))) == 1);
}

// ---- the acceptance values as terms: parsed, interpreted (spec §5), and
// their normal forms interpreted too (Theorem 5.6) ----

namespace {

const char* const kShift = "s = \\u:R. \\f:R->R. \\x:R. f (x + u);\n";

calculus::Program parse(const std::string& text) {
  auto program = calculus::parse_program(text);
  INFO(text);
  REQUIRE(program.ok());
  return std::move(program).value();
}

// The real a closed term of type R denotes in model.
template <class Model>
double evaluate(const Model& model, const calculus::Term& term, const calculus::Type& type) {
  auto value = semantics::evaluate_closed(model, term, type);
  REQUIRE(value.ok());
  return model.real_value(*value);
}

// The term's value, after checking that its normal form has the same value.
template <class Model>
double value_and_normal_form(const Model& model, const std::string& text) {
  const calculus::Program program = parse(text);
  const double value = evaluate(model, program.term, program.type);
  // Applicative order: normal order also gets there but takes minutes on the
  // d (d cube) term, leftmost-outermost unfolding d's body over and over.
  calculus::NormalizeOptions options;
  options.strategy = calculus::Strategy::ApplicativeOrder;
  const calculus::NormalizeResult normal = calculus::normalize(program.term, options);
  INFO(text << "\nnormal form: " << calculus::to_string(normal.term));
  REQUIRE(normal.status == calculus::NormalizeStatus::NormalForm);
  CHECK(evaluate(model, normal.term, program.type) == Approx(value).margin(1e-12));
  return value;
}

}  // namespace

TEST_CASE("acceptance values as terms, equal to their normal forms' values",
          "[closures][acceptance]") {
  const Closures c;
  CHECK(value_and_normal_form(c, "pi1 (T (\\x:R. x * x + 1) <1, 3>)") == 6);
  CHECK(value_and_normal_form(c, "pi2 (T (\\x:R. x * x + 1) <1, 3>)") == 10);
  CHECK(value_and_normal_form(c, "D (\\x:R. x * D (\\y:R. x) 2) 1") == 0);
  CHECK(value_and_normal_form(c, "D (\\x:R. x * D (\\y:R. x + y) 1) 1") == 1);
  CHECK(value_and_normal_form(
            c, std::string(kShift) + "let d = D s 0 in d (d (\\x:R. x * x * x)) 2") == 12);
  CHECK(value_and_normal_form(c, std::string(kShift) + "let d = D s 0 in d (d exp) 1") ==
        Approx(std::exp(1.0)));
}

TEST_CASE("the T-term's value is the pair <6, 10>", "[closures][acceptance]") {
  const Closures c;
  const calculus::Program program = parse("T (\\x:R. x * x + 1) <1, 3>");
  auto value = semantics::evaluate_closed(c, program.term, program.type);
  REQUIRE(value.ok());
  CHECK(c.describe_point(c.product(c.real(), c.real()), *value) == "<6, 10>");
}

TEST_CASE("the foils get the acceptance terms wrong where they should", "[foils][acceptance]") {
  const auto value = [](const auto& model, const std::string& text) {
    const calculus::Program program = parse(text);
    return evaluate(model, program.term, program.type);
  };
  const std::string confusion = "D (\\x:R. x * D (\\y:R. x) 2) 1";
  const std::string jfp = std::string(kShift) + "let d = D s 0 in d (d (\\x:R. x * x * x)) 2";
  CHECK(value(NaiveDual(), confusion) == 1);
  CHECK(value(NaiveDual(), jfp) == 12);
  CHECK(value(NoRenaming(), confusion) == 0);
  CHECK(value(NoRenaming(), jfp) == 0);
  CHECK(value(FiniteDifference(), confusion) == 0);
  CHECK(value(FiniteDifference(), jfp) == Approx(12).epsilon(1e-3));
  CHECK(value(FiniteDifference(), jfp) != Approx(12).epsilon(1e-9));
}

// ---- agreement with `smooth` on the first-order fragment ----

namespace {

// The point (((), a), <b, c>) of |x:R; y:R*R|.
template <class C>
typename C::Point context_at(const C& c, double a, double b, double d) {
  const auto real = [&](double r) { return c.apply(c.constant(r), c.unit_point()); };
  const std::vector<typename C::Point> values{real(a), c.pair_point(real(b), real(d))};
  return semantics::context_point(c, std::span<const typename C::Point>(values));
}

// D(|x:R; y:R*R ⊢ term|) and D(D(…)) at points from seed, as coordinates.
template <class C>
std::vector<double> derivatives(const C& c, const std::string& text, std::uint64_t seed) {
  const calculus::Context context(
      {{"x", calculus::real_type()},
       {"y", calculus::mk_product(calculus::real_type(), calculus::real_type())}});
  auto program = calculus::parse_program(text, context);
  REQUIRE(program.ok());
  auto f = semantics::interpret(c, program->context, program->term, program->type);
  REQUIRE(f.ok());
  std::mt19937_64 rng(seed);
  const auto point = [&] {
    return context_at(c, calculus::random_real(rng, -2, 2), calculus::random_real(rng, -2, 2),
                      calculus::random_real(rng, -2, 2));
  };
  std::vector<double> out;
  for (int i = 0; i < 5; ++i) {
    const auto v = point(), x = point(), w = point(), u = point();
    read_reals(c, c.codomain(*f), c.apply(c.derivative(*f), c.pair_point(v, x)), out);
    read_reals(c, c.codomain(*f),
               c.apply(c.derivative(c.derivative(*f)),
                       c.pair_point(c.pair_point(w, u), c.pair_point(v, x))),
               out);
  }
  return out;
}

}  // namespace

TEST_CASE("smooth's D agrees with closures' D on first-order morphisms", "[closures][smooth]") {
  const Closures closures_model;
  const Smooth smooth_model;
  for (const std::string term :
       {"sin (x * pi1 y) + exp (pi2 y) * cos x", "<x * x, sin (pi1 y) * pi2 y>",
        "pi1 (T sin <pi2 y, x>) * x + 3", "mul <x, x + pi2 y> + pi2 (T exp <x, pi1 y>)",
        "<y, cos (cos x)>"}) {
    const std::uint64_t seed = std::hash<std::string>()(term);
    INFO(term << " (seed " << seed << ")");
    const std::vector<double> expected = derivatives(smooth_model, term, seed);
    const std::vector<double> found = derivatives(closures_model, term, seed);
    REQUIRE(found.size() == expected.size());
    for (std::size_t i = 0; i < found.size(); ++i)
      CHECK(found[i] == Approx(expected[i]).margin(1e-12));
  }
}
