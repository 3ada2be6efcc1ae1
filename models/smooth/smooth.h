// The model `smooth`: the cartesian differential category of smooth maps
// ℝᵐ → ℝⁿ (spec §1, "Examples"), backed by Jacobians:
//
//   D(f)(v, x) = J_f(x) · v
//
// where J_f(x) is an Eigen matrix over Tagged<F>, computed column by
// column by perturbing one coordinate of x at a time with a fresh tag and
// extracting that tag's tangent. Because x (and v) may themselves carry outer
// tags, J_f(x) is a matrix of perturbed scalars and D(D(f)) works.
//
// Objects are structured — the terminal 1, the reals R, atoms ℝⁿ named after
// their type, products X × Y — and flatten to a dimension; a point of X is an
// Eigen vector of that many scalars of F, the factors of a product laid out
// first then second. Morphisms are functions on vectors of Tagged<F> that
// know their domain and codomain. First-order only: there are no
// exponentials, so `smooth` satisfies CartesianDifferentialCategory but not
// CartesianClosedCategory.
//
// The field F is double (`smooth`) or Ball (`smooth@ball`, its certified
// twin, models/scalars/ball.h): the same maps and the same random draws, with every
// scalar an enclosure and a certified three-valued comparison.
#pragma once

#include <Eigen/Core>
#include <concepts>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <utility>

#include "calculus/term.h"
#include "models/scalars/ball.h"
#include "models/scalars/ball_eigen.h"
#include "models/scalars/fields.h"
#include "models/scalars/scalar.h"
#include "models/scalars/tagged_eigen.h"
#include "semantics/comparison.h"
#include "semantics/difference.h"
#include "semantics/model_config.h"
#include "semantics/tolerance.h"

namespace perturb::models {

template <class F>
using BasicTaggedVector = Eigen::Matrix<Tagged<F>, Eigen::Dynamic, 1>;
template <class F>
using BasicTaggedMatrix = Eigen::Matrix<Tagged<F>, Eigen::Dynamic, Eigen::Dynamic>;
using TaggedVector = BasicTaggedVector<double>;
using TaggedMatrix = BasicTaggedMatrix<double>;

template <class F>
class BasicSmooth;

// An object of `smooth` over any field: 1 | R | an atom ℝⁿ | X × Y; compared
// structurally (atoms by name and dimension).
class SmoothObject {
 public:
  enum class Kind { Terminal, Real, Atom, Product };

  // The terminal object 1.
  SmoothObject();

  Kind kind() const;
  // The number of real coordinates of a point.
  int dimension() const;

  friend bool operator==(const SmoothObject& a, const SmoothObject& b);

  // The shared, immutable representation (defined below).
  struct Node;

 private:
  template <class F>
  friend class BasicSmooth;
  explicit SmoothObject(std::shared_ptr<const Node> node) : node_(std::move(node)) {}
  std::shared_ptr<const Node> node_;
};

struct SmoothObject::Node {
  Kind kind;
  int dimension;
  std::string name;                    // atoms only
  std::shared_ptr<const Node> first;   // products only
  std::shared_ptr<const Node> second;  // products only
};

// `smooth` over the field F (double or Ball, instantiated in smooth.cpp).
template <class F>
class BasicSmooth {
 public:
  using Field = F;
  using Object = SmoothObject;
  using TaggedVector = BasicTaggedVector<F>;
  using TaggedMatrix = BasicTaggedMatrix<F>;

  // A smooth map on flattened coordinates, over Tagged<F> so that it can be
  // differentiated again.
  using Map = std::function<TaggedVector(const TaggedVector&)>;

  class Morphism {
   public:
    const Object& domain() const { return domain_; }
    const Object& codomain() const { return codomain_; }
    const std::string& description() const { return *description_; }

    // The map at x; checks that x has the domain's dimension and the result
    // the codomain's (a mismatch is a bug in a map, not user error).
    TaggedVector operator()(const TaggedVector& x) const;

   private:
    friend class BasicSmooth;
    Morphism(Object domain, Object codomain, std::string description, Map map);
    Object domain_;
    Object codomain_;
    std::shared_ptr<const std::string> description_;
    std::shared_ptr<const Map> map_;
  };

  // Eigen::VectorXd over double.
  using Point = Eigen::Matrix<F, Eigen::Dynamic, 1>;
  // Eigen::MatrixXd over double.
  using Matrix = Eigen::Matrix<F, Eigen::Dynamic, Eigen::Dynamic>;

  explicit BasicSmooth(const semantics::ModelConfig& config = {});

  // "smooth", "smooth@ball" (kFieldSuffix, models/scalars/fields.h).
  std::string name() const;
  // Smooth maps embed fully in a differential λ-category, where Theorem 5.6
  // holds: a first-order judgement outside the first-order fragment (a λ
  // applied, D of a λ) is read through its normal form (semantics/interpret.h).
  static constexpr bool kFirstOrderViaNormalForm = true;
  bool is_foil() const { return false; }
  // The primitives of the signature F has (models/scalars/fields.h).
  static constexpr bool hosts_primitive(calculus::Primitive primitive) {
    return models::hosts_primitive<F>(primitive);
  }

  // ---- objects ----
  Object terminal() const;
  Object real() const;
  // The atom `name` = ℝⁿ with n the configured atom dimension.
  Object atom(const std::string& name) const;
  // The atom `name` = ℝ^dimension, for benchmarks and tests of other sizes.
  Object atom(const std::string& name, int dimension) const;
  Object product(const Object& x, const Object& y) const;
  // (X, Y) if p = X × Y.
  std::optional<std::pair<Object, Object>> factors(const Object& p) const;

  // ---- morphisms (CartesianLeftAdditiveCategory, spec §1) ----
  Object domain(const Morphism& f) const { return f.domain(); }
  Object codomain(const Morphism& f) const { return f.codomain(); }
  Morphism identity(const Object& x) const;
  // f∘g, "g then f"; throws semantics::CategoryError naming both objects if cod g ≠ dom f.
  Morphism compose(const Morphism& f, const Morphism& g) const;
  // ⟨f, g⟩ : Z → X × Y; throws CategoryError if dom f ≠ dom g.
  Morphism pair(const Morphism& f, const Morphism& g) const;
  Morphism proj1(const Object& x, const Object& y) const;
  Morphism proj2(const Object& x, const Object& y) const;
  Morphism bang(const Object& x) const;
  // f + g pointwise; throws CategoryError unless f and g are parallel.
  Morphism add(const Morphism& f, const Morphism& g) const;
  Morphism zero(const Object& x, const Object& y) const;
  // mul : R × R → R; sin, cos, exp : R → R (spec §6).
  Morphism primitive(calculus::Primitive primitive) const;
  // The literal value : 1 → R (over Ball the double exactly).
  Morphism constant(double value) const;

  // ---- differential structure (CartesianDifferentialCategory) ----
  // D(f) : X × X → Y, D(f)(v, x) = J_f(x)·v.
  Morphism derivative(const Morphism& f) const;
  // J_f(x), one column per coordinate of x, over the tags x already carries.
  TaggedMatrix jacobian(const Morphism& f, const TaggedVector& x) const;
  // J_f(x) at an unperturbed point.
  Matrix jacobian(const Morphism& f, const Point& x) const;

  // ---- building morphisms directly ----
  // The map `map` : X → Y, described as `description` in reports.
  Morphism make_morphism(const Object& x, const Object& y, std::string description, Map map) const;
  // x ↦ M·x : X → Y; M must be dim Y × dim X (its doubles exactly, over Ball).
  Morphism linear(const Object& x, const Object& y, const Eigen::MatrixXd& matrix) const;
  // x ↦ M·x + b : X → Y.
  Morphism affine(const Object& x, const Object& y, const Eigen::MatrixXd& matrix,
                  const Eigen::VectorXd& offset) const;

  // ---- points ----
  Point apply(const Morphism& f, const Point& p) const;
  Point unit_point() const { return Point(0); }
  Point pair_point(const Point& p, const Point& q) const;
  // The coordinate of a point of R; over Ball the double nearest its midpoint.
  double real_value(const Point& p) const;

  // ---- TestableModel ----
  // Coordinates uniform in [−2, 2], as doubles (the same draws over every
  // field, so that a seed gives the same case in smooth and smooth@ball).
  Point random_point(const Object& x, std::mt19937_64& rng) const;
  // Over double coordinate-wise semantics::approx_equal; over Ball
  // compare(…) is Equal. rng is unused (no function objects).
  bool approx_equal(const Object& x, const Point& p, const Point& q,
                    const semantics::Tolerance& tolerance, std::mt19937_64& rng) const;
  // The first coordinate that differs ("coordinate 2 of 3"; none for R): out
  // of tolerance over double; over Ball with disjoint balls, carrying their
  // certified separation δ.
  std::optional<semantics::Difference> difference(const Object& x, const Point& p, const Point& q,
                                                  const semantics::Tolerance& tolerance,
                                                  std::mt19937_64& rng) const;
  bool is_finite(const Object& x, const Point& p) const;
  // "1.5" for R, "[1, 2]" for an atom, "<a, b>" for a pair, "()" for 1; a
  // ball that is not a double exactly prints as Arb does, "[m +/- r]".
  std::string describe_point(const Object& x, const Point& p) const;
  // "1", "R", the atom's name, "(X × Y)".
  std::string describe_object(const Object& x) const;
  std::string describe_morphism(const Morphism& f) const { return f.description(); }

  // A random f : X → Y: a composition, to bounded depth, of primitives,
  // pairings, projections, sums and random affine maps; deterministic in rng,
  // and the same draws over every field.
  Morphism random_morphism(const Object& x, const Object& y, std::mt19937_64& rng) const;

  // ---- certified comparison (over Ball only; proofs/cases/check_case.h) ----
  // The working precisions, in bits, a case is evaluated at until its
  // comparison is decided: 64, 256, 1024 (as closures@ball).
  static std::span<const long> precisions() requires std::same_as<F, Ball> {
    static constexpr long kPrecisions[] = {64, 256, 1024};
    return kPrecisions;
  }
  // Evaluates at `bits` of precision on this thread while the result lives.
  static BallPrecision at_precision(long bits) requires std::same_as<F, Ball> {
    return BallPrecision(bits);
  }
  // Coordinate by coordinate at the working precision (compare_certified,
  // models/scalars/ball_comparison.h): Different when some pair of balls is
  // disjoint, else NotFinite when a ball is not finite, else Undecided when
  // some pair is not tight, else Equal. The tolerance and rng are unused.
  semantics::Comparison compare(const Object& x, const Point& p, const Point& q,
                                const semantics::Tolerance& tolerance,
                                std::mt19937_64& rng) const requires std::same_as<F, Ball>;

 private:
  Object atom_object(const std::string& name, int dimension) const;
  void require_equal(const char* operation, const Object& expected, const Object& found) const;

  semantics::ModelConfig config_;
};

extern template class BasicSmooth<double>;
extern template class BasicSmooth<Ball>;

using Smooth = BasicSmooth<double>;
using SmoothOverBalls = BasicSmooth<Ball>;

}  // namespace perturb::models
