#include "models/smooth/smooth.h"

#include <fmt/format.h>

#include "calculus/error.h"
#include "calculus/random_draws.h"
#include "models/scalars/ball_comparison.h"
#include "models/scalars/elementary.h"
#include "models/scalars/fields.h"
#include "semantics/category_error.h"
#include "semantics/model_refusal.h"

namespace perturb::models {

namespace {

using Node = SmoothObject::Node;
using Kind = SmoothObject::Kind;

// Descriptions of deeply shared morphisms (T(T(f)) repeats f) would grow
// exponentially; reports only need their beginning.
constexpr std::size_t kMaxDescription = 200;

std::string bounded(std::string text) {
  if (text.size() > kMaxDescription) {
    text.resize(kMaxDescription);
    text += "…";
  }
  return text;
}

bool same_object(const std::shared_ptr<const Node>& a, const std::shared_ptr<const Node>& b) {
  if (a == b) return true;
  if (a->kind != b->kind || a->dimension != b->dimension) return false;
  switch (a->kind) {
    case Kind::Terminal:
    case Kind::Real:
      return true;
    case Kind::Atom:
      return a->name == b->name;
    case Kind::Product:
      return same_object(a->first, b->first) && same_object(a->second, b->second);
  }
  return false;
}

const std::shared_ptr<const Node>& terminal_node() {
  static const auto node = std::make_shared<const Node>(Node{Kind::Terminal, 0, "", {}, {}});
  return node;
}

template <class F>
BasicTaggedVector<F> to_tagged(const Eigen::Matrix<F, Eigen::Dynamic, 1>& p) {
  BasicTaggedVector<F> x(p.size());
  for (Eigen::Index i = 0; i < p.size(); ++i) x(i) = Tagged<F>(p(i));
  return x;
}

// An offset of doubles as perturbed scalars of F (over Ball exactly).
template <class F>
BasicTaggedVector<F> offset_to_tagged(const Eigen::VectorXd& p) {
  BasicTaggedVector<F> x(p.size());
  for (Eigen::Index i = 0; i < p.size(); ++i) x(i) = Tagged<F>(F(p(i)));
  return x;
}

template <class F>
BasicTaggedVector<F> concatenated(const BasicTaggedVector<F>& a, const BasicTaggedVector<F>& b) {
  BasicTaggedVector<F> result(a.size() + b.size());
  result << a, b;
  return result;
}

template <class F>
BasicTaggedVector<F> zeros(int dimension) {
  return BasicTaggedVector<F>::Constant(dimension, Tagged<F>(F(0)));
}

// M·x for a matrix of doubles (over Ball converted exactly) and a vector of
// perturbed scalars.
template <class F>
BasicTaggedVector<F> times(const Eigen::MatrixXd& matrix, const BasicTaggedVector<F>& x) {
  BasicTaggedVector<F> result = zeros<F>(static_cast<int>(matrix.rows()));
  for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
    for (Eigen::Index j = 0; j < matrix.cols(); ++j) {
      if (matrix(i, j) != 0.0) result(i) += Tagged<F>(F(matrix(i, j))) * x(j);
    }
  }
  return result;
}

template <class F>
BasicTaggedVector<F> scalar_vector(Tagged<F> value) {
  BasicTaggedVector<F> result(1);
  result(0) = std::move(value);
  return result;
}

// Whether two coordinates differ: out of tolerance over double; over Ball
// certainly, their balls disjoint (models/scalars/ball.h).
bool coordinates_differ(double a, double b, const semantics::Tolerance& tolerance) {
  return !semantics::approx_equal(a, b, tolerance);
}
bool coordinates_differ(const Ball& a, const Ball& b, const semantics::Tolerance&) {
  return compare_certified(a, b) == semantics::Comparison::Different;
}

}  // namespace

// ---- objects ----

SmoothObject::SmoothObject() : node_(terminal_node()) {}

SmoothObject::Kind SmoothObject::kind() const { return node_->kind; }

int SmoothObject::dimension() const { return node_->dimension; }

bool operator==(const SmoothObject& a, const SmoothObject& b) {
  return same_object(a.node_, b.node_);
}

// ---- morphisms ----

template <class F>
BasicSmooth<F>::Morphism::Morphism(Object domain, Object codomain, std::string description, Map map)
    : domain_(std::move(domain)),
      codomain_(std::move(codomain)),
      description_(std::make_shared<const std::string>(bounded(std::move(description)))),
      map_(std::make_shared<const Map>(std::move(map))) {}

template <class F>
BasicTaggedVector<F> BasicSmooth<F>::Morphism::operator()(const TaggedVector& x) const {
  calculus::check(x.size() == domain_.dimension(), "smooth: argument of the wrong dimension");
  TaggedVector y = (*map_)(x);
  calculus::check(y.size() == codomain_.dimension(), "smooth: map returned the wrong dimension");
  return y;
}

template <class F>
BasicSmooth<F>::BasicSmooth(const semantics::ModelConfig& config) : config_(config) {
  calculus::check(config.atom_dimension >= 0, "smooth: negative atom dimension");
}

template <class F>
std::string BasicSmooth<F>::name() const {
  return std::string("smooth") + kFieldSuffix<F>;
}

template <class F>
SmoothObject BasicSmooth<F>::terminal() const {
  return Object();
}

template <class F>
SmoothObject BasicSmooth<F>::real() const {
  static const auto node = std::make_shared<const Node>(Node{Kind::Real, 1, "", {}, {}});
  return Object(node);
}

template <class F>
SmoothObject BasicSmooth<F>::atom(const std::string& name) const {
  return atom_object(name, config_.atom_dimension);
}

template <class F>
SmoothObject BasicSmooth<F>::atom(const std::string& name, int dimension) const {
  calculus::check(dimension >= 0, "smooth: negative atom dimension");
  return atom_object(name, dimension);
}

template <class F>
SmoothObject BasicSmooth<F>::atom_object(const std::string& name, int dimension) const {
  return Object(std::make_shared<const Node>(Node{Kind::Atom, dimension, name, {}, {}}));
}

template <class F>
SmoothObject BasicSmooth<F>::product(const Object& x, const Object& y) const {
  return Object(std::make_shared<const Node>(
      Node{Kind::Product, x.dimension() + y.dimension(), "", x.node_, y.node_}));
}

template <class F>
std::optional<std::pair<SmoothObject, SmoothObject>> BasicSmooth<F>::factors(
    const Object& p) const {
  if (p.kind() != Kind::Product) return std::nullopt;
  return std::pair{Object(p.node_->first), Object(p.node_->second)};
}

template <class F>
void BasicSmooth<F>::require_equal(const char* operation, const Object& expected,
                                   const Object& found) const {
  if (!(expected == found)) {
    throw semantics::mismatch(operation, describe_object(expected), describe_object(found));
  }
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::make_morphism(const Object& x, const Object& y,
                                                                std::string description,
                                                                Map map) const {
  return Morphism(x, y, std::move(description), std::move(map));
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::identity(const Object& x) const {
  return Morphism(x, x, "id", [](const TaggedVector& v) { return v; });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::compose(const Morphism& f,
                                                          const Morphism& g) const {
  require_equal("compose", f.domain(), g.codomain());
  return Morphism(g.domain(), f.codomain(), "(" + f.description() + " ∘ " + g.description() + ")",
                  [f, g](const TaggedVector& v) { return f(g(v)); });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::pair(const Morphism& f, const Morphism& g) const {
  require_equal("pair", f.domain(), g.domain());
  return Morphism(f.domain(), product(f.codomain(), g.codomain()),
                  "⟨" + f.description() + ", " + g.description() + "⟩",
                  [f, g](const TaggedVector& v) { return concatenated(f(v), g(v)); });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::proj1(const Object& x, const Object& y) const {
  const int n = x.dimension();
  return Morphism(product(x, y), x, "π1",
                  [n](const TaggedVector& v) -> TaggedVector { return v.head(n); });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::proj2(const Object& x, const Object& y) const {
  const int n = y.dimension();
  return Morphism(product(x, y), y, "π2",
                  [n](const TaggedVector& v) -> TaggedVector { return v.tail(n); });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::bang(const Object& x) const {
  return Morphism(x, terminal(), "!", [](const TaggedVector&) { return TaggedVector(0); });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::add(const Morphism& f, const Morphism& g) const {
  require_equal("add (domains)", f.domain(), g.domain());
  require_equal("add (codomains)", f.codomain(), g.codomain());
  return Morphism(f.domain(), f.codomain(), "(" + f.description() + " + " + g.description() + ")",
                  [f, g](const TaggedVector& v) -> TaggedVector { return f(v) + g(v); });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::zero(const Object& x, const Object& y) const {
  const int n = y.dimension();
  return Morphism(x, y, "0", [n](const TaggedVector&) { return zeros<F>(n); });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::primitive(calculus::Primitive primitive) const {
  const std::string name = calculus::primitive_name(primitive);
  switch (primitive) {
    case calculus::Primitive::Mul:
      return Morphism(product(real(), real()), real(), name,
                      [](const TaggedVector& v) { return scalar_vector(v(0) * v(1)); });
    case calculus::Primitive::Sin:
      return Morphism(real(), real(), name,
                      [](const TaggedVector& v) { return scalar_vector(sin(v(0))); });
    case calculus::Primitive::Cos:
      return Morphism(real(), real(), name,
                      [](const TaggedVector& v) { return scalar_vector(cos(v(0))); });
    case calculus::Primitive::Exp:
      return Morphism(real(), real(), name,
                      [](const TaggedVector& v) { return scalar_vector(exp(v(0))); });
    default:
      break;
  }
  if (!hosts_primitive(primitive)) throw semantics::ModelRefusal(why_not_hosted<F>(primitive));
  if (calculus::spec_of(primitive).arity == 1) {
    return Morphism(real(), real(), name, [primitive](const TaggedVector& v) {
      return scalar_vector(apply_unary(primitive, v(0)));
    });
  }
  return Morphism(product(real(), real()), real(), name, [primitive](const TaggedVector& v) {
    return scalar_vector(apply_binary(primitive, v(0), v(1)));
  });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::constant(double value) const {
  return Morphism(terminal(), real(), fmt::format("{}", value),
                  [value](const TaggedVector&) { return scalar_vector(Tagged<F>(F(value))); });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::linear(const Object& x, const Object& y,
                                                         const Eigen::MatrixXd& matrix) const {
  calculus::check(matrix.rows() == y.dimension() && matrix.cols() == x.dimension(),
                  "smooth: linear map of the wrong shape");
  return Morphism(x, y, fmt::format("linear{}x{}", matrix.rows(), matrix.cols()),
                  [matrix](const TaggedVector& v) { return times(matrix, v); });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::affine(const Object& x, const Object& y,
                                                         const Eigen::MatrixXd& matrix,
                                                         const Eigen::VectorXd& offset) const {
  calculus::check(matrix.rows() == y.dimension() && matrix.cols() == x.dimension() &&
                      offset.size() == y.dimension(),
                  "smooth: affine map of the wrong shape");
  return Morphism(x, y, fmt::format("affine{}x{}", matrix.rows(), matrix.cols()),
                  [matrix, offset](const TaggedVector& v) -> TaggedVector {
                    return times(matrix, v) + offset_to_tagged<F>(offset);
                  });
}

// ---- the differential combinator ----

template <class F>
BasicTaggedMatrix<F> BasicSmooth<F>::jacobian(const Morphism& f, const TaggedVector& x) const {
  const Eigen::Index n = x.size();
  TaggedMatrix result(f.codomain().dimension(), n);
  // One evaluation per column, each with its own fresh tag: perturbing all
  // coordinates at once would fill the value with products ε_iε_j, up to 2ⁿ
  // monomials, only to throw them away.
  for (Eigen::Index i = 0; i < n; ++i) {
    const Tag tag = fresh_tag();
    TaggedVector perturbed = x;
    perturbed(i) += Tagged<F>::infinitesimal(tag);
    const TaggedVector y = f(perturbed);
    for (Eigen::Index j = 0; j < y.size(); ++j) result(j, i) = y(j).tangent(tag);
  }
  return result;
}

template <class F>
typename BasicSmooth<F>::Matrix BasicSmooth<F>::jacobian(const Morphism& f, const Point& x) const {
  const TaggedMatrix tagged = jacobian(f, to_tagged(x));
  return tagged.unaryExpr([](const Tagged<F>& entry) { return entry.primal_value(); });
}

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::derivative(const Morphism& f) const {
  const int n = f.domain().dimension();
  return Morphism(product(f.domain(), f.domain()), f.codomain(), "D(" + f.description() + ")",
                  [f, n](const TaggedVector& w) -> TaggedVector {
                    // J_f(x)·v is the ε-coefficient of f(x + εv): one evaluation,
                    // not one per column of the Jacobian, which nested D would
                    // multiply into nᵏ evaluations.
                    const Tag tag = fresh_tag();
                    const Tagged<F> epsilon = Tagged<F>::infinitesimal(tag);
                    TaggedVector perturbed = w.tail(n);
                    for (int i = 0; i < n; ++i) perturbed(i) += w(i) * epsilon;
                    const TaggedVector y = f(perturbed);
                    TaggedVector result(y.size());
                    for (Eigen::Index j = 0; j < y.size(); ++j) result(j) = y(j).tangent(tag);
                    return result;
                  });
}

// ---- points ----

template <class F>
typename BasicSmooth<F>::Point BasicSmooth<F>::apply(const Morphism& f, const Point& p) const {
  const TaggedVector y = f(to_tagged(p));
  Point result(y.size());
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    calculus::check(y(i).is_unperturbed(), "smooth: a tag escaped its derivative");
    result(i) = y(i).primal_value();
  }
  return result;
}

template <class F>
typename BasicSmooth<F>::Point BasicSmooth<F>::pair_point(const Point& p, const Point& q) const {
  Point result(p.size() + q.size());
  result << p, q;
  return result;
}

template <class F>
double BasicSmooth<F>::real_value(const Point& p) const {
  calculus::check(p.size() == 1, "smooth: real_value of a point that is not real");
  return to_double(p(0));
}

template <class F>
typename BasicSmooth<F>::Point BasicSmooth<F>::random_point(const Object& x,
                                                            std::mt19937_64& rng) const {
  // Doubles over every field, so that smooth@ball draws smooth's points.
  Point result(x.dimension());
  for (Eigen::Index i = 0; i < result.size(); ++i)
    result(i) = F(calculus::random_real(rng, -2.0, 2.0));
  return result;
}

template <class F>
bool BasicSmooth<F>::approx_equal(const Object& x, const Point& p, const Point& q,
                                  const semantics::Tolerance& tolerance,
                                  std::mt19937_64& rng) const {
  if constexpr (std::same_as<F, Ball>) {
    return compare(x, p, q, tolerance, rng) == semantics::Comparison::Equal;
  } else {
    if (p.size() != x.dimension() || q.size() != x.dimension()) return false;
    for (Eigen::Index i = 0; i < p.size(); ++i) {
      if (!semantics::approx_equal(p(i), q(i), tolerance)) return false;
    }
    return true;
  }
}

template <class F>
semantics::Comparison BasicSmooth<F>::compare(
    const Object& x, const Point& p, const Point& q, const semantics::Tolerance&,
    std::mt19937_64&) const requires std::same_as<F, Ball> {
  using semantics::Comparison;
  // Clang 14 instantiates this for double too in `template class
  // BasicSmooth<double>`, despite the constraint: hence the if constexpr.
  if constexpr (std::same_as<F, Ball>) {
    if (p.size() != x.dimension() || q.size() != x.dimension()) return Comparison::Different;
    // Coordinates combine as closures@ball's coefficients do.
    Comparison result = Comparison::Equal;
    for (Eigen::Index i = 0; i < p.size() && result != Comparison::Different; ++i) {
      result = combined(result, p(i).is_finite() && q(i).is_finite() ? compare_certified(p(i), q(i))
                                                                     : Comparison::NotFinite);
    }
    return result;
  } else {
    return Comparison::Different;
  }
}

template <class F>
std::optional<semantics::Difference> BasicSmooth<F>::difference(
    const Object& x, const Point& p, const Point& q, const semantics::Tolerance& tolerance,
    std::mt19937_64&) const {
  if (p.size() != x.dimension() || q.size() != x.dimension()) return std::nullopt;
  for (Eigen::Index i = 0; i < p.size(); ++i) {
    if (!coordinates_differ(p(i), q(i), tolerance)) continue;
    semantics::Difference difference{
        {}, to_double(p(i)), to_double(q(i)), certified_separation(p(i), q(i))};
    if (p.size() != 1) {
      difference.steps.push_back({fmt::format("coordinate {} of {}", i + 1, p.size()),
                                  fmt::format("{}", p(i)), fmt::format("{}", q(i))});
    }
    return difference;
  }
  return std::nullopt;
}

template <class F>
bool BasicSmooth<F>::is_finite(const Object&, const Point& p) const {
  if constexpr (std::same_as<F, double>) {
    return p.allFinite();
  } else {
    for (Eigen::Index i = 0; i < p.size(); ++i) {
      if (!isfinite(p(i))) return false;
    }
    return true;
  }
}

template <class F>
std::string BasicSmooth<F>::describe_point(const Object& x, const Point& p) const {
  switch (x.kind()) {
    case Kind::Terminal:
      return "()";
    case Kind::Real:
      return fmt::format("{}", p(0));
    case Kind::Atom: {
      std::string text = "[";
      for (Eigen::Index i = 0; i < p.size(); ++i) {
        text += fmt::format("{}{}", i == 0 ? "" : ", ", p(i));
      }
      return text + "]";
    }
    case Kind::Product: {
      const auto [first, second] = *factors(x);
      return "<" + describe_point(first, p.head(first.dimension())) + ", " +
             describe_point(second, p.tail(second.dimension())) + ">";
    }
  }
  return "?";
}

template <class F>
std::string BasicSmooth<F>::describe_object(const Object& x) const {
  switch (x.kind()) {
    case Kind::Terminal:
      return "1";
    case Kind::Real:
      return "R";
    case Kind::Atom:
      return x.node_->name;
    case Kind::Product: {
      const auto [first, second] = *factors(x);
      return "(" + describe_object(first) + " × " + describe_object(second) + ")";
    }
  }
  return "?";
}

// Over double and Ball only: the rationals have no sin, cos and exp, which
// smooth's random morphisms use (models/scalars/fields.h).
template class BasicSmooth<double>;
template class BasicSmooth<Ball>;

}  // namespace perturb::models
