// Whether a law applies to a model, decided at run time from the model's
// capabilities (semantics/capabilities.h) as GATlab decides which axioms a
// model's structure brings: a law's equation is a template whose constraint
// is the concept it needs, and it applies to a model exactly when it applies
// to the model shape with the same structure: the same differential,
// closed, normal-form reading and fast-path capabilities, the only ones a
// law's constraint can ask for. The shapes exist only to be asked.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "calculus/term.h"
#include "proofs/cases/law.h"
#include "semantics/capabilities.h"

namespace perturb::proofs {

// True when Law's equation accepts model type C.
template <class Law, class C>
concept LawAppliesTo = requires(const C& c, const Case& k) {
  Law::equation(c, k);
};

namespace applicability_detail {

// A model type with exactly the structure the flags say; declared, never defined.
template <bool Differential, bool Closed, bool ViaNormalForm, bool FastTangentMap,
          bool FastTangentHat>
struct Shape {
  struct Object {
    bool operator==(const Object&) const = default;
  };
  struct Morphism {};
  struct Point {};
  static constexpr bool kFirstOrderViaNormalForm = ViaNormalForm;

  std::string name() const;
  bool is_foil() const;
  Point random_point(const Object&, std::mt19937_64&) const;
  bool approx_equal(const Object&, const Point&, const Point&, const semantics::Tolerance&,
                    std::mt19937_64&) const;
  bool is_finite(const Object&, const Point&) const;
  std::string describe_point(const Object&, const Point&) const;
  std::string describe_object(const Object&) const;
  std::string describe_morphism(const Morphism&) const;

  Object domain(const Morphism&) const;
  Object codomain(const Morphism&) const;
  Morphism identity(const Object&) const;
  Morphism compose(const Morphism&, const Morphism&) const;
  Object terminal() const;
  Object product(const Object&, const Object&) const;
  std::optional<std::pair<Object, Object>> factors(const Object&) const;
  Morphism pair(const Morphism&, const Morphism&) const;
  Morphism proj1(const Object&, const Object&) const;
  Morphism proj2(const Object&, const Object&) const;
  Morphism bang(const Object&) const;
  Morphism add(const Morphism&, const Morphism&) const;
  Morphism zero(const Object&, const Object&) const;
  Point apply(const Morphism&, const Point&) const;
  Point unit_point() const;
  Point pair_point(const Point&, const Point&) const;
  Object real() const;
  double real_value(const Point&) const;
  Object atom(const std::string&) const;
  Morphism primitive(calculus::Primitive) const;
  Morphism constant(double) const;

  Morphism derivative(const Morphism&) const requires Differential;
  Object exponential(const Object&, const Object&) const requires Closed;
  Morphism eval(const Object&, const Object&) const requires Closed;
  Morphism curry(const Morphism&) const requires Closed;
  Morphism fast_tangent_map(const Morphism&) const requires FastTangentMap;
  Morphism fast_tangent_hat(const Object&, const Object&) const requires FastTangentHat;
};

inline constexpr std::size_t kShapes = 32;

// The shape of index i: bit 0 differential, 1 closed, 2 read via normal forms,
// 3 fast tangent map, 4 fast tangent hat.
template <std::size_t I>
using ShapeOf = Shape<(I & 1) != 0, (I & 2) != 0, (I & 4) != 0, (I & 8) != 0, (I & 16) != 0>;

constexpr std::size_t shape_index(const semantics::Capabilities& model) {
  return (model.differential ? 1 : 0) | (model.closed ? 2 : 0) | (model.via_normal_form ? 4 : 0) |
         (model.fast_tangent_map ? 8 : 0) | (model.fast_tangent_hat ? 16 : 0);
}

template <class Law, std::size_t... I>
constexpr std::array<bool, kShapes> applies_by_shape(std::index_sequence<I...>) {
  return {LawAppliesTo<Law, ShapeOf<I>>...};
}

}  // namespace applicability_detail

// Which model shapes a law applies to.
using Applicability = std::array<bool, applicability_detail::kShapes>;

template <class Law>
constexpr Applicability applicability_of() {
  return applicability_detail::applies_by_shape<Law>(
      std::make_index_sequence<applicability_detail::kShapes>{});
}

// Whether a law that applies as `applies` says applies to a model that can do
// what `model` says.
inline bool applies_to(const Applicability& applies, const semantics::Capabilities& model) {
  return applies[applicability_detail::shape_index(model)];
}

// Whether Law applies to a model that can do what `model` says.
template <class Law>
bool law_applies(const semantics::Capabilities& model) {
  static constexpr Applicability kApplies = applicability_of<Law>();
  return applies_to(kApplies, model);
}

// Every law of the catalogue, in catalogue order, with the model shapes it
// applies to (defined with bind_laws, proofs/binding/bind_laws.cpp).
struct CatalogueLaw {
  LawInfo info;
  Applicability applies;
};
const std::vector<CatalogueLaw>& catalogue_laws();

// What a model that can do what `model` says lacks for a law that applies as
// `applies`: the fewest capabilities ("differential", "closed", "via_normal_form",
// "fast_tangent_map", "fast_tangent_hat") that would make it apply; empty
// when it applies, or when none would.
std::vector<std::string> missing_for(const Applicability& applies,
                                     const semantics::Capabilities& model);

}  // namespace perturb::proofs
