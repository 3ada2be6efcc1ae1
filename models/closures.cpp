#include "models/closures.h"

#include <fmt/format.h>

#include <cmath>

#include "calculus/error.h"
#include "models/closure_random.h"
#include "models/evaluation_memo.h"
#include "semantics/category_error.h"

namespace perturb::models::closures {

Morphism::Morphism(Object domain, Object codomain, Function function)
    : domain_(std::move(domain)),
      codomain_(std::move(codomain)),
      function_(std::make_shared<const Function>(std::move(function))) {}

ClosureCategory::ClosureCategory(const semantics::ModelConfig& config, FunctionSampler sampler)
    : atom_dimension_(config.atom_dimension),
      max_evaluation_steps_(config.max_evaluation_steps),
      sampler_(sampler ? std::move(sampler) : FunctionSampler(random_smooth_function)) {
  calculus::check(atom_dimension_ >= 1, "closures: the atom dimension must be at least 1");
}

namespace {

// Throws the CategoryError for two objects that should agree but do not.
void require_equal(const char* operation, const Object& expected, const Object& found) {
  if (!(expected == found))
    throw semantics::mismatch(operation, expected.to_string(), found.to_string());
}

}  // namespace

Morphism ClosureCategory::identity(const Object& x) const {
  return Morphism(x, x, [](const Value& p) { return p; });
}

Morphism ClosureCategory::compose(const Morphism& f, const Morphism& g) const {
  require_equal("compose", f.domain(), g.codomain());
  return Morphism(g.domain(), f.codomain(), [f, g](const Value& p) { return f(g(p)); });
}

std::optional<std::pair<Object, Object>> ClosureCategory::factors(const Object& p) const {
  if (p.kind() != Object::Kind::Product) return std::nullopt;
  return std::pair(p.left(), p.right());
}

Morphism ClosureCategory::pair(const Morphism& f, const Morphism& g) const {
  require_equal("pair", f.domain(), g.domain());
  return Morphism(f.domain(), Object::product(f.codomain(), g.codomain()),
                  [f, g](const Value& p) { return Value::pair(f(p), g(p)); });
}

Morphism ClosureCategory::proj1(const Object& x, const Object& y) const {
  return Morphism(Object::product(x, y), x, [](const Value& p) { return component(p, 0); });
}

Morphism ClosureCategory::proj2(const Object& x, const Object& y) const {
  return Morphism(Object::product(x, y), y, [](const Value& p) { return component(p, 1); });
}

Morphism ClosureCategory::bang(const Object& x) const {
  return Morphism(x, Object(), [](const Value&) { return Value(); });
}

Morphism ClosureCategory::add(const Morphism& f, const Morphism& g) const {
  require_equal("add", f.domain(), g.domain());
  require_equal("add", f.codomain(), g.codomain());
  return Morphism(f.domain(), f.codomain(),
                  [f, g](const Value& p) { return closures::add(f(p), g(p)); });
}

Morphism ClosureCategory::zero(const Object& x, const Object& y) const {
  return Morphism(x, y, [](const Value&) { return Value(); });
}

Morphism ClosureCategory::primitive(calculus::Primitive primitive) const {
  const Object r = Object::real();
  switch (primitive) {
    case calculus::Primitive::Mul:
      return Morphism(Object::product(r, r), r, [](const Value& p) {
        return scalar_of(component(p, 0)) * scalar_of(component(p, 1));
      });
    case calculus::Primitive::Sin:
      return Morphism(r, r, [](const Value& p) { return sin(scalar_of(p)); });
    case calculus::Primitive::Cos:
      return Morphism(r, r, [](const Value& p) { return cos(scalar_of(p)); });
    case calculus::Primitive::Exp:
      return Morphism(r, r, [](const Value& p) { return exp(scalar_of(p)); });
  }
  throw calculus::InternalError("closures: unknown primitive");
}

Morphism ClosureCategory::constant(double value) const {
  return Morphism(Object(), Object::real(), [value](const Value&) { return Value::real(value); });
}

Value ClosureCategory::apply(const Morphism& f, const Value& p) const {
  const EvaluationScope evaluation(max_evaluation_steps_);
  return f(p);
}

Morphism ClosureCategory::memoized(const Morphism& f) const {
  const std::uint64_t id = new_memo_id();
  return Morphism(f.domain(), f.codomain(), [f, id](const Value& p) {
    if (const Value* image = find_memoized(id, p)) return *image;
    Value image = f(p);
    remember(id, p, image);
    return image;
  });
}

Morphism ClosureCategory::eval(const Object& x, const Object& y) const {
  return Morphism(Object::product(Object::exponential(x, y), x), y,
                  [](const Value& p) { return closures::apply(component(p, 0), component(p, 1)); });
}

Morphism ClosureCategory::curry(const Morphism& f) const {
  const Object& domain = f.domain();
  if (domain.kind() != Object::Kind::Product) {
    throw semantics::CategoryError("curry: the domain " + domain.to_string() + " is not a product");
  }
  return Morphism(domain.left(), Object::exponential(domain.right(), f.codomain()),
                  [f](const Value& z) {
                    return Value::closure([f, z](const Value& x) { return f(Value::pair(z, x)); });
                  });
}

Value ClosureCategory::random_point(const Object& x, std::mt19937_64& rng) const {
  if (x.kind() == Object::Kind::Exponential) return sampler_(*this, x, rng);
  return random_value(*this, x, rng);
}

namespace {

// The comparison of two scalars: every coefficient (primal and perturbation)
// within tolerance, NotFinite when either has a NaN or an infinity.
semantics::Comparison compare_scalars(const Scalar& a, const Scalar& b,
                                      const semantics::Tolerance& tolerance) {
  using semantics::Comparison;
  if (!a.is_finite() || !b.is_finite()) return Comparison::NotFinite;
  if (!semantics::approx_equal(a.primal_value(), b.primal_value(), tolerance)) {
    return Comparison::Different;
  }
  for (const Scalar::Term& term : a.perturbation()) {
    if (!semantics::approx_equal(term.coefficient, b.coefficient(term.monomial), tolerance))
      return Comparison::Different;
  }
  for (const Scalar::Term& term : b.perturbation()) {
    if (!semantics::approx_equal(a.coefficient(term.monomial), term.coefficient, tolerance))
      return Comparison::Different;
  }
  return Comparison::Equal;
}

// Of two parts' comparisons: a difference in finite values decides; else a
// non-finite part makes the whole not finite.
semantics::Comparison combined(semantics::Comparison a, semantics::Comparison b) {
  using semantics::Comparison;
  if (a == Comparison::Different || b == Comparison::Different) return Comparison::Different;
  if (a == Comparison::NotFinite || b == Comparison::NotFinite) return Comparison::NotFinite;
  return Comparison::Equal;
}

constexpr int kFunctionProbes = 3;

std::string describe_scalar(const Scalar& scalar);

}  // namespace

semantics::Comparison ClosureCategory::compare(const Object& x, const Value& p, const Value& q,
                                               const semantics::Tolerance& tolerance,
                                               std::mt19937_64& rng) const {
  using semantics::Comparison;
  const EvaluationScope evaluation(max_evaluation_steps_);  // function values are applied below
  switch (x.kind()) {
    case Object::Kind::Terminal:
      return Comparison::Equal;
    case Object::Kind::Real:
      return compare_scalars(scalar_of(p), scalar_of(q), tolerance);
    case Object::Kind::Atom: {
      Comparison result = Comparison::Equal;
      for (int i = 0; i < x.dimension(); ++i) {
        const auto index = static_cast<std::size_t>(i);
        result = combined(result, compare_scalars(scalar_of(component(p, index)),
                                                  scalar_of(component(q, index)), tolerance));
      }
      return result;
    }
    case Object::Kind::Product:
      return combined(compare(x.left(), component(p, 0), component(q, 0), tolerance, rng),
                      compare(x.right(), component(p, 1), component(q, 1), tolerance, rng));
    case Object::Kind::Exponential: {
      // Non-finite values of a function only show up at the probed
      // arguments, so finiteness is judged here, not by is_finite alone.
      Comparison result = Comparison::Equal;
      for (int i = 0; i < kFunctionProbes; ++i) {
        const Value argument = random_point(x.left(), rng);
        result = combined(result, compare(x.right(), closures::apply(p, argument),
                                          closures::apply(q, argument), tolerance, rng));
      }
      return result;
    }
  }
  return Comparison::Different;
}

namespace {

// Where two scalars that compare Different differ: the primal value, else
// the first perturbation coefficient out of tolerance.
std::optional<semantics::Difference> scalar_difference(const Scalar& a, const Scalar& b,
                                                       const semantics::Tolerance& tolerance) {
  if (compare_scalars(a, b, tolerance) != semantics::Comparison::Different) return std::nullopt;
  if (!semantics::approx_equal(a.primal_value(), b.primal_value(), tolerance)) {
    return semantics::Difference{{}, a.primal_value(), b.primal_value()};
  }
  std::vector<Monomial> monomials;
  for (const Scalar::Term& term : a.perturbation()) monomials.push_back(term.monomial);
  for (const Scalar::Term& term : b.perturbation()) monomials.push_back(term.monomial);
  for (const Monomial& monomial : monomials) {
    const double x = a.coefficient(monomial), y = b.coefficient(monomial);
    if (semantics::approx_equal(x, y, tolerance)) continue;
    return semantics::Difference{{{"coefficient of " + monomial_to_string(monomial),
                                   fmt::format("{}", x), fmt::format("{}", y)}},
                                 x,
                                 y};
  }
  return std::nullopt;
}

// d with `step` (both sides after it: lhs, rhs) put in front of its steps.
std::optional<semantics::Difference> after_step(std::optional<semantics::Difference> d,
                                                std::string step, std::string lhs,
                                                std::string rhs) {
  if (d) d->steps.insert(d->steps.begin(), {std::move(step), std::move(lhs), std::move(rhs)});
  return d;
}

}  // namespace

std::optional<semantics::Difference> ClosureCategory::difference(
    const Object& x, const Value& p, const Value& q, const semantics::Tolerance& tolerance,
    std::mt19937_64& rng) const {
  // The same traversal as compare, so that rng reaches each probe in the
  // state compare saw it in.
  const EvaluationScope evaluation(max_evaluation_steps_);
  switch (x.kind()) {
    case Object::Kind::Terminal:
      return std::nullopt;
    case Object::Kind::Real:
      return scalar_difference(scalar_of(p), scalar_of(q), tolerance);
    case Object::Kind::Atom:
      for (int i = 0; i < x.dimension(); ++i) {
        const auto index = static_cast<std::size_t>(i);
        const Scalar &a = scalar_of(component(p, index)), &b = scalar_of(component(q, index));
        if (auto d = scalar_difference(a, b, tolerance)) {
          return after_step(std::move(d), fmt::format("component {}", i + 1), describe_scalar(a),
                            describe_scalar(b));
        }
      }
      return std::nullopt;
    case Object::Kind::Product:
      for (std::size_t i = 0; i < 2; ++i) {
        const Object& part = i == 0 ? x.left() : x.right();
        const Value &a = component(p, i), &b = component(q, i);
        if (auto d = difference(part, a, b, tolerance, rng)) {
          return after_step(std::move(d), fmt::format("component {}", i + 1),
                            describe_point(part, a), describe_point(part, b));
        }
      }
      return std::nullopt;
    case Object::Kind::Exponential:
      for (int i = 0; i < kFunctionProbes; ++i) {
        const Value argument = random_point(x.left(), rng);
        const Value a = closures::apply(p, argument), b = closures::apply(q, argument);
        if (auto d = difference(x.right(), a, b, tolerance, rng)) {
          return after_step(std::move(d), "at " + describe_point(x.left(), argument),
                            describe_point(x.right(), a), describe_point(x.right(), b));
        }
      }
      return std::nullopt;
  }
  return std::nullopt;
}

bool ClosureCategory::approx_equal(const Object& x, const Value& p, const Value& q,
                                   const semantics::Tolerance& tolerance,
                                   std::mt19937_64& rng) const {
  return compare(x, p, q, tolerance, rng) == semantics::Comparison::Equal;
}

bool ClosureCategory::is_finite(const Object& x, const Value& p) const {
  const EvaluationScope evaluation(max_evaluation_steps_);  // function values are applied below
  switch (x.kind()) {
    case Object::Kind::Terminal:
      return true;
    case Object::Kind::Real:
      return scalar_of(p).is_finite();
    case Object::Kind::Atom:
      for (int i = 0; i < x.dimension(); ++i) {
        if (!scalar_of(component(p, static_cast<std::size_t>(i))).is_finite()) return false;
      }
      return true;
    case Object::Kind::Product:
      return is_finite(x.left(), component(p, 0)) && is_finite(x.right(), component(p, 1));
    case Object::Kind::Exponential: {
      std::mt19937_64 rng(0x5eed);  // a fixed seed: is_finite is a pure function of p
      for (int i = 0; i < 2; ++i) {
        if (!is_finite(x.right(), closures::apply(p, random_point(x.left(), rng)))) return false;
      }
      return true;
    }
  }
  return false;
}

namespace {

std::string describe_scalar(const Scalar& scalar) {
  return scalar.is_unperturbed() ? fmt::format("{}", scalar.primal_value()) : scalar.to_string();
}

}  // namespace

std::string ClosureCategory::describe_point(const Object& x, const Value& p) const {
  switch (x.kind()) {
    case Object::Kind::Terminal:
      return "<>";
    case Object::Kind::Real:
      return describe_scalar(scalar_of(p));
    case Object::Kind::Atom: {
      std::string text = "<";
      for (int i = 0; i < x.dimension(); ++i) {
        if (i > 0) text += ", ";
        text += describe_scalar(scalar_of(component(p, static_cast<std::size_t>(i))));
      }
      return text + ">";
    }
    case Object::Kind::Product:
      return "<" + describe_point(x.left(), component(p, 0)) + ", " +
             describe_point(x.right(), component(p, 1)) + ">";
    case Object::Kind::Exponential:
      // A random function has the closed term it was made from.
      if (p.is_closure() && !p.description().empty()) return p.description();
      return "<function " + x.to_string("→") + ">";
  }
  return "?";
}

std::string ClosureCategory::describe_morphism(const Morphism& f) const {
  return "<closure " + f.domain().to_string() + " → " + f.codomain().to_string() + ">";
}

}  // namespace perturb::models::closures
