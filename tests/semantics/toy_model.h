// A small test-only differential λ-category, so that semantics/ can be tested
// before and independently of the real models: values are unit | real | pair |
// function, reals are elements of ℝ[ε1, ε2, …]/(εi²), and
// D(f)(v, x) = the ε-coefficient of f(x + ε·v) for a fresh tag ε.
//
// Deliberately simpler than models/closures: the tangent of a function-valued
// result does not rename its tag on application (the JFP 2019 bug), so tests
// must not nest derivatives of function-valued maps. Atomic types other than
// R denote ℝ × ℝ regardless of the configured dimension.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "calculus/random_draws.h"
#include "calculus/term.h"
#include "semantics/category_error.h"
#include "semantics/model_config.h"
#include "semantics/model_refusal.h"
#include "semantics/tolerance.h"

namespace toy {

using Tag = std::uint32_t;
using Monomial = std::vector<Tag>;  // sorted, no repeats

// An element of ℝ[ε1, ε2, …]/(εi²): a coefficient per monomial.
struct Scalar {
  std::map<Monomial, double> terms;

  static Scalar real(double value) { return Scalar{{{Monomial{}, value}}}; }
  static Scalar infinitesimal(Tag tag) { return Scalar{{{Monomial{tag}, 1.0}}}; }
  double primal() const {
    const auto it = terms.find(Monomial{});
    return it == terms.end() ? 0.0 : it->second;
  }
};

inline Scalar operator+(const Scalar& a, const Scalar& b) {
  Scalar sum = a;
  for (const auto& [monomial, coefficient] : b.terms) sum.terms[monomial] += coefficient;
  return sum;
}

inline Scalar operator*(const Scalar& a, const Scalar& b) {
  Scalar product;
  for (const auto& [ma, ca] : a.terms) {
    for (const auto& [mb, cb] : b.terms) {
      Monomial merged;
      std::set_union(ma.begin(), ma.end(), mb.begin(), mb.end(), std::back_inserter(merged));
      if (merged.size() != ma.size() + mb.size()) continue;  // ε² = 0
      product.terms[merged] += ca * cb;
    }
  }
  return product;
}

// The coefficient of ε_tag: Σ_{m ∋ tag} c·(m ∖ tag).
inline Scalar tangent(const Scalar& a, Tag tag) {
  Scalar result;
  for (const auto& [monomial, coefficient] : a.terms) {
    if (!std::binary_search(monomial.begin(), monomial.end(), tag)) continue;
    Monomial rest;
    for (Tag t : monomial)
      if (t != tag) rest.push_back(t);
    result.terms[rest] += coefficient;
  }
  return result;
}

// f(a + n) = Σ_k f⁽ᵏ⁾(a)/k! nᵏ for the nilpotent part n of x; derivative(k, a) = f⁽ᵏ⁾(a).
inline Scalar taylor(const Scalar& x, const std::function<double(int, double)>& derivative) {
  const double a = x.primal();
  Scalar nilpotent = x;
  nilpotent.terms.erase(Monomial{});
  Scalar result = Scalar::real(derivative(0, a));
  Scalar power = Scalar::real(1);
  double factorial = 1;
  for (int k = 1;; ++k) {
    power = power * nilpotent;
    if (power.terms.empty()) break;
    factorial *= k;
    result = result + Scalar::real(derivative(k, a) / factorial) * power;
  }
  return result;
}

inline Tag fresh_tag() {
  static std::atomic<Tag> next{1};
  return next++;
}

struct Value;
using Function = std::function<Value(const Value&)>;

struct Value {
  enum class Kind { Unit, Real, Pair, Function } kind = Kind::Unit;
  Scalar real;
  std::shared_ptr<const std::pair<Value, Value>> pair;
  std::shared_ptr<const Function> function;

  static Value unit() { return {}; }
  static Value of(Scalar s) { return {Kind::Real, std::move(s), nullptr, nullptr}; }
  static Value of(double x) { return of(Scalar::real(x)); }
  static Value make_pair(Value a, Value b) {
    return {Kind::Pair,
            {},
            std::make_shared<std::pair<Value, Value>>(std::move(a), std::move(b)),
            nullptr};
  }
  static Value make_function(Function f) {
    return {Kind::Function, {}, nullptr, std::make_shared<Function>(std::move(f))};
  }
  const Value& first() const { return pair->first; }
  const Value& second() const { return pair->second; }
  Value operator()(const Value& argument) const { return (*function)(argument); }
};

// a + b, pointwise at functions.
inline Value add(const Value& a, const Value& b) {
  switch (a.kind) {
    case Value::Kind::Unit:
      return a;
    case Value::Kind::Real:
      return Value::of(a.real + b.real);
    case Value::Kind::Pair:
      return Value::make_pair(add(a.first(), b.first()), add(a.second(), b.second()));
    case Value::Kind::Function:
      return Value::make_function([a, b](const Value& y) { return add(a(y), b(y)); });
  }
  return a;
}

// s · v for a scalar s, pointwise at functions.
inline Value scale(const Value& v, const Scalar& s) {
  switch (v.kind) {
    case Value::Kind::Unit:
      return v;
    case Value::Kind::Real:
      return Value::of(v.real * s);
    case Value::Kind::Pair:
      return Value::make_pair(scale(v.first(), s), scale(v.second(), s));
    case Value::Kind::Function:
      return Value::make_function([v, s](const Value& y) { return scale(v(y), s); });
  }
  return v;
}

// The ε_tag-coefficient of v (without renaming at functions; see the file comment).
inline Value tangent(const Value& v, Tag tag) {
  switch (v.kind) {
    case Value::Kind::Unit:
      return v;
    case Value::Kind::Real:
      return Value::of(tangent(v.real, tag));
    case Value::Kind::Pair:
      return Value::make_pair(tangent(v.first(), tag), tangent(v.second(), tag));
    case Value::Kind::Function:
      return Value::make_function([v, tag](const Value& y) { return tangent(v(y), tag); });
  }
  return v;
}

struct ObjectNode;
struct Object {
  std::shared_ptr<const ObjectNode> node;
  friend bool operator==(const Object& a, const Object& b);
};
struct ObjectNode {
  enum class Kind { Unit, Real, Product, Exponential } kind;
  Object left, right;
};
inline bool operator==(const Object& a, const Object& b) {
  if (a.node->kind != b.node->kind) return false;
  if (a.node->kind == ObjectNode::Kind::Unit || a.node->kind == ObjectNode::Kind::Real) return true;
  return a.node->left == b.node->left && a.node->right == b.node->right;
}

// Shares its function, so that copying a morphism built from shared parts
// (the interpretation of a DAG) stays cheap.
struct Morphism {
  Morphism(Object domain, Object codomain, Function function)
      : domain(std::move(domain)),
        codomain(std::move(codomain)),
        function(std::make_shared<const Function>(std::move(function))) {}
  Value operator()(const Value& v) const { return (*function)(v); }

  Object domain, codomain;
  std::shared_ptr<const Function> function;
};

class Model {
 public:
  using Object = toy::Object;
  using Morphism = toy::Morphism;
  using Point = Value;

  explicit Model(const perturb::semantics::ModelConfig& = {}) {}

  std::string name() const { return "toy"; }
  bool is_foil() const { return false; }

  Object domain(const Morphism& f) const { return f.domain; }
  Object codomain(const Morphism& f) const { return f.codomain; }
  Object terminal() const { return node(ObjectNode::Kind::Unit); }
  Object real() const { return node(ObjectNode::Kind::Real); }
  Object atom(const std::string&) const { return product(real(), real()); }
  Object product(const Object& x, const Object& y) const {
    return node(ObjectNode::Kind::Product, x, y);
  }
  Object exponential(const Object& x, const Object& y) const {
    return node(ObjectNode::Kind::Exponential, x, y);
  }
  std::optional<std::pair<Object, Object>> factors(const Object& p) const {
    if (p.node->kind != ObjectNode::Kind::Product) return std::nullopt;
    return std::pair{p.node->left, p.node->right};
  }

  Morphism identity(const Object& x) const {
    return {x, x, [](const Value& v) { return v; }};
  }
  Morphism compose(const Morphism& f, const Morphism& g) const {
    expect_equal("compose", f.domain, g.codomain);
    return {g.domain, f.codomain, [f, g](const Value& v) { return f(g(v)); }};
  }
  Morphism pair(const Morphism& f, const Morphism& g) const {
    expect_equal("pair", f.domain, g.domain);
    return {f.domain, product(f.codomain, g.codomain),
            [f, g](const Value& v) { return Value::make_pair(f(v), g(v)); }};
  }
  Morphism proj1(const Object& x, const Object& y) const {
    return {product(x, y), x, [](const Value& v) { return v.first(); }};
  }
  Morphism proj2(const Object& x, const Object& y) const {
    return {product(x, y), y, [](const Value& v) { return v.second(); }};
  }
  Morphism bang(const Object& x) const {
    return {x, terminal(), [](const Value&) { return Value::unit(); }};
  }
  Morphism add(const Morphism& f, const Morphism& g) const {
    expect_equal("add", f.domain, g.domain);
    expect_equal("add", f.codomain, g.codomain);
    return {f.domain, f.codomain, [f, g](const Value& v) { return toy::add(f(v), g(v)); }};
  }
  Morphism zero(const Object& x, const Object& y) const {
    const Value zero = zero_point(y);
    return {x, y, [zero](const Value&) { return zero; }};
  }
  Value apply(const Morphism& f, const Value& p) const { return f(p); }
  Value unit_point() const { return Value::unit(); }
  Value pair_point(const Value& p, const Value& q) const { return Value::make_pair(p, q); }
  double real_value(const Value& p) const { return p.real.primal(); }

  Morphism primitive(perturb::calculus::Primitive p) const {
    using perturb::calculus::Primitive;
    const auto unary = [this](double (*f)(int, double)) {
      return Morphism{real(), real(), [f](const Value& v) { return Value::of(taylor(v.real, f)); }};
    };
    switch (p) {
      case Primitive::Mul:
        return {product(real(), real()), real(),
                [](const Value& v) { return Value::of(v.first().real * v.second().real); }};
      case Primitive::Sin:
        return unary([](int k, double a) {
          const double cycle[] = {std::sin(a), std::cos(a), -std::sin(a), -std::cos(a)};
          return cycle[k % 4];
        });
      case Primitive::Cos:
        return unary([](int k, double a) {
          const double cycle[] = {std::cos(a), -std::sin(a), -std::cos(a), std::sin(a)};
          return cycle[k % 4];
        });
      case Primitive::Exp:
        return unary([](int, double a) { return std::exp(a); });
      default:
        break;
    }
    throw perturb::semantics::ModelRefusal(
        std::string("the toy model hosts mul, sin, cos, exp, not ") +
        perturb::calculus::primitive_name(p));
  }
  Morphism constant(double value) const {
    return {terminal(), real(), [value](const Value&) { return Value::of(value); }};
  }

  // D(f)(v, x) = ε-coefficient of f(x + ε·v), ε fresh.
  Morphism derivative(const Morphism& f) const {
    return {product(f.domain, f.domain), f.codomain, [f](const Value& p) {
              const Tag tag = fresh_tag();
              const Value moved =
                  toy::add(p.second(), scale(p.first(), Scalar::infinitesimal(tag)));
              return tangent(f(moved), tag);
            }};
  }

  Morphism eval(const Object& x, const Object& y) const {
    return {product(exponential(x, y), x), y, [](const Value& p) { return p.first()(p.second()); }};
  }
  Morphism curry(const Morphism& f) const {
    const auto zx = factors(f.domain);
    if (!zx) throw perturb::semantics::CategoryError("curry: domain is not a product");
    return {
        zx->first, exponential(zx->second, f.codomain), [f](const Value& z) {
          return Value::make_function([f, z](const Value& x) { return f(Value::make_pair(z, x)); });
        }};
  }

  Value random_point(const Object& x, std::mt19937_64& rng) const {
    switch (x.node->kind) {
      case ObjectNode::Kind::Unit:
        return Value::unit();
      case ObjectNode::Kind::Real:
        return Value::of(perturb::calculus::random_real(rng, -2.0, 2.0));
      case ObjectNode::Kind::Product:
        return Value::make_pair(random_point(x.node->left, rng), random_point(x.node->right, rng));
      case ObjectNode::Kind::Exponential:
        break;
    }
    // y ↦ c0 + sin(Σ reals of y)·c1: smooth, nonlinear, defined on every object.
    const Value c0 = random_point(x.node->right, rng);
    const Value c1 = random_point(x.node->right, rng);
    return Value::make_function([c0, c1](const Value& y) {
      return toy::add(
          c0, scale(c1, taylor(probe_scalar(y), [](int k, double a) {
                      const double cycle[] = {std::sin(a), std::cos(a), -std::sin(a), -std::cos(a)};
                      return cycle[k % 4];
                    })));
    });
  }

  bool approx_equal(const Object& x, const Value& p, const Value& q,
                    const perturb::semantics::Tolerance& tolerance, std::mt19937_64& rng) const {
    switch (x.node->kind) {
      case ObjectNode::Kind::Unit:
        return true;
      case ObjectNode::Kind::Real:
        return perturb::semantics::approx_equal(p.real.primal(), q.real.primal(), tolerance);
      case ObjectNode::Kind::Product:
        return approx_equal(x.node->left, p.first(), q.first(), tolerance, rng) &&
               approx_equal(x.node->right, p.second(), q.second(), tolerance, rng);
      case ObjectNode::Kind::Exponential:
        break;
    }
    for (int i = 0; i < 3; ++i) {
      const Value argument = random_point(x.node->left, rng);
      if (!approx_equal(x.node->right, p(argument), q(argument), tolerance, rng)) return false;
    }
    return true;
  }
  bool is_finite(const Object& x, const Value& p) const {
    if (x.node->kind == ObjectNode::Kind::Real) return std::isfinite(p.real.primal());
    if (x.node->kind == ObjectNode::Kind::Product)
      return is_finite(x.node->left, p.first()) && is_finite(x.node->right, p.second());
    return true;
  }
  std::string describe_point(const Object& x, const Value& p) const {
    switch (x.node->kind) {
      case ObjectNode::Kind::Unit:
        return "()";
      case ObjectNode::Kind::Real:
        return std::to_string(p.real.primal());
      case ObjectNode::Kind::Product:
        return "<" + describe_point(x.node->left, p.first()) + ", " +
               describe_point(x.node->right, p.second()) + ">";
      case ObjectNode::Kind::Exponential:
        break;
    }
    return "<function " + describe_object(x) + ">";
  }
  std::string describe_object(const Object& x) const {
    switch (x.node->kind) {
      case ObjectNode::Kind::Unit:
        return "1";
      case ObjectNode::Kind::Real:
        return "R";
      case ObjectNode::Kind::Product:
        return "(" + describe_object(x.node->left) + " × " + describe_object(x.node->right) + ")";
      case ObjectNode::Kind::Exponential:
        break;
    }
    return "(" + describe_object(x.node->left) + " ⇒ " + describe_object(x.node->right) + ")";
  }
  std::string describe_morphism(const Morphism& f) const {
    return "<morphism " + describe_object(f.domain) + " → " + describe_object(f.codomain) + ">";
  }

 private:
  static Object node(ObjectNode::Kind kind, Object left = {}, Object right = {}) {
    return {
        std::make_shared<const ObjectNode>(ObjectNode{kind, std::move(left), std::move(right)})};
  }
  // Σ of the reals of y as a scalar, perturbations included.
  static Scalar probe_scalar(const Value& y) {
    if (y.kind == Value::Kind::Real) return y.real;
    if (y.kind == Value::Kind::Pair) return probe_scalar(y.first()) + probe_scalar(y.second());
    return Scalar::real(0);
  }
  Value zero_point(const Object& y) const {
    switch (y.node->kind) {
      case ObjectNode::Kind::Unit:
        return Value::unit();
      case ObjectNode::Kind::Real:
        return Value::of(0.0);
      case ObjectNode::Kind::Product:
        return Value::make_pair(zero_point(y.node->left), zero_point(y.node->right));
      case ObjectNode::Kind::Exponential:
        break;
    }
    const Value zero = zero_point(y.node->right);
    return Value::make_function([zero](const Value&) { return zero; });
  }
  void expect_equal(const char* operation, const Object& a, const Object& b) const {
    if (!(a == b))
      throw perturb::semantics::mismatch(operation, describe_object(a), describe_object(b));
  }
};

// The same category without its closed structure: a model that is only a
// cartesian differential category, like `smooth`.
class FirstOrderModel : private Model {
 public:
  using Model::add, Model::apply, Model::approx_equal, Model::atom, Model::bang, Model::compose,
      Model::constant, Model::derivative, Model::describe_morphism, Model::describe_object,
      Model::describe_point, Model::domain, Model::codomain, Model::factors, Model::identity,
      Model::is_finite, Model::is_foil, Model::pair, Model::pair_point, Model::primitive,
      Model::product, Model::proj1, Model::proj2, Model::random_point, Model::real,
      Model::real_value, Model::terminal, Model::unit_point, Model::zero;
  using Model::Morphism, Model::Object, Model::Point;

  explicit FirstOrderModel(const perturb::semantics::ModelConfig& config = {}) : Model(config) {}
  std::string name() const { return "toy-first-order"; }
};

}  // namespace toy
