// The model `symbolic`: the cartesian differential category of smooth maps
// ℝᵐ → ℝⁿ (spec §1, "Examples") as vectors of GiNaC expressions:
//
//   a morphism X → Y    dim Y expressions in the symbols x0, …, x(dim X − 1),
//                       coordinate i of the flattened point of X being xi
//   f∘g                 simultaneous substitution of g's coordinates for xi
//   D(f)(v, x)          J_f(x)·v by symbolic differentiation, v = x0 … x(n−1)
//                       and x = xn … x(2n−1) (direction first, as in `smooth`)
//   a literal c         the exact rational value of the double c
//   a point             closed exact expressions (rationals, sin, cos, exp)
//
// Every number is a dyadic rational, the value of a double or a sum,
// product or power of such. Objects are those of `smooth`. A law instance
// lhs = rhs is
//
//   proved        when proves_equal(lhs, rhs): every coordinate of lhs − rhs
//                 expands (function arguments included) to exactly 0 as an
//                 expression in the symbols, so it holds at every point;
//   refuted       when compare at some point is Different: the two sides'
//                 values are enclosed in Arb balls (models/scalars/ball.h) that are
//                 disjoint, which is certain whatever the rounding;
//   inconclusive  otherwise (the points agree to the working precision).
//
// Budgets: every expression this model keeps has at most kMaxNodes nodes as
// a tree and numbers of at most kMaxNumberBits bits, and no substitution,
// derivative or expansion is started whose result could exceed its budget
// (kMaxIntermediateNodes for the last two): such a construction throws
// semantics::EvaluationBudgetExceeded, and such an expansion in
// proves_equal or compare is not tried.
//
// Threads: GiNaC's reference counts and tables are not thread-safe. Every
// use of a GiNaC object of this model — a Point, an expression returned by
// coordinates(), coordinate() or exact(), copying or destroying them — must
// happen while the caller holds exclusive(). The members of Symbolic take it
// themselves; a Morphism shares its expressions behind a std::shared_ptr
// whose deleter takes it, so copying and destroying morphisms needs no lock.
#pragma once

#include <ginac/ginac.h>

#include <Eigen/Core>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "calculus/term.h"
#include "models/scalars/ball.h"
#include "models/smooth/smooth.h"
#include "models/symbolic/expression_budget.h"
#include "semantics/comparison.h"
#include "semantics/difference.h"
#include "semantics/model_config.h"
#include "semantics/tolerance.h"

namespace perturb::models {

class Symbolic {
 public:
  using Object = Smooth::Object;

  // The budgets (models/symbolic/expression_budget.h).
  static constexpr double kMaxNodes = expressions::kMaxNodes;
  static constexpr double kMaxIntermediateNodes = expressions::kMaxIntermediateNodes;
  static constexpr double kMaxNumberBits = expressions::kMaxNumberBits;

  class Morphism {
   public:
    const Object& domain() const { return domain_; }
    const Object& codomain() const { return codomain_; }
    const std::string& description() const { return data_->description; }
    // dim Y expressions in the symbols coordinate(0), …, coordinate(dim X − 1).
    const std::vector<GiNaC::ex>& coordinates() const { return data_->coordinates; }

    // The shared, immutable expressions, destroyed under exclusive().
    struct Data {
      std::string description;
      std::vector<GiNaC::ex> coordinates;
    };

   private:
    friend class Symbolic;
    Morphism(Object domain, Object codomain, std::string description,
             std::vector<GiNaC::ex> coordinates);
    Object domain_;
    Object codomain_;
    std::shared_ptr<const Data> data_;
  };

  // One closed expression per coordinate of the flattened object, of dyadic
  // rationals, +, ·, integer powers, sin, cos and exp.
  using Point = std::vector<GiNaC::ex>;

  explicit Symbolic(const semantics::ModelConfig& config = {});

  std::string name() const { return "symbolic"; }
  // As `smooth`: the maps embed in a differential λ-category, so a
  // first-order judgement outside the first-order fragment is read through
  // its normal form (semantics/interpret.h).
  static constexpr bool kFirstOrderViaNormalForm = true;
  bool is_foil() const { return false; }

  // The one process-wide lock of every GiNaC object of this model (above).
  static std::unique_lock<std::recursive_mutex> exclusive();
  // The symbol of coordinate `index` of a morphism's flattened domain.
  static GiNaC::ex coordinate(int index);
  // The exact rational value of a finite double.
  static GiNaC::numeric exact(double value);

  // ---- objects (those of `smooth`) ----
  Object terminal() const { return smooth_.terminal(); }
  Object real() const { return smooth_.real(); }
  Object atom(const std::string& name) const { return smooth_.atom(name); }
  Object atom(const std::string& name, int dimension) const {
    return smooth_.atom(name, dimension);
  }
  Object product(const Object& x, const Object& y) const { return smooth_.product(x, y); }
  std::optional<std::pair<Object, Object>> factors(const Object& p) const {
    return smooth_.factors(p);
  }

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
  // f + g coordinate-wise; throws CategoryError unless f and g are parallel.
  Morphism add(const Morphism& f, const Morphism& g) const;
  Morphism zero(const Object& x, const Object& y) const;
  // mul : R × R → R, x0·x1; sin, cos, exp : R → R (spec §6).
  Morphism primitive(calculus::Primitive primitive) const;
  // The literal value : 1 → R, exactly.
  Morphism constant(double value) const;

  // ---- differential structure (CartesianDifferentialCategory) ----
  // D(f) : X × X → Y, D(f)(v, x) = J_f(x)·v.
  Morphism derivative(const Morphism& f) const;

  // ---- building morphisms directly ----
  // The map X → Y with the given coordinates, expressions in the symbols of
  // X's coordinates; throws calculus::InternalError if they do not fit.
  Morphism make_morphism(const Object& x, const Object& y, std::string description,
                         std::vector<GiNaC::ex> coordinates) const;
  // x ↦ M·x : X → Y with the exact values of M's entries; M is dim Y × dim X.
  Morphism linear(const Object& x, const Object& y, const Eigen::MatrixXd& matrix) const;
  // x ↦ M·x + b : X → Y, exactly.
  Morphism affine(const Object& x, const Object& y, const Eigen::MatrixXd& matrix,
                  const Eigen::VectorXd& offset) const;

  // ---- the proof ----
  // lhs and rhs are parallel and every coordinate of lhs − rhs expands,
  // arguments of sin, cos and exp included, to exactly 0, after the largest
  // subexpressions both sides share have been replaced by unknowns (which
  // is sound, and saves multiplying them out): they are equal at every
  // point. False, never a guess, when no expansion within the budgets
  // gives 0.
  bool proves_equal(const Morphism& lhs, const Morphism& rhs) const;
  // Whether some coordinate of f is not an affine expression in the symbols,
  // so that a primitive (mul, sin, cos, exp) contributes to f; the checker
  // counts the cases whose sides do (label "sides:primitive").
  bool uses_primitive(const Morphism& f) const;

  // ---- points ----
  Point apply(const Morphism& f, const Point& p) const;
  Point unit_point() const { return {}; }
  Point pair_point(const Point& p, const Point& q) const;
  // The double nearest the midpoint of p's enclosure at the working precision.
  double real_value(const Point& p) const;

  // ---- TestableModel ----
  // Coordinates uniform in [−2, 2] as doubles (as `smooth`), then exact.
  Point random_point(const Object& x, std::mt19937_64& rng) const;
  // compare(x, p, q, tolerance, rng) is Equal.
  bool approx_equal(const Object& x, const Point& p, const Point& q,
                    const semantics::Tolerance& tolerance, std::mt19937_64& rng) const;
  // Certified at the working precision, coordinate by coordinate: Different
  // when some pair of enclosures is disjoint, else Equal when every pair
  // overlaps tightly (models/scalars/ball.h) or is proved equal as in proves_equal,
  // else Undecided. The same in every run: enclosures do not depend on the
  // order in which GiNaC keeps terms. The tolerance and rng are unused.
  semantics::Comparison compare(const Object& x, const Point& p, const Point& q,
                                const semantics::Tolerance& tolerance, std::mt19937_64& rng) const;
  // The first coordinate whose enclosures are disjoint ("coordinate 2 of 3";
  // no step for R), with its certified separation.
  std::optional<semantics::Difference> difference(const Object& x, const Point& p, const Point& q,
                                                  const semantics::Tolerance& tolerance,
                                                  std::mt19937_64& rng) const;
  // A closed exact expression is always finite.
  bool is_finite(const Object& x, const Point& p) const;
  // As `smooth`, with each coordinate's double: "1.5", "[1, 2]", "<a, b>", "()".
  std::string describe_point(const Object& x, const Point& p) const;
  std::string describe_object(const Object& x) const { return smooth_.describe_object(x); }
  // "(x0, x1) ↦ (x0·x1, sin(x0))", numbers that are doubles printed as such,
  // the same text in every run.
  std::string describe_morphism(const Morphism& f) const;

  // ---- certified comparison (proofs/cases/check_case.h) ----
  // The working precisions, in bits, a case is evaluated at until its
  // comparison is decided: 64, 256, 1024.
  static std::span<const long> precisions() {
    static constexpr long kPrecisions[] = {64, 256, 1024};
    return kPrecisions;
  }
  // Evaluates at `bits` of precision on this thread while the result lives.
  static BallPrecision at_precision(long bits) { return BallPrecision(bits); }

  // A random f : X → Y from the distribution of Smooth::random_morphism,
  // with the exact values of its random doubles; deterministic in rng.
  Morphism random_morphism(const Object& x, const Object& y, std::mt19937_64& rng) const;

 private:
  void require_equal(const char* operation, const Object& expected, const Object& found) const;

  Smooth smooth_;
};

}  // namespace perturb::models
