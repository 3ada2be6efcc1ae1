// An out-of-tree model: the cartesian differential category of linear maps
// ℝᵐ → ℝⁿ as Eigen matrices. Every additive category is a cartesian
// differential category with D(f) = f∘π1 (Blute–Cockett–Seely 2009, spec §1
// "Examples"), so every map here is linear.
//
// It satisfies CartesianDifferentialCategory and TestableModel with the
// minimal complete definitions of semantics/*.h, and declares itself
// linear-only (semantics/capabilities.h): it has no primitive (sin, cos, exp and
// mul are not linear) and no non-zero literal c : 1 → R (1 is ℝ⁰, whose only
// maps out are 0), so the checker gives it linear terms and points as Points.
//
// `derivative_scale` exists for the deliberately broken variant
// linear-maps-broken, whose D(f) = 2·(f∘π1).
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "calculus/random_draws.h"
#include "calculus/term.h"
#include "semantics/category_error.h"
#include "semantics/tolerance.h"

namespace linear_maps {

class LinearMaps {
 public:
  // 1, R, an atom ℝ² or X × Y, kept as a tree so that factors() can split a product.
  struct Object {
    std::string label;            // "1", "R", the atom's name; empty for a product
    int dimension = 0;            // coordinates of a point
    std::vector<Object> factors;  // X and Y for X × Y, else none
    friend bool operator==(const Object&, const Object&) = default;
  };

  // A linear map X → Y: a dim Y × dim X matrix.
  struct Morphism {
    Object domain;
    Object codomain;
    Eigen::MatrixXd matrix;
  };

  using Point = Eigen::VectorXd;

  static constexpr bool linear_only = true;

  explicit LinearMaps(std::string name = "linear-maps", double derivative_scale = 1.0)
      : name_(std::move(name)), derivative_scale_(derivative_scale) {}

  std::string name() const { return name_; }
  bool is_foil() const { return derivative_scale_ != 1.0; }

  // ---- CartesianLeftAdditiveCategory ----
  Object domain(const Morphism& f) const { return f.domain; }
  Object codomain(const Morphism& f) const { return f.codomain; }
  Object terminal() const { return {"1", 0, {}}; }
  Object real() const { return {"R", 1, {}}; }
  Object atom(const std::string& name) const { return {name, 2, {}}; }
  Object product(const Object& x, const Object& y) const {
    return {"", x.dimension + y.dimension, {x, y}};
  }
  std::optional<std::pair<Object, Object>> factors(const Object& p) const {
    if (p.factors.size() != 2) return std::nullopt;
    return std::pair{p.factors[0], p.factors[1]};
  }

  Morphism identity(const Object& x) const {
    return {x, x, Eigen::MatrixXd::Identity(x.dimension, x.dimension)};
  }
  // f∘g; CategoryError unless cod g = dom f. The matrices have a handful of
  // rows: lazyProduct multiplies them coefficient by coefficient, as Eigen
  // does at run time for sizes this small anyway, without compiling its
  // blocked matrix-product kernels (a third of this plugin's compile time).
  Morphism compose(const Morphism& f, const Morphism& g) const {
    require_equal("compose", f.domain, g.codomain);
    return {g.domain, f.codomain, f.matrix.lazyProduct(g.matrix)};
  }
  // ⟨f, g⟩, the two matrices stacked; CategoryError unless dom f = dom g.
  Morphism pair(const Morphism& f, const Morphism& g) const {
    require_equal("pair", f.domain, g.domain);
    Eigen::MatrixXd stacked(f.matrix.rows() + g.matrix.rows(), f.matrix.cols());
    stacked << f.matrix, g.matrix;
    return {f.domain, product(f.codomain, g.codomain), stacked};
  }
  Morphism proj1(const Object& x, const Object& y) const {
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(x.dimension, x.dimension + y.dimension);
    m.leftCols(x.dimension).setIdentity();
    return {product(x, y), x, m};
  }
  Morphism proj2(const Object& x, const Object& y) const {
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(y.dimension, x.dimension + y.dimension);
    m.rightCols(y.dimension).setIdentity();
    return {product(x, y), y, m};
  }
  Morphism bang(const Object& x) const { return zero(x, terminal()); }
  // f + g; CategoryError unless f and g are parallel.
  Morphism add(const Morphism& f, const Morphism& g) const {
    require_equal("add (domains)", f.domain, g.domain);
    require_equal("add (codomains)", f.codomain, g.codomain);
    return {f.domain, f.codomain, f.matrix + g.matrix};
  }
  Morphism zero(const Object& x, const Object& y) const {
    return {x, y, Eigen::MatrixXd::Zero(y.dimension, x.dimension)};
  }
  // No primitive is linear.
  Morphism primitive(perturb::calculus::Primitive p) const {
    throw perturb::semantics::CategoryError(
        name_ + ": the primitive " + perturb::calculus::primitive_name(p) + " is not a linear map");
  }
  // The literal v : 1 → R exists only for v = 0 (1 = ℝ⁰).
  Morphism constant(double value) const {
    if (value != 0) {
      throw perturb::semantics::CategoryError(name_ + ": the literal " + std::to_string(value) +
                                              " : 1 → R is not a linear map");
    }
    return zero(terminal(), real());
  }

  Point apply(const Morphism& f, const Point& p) const { return f.matrix.lazyProduct(p); }
  Point unit_point() const { return Point(0); }
  Point pair_point(const Point& p, const Point& q) const {
    Point joined(p.size() + q.size());
    joined << p, q;
    return joined;
  }
  double real_value(const Point& p) const { return p(0); }
  // The point v of R (semantics/capabilities.h, linear_only).
  Point real_point(double value) const { return Point::Constant(1, value); }

  // ---- CartesianDifferentialCategory: D(f) = f∘π1 ----
  Morphism derivative(const Morphism& f) const {
    Morphism d = compose(f, proj1(f.domain, f.domain));
    d.matrix *= derivative_scale_;
    return d;
  }

  // ---- TestableModel ----
  Point random_point(const Object& x, std::mt19937_64& rng) const {
    Point p(x.dimension);
    for (Eigen::Index i = 0; i < p.size(); ++i)
      p(i) = perturb::calculus::random_real(rng, -2.0, 2.0);
    return p;
  }
  bool approx_equal(const Object&, const Point& p, const Point& q,
                    const perturb::semantics::Tolerance& tolerance, std::mt19937_64&) const {
    if (p.size() != q.size()) return false;
    for (Eigen::Index i = 0; i < p.size(); ++i) {
      if (!perturb::semantics::approx_equal(p(i), q(i), tolerance)) return false;
    }
    return true;
  }
  bool is_finite(const Object&, const Point& p) const { return p.allFinite(); }
  std::string describe_point(const Object&, const Point& p) const {
    std::ostringstream out;
    out << '<';
    for (Eigen::Index i = 0; i < p.size(); ++i) out << (i ? ", " : "") << p(i);
    out << '>';
    return out.str();
  }
  std::string describe_object(const Object& x) const {
    if (x.factors.size() != 2) return x.label;
    return "(" + describe_object(x.factors[0]) + " × " + describe_object(x.factors[1]) + ")";
  }
  std::string describe_morphism(const Morphism& f) const {
    std::ostringstream out;
    out << describe_object(f.domain) << " → " << describe_object(f.codomain) << " ["
        << f.matrix.format(Eigen::IOFormat(Eigen::StreamPrecision, 0, ", ", "; ")) << ']';
    return out.str();
  }

 private:
  void require_equal(const char* operation, const Object& expected, const Object& found) const {
    if (!(expected == found)) {
      throw perturb::semantics::mismatch(operation, describe_object(expected),
                                         describe_object(found));
    }
  }

  std::string name_;
  double derivative_scale_;
};

// The broken variant: D(f) = 2·(f∘π1). It fails D3, D5 and D6; D1, D2, D4
// and D7 hold for any multiple of a derivative.
inline LinearMaps broken_linear_maps() { return LinearMaps("linear-maps-broken", 2.0); }

}  // namespace linear_maps
