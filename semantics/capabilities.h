// What a model can do beyond TestableModel, as one value: the capabilities
// the checker reads to decide which cases a law gets on a model, how it
// compares and decides them, and which laws apply. capabilities_of<M>() is
// the one place that asks a model type what it can do; everything else
// reads the Capabilities it returns.
//
//
// Minimal complete definition
// ---------------------------
// TestableModel (testable_model.h). Every capability below is optional; a
// model has it when it opts in as the table says.
//
//
// Capabilities
// ------------
//   capability        how a model opts in                what it enables
//   differential      CartesianDifferentialCategory      terms with T and D; the
//                     (D, cartesian_differential_         cdc.* and tangent.* laws
//                     category.h)
//   closed            CartesianClosedCategory            ⇒, ev and Λ; the ccc.* laws
//   higher_order      differential and closed            arrows in types, λ and
//                     (DifferentialLambdaCategory)       higher-order application in
//                                                        terms; the dlc.* laws and
//                                                        every sound.* law
//   via_normal_form   static constexpr bool              first-order judgements whose
//                     kFirstOrderViaNormalForm = true    terms range over the whole
//                                                        calculus, read through their
//                                                        normal forms (Theorem 5.6):
//                                                        the first-order sound.* laws
//   linear_only       static constexpr bool              cases of linear terms only,
//                     linear_only = true, and            compared at a Point of the
//                     c.real_point(double) -> Point      domain (a linear model has no
//                                                        global elements but 0)
//   transcendentals   (withdrawn by static constexpr     sin, cos and exp in terms
//                     bool kPrimitiveFree = true)
//   primitives        static constexpr bool              which primitives of the
//                     hosts_primitive(Primitive); else   signature (calculus/
//                     mul, sin, cos, exp (mul alone      signature.h) its terms may
//                     without transcendentals)           have
//   precision_ladder  c.precisions() -> span<const long> a case left Undecided is
//                     and c.at_precision(bits)           evaluated again at each
//                                                        precision in turn
//   certified         a precision ladder, or static      exact literal folds only;
//                     constexpr bool kExact = true       counterexamples need no twin
//   proving           c.proves_equal(f, g) -> bool and   passes are proofs, failures
//                     c.uses_primitive(f) -> bool        refutations, the rest
//                                                        inconclusive
//   serial            static exclusive() -> a lock       no two checks at once
//   compares          c.compare(X, p, q, tol, rng)       Equal, Different or NotFinite
//                     -> Comparison                      in one pass (else approx_equal
//                                                        and is_finite)
//   says_difference   c.difference(X, p, q, tol, rng)    a counterexample's witness
//                     -> optional<Difference>            where its sides are not reals
//   depth             static constexpr int               derivatives nest at most this
//                     kMaxDerivativeDepth = d (d ≥ 1)    deep: laws that nest deeper are
//                                                        refused, the others' random
//                                                        terms nest T at most d − the
//                                                        law's own (proofs/depth/)
//   points            static constexpr double            a real coordinate of a point
//                     kSpecialPoints[] = {…} (finite)    is one of these in one draw in
//                                                        four (proofs/cases/
//                                                        case_generator.h)
//
// Three more opt-ins are a model's fast paths, which stay inside the model:
//   shares_evaluation c.shared(f) -> Morphism            the interpreter passes the
//                                                        morphism of a shared subterm
//                                                        through it (interpret.h);
//                                                        without it, derived terms past
//                                                        10⁶ tree nodes are discarded
//   fast_tangent_map  c.fast_tangent_map(f) -> Morphism  T(f) in one pass (derived.h);
//                                                        model.fast-tangent-map
//   fast_tangent_hat  c.fast_tangent_hat(X, Y)           T̂ directly (derived.h);
//                     -> Morphism                        model.fast-tangent-hat
//
// A model erased into semantics::AnyModel (semantics/any_model.h) has every
// member, and says which it can use with c.capabilities(): generic code asks
// capabilities(c), which is that for an AnyModel and capabilities_of<C>()
// for a model's own type.
//
//
// Models
// ------
// Every model in models/registry.h.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <optional>
#include <random>
#include <span>

#include "calculus/signature.h"
#include "semantics/cartesian_closed_category.h"
#include "semantics/cartesian_differential_category.h"
#include "semantics/comparison.h"
#include "semantics/difference.h"
#include "semantics/differential_lambda_category.h"
#include "semantics/testable_model.h"
#include "semantics/tolerance.h"

namespace perturb::semantics {

// via_normal_form: a first-order model whose morphisms embed fully in a
// differential λ-category, so that |M| = |nf(M)| there (Theorem 5.6).
template <class C>
concept FirstOrderViaNormalForm = requires {
  requires C::kFirstOrderViaNormalForm;
};

// A model that reads every term of every first-order judgement: a
// differential λ-category reads every term, a FirstOrderViaNormalForm model
// the first-order judgements (through normal forms). The soundness laws that
// need the whole calculus but no exponential in the equation require this.
template <class C>
concept ReadsFirstOrderJudgements = DifferentialLambdaCategory<C> ||
    (CartesianDifferentialCategory<C>&& FirstOrderViaNormalForm<C>);

// linear_only: every morphism is linear (an additive category with
// D(f) = f∘π1, e.g. linear maps ℝᵐ → ℝⁿ as matrices). A literal c : 1 → R is
// not linear (the only global elements are 0), and neither are sin, cos, exp
// or mul: such a model gets only linear terms (variables, projections, pairs,
// sums, 0), and the two sides of a law are compared at a point given as a
// Point of their domain, not as a morphism 1 → X.
template <class C>
concept LinearOnlyModel = requires(const C& c, double value) {
  requires C::linear_only;
  { c.real_point(value) } -> std::same_as<typename C::Point>;
};

// Not transcendentals: a model of the primitive-free fragment (sums,
// products, literals, T, λ, pairs), such as the exact rational model, which
// refuses sin, cos and exp.
template <class C>
concept PrimitiveFreeModel = requires {
  requires C::kPrimitiveFree;
};

// primitives: the model says which primitives of the signature it hosts.
template <class C>
concept DeclaresPrimitives = requires {
  { C::hosts_primitive(calculus::Primitive::Mul) } -> std::same_as<bool>;
};

// A set of primitives of the standard signature, one bit each.
using PrimitiveSet = std::uint64_t;

constexpr PrimitiveSet primitive_bit(calculus::Primitive primitive) {
  return PrimitiveSet{1} << static_cast<unsigned>(primitive);
}

// precision_ladder: the comparison is certified at a working precision that
// can be raised (models/scalars/ball.h): a case left Undecided is evaluated again at
// each precision of c.precisions() in turn, under the scope c.at_precision(bits).
template <class C>
concept HasPrecisionLadder = requires(const C& c) {
  { c.precisions() } -> std::convertible_to<std::span<const long>>;
  c.at_precision(64L);
};

// certified: comparisons rounding cannot fool, certified at a precision that
// can be raised (HasPrecisionLadder) or exact (the rational model). Their
// laws and normal-form readings get exact literal folds only
// (calculus/reduce.h, Rules::rounded_folds), and their failures need no
// certification by a twin (proofs/binding/certified_twin.h).
template <class C>
concept CertifiedModel = HasPrecisionLadder<C> || requires {
  requires C::kExact;
};

// proving: c.proves_equal(lhs, rhs) is true only when the parallel
// morphisms are equal, and false when it cannot show it (models/symbolic/symbolic.h).
// Instances are proved, refuted by a certified difference at the case's
// point, or inconclusive (a discard); a pass at one point alone is not a proof.
template <class C>
concept ProvingModel = requires(const C& c, const typename C::Morphism& f) {
  { c.proves_equal(f, f) } -> std::same_as<bool>;
  { c.uses_primitive(f) } -> std::same_as<bool>;
};

// serial: the model's objects may be used by one thread at a time (GiNaC's
// are not thread-safe): each case is checked under the process-wide lock
// C::exclusive(), and the runner runs no two of its units at once.
template <class C>
concept SerialModel = requires(const C& c) {
  c.exclusive();
};

// compares: tells "different" from "not finite" when comparing points (at
// function objects non-finite values only show up while comparing).
template <class C>
concept HasCompare = requires(const C& c, const typename C::Object& x, const typename C::Point& p,
                              const Tolerance& tolerance, std::mt19937_64& rng) {
  { c.compare(x, p, p, tolerance, rng) } -> std::same_as<Comparison>;
};

// says_difference: can say where two points that compare Different differ.
template <class C>
concept HasDifference = requires(const C& c, const typename C::Object& x,
                                 const typename C::Point& p, const Tolerance& tolerance,
                                 std::mt19937_64& rng) {
  { c.difference(x, p, p, tolerance, rng) } -> std::same_as<std::optional<Difference>>;
};

// shares_evaluation: c.shared(f) is a morphism equal to f that the model may
// evaluate once per argument where f is used at several places (closures
// memoizes it).
template <class C>
concept SharesEvaluation = requires(const C& c, const typename C::Morphism& f) {
  { c.shared(f) } -> std::same_as<typename C::Morphism>;
};

// fast_tangent_map: T(f) faster than ⟨D(f), f∘π2⟩ (e.g. in one pass).
template <class C>
concept HasFastTangentMap = CartesianDifferentialCategory<C> &&
    requires(const C& c, const typename C::Morphism& f) {
  { c.fast_tangent_map(f) } -> std::same_as<typename C::Morphism>;
};

// depth: derivatives nest at most M::kMaxDerivativeDepth deep (a library
// whose dual numbers nest to a fixed depth).
template <class C>
concept DeclaresDepth = requires {
  { C::kMaxDerivativeDepth } -> std::convertible_to<int>;
};

// points: reals where the model expects to go wrong (a library's own
// branch points, thresholds of its series), for the cases' points.
template <class C>
concept DeclaresSpecialPoints = requires {
  std::span<const double>(C::kSpecialPoints);
};

// Whether every one of points is finite (a literal of the calculus).
consteval bool all_finite(std::span<const double> points) {
  return std::ranges::all_of(points, [](double x) { return x - x == 0; });
}

// fast_tangent_hat: T̂ faster than Λ(T(ev)∘t).
template <class C>
concept HasFastTangentHat = CartesianDifferentialCategory<C> && CartesianClosedCategory<C> &&
    requires(const C& c, const typename C::Object& x) {
  { c.fast_tangent_hat(x, x) } -> std::same_as<typename C::Morphism>;
};

struct Capabilities {
  // First: clang 14 emits a wrong value for capabilities_of<M>() called at
  // run time when padding precedes a member (the members after it shift).
  PrimitiveSet primitives = 0;
  // Which declared primitives (calculus/declared_primitive.h) it hosts, asked
  // at run time since they are declared then: its hosts_primitive, if any.
  bool (*hosts_declared)(calculus::Primitive) = nullptr;
  bool differential = false;
  bool closed = false;
  bool via_normal_form = false;
  bool linear_only = false;
  bool transcendentals = true;
  bool precision_ladder = false;
  bool certified = false;
  bool proving = false;
  bool serial = false;
  bool compares = false;
  bool says_difference = false;
  bool shares_evaluation = false;
  bool fast_tangent_map = false;
  bool fast_tangent_hat = false;
  // The deepest derivative nesting it supports; 0: no bound.
  std::uint8_t max_derivative_depth = 0;
  // Its own special points (kSpecialPoints), if it has some.
  std::span<const double> (*special_points)() = nullptr;

  bool higher_order() const { return differential && closed; }
  bool hosts(calculus::Primitive primitive) const {
    if (calculus::is_declared(primitive)) return hosts_declared && hosts_declared(primitive);
    return (primitives & primitive_bit(primitive)) != 0;
  }
  // The primitives it hosts, the declared ones included.
  PrimitiveSet hosted() const {
    PrimitiveSet set = primitives;
    for (const calculus::Primitive p : calculus::declared_primitives()) {
      if (hosts(p)) set |= primitive_bit(p);
    }
    return set;
  }

  friend bool operator==(const Capabilities&, const Capabilities&) = default;
};

// A model that says what it can do at run time (semantics::AnyModel).
template <class C>
concept ErasedModel = requires(const C& c) {
  { c.capabilities() } -> std::same_as<const Capabilities&>;
};

// The primitives model type M hosts (Capabilities::primitives).
template <class M>
consteval PrimitiveSet hosted_primitives() {
  PrimitiveSet set = 0;
  for (const calculus::Primitive p : calculus::kStandardPrimitives) {
    bool hosted;
    if constexpr (DeclaresPrimitives<M>) {
      hosted = M::hosts_primitive(p);
    } else if constexpr (PrimitiveFreeModel<M>) {
      hosted = p == calculus::Primitive::Mul;
    } else {
      hosted = std::ranges::find(calculus::kPaperPrimitives, p) !=
               std::ranges::end(calculus::kPaperPrimitives);
    }
    if (hosted) set |= primitive_bit(p);
  }
  return set;
}

// What model type M can do.
template <CartesianLeftAdditiveCategory M>
requires(!ErasedModel<M>) consteval Capabilities capabilities_of() {
  Capabilities capabilities{.differential = CartesianDifferentialCategory<M>,
                            .closed = CartesianClosedCategory<M>,
                            .via_normal_form = FirstOrderViaNormalForm<M>,
                            .linear_only = LinearOnlyModel<M>,
                            .transcendentals = !PrimitiveFreeModel<M>,
                            .precision_ladder = HasPrecisionLadder<M>,
                            .certified = CertifiedModel<M>,
                            .proving = ProvingModel<M>,
                            .serial = SerialModel<M>,
                            .compares = HasCompare<M>,
                            .says_difference = HasDifference<M>,
                            .shares_evaluation = SharesEvaluation<M>,
                            .fast_tangent_map = HasFastTangentMap<M>,
                            .fast_tangent_hat = HasFastTangentHat<M>};
  capabilities.primitives = hosted_primitives<M>();
  if constexpr (DeclaresPrimitives<M>) capabilities.hosts_declared = &M::hosts_primitive;
  if constexpr (DeclaresDepth<M>) {
    static_assert(M::kMaxDerivativeDepth >= 1 && M::kMaxDerivativeDepth <= 255,
                  "kMaxDerivativeDepth must be between 1 and 255");
    capabilities.max_derivative_depth = static_cast<std::uint8_t>(M::kMaxDerivativeDepth);
  }
  if constexpr (DeclaresSpecialPoints<M>) {
    static_assert(all_finite(M::kSpecialPoints), "kSpecialPoints must be finite");
    capabilities.special_points = +[] { return std::span<const double>(M::kSpecialPoints); };
  }
  return capabilities;
}

// What the model c can do: capabilities_of its type, or what an erased model says.
template <CartesianLeftAdditiveCategory C>
constexpr Capabilities capabilities(const C& c) {
  if constexpr (ErasedModel<C>) {
    return c.capabilities();
  } else {
    return capabilities_of<C>();
  }
}

}  // namespace perturb::semantics
