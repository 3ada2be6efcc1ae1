// The model `smooth`: the cartesian differential category of smooth maps
// ℝᵐ → ℝⁿ (spec §1, "Examples"), backed by Jacobians:
//
//   D(f)(v, x) = J_f(x) · v
//
// where J_f(x) is an Eigen matrix over Tagged<double>, computed column by
// column by perturbing one coordinate of x at a time with a fresh tag and
// extracting that tag's tangent. Because x (and v) may themselves carry outer
// tags, J_f(x) is a matrix of perturbed scalars and D(D(f)) works.
//
// Objects are structured — the terminal 1, the reals R, atoms ℝⁿ named after
// their type, products X × Y — and flatten to a dimension; a point of X is an
// Eigen vector of that many doubles, the factors of a product laid out first
// then second. Morphisms are functions on vectors of Tagged<double> that know
// their domain and codomain. First-order only: there are no exponentials, so
// `smooth` satisfies CartesianDifferentialCategory but not
// CartesianClosedCategory.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>

#include "calculus/term.h"
#include "models/scalar.h"
#include "models/tagged_eigen.h"
#include "semantics/difference.h"
#include "semantics/model_config.h"
#include "semantics/tolerance.h"

namespace perturb::models {

using TaggedVector = Eigen::Matrix<Tagged<double>, Eigen::Dynamic, 1>;
using TaggedMatrix = Eigen::Matrix<Tagged<double>, Eigen::Dynamic, Eigen::Dynamic>;

class Smooth {
 public:
  // 1 | R | an atom ℝⁿ | X × Y; compared structurally (atoms by name and dimension).
  class Object {
   public:
    enum class Kind { Terminal, Real, Atom, Product };

    // The terminal object 1.
    Object();

    Kind kind() const;
    // The number of real coordinates of a point.
    int dimension() const;

    friend bool operator==(const Object& a, const Object& b);

    // The shared, immutable representation (defined below).
    struct Node;

   private:
    friend class Smooth;
    explicit Object(std::shared_ptr<const Node> node) : node_(std::move(node)) {}
    std::shared_ptr<const Node> node_;
  };

  // A smooth map on flattened coordinates, over Tagged<double> so that it can
  // be differentiated again.
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
    friend class Smooth;
    Morphism(Object domain, Object codomain, std::string description, Map map);
    Object domain_;
    Object codomain_;
    std::shared_ptr<const std::string> description_;
    std::shared_ptr<const Map> map_;
  };

  using Point = Eigen::VectorXd;

  explicit Smooth(const semantics::ModelConfig& config = {});

  std::string name() const { return "smooth"; }
  // Smooth maps embed fully in a differential λ-category, where Theorem 5.6
  // holds: a first-order judgement outside the first-order fragment (a λ
  // applied, D of a λ) is read through its normal form (semantics/interpret.h).
  static constexpr bool kFirstOrderViaNormalForm = true;
  bool is_foil() const { return false; }

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
  // The literal value : 1 → R.
  Morphism constant(double value) const;

  // ---- differential structure (CartesianDifferentialCategory) ----
  // D(f) : X × X → Y, D(f)(v, x) = J_f(x)·v.
  Morphism derivative(const Morphism& f) const;
  // J_f(x), one column per coordinate of x, over the tags x already carries.
  TaggedMatrix jacobian(const Morphism& f, const TaggedVector& x) const;
  // J_f(x) at an unperturbed point.
  Eigen::MatrixXd jacobian(const Morphism& f, const Point& x) const;

  // ---- building morphisms directly ----
  // The map `map` : X → Y, described as `description` in reports.
  Morphism make_morphism(const Object& x, const Object& y, std::string description, Map map) const;
  // x ↦ M·x : X → Y; M must be dim Y × dim X.
  Morphism linear(const Object& x, const Object& y, const Eigen::MatrixXd& matrix) const;
  // x ↦ M·x + b : X → Y.
  Morphism affine(const Object& x, const Object& y, const Eigen::MatrixXd& matrix,
                  const Eigen::VectorXd& offset) const;

  // ---- points ----
  Point apply(const Morphism& f, const Point& p) const;
  Point unit_point() const { return Point(0); }
  Point pair_point(const Point& p, const Point& q) const;
  double real_value(const Point& p) const;

  // ---- TestableModel ----
  // Coordinates uniform in [−2, 2].
  Point random_point(const Object& x, std::mt19937_64& rng) const;
  // Coordinate-wise semantics::approx_equal; rng is unused (no function objects).
  bool approx_equal(const Object& x, const Point& p, const Point& q,
                    const semantics::Tolerance& tolerance, std::mt19937_64& rng) const;
  // The first coordinate out of tolerance ("coordinate 2 of 3"; none for R).
  std::optional<semantics::Difference> difference(const Object& x, const Point& p, const Point& q,
                                                  const semantics::Tolerance& tolerance,
                                                  std::mt19937_64& rng) const;
  bool is_finite(const Object& x, const Point& p) const;
  // "1.5" for R, "[1, 2]" for an atom, "<a, b>" for a pair, "()" for 1.
  std::string describe_point(const Object& x, const Point& p) const;
  // "1", "R", the atom's name, "(X × Y)".
  std::string describe_object(const Object& x) const;
  std::string describe_morphism(const Morphism& f) const { return f.description(); }

  // A random f : X → Y: a composition, to bounded depth, of primitives,
  // pairings, projections, sums and random affine maps; deterministic in rng.
  Morphism random_morphism(const Object& x, const Object& y, std::mt19937_64& rng) const;

 private:
  Object atom_object(const std::string& name, int dimension) const;
  void require_equal(const char* operation, const Object& expected, const Object& found) const;

  semantics::ModelConfig config_;
};

struct Smooth::Object::Node {
  Kind kind;
  int dimension;
  std::string name;                    // atoms only
  std::shared_ptr<const Node> first;   // products only
  std::shared_ptr<const Node> second;  // products only
};

}  // namespace perturb::models
