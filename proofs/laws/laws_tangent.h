// The tangent bundle of a cartesian differential category (spec §2): T as a
// functor and a monad, the strengths t and t', φ and its commutativity,
// Lemma 3.8, sw and Lemma 3.13. Ids tangent.* as listed in
// semantics/differential_lambda_category.h. T is the model's own tangent map
// (fast where it has one); model.fast-tangent-map compares it with the
// generic ⟨D(f), f∘π2⟩.
#pragma once

#include <initializer_list>

#include "proofs/cases/case_generator.h"
#include "proofs/cases/law_support.h"
#include "proofs/laws/laws_cartesian.h"
#include "proofs/laws/laws_differential.h"
#include "semantics/derived.h"

namespace perturb::proofs::laws {

using calculus::mk_product;
using calculus::mk_tangent;
using calculus::Type;

namespace detail {
// A case with one object X and a point of T^depth X.
inline Case object_case(CaseGenerator& gen, int depth) {
  Case k;
  Type x = gen.object();
  for (int i = 0; i < depth; ++i) x = mk_tangent(x);
  gen.point(k, "p", x);
  return k;
}
// The X of a point object T^depth X.
template <class C>
typename C::Object base_of(const C& c, typename C::Object object, int depth, std::string_view law) {
  for (int i = 0; i < depth; ++i) object = factors_of(c, object, law).first;
  return object;
}
}  // namespace detail

struct FastTangentMap {
  static constexpr LawInfo info{"model.fast-tangent-map", "§2 (T(f) = ⟨D(f), f∘π2⟩)",
                                "the model's own T(f) equals ⟨D(f), f∘π2⟩"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object();
    gen.morphism(k, "f", x, gen.object());
    gen.point(k, "p", mk_tangent(x));
    return k;
  }
  template <semantics::HasFastTangentMap C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f");
    return {c.fast_tangent_map(f), semantics::generic_tangent_map(c, f)};
  }
};

struct FunctorIdentity {
  static constexpr LawInfo info{"tangent.functor.identity", "§2 (T is a functor)", "T(id) = id"};
  static Case generate(CaseGenerator& gen) { return detail::object_case(gen, 1); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto tx = point_object(c, k);
    const auto x = detail::base_of(c, tx, 1, info.id);
    return {semantics::tangent_map(c, c.identity(x)), c.identity(tx)};
  }
};

struct FunctorComposition {
  static constexpr LawInfo info{"tangent.functor.composition", "§2 (T is a functor)",
                                "T(f∘g) = T(f)∘T(g)"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object();
    gen.morphism(k, "g", x, y);
    gen.morphism(k, "f", y, gen.object());
    gen.point(k, "p", mk_tangent(x));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using semantics::tangent_map;
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    return {tangent_map(c, c.compose(f, g)), c.compose(tangent_map(c, f), tangent_map(c, g))};
  }
};

struct MonadLeftUnit {
  static constexpr LawInfo info{"tangent.monad.left-unit", "§2 (monad)", "μ∘η_T = id"};
  static Case generate(CaseGenerator& gen) { return detail::object_case(gen, 1); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto tx = point_object(c, k);
    const auto x = detail::base_of(c, tx, 1, info.id);
    return {c.compose(semantics::multiplication(c, x), semantics::unit(c, tx)), c.identity(tx)};
  }
};

struct MonadRightUnit {
  static constexpr LawInfo info{"tangent.monad.right-unit", "§2 (monad)", "μ∘T(η) = id"};
  static Case generate(CaseGenerator& gen) { return detail::object_case(gen, 1); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto tx = point_object(c, k);
    const auto x = detail::base_of(c, tx, 1, info.id);
    return {c.compose(semantics::multiplication(c, x),
                      semantics::tangent_map(c, semantics::unit(c, x))),
            c.identity(tx)};
  }
};

struct MonadAssociativity {
  static constexpr LawInfo info{"tangent.monad.associativity", "§2 (monad)", "μ∘T(μ) = μ∘μ_T"};
  static Case generate(CaseGenerator& gen) { return detail::object_case(gen, 3); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto x = detail::base_of(c, point_object(c, k), 3, info.id);
    const auto mu = semantics::multiplication(c, x);
    return {c.compose(mu, semantics::tangent_map(c, mu)),
            c.compose(mu, semantics::multiplication(c, semantics::tangent_object(c, x)))};
  }
};

struct UnitNatural {
  static constexpr LawInfo info{"tangent.unit-natural", "§2 (η natural)", "T(f)∘η = η∘f"};
  static Case generate(CaseGenerator& gen) { return detail::parallel_case(gen, {"f"}); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto f = metavariable(c, k, "f");
    return {c.compose(tangent_map(c, f), unit(c, c.domain(f))),
            c.compose(unit(c, c.codomain(f)), f)};
  }
};

struct MultNatural {
  static constexpr LawInfo info{"tangent.mult-natural", "§2 (μ natural)", "T(f)∘μ = μ∘T(T(f))"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object();
    gen.morphism(k, "f", x, gen.object());
    gen.point(k, "p", mk_tangent(mk_tangent(x)));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto f = metavariable(c, k, "f");
    return {c.compose(tangent_map(c, f), multiplication(c, c.domain(f))),
            c.compose(multiplication(c, c.codomain(f)), tangent_map(c, tangent_map(c, f)))};
  }
};

// The right strength t = t_{X,Y} : X × TY → T(X × Y) (semantics/derived.h).
struct StrengthUnit {
  static constexpr LawInfo info{"tangent.strength.unit", "§2 (right strength t)", "t∘(id × η) = η"};
  static Case generate(CaseGenerator& gen) { return detail::product_point_case(gen); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [x, y] = factors_of(c, point_object(c, k), info.id);
    return {c.compose(right_strength(c, x, y), product_map(c, c.identity(x), unit(c, y))),
            unit(c, c.product(x, y))};
  }
};

struct StrengthMultiplication {
  static constexpr LawInfo info{"tangent.strength.mult", "§2 (right strength t)",
                                "t∘(id × μ) = μ∘T(t)∘t"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type second = gen.object(), first = gen.object();  // the last first: case_generator.h
    gen.point(k, "p", mk_product(first, mk_tangent(mk_tangent(second))));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [x, tty] = factors_of(c, point_object(c, k), info.id);
    const auto y = detail::base_of(c, tty, 2, info.id);
    const auto t = right_strength(c, x, y);
    return {c.compose(t, product_map(c, c.identity(x), multiplication(c, y))),
            compose(c, multiplication(c, c.product(x, y)), tangent_map(c, t),
                    right_strength(c, x, tangent_object(c, y)))};
  }
};

struct StrengthProjection {
  static constexpr LawInfo info{"tangent.strength.projection", "§2 (right strength t)",
                                "T(π2)∘t = π2"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type second = gen.object(), first = gen.object();  // the last first: case_generator.h
    gen.point(k, "p", mk_product(first, mk_tangent(second)));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [x, ty] = factors_of(c, point_object(c, k), info.id);
    const auto y = detail::base_of(c, ty, 1, info.id);
    return {c.compose(tangent_map(c, c.proj2(x, y)), right_strength(c, x, y)), c.proj2(x, ty)};
  }
};

// α = associator : (X × Y) × Z → X × (Y × Z) (semantics/derived.h).
struct StrengthAssociativity {
  static constexpr LawInfo info{"tangent.strength.assoc", "§2 (right strength t)",
                                "T(α)∘t = t∘(id × t)∘α"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type third = gen.object(), second = gen.object(),
               first = gen.object();  // the last first: case_generator.h
    gen.point(k, "p", mk_product(mk_product(first, second), mk_tangent(third)));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [xy, tz] = factors_of(c, point_object(c, k), info.id);
    const auto [x, y] = factors_of(c, xy, info.id);
    const auto z = detail::base_of(c, tz, 1, info.id);
    return {
        c.compose(tangent_map(c, associator(c, x, y, z)), right_strength(c, xy, z)),
        compose(c, right_strength(c, x, c.product(y, z)),
                product_map(c, c.identity(x), right_strength(c, y, z)), associator(c, x, y, tz))};
  }
};

// The left strength t' = t'_{X,Y} : TX × Y → T(X × Y), mirrored.
struct CostrengthUnit {
  static constexpr LawInfo info{"tangent.costrength.unit", "§2 (left strength t')",
                                "t'∘(η × id) = η"};
  static Case generate(CaseGenerator& gen) { return detail::product_point_case(gen); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [x, y] = factors_of(c, point_object(c, k), info.id);
    return {c.compose(left_strength(c, x, y), product_map(c, unit(c, x), c.identity(y))),
            unit(c, c.product(x, y))};
  }
};

struct CostrengthMultiplication {
  static constexpr LawInfo info{"tangent.costrength.mult", "§2 (left strength t')",
                                "t'∘(μ × id) = μ∘T(t')∘t'"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type second = gen.object(), first = gen.object();  // the last first: case_generator.h
    gen.point(k, "p", mk_product(mk_tangent(mk_tangent(first)), second));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [ttx, y] = factors_of(c, point_object(c, k), info.id);
    const auto x = detail::base_of(c, ttx, 2, info.id);
    const auto t1 = left_strength(c, x, y);
    return {c.compose(t1, product_map(c, multiplication(c, x), c.identity(y))),
            compose(c, multiplication(c, c.product(x, y)), tangent_map(c, t1),
                    left_strength(c, tangent_object(c, x), y))};
  }
};

struct CostrengthProjection {
  static constexpr LawInfo info{"tangent.costrength.projection", "§2 (left strength t')",
                                "T(π1)∘t' = π1"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type second = gen.object(), first = gen.object();  // the last first: case_generator.h
    gen.point(k, "p", mk_product(mk_tangent(first), second));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [tx, y] = factors_of(c, point_object(c, k), info.id);
    const auto x = detail::base_of(c, tx, 1, info.id);
    return {c.compose(tangent_map(c, c.proj1(x, y)), left_strength(c, x, y)), c.proj1(tx, y)};
  }
};

// α⁻¹ = associator_inverse : X × (Y × Z) → (X × Y) × Z (semantics/derived.h).
struct CostrengthAssociativity {
  static constexpr LawInfo info{"tangent.costrength.assoc", "§2 (left strength t')",
                                "T(α⁻¹)∘t' = t'∘(t' × id)∘α⁻¹"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type third = gen.object(), second = gen.object(),
               first = gen.object();  // the last first: case_generator.h
    gen.point(k, "p", mk_product(mk_tangent(first), mk_product(second, third)));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [tx, yz] = factors_of(c, point_object(c, k), info.id);
    const auto x = detail::base_of(c, tx, 1, info.id);
    const auto [y, z] = factors_of(c, yz, info.id);
    return {c.compose(tangent_map(c, associator_inverse(c, x, y, z)), left_strength(c, x, yz)),
            compose(c, left_strength(c, c.product(x, y), z),
                    product_map(c, left_strength(c, x, y), c.identity(z)),
                    associator_inverse(c, tx, y, z))};
  }
};

namespace detail {
// A case with only a point of TX × TY.
inline Case tangent_pair_case(CaseGenerator& gen) {
  Case k;
  const Type second = gen.object(), first = gen.object();  // the last first: case_generator.h
  gen.point(k, "p", mk_product(mk_tangent(first), mk_tangent(second)));
  return k;
}
}  // namespace detail

struct Phi {
  static constexpr LawInfo info{"tangent.phi", "§2 (φ)", "μ∘T(t)∘t' = ⟨π1 × π1, π2 × π2⟩"};
  static Case generate(CaseGenerator& gen) { return detail::tangent_pair_case(gen); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [tx, ty] = factors_of(c, point_object(c, k), info.id);
    const auto x = detail::base_of(c, tx, 1, info.id), y = detail::base_of(c, ty, 1, info.id);
    return {semantics::phi(c, x, y), semantics::canonical_iso(c, x, y)};
  }
};

struct PhiCommutative {
  static constexpr LawInfo info{"tangent.phi-commutative", "§2 (commutativity)",
                                "μ∘T(t')∘t = ⟨π1 × π1, π2 × π2⟩"};
  static Case generate(CaseGenerator& gen) { return detail::tangent_pair_case(gen); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [tx, ty] = factors_of(c, point_object(c, k), info.id);
    const auto x = detail::base_of(c, tx, 1, info.id), y = detail::base_of(c, ty, 1, info.id);
    return {semantics::phi_commuted(c, x, y), semantics::canonical_iso(c, x, y)};
  }
};

struct Lemma38 {
  static constexpr LawInfo info{"tangent.lemma-3.8", "Lemma 3.8", "T(⟨f, g⟩) = φ∘⟨T(f), T(g)⟩",
                                kChainRuleCoverage};
  static Case generate(CaseGenerator& gen) { return D4::generate(gen); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    return {tangent_map(c, c.pair(f, g)), c.compose(phi(c, c.codomain(f), c.codomain(g)),
                                                    c.pair(tangent_map(c, f), tangent_map(c, g)))};
  }
};

struct SwapSwaps {
  static constexpr LawInfo info{"tangent.sw.swap", "Definition 3.12",
                                "sw∘⟨⟨f, g⟩, h⟩ = ⟨⟨f, h⟩, g⟩"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type w = gen.object();
    for (const char* role : {"f", "g", "h"}) gen.morphism(k, role, w, gen.object());
    gen.point(k, "p", w);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h");
    const auto s = semantics::sw(c, c.codomain(f), c.codomain(g), c.codomain(h));
    return {c.compose(s, c.pair(c.pair(f, g), h)), c.pair(c.pair(f, h), g)};
  }
};

struct SwapLinear {
  static constexpr LawInfo info{"tangent.sw.linear", "Definition 3.12", "D(sw) = sw∘π1"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type third = gen.object(), second = gen.object(),
               first = gen.object();  // the last first: case_generator.h
    gen.point(k, "p", mk_tangent(mk_product(mk_product(first, second), third)));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto q = detail::base_of(c, point_object(c, k), 1, info.id);
    const auto [xy, z] = factors_of(c, q, info.id);
    const auto [x, y] = factors_of(c, xy, info.id);
    const auto s = semantics::sw(c, x, y, z);
    return {c.derivative(s), c.compose(s, c.proj1(q, q))};
  }
};

struct Lemma313 {
  static constexpr LawInfo info{"tangent.lemma-3.13", "Lemma 3.13", "T(sw)∘t'∘(t × id) = t∘sw"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type third = gen.object(), second = gen.object(),
               first = gen.object();  // the last first: case_generator.h
    gen.point(k, "p", mk_product(mk_product(first, mk_tangent(second)), third));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [xtz, y] = factors_of(c, point_object(c, k), info.id);
    const auto [x, tz] = factors_of(c, xtz, info.id);
    const auto z = factors_of(c, tz, info.id).first;
    // t'∘(t × id) : (X × TZ) × Y → T(X × Z) × Y → T((X × Z) × Y), then T(sw).
    return {compose(c, tangent_map(c, sw(c, x, z, y)), left_strength(c, c.product(x, z), y),
                    product_map(c, right_strength(c, x, z), c.identity(y))),
            c.compose(right_strength(c, c.product(x, y), z), sw(c, x, tz, y))};
  }
};

}  // namespace perturb::proofs::laws
