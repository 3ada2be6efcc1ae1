#include "models/closures/closures.h"

#include <fmt/format.h>

#include <cmath>

#include "calculus/error.h"
#include "models/closures/closure_random.h"
#include "models/closures/evaluation_memo.h"
#include "models/closures/structural_node.h"
#include "models/scalars/ball_comparison.h"
#include "models/scalars/elementary.h"
#include "semantics/category_error.h"
#include "semantics/model_refusal.h"

namespace perturb::models::closures {

template <class F>
BasicClosureCategory<F>::BasicClosureCategory(const semantics::ModelConfig& config,
                                              FunctionSampler sampler)
    : atom_dimension_(config.atom_dimension),
      max_evaluation_steps_(config.max_evaluation_steps),
      sampler_(sampler ? std::move(sampler) : FunctionSampler(random_smooth_function<F>)) {
  calculus::check(atom_dimension_ >= 1, "closures: the atom dimension must be at least 1");
}

namespace {

// The morphisms built from the structure alone keep how they were built
// (models/closures/structural_node.h), so that one applied often is compiled.
template <class F>
using Node = StructuralNode<F>;

// Throws the CategoryError for two objects that should agree but do not.
void require_equal(const char* operation, const Object& expected, const Object& found) {
  if (!(expected == found))
    throw semantics::mismatch(operation, expected.to_string(), found.to_string());
}

}  // namespace

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::identity(const Object& x) const {
  return Morphism(x, x, Node<F>(Node<F>::Kind::Identity));
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::compose(const Morphism& f, const Morphism& g) const {
  require_equal("compose", f.domain(), g.codomain());
  return Morphism(g.domain(), f.codomain(), Node<F>(Node<F>::Kind::Compose, f.map(), g.map()));
}

template <class F>
std::optional<std::pair<Object, Object>> BasicClosureCategory<F>::factors(const Object& p) const {
  if (p.kind() != Object::Kind::Product) return std::nullopt;
  return std::pair(p.left(), p.right());
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::pair(const Morphism& f, const Morphism& g) const {
  require_equal("pair", f.domain(), g.domain());
  return Morphism(f.domain(), Object::product(f.codomain(), g.codomain()),
                  Node<F>(Node<F>::Kind::Pair, f.map(), g.map()));
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::proj1(const Object& x, const Object& y) const {
  return Morphism(Object::product(x, y), x, Node<F>(Node<F>::Kind::Proj1));
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::proj2(const Object& x, const Object& y) const {
  return Morphism(Object::product(x, y), y, Node<F>(Node<F>::Kind::Proj2));
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::bang(const Object& x) const {
  return Morphism(x, Object(), Node<F>(Node<F>::Kind::Bang));
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::add(const Morphism& f, const Morphism& g) const {
  require_equal("add", f.domain(), g.domain());
  require_equal("add", f.codomain(), g.codomain());
  return Morphism(f.domain(), f.codomain(), Node<F>(Node<F>::Kind::Add, f.map(), g.map()));
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::zero(const Object& x, const Object& y) const {
  return Morphism(x, y, Node<F>(Node<F>::Kind::Zero));
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::primitive(calculus::Primitive primitive) const {
  const Object r = Object::real();
  if (!hosts_primitive(primitive)) throw semantics::ModelRefusal(why_not_hosted<F>(primitive));
  switch (primitive) {
    case calculus::Primitive::Mul:
      return Morphism(Object::product(r, r), r, Node<F>(Node<F>::Kind::Mul));
    case calculus::Primitive::Sin:
      return Morphism(r, r, Node<F>(Node<F>::Kind::Sin));
    case calculus::Primitive::Cos:
      return Morphism(r, r, Node<F>(Node<F>::Kind::Cos));
    case calculus::Primitive::Exp:
      return Morphism(r, r, Node<F>(Node<F>::Kind::Exp));
    default:
      break;
  }
  // The others by the tagged scalars' Taylor expansions, opaque to the
  // structural programs (they run as calls).
  if (calculus::spec_of(primitive).arity == 1) {
    return Morphism(r, r, [primitive](const BasicValue<F>& point) {
      return BasicValue<F>(apply_unary(primitive, scalar_of(point)));
    });
  }
  return Morphism(Object::product(r, r), r, [primitive](const BasicValue<F>& point) {
    return BasicValue<F>(
        apply_binary(primitive, scalar_of(component(point, 0)), scalar_of(component(point, 1))));
  });
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::constant(double value) const {
  return Morphism(Object(), Object::real(), Node<F>(Node<F>::Kind::Constant, value));
}

template <class F>
BasicValue<F> BasicClosureCategory<F>::apply(const Morphism& f, const Point& p) const {
  const EvaluationScope<F> evaluation(max_evaluation_steps_);
  return f(p);
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::memoized(const Morphism& f) const {
  const std::uint64_t id = new_memo_id();
  return Morphism(f.domain(), f.codomain(), [f = f.map(), id](const Point& p) {
    if (const Point* image = find_memoized(id, p)) return *image;
    Point image = f(p);
    remember(id, p, image);
    return image;
  });
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::eval(const Object& x, const Object& y) const {
  return Morphism(Object::product(Object::exponential(x, y), x), y,
                  [](const Point& p) { return closures::apply(component(p, 0), component(p, 1)); });
}

template <class F>
BasicMorphism<F> BasicClosureCategory<F>::curry(const Morphism& f) const {
  const Object& domain = f.domain();
  if (domain.kind() != Object::Kind::Product) {
    throw semantics::CategoryError("curry: the domain " + domain.to_string() + " is not a product");
  }
  return Morphism(domain.left(), Object::exponential(domain.right(), f.codomain()),
                  [f = f.map()](const Point& z) {
                    return Point::closure([f, z](const Point& x) { return f(Point::pair(z, x)); });
                  });
}

template <class F>
BasicValue<F> BasicClosureCategory<F>::random_point(const Object& x, std::mt19937_64& rng) const {
  if (x.kind() == Object::Kind::Exponential) return sampler_(*this, x, rng);
  return random_value(*this, x, rng);
}

namespace {

// One coefficient of two scalars: within tolerance over double; over Ball
// certified (models/scalars/ball.h): Different when the balls are disjoint,
// Undecided when they overlap but are not tight at the working precision.
semantics::Comparison compare_coefficients(double a, double b,
                                           const semantics::Tolerance& tolerance) {
  return semantics::approx_equal(a, b, tolerance) ? semantics::Comparison::Equal
                                                  : semantics::Comparison::Different;
}

semantics::Comparison compare_coefficients(const Ball& a, const Ball& b,
                                           const semantics::Tolerance&) {
  return compare_certified(a, b);
}

// Over Rational exact: Different unless equal, and the tolerance is not used.
semantics::Comparison compare_coefficients(const Rational& a, const Rational& b,
                                           const semantics::Tolerance&) {
  return a == b ? semantics::Comparison::Equal : semantics::Comparison::Different;
}

// |a − b| rounded towards zero (so a lower bound) over Rational; over double
// and Ball, certified_separation of models/scalars/ball_comparison.h.
std::optional<double> certified_separation(const Rational& a, const Rational& b) {
  const Rational gap = a - b;
  return std::abs(gap.to_double());
}

// The comparison of two scalars: every coefficient (primal and perturbation)
// compared, NotFinite when either has a NaN or an infinity.
template <class F>
semantics::Comparison compare_scalars(const Tagged<F>& a, const Tagged<F>& b,
                                      const semantics::Tolerance& tolerance) {
  using semantics::Comparison;
  if (!a.is_finite() || !b.is_finite()) return Comparison::NotFinite;
  Comparison result = compare_coefficients(a.primal_value(), b.primal_value(), tolerance);
  for (const typename Tagged<F>::Term& term : a.perturbation()) {
    if (result == Comparison::Different) return result;
    result = combined(
        result, compare_coefficients(term.coefficient, b.coefficient(term.monomial), tolerance));
  }
  for (const typename Tagged<F>::Term& term : b.perturbation()) {
    if (result == Comparison::Different) return result;
    result = combined(
        result, compare_coefficients(a.coefficient(term.monomial), term.coefficient, tolerance));
  }
  return result;
}

constexpr int kFunctionProbes = 3;

template <class F>
std::string describe_scalar(const Tagged<F>& scalar);

}  // namespace

template <class F>
semantics::Comparison BasicClosureCategory<F>::compare(const Object& x, const Point& p,
                                                       const Point& q,
                                                       const semantics::Tolerance& tolerance,
                                                       std::mt19937_64& rng) const {
  using semantics::Comparison;
  const EvaluationScope<F> evaluation(max_evaluation_steps_);  // function values are applied below
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
    case Object::Kind::Product: {
      // Left, then right, as difference() traverses: separate statements,
      // since the order of a call's arguments is left open by C++.
      const Comparison left = compare(x.left(), component(p, 0), component(q, 0), tolerance, rng);
      return combined(left, compare(x.right(), component(p, 1), component(q, 1), tolerance, rng));
    }
    case Object::Kind::Exponential: {
      // Non-finite values of a function only show up at the probed
      // arguments, so finiteness is judged here, not by is_finite alone.
      Comparison result = Comparison::Equal;
      for (int i = 0; i < kFunctionProbes; ++i) {
        const Point argument = random_point(x.left(), rng);
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
// the first perturbation coefficient that differs.
template <class F>
std::optional<semantics::Difference> scalar_difference(const Tagged<F>& a, const Tagged<F>& b,
                                                       const semantics::Tolerance& tolerance) {
  using semantics::Comparison;
  if (compare_scalars(a, b, tolerance) != Comparison::Different) return std::nullopt;
  const auto differ = [&](const F& x, const F& y) {
    return compare_coefficients(x, y, tolerance) == Comparison::Different;
  };
  if (differ(a.primal_value(), b.primal_value())) {
    return semantics::Difference{{},
                                 to_double(a.primal_value()),
                                 to_double(b.primal_value()),
                                 certified_separation(a.primal_value(), b.primal_value())};
  }
  std::vector<Monomial> monomials;
  for (const auto& term : a.perturbation()) monomials.push_back(term.monomial);
  for (const auto& term : b.perturbation()) monomials.push_back(term.monomial);
  for (const Monomial& monomial : monomials) {
    const F x = a.coefficient(monomial), y = b.coefficient(monomial);
    if (!differ(x, y)) continue;
    return semantics::Difference{{{"coefficient of " + monomial_to_string(monomial),
                                   fmt::format("{}", x), fmt::format("{}", y)}},
                                 to_double(x),
                                 to_double(y),
                                 certified_separation(x, y)};
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

template <class F>
std::optional<semantics::Difference> BasicClosureCategory<F>::difference(
    const Object& x, const Point& p, const Point& q, const semantics::Tolerance& tolerance,
    std::mt19937_64& rng) const {
  // The same traversal as compare, so that rng reaches each probe in the
  // state compare saw it in.
  const EvaluationScope<F> evaluation(max_evaluation_steps_);
  switch (x.kind()) {
    case Object::Kind::Terminal:
      return std::nullopt;
    case Object::Kind::Real:
      return scalar_difference(scalar_of(p), scalar_of(q), tolerance);
    case Object::Kind::Atom:
      for (int i = 0; i < x.dimension(); ++i) {
        const auto index = static_cast<std::size_t>(i);
        const Tagged<F>&a = scalar_of(component(p, index)), &b = scalar_of(component(q, index));
        if (auto d = scalar_difference(a, b, tolerance)) {
          return after_step(std::move(d), fmt::format("component {}", i + 1), describe_scalar(a),
                            describe_scalar(b));
        }
      }
      return std::nullopt;
    case Object::Kind::Product:
      for (std::size_t i = 0; i < 2; ++i) {
        const Object& part = i == 0 ? x.left() : x.right();
        const Point &a = component(p, i), &b = component(q, i);
        if (auto d = difference(part, a, b, tolerance, rng)) {
          return after_step(std::move(d), fmt::format("component {}", i + 1),
                            describe_point(part, a), describe_point(part, b));
        }
      }
      return std::nullopt;
    case Object::Kind::Exponential:
      for (int i = 0; i < kFunctionProbes; ++i) {
        const Point argument = random_point(x.left(), rng);
        const Point a = closures::apply(p, argument), b = closures::apply(q, argument);
        if (auto d = difference(x.right(), a, b, tolerance, rng)) {
          return after_step(std::move(d), "at " + describe_point(x.left(), argument),
                            describe_point(x.right(), a), describe_point(x.right(), b));
        }
      }
      return std::nullopt;
  }
  return std::nullopt;
}

template <class F>
bool BasicClosureCategory<F>::approx_equal(const Object& x, const Point& p, const Point& q,
                                           const semantics::Tolerance& tolerance,
                                           std::mt19937_64& rng) const {
  return compare(x, p, q, tolerance, rng) == semantics::Comparison::Equal;
}

template <class F>
bool BasicClosureCategory<F>::is_finite(const Object& x, const Point& p) const {
  const EvaluationScope<F> evaluation(max_evaluation_steps_);  // function values are applied below
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

template <class F>
std::string describe_scalar(const Tagged<F>& scalar) {
  return scalar.is_unperturbed() ? fmt::format("{}", scalar.primal_value()) : scalar.to_string();
}

}  // namespace

template <class F>
std::string BasicClosureCategory<F>::describe_point(const Object& x, const Point& p) const {
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

template <class F>
std::string BasicClosureCategory<F>::describe_morphism(const Morphism& f) const {
  return "<closure " + f.domain().to_string() + " → " + f.codomain().to_string() + ">";
}

template <class F>
double BasicClosureCategory<F>::real_value(const Point& p) const {
  return to_double(scalar_of(p).primal_value());
}

#define PERTURB_INSTANTIATE_CLOSURES(F) \
  template class BasicMorphism<F>;      \
  template class BasicClosureCategory<F>;
PERTURB_FOR_EACH_FIELD(PERTURB_INSTANTIATE_CLOSURES)

}  // namespace perturb::models::closures
