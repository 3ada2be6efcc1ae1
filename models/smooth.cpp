#include "models/smooth.h"

#include <fmt/format.h>

#include "calculus/error.h"
#include "semantics/category_error.h"

namespace perturb::models {

namespace {

using Node = Smooth::Object::Node;
using Kind = Smooth::Object::Kind;

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

TaggedVector to_tagged(const Eigen::VectorXd& p) {
  TaggedVector x(p.size());
  for (Eigen::Index i = 0; i < p.size(); ++i) x(i) = Tagged<double>(p(i));
  return x;
}

TaggedVector concatenated(const TaggedVector& a, const TaggedVector& b) {
  TaggedVector result(a.size() + b.size());
  result << a, b;
  return result;
}

TaggedVector zeros(int dimension) { return TaggedVector::Constant(dimension, Tagged<double>(0.0)); }

// M·x for a matrix of doubles and a vector of perturbed scalars.
TaggedVector times(const Eigen::MatrixXd& matrix, const TaggedVector& x) {
  TaggedVector result = zeros(static_cast<int>(matrix.rows()));
  for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
    for (Eigen::Index j = 0; j < matrix.cols(); ++j) {
      if (matrix(i, j) != 0.0) result(i) += matrix(i, j) * x(j);
    }
  }
  return result;
}

TaggedVector scalar_vector(Tagged<double> value) {
  TaggedVector result(1);
  result(0) = std::move(value);
  return result;
}

}  // namespace

// ---- objects ----

Smooth::Object::Object() : node_(terminal_node()) {}

Smooth::Object::Kind Smooth::Object::kind() const { return node_->kind; }

int Smooth::Object::dimension() const { return node_->dimension; }

bool operator==(const Smooth::Object& a, const Smooth::Object& b) {
  return same_object(a.node_, b.node_);
}

// ---- morphisms ----

Smooth::Morphism::Morphism(Object domain, Object codomain, std::string description, Map map)
    : domain_(std::move(domain)),
      codomain_(std::move(codomain)),
      description_(std::make_shared<const std::string>(bounded(std::move(description)))),
      map_(std::make_shared<const Map>(std::move(map))) {}

TaggedVector Smooth::Morphism::operator()(const TaggedVector& x) const {
  calculus::check(x.size() == domain_.dimension(), "smooth: argument of the wrong dimension");
  TaggedVector y = (*map_)(x);
  calculus::check(y.size() == codomain_.dimension(), "smooth: map returned the wrong dimension");
  return y;
}

Smooth::Smooth(const semantics::ModelConfig& config) : config_(config) {
  calculus::check(config.atom_dimension >= 0, "smooth: negative atom dimension");
}

Smooth::Object Smooth::terminal() const { return Object(); }

Smooth::Object Smooth::real() const {
  static const auto node = std::make_shared<const Node>(Node{Kind::Real, 1, "", {}, {}});
  return Object(node);
}

Smooth::Object Smooth::atom(const std::string& name) const {
  return atom_object(name, config_.atom_dimension);
}

Smooth::Object Smooth::atom(const std::string& name, int dimension) const {
  calculus::check(dimension >= 0, "smooth: negative atom dimension");
  return atom_object(name, dimension);
}

Smooth::Object Smooth::atom_object(const std::string& name, int dimension) const {
  return Object(std::make_shared<const Node>(Node{Kind::Atom, dimension, name, {}, {}}));
}

Smooth::Object Smooth::product(const Object& x, const Object& y) const {
  return Object(std::make_shared<const Node>(
      Node{Kind::Product, x.dimension() + y.dimension(), "", x.node_, y.node_}));
}

std::optional<std::pair<Smooth::Object, Smooth::Object>> Smooth::factors(const Object& p) const {
  if (p.kind() != Kind::Product) return std::nullopt;
  return std::pair{Object(p.node_->first), Object(p.node_->second)};
}

void Smooth::require_equal(const char* operation, const Object& expected,
                           const Object& found) const {
  if (!(expected == found)) {
    throw semantics::mismatch(operation, describe_object(expected), describe_object(found));
  }
}

Smooth::Morphism Smooth::make_morphism(const Object& x, const Object& y, std::string description,
                                       Map map) const {
  return Morphism(x, y, std::move(description), std::move(map));
}

Smooth::Morphism Smooth::identity(const Object& x) const {
  return Morphism(x, x, "id", [](const TaggedVector& v) { return v; });
}

Smooth::Morphism Smooth::compose(const Morphism& f, const Morphism& g) const {
  require_equal("compose", f.domain(), g.codomain());
  return Morphism(g.domain(), f.codomain(), "(" + f.description() + " ∘ " + g.description() + ")",
                  [f, g](const TaggedVector& v) { return f(g(v)); });
}

Smooth::Morphism Smooth::pair(const Morphism& f, const Morphism& g) const {
  require_equal("pair", f.domain(), g.domain());
  return Morphism(f.domain(), product(f.codomain(), g.codomain()),
                  "⟨" + f.description() + ", " + g.description() + "⟩",
                  [f, g](const TaggedVector& v) { return concatenated(f(v), g(v)); });
}

Smooth::Morphism Smooth::proj1(const Object& x, const Object& y) const {
  const int n = x.dimension();
  return Morphism(product(x, y), x, "π1",
                  [n](const TaggedVector& v) -> TaggedVector { return v.head(n); });
}

Smooth::Morphism Smooth::proj2(const Object& x, const Object& y) const {
  const int n = y.dimension();
  return Morphism(product(x, y), y, "π2",
                  [n](const TaggedVector& v) -> TaggedVector { return v.tail(n); });
}

Smooth::Morphism Smooth::bang(const Object& x) const {
  return Morphism(x, terminal(), "!", [](const TaggedVector&) { return TaggedVector(0); });
}

Smooth::Morphism Smooth::add(const Morphism& f, const Morphism& g) const {
  require_equal("add (domains)", f.domain(), g.domain());
  require_equal("add (codomains)", f.codomain(), g.codomain());
  return Morphism(f.domain(), f.codomain(), "(" + f.description() + " + " + g.description() + ")",
                  [f, g](const TaggedVector& v) -> TaggedVector { return f(v) + g(v); });
}

Smooth::Morphism Smooth::zero(const Object& x, const Object& y) const {
  const int n = y.dimension();
  return Morphism(x, y, "0", [n](const TaggedVector&) { return zeros(n); });
}

Smooth::Morphism Smooth::primitive(calculus::Primitive primitive) const {
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
  }
  throw calculus::InternalError("smooth: unknown primitive");
}

Smooth::Morphism Smooth::constant(double value) const {
  return Morphism(terminal(), real(), fmt::format("{}", value),
                  [value](const TaggedVector&) { return scalar_vector(Tagged<double>(value)); });
}

Smooth::Morphism Smooth::linear(const Object& x, const Object& y,
                                const Eigen::MatrixXd& matrix) const {
  calculus::check(matrix.rows() == y.dimension() && matrix.cols() == x.dimension(),
                  "smooth: linear map of the wrong shape");
  return Morphism(x, y, fmt::format("linear{}x{}", matrix.rows(), matrix.cols()),
                  [matrix](const TaggedVector& v) { return times(matrix, v); });
}

Smooth::Morphism Smooth::affine(const Object& x, const Object& y, const Eigen::MatrixXd& matrix,
                                const Eigen::VectorXd& offset) const {
  calculus::check(matrix.rows() == y.dimension() && matrix.cols() == x.dimension() &&
                      offset.size() == y.dimension(),
                  "smooth: affine map of the wrong shape");
  return Morphism(x, y, fmt::format("affine{}x{}", matrix.rows(), matrix.cols()),
                  [matrix, offset](const TaggedVector& v) -> TaggedVector {
                    return times(matrix, v) + to_tagged(offset);
                  });
}

// ---- the differential combinator ----

TaggedMatrix Smooth::jacobian(const Morphism& f, const TaggedVector& x) const {
  const Eigen::Index n = x.size();
  TaggedMatrix result(f.codomain().dimension(), n);
  // One evaluation per column, each with its own fresh tag: perturbing all
  // coordinates at once would fill the value with products ε_iε_j, up to 2ⁿ
  // monomials, only to throw them away.
  for (Eigen::Index i = 0; i < n; ++i) {
    const Tag tag = fresh_tag();
    TaggedVector perturbed = x;
    perturbed(i) += Tagged<double>::infinitesimal(tag);
    const TaggedVector y = f(perturbed);
    for (Eigen::Index j = 0; j < y.size(); ++j) result(j, i) = y(j).tangent(tag);
  }
  return result;
}

Eigen::MatrixXd Smooth::jacobian(const Morphism& f, const Point& x) const {
  const TaggedMatrix tagged = jacobian(f, to_tagged(x));
  return tagged.unaryExpr([](const Tagged<double>& entry) { return entry.primal_value(); });
}

Smooth::Morphism Smooth::derivative(const Morphism& f) const {
  const int n = f.domain().dimension();
  return Morphism(product(f.domain(), f.domain()), f.codomain(), "D(" + f.description() + ")",
                  [f, n](const TaggedVector& w) -> TaggedVector {
                    // J_f(x)·v is the ε-coefficient of f(x + εv): one evaluation,
                    // not one per column of the Jacobian, which nested D would
                    // multiply into nᵏ evaluations.
                    const Tag tag = fresh_tag();
                    const Tagged<double> epsilon = Tagged<double>::infinitesimal(tag);
                    TaggedVector perturbed = w.tail(n);
                    for (int i = 0; i < n; ++i) perturbed(i) += w(i) * epsilon;
                    const TaggedVector y = f(perturbed);
                    TaggedVector result(y.size());
                    for (Eigen::Index j = 0; j < y.size(); ++j) result(j) = y(j).tangent(tag);
                    return result;
                  });
}

// ---- points ----

Smooth::Point Smooth::apply(const Morphism& f, const Point& p) const {
  const TaggedVector y = f(to_tagged(p));
  Point result(y.size());
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    calculus::check(y(i).is_unperturbed(), "smooth: a tag escaped its derivative");
    result(i) = y(i).primal_value();
  }
  return result;
}

Smooth::Point Smooth::pair_point(const Point& p, const Point& q) const {
  Point result(p.size() + q.size());
  result << p, q;
  return result;
}

double Smooth::real_value(const Point& p) const {
  calculus::check(p.size() == 1, "smooth: real_value of a point that is not real");
  return p(0);
}

Smooth::Point Smooth::random_point(const Object& x, std::mt19937_64& rng) const {
  std::uniform_real_distribution<double> coordinate(-2.0, 2.0);
  Point result(x.dimension());
  for (Eigen::Index i = 0; i < result.size(); ++i) result(i) = coordinate(rng);
  return result;
}

bool Smooth::approx_equal(const Object& x, const Point& p, const Point& q,
                          const semantics::Tolerance& tolerance, std::mt19937_64&) const {
  if (p.size() != x.dimension() || q.size() != x.dimension()) return false;
  for (Eigen::Index i = 0; i < p.size(); ++i) {
    if (!semantics::approx_equal(p(i), q(i), tolerance)) return false;
  }
  return true;
}

std::optional<semantics::Difference> Smooth::difference(const Object& x, const Point& p,
                                                        const Point& q,
                                                        const semantics::Tolerance& tolerance,
                                                        std::mt19937_64&) const {
  if (p.size() != x.dimension() || q.size() != x.dimension()) return std::nullopt;
  for (Eigen::Index i = 0; i < p.size(); ++i) {
    if (semantics::approx_equal(p(i), q(i), tolerance)) continue;
    if (p.size() == 1) return semantics::Difference{{}, p(i), q(i)};
    return semantics::Difference{{{fmt::format("coordinate {} of {}", i + 1, p.size()),
                                   fmt::format("{}", p(i)), fmt::format("{}", q(i))}},
                                 p(i),
                                 q(i)};
  }
  return std::nullopt;
}

bool Smooth::is_finite(const Object&, const Point& p) const { return p.allFinite(); }

std::string Smooth::describe_point(const Object& x, const Point& p) const {
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

std::string Smooth::describe_object(const Object& x) const {
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

}  // namespace perturb::models
