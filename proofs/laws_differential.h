// The axioms of a cartesian differential category (spec §1, D1–D7) and the
// laws of linear maps, ids cdc.* and linear.* as listed in
// semantics/cartesian_differential_category.h. Metavariables are random terms
// interpreted in the model; D takes the direction first.
#pragma once

#include "proofs/case_generator.h"
#include "proofs/law_support.h"
#include "semantics/derived.h"

namespace perturb::proofs::laws {

using calculus::mk_product;
using calculus::mk_tangent;
using calculus::Type;

struct D1 {
  static constexpr LawInfo info{"cdc.D1", "§1 D1", "D(f + g) = D(f) + D(g),  D(0) = 0"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object();
    gen.morphism(k, "f", x, y);
    gen.morphism(k, "g", x, y);
    gen.point(k, "p", mk_tangent(x));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    const auto x = c.domain(f), y = c.codomain(f);
    return {c.pair(c.derivative(c.add(f, g)), c.derivative(c.zero(x, y))),
            c.pair(c.add(c.derivative(f), c.derivative(g)), c.zero(c.product(x, x), y))};
  }
};

struct D2 {
  static constexpr LawInfo info{"cdc.D2", "§1 D2",
                                "D(f)∘⟨h + k, v⟩ = D(f)∘⟨h, v⟩ + D(f)∘⟨k, v⟩,  D(f)∘⟨0, v⟩ = 0"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object(), z = gen.object();
    gen.morphism(k, "f", x, y);
    for (const char* role : {"h", "k", "v"}) gen.morphism(k, role, z, x);
    gen.point(k, "p", z);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), h = metavariable(c, k, "h"),
               kk = metavariable(c, k, "k"), v = metavariable(c, k, "v");
    const auto df = c.derivative(f);
    const auto z = c.domain(h), x = c.domain(f), y = c.codomain(f);
    return {c.pair(c.compose(df, c.pair(c.add(h, kk), v)), c.compose(df, c.pair(c.zero(z, x), v))),
            c.pair(c.add(c.compose(df, c.pair(h, v)), c.compose(df, c.pair(kk, v))), c.zero(z, y))};
  }
};

struct D3 {
  static constexpr LawInfo info{"cdc.D3", "§1 D3", "D(id) = π1,  D(π1) = π1∘π1,  D(π2) = π2∘π1"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type xy = mk_product(gen.object(), gen.object());
    gen.point(k, "p", mk_tangent(xy));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto txy = point_object(c, k);
    const auto xy = factors_of(c, txy, "cdc.D3").first;
    const auto [x, y] = factors_of(c, xy, "cdc.D3");
    const auto outer1 = c.proj1(xy, xy);
    return {
        c.pair(c.derivative(c.identity(xy)),
               c.pair(c.derivative(c.proj1(x, y)), c.derivative(c.proj2(x, y)))),
        c.pair(outer1, c.pair(c.compose(c.proj1(x, y), outer1), c.compose(c.proj2(x, y), outer1)))};
  }
};

struct D4 {
  static constexpr LawInfo info{"cdc.D4", "§1 D4", "D(⟨f, g⟩) = ⟨D(f), D(g)⟩"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object();
    gen.morphism(k, "f", x, gen.object());
    gen.morphism(k, "g", x, gen.object());
    gen.point(k, "p", mk_tangent(x));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    return {c.derivative(c.pair(f, g)), c.pair(c.derivative(f), c.derivative(g))};
  }
};

struct D5 {
  static constexpr LawInfo info{"cdc.D5", "§1 D5 (chain rule)", "D(f∘g) = D(f)∘⟨D(g), g∘π2⟩"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object(), z = gen.object();
    gen.morphism(k, "f", y, z);
    gen.morphism(k, "g", x, y);
    gen.point(k, "p", mk_tangent(x));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    const auto x = c.domain(g);
    return {c.derivative(c.compose(f, g)),
            c.compose(c.derivative(f), c.pair(c.derivative(g), c.compose(g, c.proj2(x, x))))};
  }
};

struct D6 {
  static constexpr LawInfo info{"cdc.D6", "§1 D6", "D(D(f))∘⟨⟨g, 0⟩, ⟨h, k⟩⟩ = D(f)∘⟨g, k⟩"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object(), z = gen.object();
    gen.morphism(k, "f", x, y);
    for (const char* role : {"g", "h", "k"}) gen.morphism(k, role, z, x);
    gen.point(k, "p", z);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h"), kk = metavariable(c, k, "k");
    const auto z = c.domain(g), x = c.domain(f);
    return {
        c.compose(c.derivative(c.derivative(f)), c.pair(c.pair(g, c.zero(z, x)), c.pair(h, kk))),
        c.compose(c.derivative(f), c.pair(g, kk))};
  }
};

struct D7 {
  static constexpr LawInfo info{"cdc.D7", "§1 D7",
                                "D(D(f))∘⟨⟨0, h⟩, ⟨g, k⟩⟩ = D(D(f))∘⟨⟨0, g⟩, ⟨h, k⟩⟩"};
  static Case generate(CaseGenerator& gen) { return D6::generate(gen); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h"), kk = metavariable(c, k, "k");
    const auto z = c.domain(g), x = c.domain(f);
    const auto ddf = c.derivative(c.derivative(f));
    return {c.compose(ddf, c.pair(c.pair(c.zero(z, x), h), c.pair(g, kk))),
            c.compose(ddf, c.pair(c.pair(c.zero(z, x), g), c.pair(h, kk)))};
  }
};

// Linear maps: the structural ones, and random linear terms (scalings, sums,
// pairs, projections), including closure under composition.
struct Linear {
  static constexpr LawInfo info{
      "linear.definition", "§1 (linear maps)",
      "D(f) = f∘π1 for f = id, π1, π2, 0, and sums, composites and pairings of linear maps"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.first_order_object(), y = gen.first_order_object(),
               z = gen.first_order_object();
    gen.linear_morphism(k, "l", x, y);
    gen.linear_morphism(k, "m", y, z);
    gen.point(k, "p", mk_tangent(mk_product(x, y)));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto l = metavariable(c, k, "l"), m = metavariable(c, k, "m");
    const auto x = c.domain(l), y = c.codomain(l), z = c.codomain(m);
    const auto xy = c.product(x, y);
    // Every map below is xy → something, so D of each is compared with it∘π1.
    const auto structural =
        c.pair(c.pair(c.identity(xy), c.proj1(x, y)), c.pair(c.proj2(x, y), c.zero(xy, z)));
    const auto built =
        c.pair(c.compose(l, c.proj1(x, y)),
               c.pair(c.compose(m, c.proj2(x, y)), c.compose(c.compose(m, l), c.proj1(x, y))));
    const auto all = c.pair(structural, built);
    return {c.derivative(all), c.compose(all, c.proj1(xy, xy))};
  }
};

struct LinearAdditive {
  static constexpr LawInfo info{"linear.additive", "§1 (linear ⇒ additive)",
                                "l∘(g + h) = l∘g + l∘h,  l∘0 = 0 for linear l"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.first_order_object(), z = gen.first_order_object();
    gen.linear_morphism(k, "l", y, z);
    gen.morphism(k, "g", x, y);
    gen.morphism(k, "h", x, y);
    gen.point(k, "p", x);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto l = metavariable(c, k, "l"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h");
    const auto x = c.domain(g);
    return {c.pair(c.compose(l, c.add(g, h)), c.compose(l, c.zero(x, c.domain(l)))),
            c.pair(c.add(c.compose(l, g), c.compose(l, h)), c.zero(x, c.codomain(l)))};
  }
};

struct Lemma37 {
  static constexpr LawInfo info{"tangent.lemma-3.7", "Lemma 3.7", "l linear ⟹ T(l) = l × l"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.first_order_object();
    gen.linear_morphism(k, "l", x, gen.first_order_object());
    gen.point(k, "p", mk_tangent(x));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto l = metavariable(c, k, "l");
    return {semantics::tangent_map(c, l), semantics::product_map(c, l, l)};
  }
};

}  // namespace perturb::proofs::laws
