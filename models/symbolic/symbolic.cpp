#include "models/symbolic/symbolic.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "calculus/error.h"
#include "calculus/random_draws.h"
#include "models/scalars/ball_comparison.h"
#include "models/smooth/random_first_order_morphism.h"
#include "models/symbolic/coordinate_symbols.h"
#include "models/symbolic/expression_ball.h"
#include "models/symbolic/expression_budget.h"
#include "models/symbolic/expression_text.h"
#include "models/symbolic/expression_tree.h"
#include "models/symbolic/zero_proof.h"
#include "semantics/category_error.h"
#include "semantics/evaluation_budget.h"
#include "semantics/model_refusal.h"

namespace perturb::models {

namespace {

using namespace expressions;
using Kind = Smooth::Object::Kind;

// The coordinates of x ↦ M·x + b, with the exact values of M and b.
std::vector<ex> affine_coordinates(const Eigen::MatrixXd& matrix, const Eigen::VectorXd& offset) {
  std::vector<ex> coordinates;
  for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
    GiNaC::exvector terms{Symbolic::exact(offset(i))};
    for (Eigen::Index j = 0; j < matrix.cols(); ++j) {
      if (matrix(i, j) != 0.0) {
        terms.push_back(Symbolic::exact(matrix(i, j)) * Symbolic::coordinate(static_cast<int>(j)));
      }
    }
    coordinates.push_back(checked(GiNaC::add(terms), static_cast<int>(matrix.cols())));
  }
  return coordinates;
}

}  // namespace

// ---- morphisms ----

Symbolic::Morphism::Morphism(Object domain, Object codomain, std::string description,
                             std::vector<ex> coordinates)
    : domain_(std::move(domain)), codomain_(std::move(codomain)) {
  calculus::check(static_cast<int>(coordinates.size()) == codomain_.dimension(),
                  "symbolic: a morphism with the wrong number of coordinates");
  data_ = std::shared_ptr<const Data>(
      new Data{bounded(std::move(description)), std::move(coordinates)}, [](const Data* data) {
        const auto lock = exclusive();
        delete data;
      });
}

Symbolic::Symbolic(const semantics::ModelConfig& config) : smooth_(config) {}

std::unique_lock<std::recursive_mutex> Symbolic::exclusive() {
  // Never destroyed: a morphism may outlive the static objects of its program.
  static auto* const mutex = new std::recursive_mutex;
  return std::unique_lock(*mutex);
}

GiNaC::ex Symbolic::coordinate(int index) {
  const auto lock = exclusive();
  return expressions::coordinate_symbol(index);
}

GiNaC::numeric Symbolic::exact(double value) {
  const auto lock = exclusive();
  return expressions::exact_number(value);
}

void Symbolic::require_equal(const char* operation, const Object& expected,
                             const Object& found) const {
  if (!(expected == found)) {
    throw semantics::mismatch(operation, describe_object(expected), describe_object(found));
  }
}

Symbolic::Morphism Symbolic::identity(const Object& x) const {
  const auto lock = exclusive();
  std::vector<ex> coordinates;
  for (int i = 0; i < x.dimension(); ++i) coordinates.push_back(coordinate(i));
  return Morphism(x, x, "id", std::move(coordinates));
}

Symbolic::Morphism Symbolic::compose(const Morphism& f, const Morphism& g) const {
  require_equal("compose", f.domain(), g.codomain());
  const auto lock = exclusive();
  return Morphism(g.domain(), f.codomain(), "(" + f.description() + " ∘ " + g.description() + ")",
                  substituted(f.coordinates(), g.coordinates(), g.domain().dimension()));
}

Symbolic::Morphism Symbolic::pair(const Morphism& f, const Morphism& g) const {
  require_equal("pair", f.domain(), g.domain());
  const auto lock = exclusive();
  std::vector<ex> coordinates = f.coordinates();
  coordinates.insert(coordinates.end(), g.coordinates().begin(), g.coordinates().end());
  return Morphism(f.domain(), product(f.codomain(), g.codomain()),
                  "⟨" + f.description() + ", " + g.description() + "⟩", std::move(coordinates));
}

Symbolic::Morphism Symbolic::proj1(const Object& x, const Object& y) const {
  const auto lock = exclusive();
  std::vector<ex> coordinates;
  for (int i = 0; i < x.dimension(); ++i) coordinates.push_back(coordinate(i));
  return Morphism(product(x, y), x, "π1", std::move(coordinates));
}

Symbolic::Morphism Symbolic::proj2(const Object& x, const Object& y) const {
  const auto lock = exclusive();
  std::vector<ex> coordinates;
  for (int i = 0; i < y.dimension(); ++i) coordinates.push_back(coordinate(x.dimension() + i));
  return Morphism(product(x, y), y, "π2", std::move(coordinates));
}

Symbolic::Morphism Symbolic::bang(const Object& x) const {
  return Morphism(x, terminal(), "!", {});
}

Symbolic::Morphism Symbolic::add(const Morphism& f, const Morphism& g) const {
  require_equal("add (domains)", f.domain(), g.domain());
  require_equal("add (codomains)", f.codomain(), g.codomain());
  const auto lock = exclusive();
  std::vector<ex> coordinates;
  for (std::size_t i = 0; i < f.coordinates().size(); ++i) {
    coordinates.push_back(checked(f.coordinates()[i] + g.coordinates()[i], f.domain().dimension()));
  }
  return Morphism(f.domain(), f.codomain(), "(" + f.description() + " + " + g.description() + ")",
                  std::move(coordinates));
}

Symbolic::Morphism Symbolic::zero(const Object& x, const Object& y) const {
  const auto lock = exclusive();
  return Morphism(x, y, "0", std::vector<ex>(static_cast<std::size_t>(y.dimension()), ex(0)));
}

Symbolic::Morphism Symbolic::primitive(calculus::Primitive primitive) const {
  const std::string name = calculus::primitive_name(primitive);
  const auto lock = exclusive();
  const ex x = coordinate(0);
  switch (primitive) {
    case calculus::Primitive::Mul:
      return Morphism(product(real(), real()), real(), name, {x * coordinate(1)});
    case calculus::Primitive::Sin:
      return Morphism(real(), real(), name, {GiNaC::sin(x)});
    case calculus::Primitive::Cos:
      return Morphism(real(), real(), name, {GiNaC::cos(x)});
    case calculus::Primitive::Exp:
      return Morphism(real(), real(), name, {GiNaC::exp(x)});
    default:
      break;
  }
  // Its points are closed expressions of rationals, +, ·, integer powers,
  // sin, cos and exp, which it evaluates over balls (expression_ball.h).
  throw semantics::ModelRefusal(
      name + ": symbolic hosts the paper's four primitives only (mul, sin, cos, exp)");
}

Symbolic::Morphism Symbolic::constant(double value) const {
  const auto lock = exclusive();
  return Morphism(terminal(), real(), fmt::format("{}", value), {exact(value)});
}

Symbolic::Morphism Symbolic::make_morphism(const Object& x, const Object& y,
                                           std::string description,
                                           std::vector<ex> coordinates) const {
  const auto lock = exclusive();
  for (const ex& e : coordinates) checked(e, x.dimension());
  return Morphism(x, y, std::move(description), std::move(coordinates));
}

Symbolic::Morphism Symbolic::linear(const Object& x, const Object& y,
                                    const Eigen::MatrixXd& matrix) const {
  calculus::check(matrix.rows() == y.dimension() && matrix.cols() == x.dimension(),
                  "symbolic: linear map of the wrong shape");
  const auto lock = exclusive();
  return Morphism(x, y, fmt::format("linear{}x{}", matrix.rows(), matrix.cols()),
                  affine_coordinates(matrix, Eigen::VectorXd::Zero(matrix.rows())));
}

Symbolic::Morphism Symbolic::affine(const Object& x, const Object& y, const Eigen::MatrixXd& matrix,
                                    const Eigen::VectorXd& offset) const {
  calculus::check(matrix.rows() == y.dimension() && matrix.cols() == x.dimension() &&
                      offset.size() == y.dimension(),
                  "symbolic: affine map of the wrong shape");
  const auto lock = exclusive();
  return Morphism(x, y, fmt::format("affine{}x{}", matrix.rows(), matrix.cols()),
                  affine_coordinates(matrix, offset));
}

// ---- the differential combinator ----

Symbolic::Morphism Symbolic::derivative(const Morphism& f) const {
  const int n = f.domain().dimension();
  const auto lock = exclusive();
  // f at the point x = (xn, …, x(2n−1)), then Σᵢ ∂f/∂x(n+i) · xi.
  GiNaC::exmap to_point;
  for (int i = 0; i < n; ++i) to_point[coordinate(i)] = coordinate(n + i);
  std::vector<ex> coordinates;
  for (const ex& e : f.coordinates()) {
    const ex at_point = e.subs(to_point, GiNaC::subs_options::no_pattern);
    std::vector<bool> occurs(static_cast<std::size_t>(2 * n), false);
    fold<int>(at_point, kMaxNodes, [&](const ex& node, auto) {
      if (GiNaC::is_a<GiNaC::symbol>(node)) {
        occurs[static_cast<std::size_t>(symbol_index(node))] = true;
      }
      return 0;
    });
    const double variables = static_cast<double>(std::count(occurs.begin(), occurs.end(), true));
    const double work = variables * derivative_work(at_point);
    if (work > kMaxIntermediateNodes) {
      throw budget(fmt::format("a derivative of {:.3g} nodes of work (more than {})", work,
                               kMaxIntermediateNodes));
    }
    GiNaC::exvector terms;
    for (int i = 0; i < n; ++i) {
      if (!occurs[static_cast<std::size_t>(n + i)]) continue;
      const ex partial = at_point.diff(GiNaC::ex_to<GiNaC::symbol>(coordinate(n + i)));
      terms.push_back(partial * coordinate(i));
    }
    coordinates.push_back(checked(GiNaC::add(terms), 2 * n));
  }
  return Morphism(product(f.domain(), f.domain()), f.codomain(), "D(" + f.description() + ")",
                  std::move(coordinates));
}

// ---- the proof ----

bool Symbolic::proves_equal(const Morphism& lhs, const Morphism& rhs) const {
  if (!(lhs.domain() == rhs.domain() && lhs.codomain() == rhs.codomain())) return false;
  const auto lock = exclusive();
  for (std::size_t i = 0; i < lhs.coordinates().size(); ++i) {
    const ex &a = lhs.coordinates()[i], &b = rhs.coordinates()[i];
    if (!proves_zero_difference(a, b)) return false;
  }
  return true;
}

bool Symbolic::uses_primitive(const Morphism& f) const {
  const auto lock = exclusive();
  // An upper bound of each node's degree in the symbols, 2 standing for
  // "2 or more, or not a polynomial".
  const auto degree = [](const ex& node, std::span<const int> children) {
    if (GiNaC::is_a<GiNaC::symbol>(node)) return 1;
    if (GiNaC::is_a<GiNaC::numeric>(node)) return 0;
    if (GiNaC::is_a<GiNaC::add>(node)) return *std::max_element(children.begin(), children.end());
    if (GiNaC::is_a<GiNaC::mul>(node)) {
      return std::min(2, std::accumulate(children.begin(), children.end(), 0));
    }
    if (GiNaC::is_a<GiNaC::power>(node) && children[0] == 0) return 0;
    if (is_elementary(node) && children[0] == 0) return 0;
    return node.nops() == 0 ? 0 : 2;
  };
  for (const ex& e : f.coordinates()) {
    if (fold<int>(e, kMaxNodes, degree) >= 2) return true;
  }
  return false;
}

// ---- points ----

Symbolic::Point Symbolic::apply(const Morphism& f, const Point& p) const {
  calculus::check(static_cast<int>(p.size()) == f.domain().dimension(),
                  "symbolic: a point of the wrong dimension");
  const auto lock = exclusive();
  return substituted(f.coordinates(), p, 0);
}

Symbolic::Point Symbolic::pair_point(const Point& p, const Point& q) const {
  const auto lock = exclusive();
  Point result = p;
  result.insert(result.end(), q.begin(), q.end());
  return result;
}

double Symbolic::real_value(const Point& p) const {
  calculus::check(p.size() == 1, "symbolic: real_value of a point that is not real");
  const auto lock = exclusive();
  return to_ball(p[0]).midpoint();
}

Symbolic::Point Symbolic::random_point(const Object& x, std::mt19937_64& rng) const {
  const auto lock = exclusive();
  Point result;
  for (int i = 0; i < x.dimension(); ++i)
    result.push_back(exact(calculus::random_real(rng, -2.0, 2.0)));
  return result;
}

bool Symbolic::approx_equal(const Object& x, const Point& p, const Point& q,
                            const semantics::Tolerance& tolerance, std::mt19937_64& rng) const {
  return compare(x, p, q, tolerance, rng) == semantics::Comparison::Equal;
}

semantics::Comparison Symbolic::compare(const Object& x, const Point& p, const Point& q,
                                        const semantics::Tolerance&, std::mt19937_64&) const {
  using semantics::Comparison;
  calculus::check(
      static_cast<int>(p.size()) == x.dimension() && static_cast<int>(q.size()) == x.dimension(),
      "symbolic: compared points of the wrong dimension");
  const auto lock = exclusive();
  Comparison result = Comparison::Equal;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const Comparison coordinate = compare_values(p[i], q[i]);
    if (coordinate == Comparison::Different) return coordinate;
    if (coordinate == Comparison::Undecided) result = coordinate;
  }
  return result;
}

std::optional<semantics::Difference> Symbolic::difference(const Object& x, const Point& p,
                                                          const Point& q,
                                                          const semantics::Tolerance&,
                                                          std::mt19937_64&) const {
  if (static_cast<int>(p.size()) != x.dimension() || static_cast<int>(q.size()) != x.dimension()) {
    return std::nullopt;
  }
  const auto lock = exclusive();
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (compare_values(p[i], q[i]) != semantics::Comparison::Different) continue;
    const Ball a = to_ball(p[i]), b = to_ball(q[i]);
    semantics::Difference result{{}, a.midpoint(), b.midpoint(), separation(a, b)};
    if (p.size() > 1) {
      result.steps.push_back({fmt::format("coordinate {} of {}", i + 1, p.size()),
                              fmt::format("{}", result.lhs), fmt::format("{}", result.rhs)});
    }
    return result;
  }
  return std::nullopt;
}

bool Symbolic::is_finite(const Object&, const Point&) const { return true; }

std::string Symbolic::describe_point(const Object& x, const Point& p) const {
  const auto lock = exclusive();
  const auto value = [&](std::size_t i) { return fmt::format("{}", to_ball(p[i]).midpoint()); };
  switch (x.kind()) {
    case Kind::Terminal:
      return "()";
    case Kind::Real:
      return value(0);
    case Kind::Atom: {
      std::string text = "[";
      for (std::size_t i = 0; i < p.size(); ++i) text += (i == 0 ? "" : ", ") + value(i);
      return text + "]";
    }
    case Kind::Product: {
      const auto [first, second] = *factors(x);
      const auto split = p.begin() + first.dimension();
      return "<" + describe_point(first, Point(p.begin(), split)) + ", " +
             describe_point(second, Point(split, p.end())) + ">";
    }
  }
  return "?";
}

std::string Symbolic::describe_morphism(const Morphism& f) const {
  const auto lock = exclusive();
  std::string text = "(";
  for (int i = 0; i < f.domain().dimension(); ++i) {
    text += fmt::format("{}x{}", i == 0 ? "" : ", ", i);
  }
  text += ") ↦ (";
  for (std::size_t i = 0; i < f.coordinates().size() && text.size() <= kMaxDescription; ++i) {
    text += (i == 0 ? "" : ", ") + describe_expression(f.coordinates()[i]);
  }
  return bounded(text + ")");
}

// ---- random morphisms, drawn as Smooth::random_morphism draws ----

Symbolic::Morphism Symbolic::random_morphism(const Object& x, const Object& y,
                                             std::mt19937_64& rng) const {
  return RandomFirstOrderMorphism<Symbolic>(*this, rng)(x, y);
}

}  // namespace perturb::models
