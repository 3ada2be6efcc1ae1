// The tangent bundle of a cartesian differential category (spec §2): T as a
// functor and a monad, the strengths t and t', φ and its commutativity,
// Lemma 3.8, sw and Lemma 3.13. Ids tangent.* as listed in
// semantics/differential_lambda_category.h. T is the model's own tangent map
// (fast where it has one); model.fast-tangent-map compares it with the
// generic ⟨D(f), f∘π2⟩.
#pragma once

#include "proofs/case_generator.h"
#include "proofs/law_support.h"
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

struct Functor {
  static constexpr LawInfo info{"tangent.functor", "§2 (T is a functor)",
                                "T(id) = id,  T(f∘g) = T(f)∘T(g)"};
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
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    const auto x = c.domain(g);
    const auto tx = semantics::tangent_object(c, x);
    using semantics::tangent_map;
    return {c.pair(tangent_map(c, c.identity(x)), tangent_map(c, c.compose(f, g))),
            c.pair(c.identity(tx), c.compose(tangent_map(c, f), tangent_map(c, g)))};
  }
};

struct MonadUnit {
  static constexpr LawInfo info{"tangent.monad.unit", "§2 (monad)", "μ∘η_T = id = μ∘T(η)"};
  static Case generate(CaseGenerator& gen) { return detail::object_case(gen, 1); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto tx = point_object(c, k);
    const auto x = detail::base_of(c, tx, 1, info.id);
    const auto mu = semantics::multiplication(c, x);
    return {c.pair(c.compose(mu, semantics::unit(c, tx)),
                   c.compose(mu, semantics::tangent_map(c, semantics::unit(c, x)))),
            c.pair(c.identity(tx), c.identity(tx))};
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

struct Naturality {
  static constexpr LawInfo info{"tangent.natural", "§2 (η, μ natural)",
                                "T(f)∘η = η∘f,  T(f)∘μ = μ∘T(T(f))"};
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
    const auto x = c.domain(f), y = c.codomain(f);
    const auto tx = tangent_object(c, x);
    const auto mu_tx = multiplication(c, x);
    // η-naturality is checked at the primal of the point (π2∘π2 : TTX → X).
    const auto primal = c.compose(c.proj2(x, x), c.proj2(tx, tx));
    return {c.pair(c.compose(tangent_map(c, f), c.compose(unit(c, x), primal)),
                   c.compose(tangent_map(c, f), mu_tx)),
            c.pair(c.compose(unit(c, y), c.compose(f, primal)),
                   c.compose(multiplication(c, y), tangent_map(c, tangent_map(c, f))))};
  }
};

struct Strength {
  static constexpr LawInfo info{"tangent.strength", "§2 (right strength t)",
                                "t∘(id × η) = η,  t∘(id × μ) = μ∘T(t)∘t,  T(π2)∘t = π2"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    gen.point(k, "p", mk_product(gen.object(), mk_tangent(mk_tangent(gen.object()))));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [x, tty] = factors_of(c, point_object(c, k), info.id);
    const auto ty = factors_of(c, tty, info.id).first;
    const auto y = factors_of(c, ty, info.id).first;
    const auto xy = c.product(x, y);
    // The point is in X × TTY; its primal parts serve the laws on X × TY and X × Y.
    const auto to_xty = product_map(c, c.identity(x), c.proj2(ty, ty));
    const auto to_xy = c.compose(product_map(c, c.identity(x), c.proj2(y, y)), to_xty);
    const auto t = right_strength(c, x, y);
    return {c.pair(c.pair(c.compose(t, c.compose(product_map(c, c.identity(x), unit(c, y)), to_xy)),
                          c.compose(t, product_map(c, c.identity(x), multiplication(c, y)))),
                   c.compose(tangent_map(c, c.proj2(x, y)), c.compose(t, to_xty))),
            c.pair(c.pair(c.compose(unit(c, xy), to_xy),
                          compose(c, multiplication(c, xy), tangent_map(c, t),
                                  right_strength(c, x, ty))),
                   c.compose(c.proj2(x, ty), to_xty))};
  }
};

struct Costrength {
  static constexpr LawInfo info{"tangent.costrength", "§2 (left strength t')",
                                "t'∘(η × id) = η,  t'∘(μ × id) = μ∘T(t')∘t',  T(π1)∘t' = π1"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    gen.point(k, "p", mk_product(mk_tangent(mk_tangent(gen.object())), gen.object()));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [ttx, y] = factors_of(c, point_object(c, k), info.id);
    const auto tx = factors_of(c, ttx, info.id).first;
    const auto x = factors_of(c, tx, info.id).first;
    const auto xy = c.product(x, y);
    const auto to_txy = product_map(c, c.proj2(tx, tx), c.identity(y));
    const auto to_xy = c.compose(product_map(c, c.proj2(x, x), c.identity(y)), to_txy);
    const auto t1 = left_strength(c, x, y);
    return {
        c.pair(c.pair(c.compose(t1, c.compose(product_map(c, unit(c, x), c.identity(y)), to_xy)),
                      c.compose(t1, product_map(c, multiplication(c, x), c.identity(y)))),
               c.compose(tangent_map(c, c.proj1(x, y)), c.compose(t1, to_txy))),
        c.pair(
            c.pair(c.compose(unit(c, xy), to_xy),
                   compose(c, multiplication(c, xy), tangent_map(c, t1), left_strength(c, tx, y))),
            c.compose(c.proj1(tx, y), to_txy))};
  }
};

struct Phi {
  static constexpr LawInfo info{"tangent.phi", "§2 (φ, commutativity)",
                                "μ∘T(t)∘t' = ⟨π1 × π1, π2 × π2⟩ = μ∘T(t')∘t"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    gen.point(k, "p", mk_product(mk_tangent(gen.object()), mk_tangent(gen.object())));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [tx, ty] = factors_of(c, point_object(c, k), info.id);
    const auto x = factors_of(c, tx, info.id).first;
    const auto y = factors_of(c, ty, info.id).first;
    const auto iso = canonical_iso(c, x, y);
    return {c.pair(phi(c, x, y), phi_commuted(c, x, y)), c.pair(iso, iso)};
  }
};

struct Lemma38 {
  static constexpr LawInfo info{"tangent.lemma-3.8", "Lemma 3.8", "T(⟨f, g⟩) = φ∘⟨T(f), T(g)⟩"};
  static Case generate(CaseGenerator& gen) { return D4::generate(gen); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    return {tangent_map(c, c.pair(f, g)), c.compose(phi(c, c.codomain(f), c.codomain(g)),
                                                    c.pair(tangent_map(c, f), tangent_map(c, g)))};
  }
};

struct Swap {
  static constexpr LawInfo info{"tangent.sw", "Definition 3.12",
                                "sw∘⟨⟨f, g⟩, h⟩ = ⟨⟨f, h⟩, g⟩, and sw is linear: D(sw) = sw∘π1"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type w = gen.object(), x = gen.object(), y = gen.object(), z = gen.object();
    gen.morphism(k, "f", w, x);
    gen.morphism(k, "g", w, y);
    gen.morphism(k, "h", w, z);
    gen.point(k, "p", mk_product(w, mk_tangent(mk_product(mk_product(x, y), z))));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h");
    const auto x = c.codomain(f), y = c.codomain(g), z = c.codomain(h);
    const auto s = sw(c, x, y, z);
    const auto [w, tq] = factors_of(c, point_object(c, k), info.id);
    const auto q = factors_of(c, tq, info.id).first;
    const auto on_w = c.proj1(w, tq), on_tq = c.proj2(w, tq);
    return {c.pair(c.compose(s, c.compose(c.pair(c.pair(f, g), h), on_w)),
                   c.compose(c.derivative(s), on_tq)),
            c.pair(c.compose(c.pair(c.pair(f, h), g), on_w), compose(c, s, c.proj1(q, q), on_tq))};
  }
};

struct Lemma313 {
  static constexpr LawInfo info{"tangent.lemma-3.13", "Lemma 3.13", "T(sw)∘t'∘(t × id) = t∘sw"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    gen.point(k, "p", mk_product(mk_product(gen.object(), mk_tangent(gen.object())), gen.object()));
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
