// The axioms of a cartesian differential category (spec §1, D1–D7) and the
// laws of linear maps, ids cdc.* and linear.* as listed in
// semantics/cartesian_differential_category.h. Metavariables are random terms
// interpreted in the model; D takes the direction first.
#pragma once

#include <initializer_list>
#include <string_view>
#include <utility>

#include "proofs/cases/case_generator.h"
#include "proofs/cases/law_support.h"
#include "semantics/derived.h"

namespace perturb::proofs::laws {

using calculus::mk_product;
using calculus::mk_tangent;
using calculus::Type;

// What the chain rule and the second-order axioms need of their metavariables:
// primitives, also under T, and on a closed model T under a binder.
inline constexpr CoverageRequirement kChainRuleCoverage[] = {
    {"form:primitive", 0.50, CoverageScope::NotLinear},
    {"structure:primitive-under-T:1", 0.05, CoverageScope::NotLinear, 1},
    {"structure:T-under-λ", 0.03, CoverageScope::HigherOrder, 1}};

struct D1Sum {
  static constexpr LawInfo info{"cdc.D1.sum", "§1 D1", "D(f + g) = D(f) + D(g)"};
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
    return {c.derivative(c.add(f, g)), c.add(c.derivative(f), c.derivative(g))};
  }
};

// D(0 : X → Y); the case names X by its point and Y by a metavariable f : X → Y
// whose only use is its codomain, so that Y ranges over all objects.
struct D1Zero {
  static constexpr LawInfo info{"cdc.D1.zero", "§1 D1", "D(0) = 0"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object();
    gen.morphism(k, "f", x, y);
    gen.point(k, "p", mk_tangent(x));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f");
    const auto x = c.domain(f), y = c.codomain(f);
    return {c.derivative(c.zero(x, y)), c.zero(c.product(x, x), y)};
  }
};

namespace detail {
// f : X → Y and the metavariables `roles`, all Z → X, with a point of Z.
inline Case directions_case(CaseGenerator& gen, std::initializer_list<const char*> roles) {
  Case k;
  const Type x = gen.object(), y = gen.object(), z = gen.object();
  gen.morphism(k, "f", x, y);
  for (const char* role : roles) gen.morphism(k, role, z, x);
  gen.point(k, "p", z);
  return k;
}
// A case with only a point of T(X × Y).
inline Case tangent_product_case(CaseGenerator& gen) {
  Case k;
  const Type second = gen.object(), first = gen.object();  // the last first: case_generator.h
  gen.point(k, "p", mk_tangent(mk_product(first, second)));
  return k;
}
// The objects (X, Y) of a point object T(X × Y) = (X × Y) × (X × Y).
template <class C>
std::pair<typename C::Object, typename C::Object> tangent_product_factors(
    const C& c, const typename C::Object& txy, std::string_view law) {
  return factors_of(c, factors_of(c, txy, law).first, law);
}
}  // namespace detail

struct D2Sum {
  static constexpr LawInfo info{"cdc.D2.sum", "§1 D2",
                                "D(f)∘⟨h + k, v⟩ = D(f)∘⟨h, v⟩ + D(f)∘⟨k, v⟩"};
  static Case generate(CaseGenerator& gen) { return detail::directions_case(gen, {"h", "k", "v"}); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), h = metavariable(c, k, "h"),
               kk = metavariable(c, k, "k"), v = metavariable(c, k, "v");
    const auto df = c.derivative(f);
    return {c.compose(df, c.pair(c.add(h, kk), v)),
            c.add(c.compose(df, c.pair(h, v)), c.compose(df, c.pair(kk, v)))};
  }
};

struct D2Zero {
  static constexpr LawInfo info{"cdc.D2.zero", "§1 D2", "D(f)∘⟨0, v⟩ = 0"};
  static Case generate(CaseGenerator& gen) { return detail::directions_case(gen, {"v"}); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), v = metavariable(c, k, "v");
    const auto z = c.domain(v), x = c.domain(f), y = c.codomain(f);
    return {c.compose(c.derivative(f), c.pair(c.zero(z, x), v)), c.zero(z, y)};
  }
};

struct D3Identity {
  static constexpr LawInfo info{"cdc.D3.identity", "§1 D3", "D(id) = π1"};
  static Case generate(CaseGenerator& gen) { return detail::tangent_product_case(gen); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [x, y] = detail::tangent_product_factors(c, point_object(c, k), info.id);
    const auto xy = c.product(x, y);
    return {c.derivative(c.identity(xy)), c.proj1(xy, xy)};
  }
};

struct D3Projection1 {
  static constexpr LawInfo info{"cdc.D3.proj1", "§1 D3", "D(π1) = π1∘π1"};
  static Case generate(CaseGenerator& gen) { return detail::tangent_product_case(gen); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [x, y] = detail::tangent_product_factors(c, point_object(c, k), info.id);
    const auto xy = c.product(x, y);
    return {c.derivative(c.proj1(x, y)), c.compose(c.proj1(x, y), c.proj1(xy, xy))};
  }
};

struct D3Projection2 {
  static constexpr LawInfo info{"cdc.D3.proj2", "§1 D3", "D(π2) = π2∘π1"};
  static Case generate(CaseGenerator& gen) { return detail::tangent_product_case(gen); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [x, y] = detail::tangent_product_factors(c, point_object(c, k), info.id);
    const auto xy = c.product(x, y);
    return {c.derivative(c.proj2(x, y)), c.compose(c.proj2(x, y), c.proj1(xy, xy))};
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
  static constexpr LawInfo info{"cdc.D5", "§1 D5 (chain rule)", "D(f∘g) = D(f)∘⟨D(g), g∘π2⟩",
                                kChainRuleCoverage};
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
  static constexpr LawInfo info{"cdc.D6", "§1 D6", "D(D(f))∘⟨⟨g, 0⟩, ⟨h, k⟩⟩ = D(f)∘⟨g, k⟩",
                                kChainRuleCoverage};
  static Case generate(CaseGenerator& gen) { return detail::directions_case(gen, {"g", "h", "k"}); }
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
  static constexpr LawInfo info{
      "cdc.D7", "§1 D7", "D(D(f))∘⟨⟨0, h⟩, ⟨g, k⟩⟩ = D(D(f))∘⟨⟨0, g⟩, ⟨h, k⟩⟩", kChainRuleCoverage};
  static Case generate(CaseGenerator& gen) { return detail::directions_case(gen, {"g", "h", "k"}); }
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

// Linear maps (f is linear when D(f) = f∘π1). That id, π1, π2 and 0 are
// linear is cdc.D3.* and cdc.D1.zero; these laws check random linear terms
// (variables, projections, pairs, sums, 0 and scalings) and their composites.
struct LinearTerm {
  static constexpr LawInfo info{"linear.term", "§1 (linear maps)",
                                "D(l) = l∘π1 for a random linear term l"};
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
    const auto x = c.domain(l);
    return {c.derivative(l), c.compose(l, c.proj1(x, x))};
  }
};

struct LinearComposite {
  static constexpr LawInfo info{"linear.composite", "§1 (linear maps)",
                                "D(m∘l) = (m∘l)∘π1 for linear l, m"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.first_order_object(), y = gen.first_order_object();
    gen.linear_morphism(k, "l", x, y);
    gen.linear_morphism(k, "m", y, gen.first_order_object());
    gen.point(k, "p", mk_tangent(x));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto l = metavariable(c, k, "l"), m = metavariable(c, k, "m");
    const auto x = c.domain(l);
    const auto ml = c.compose(m, l);
    return {c.derivative(ml), c.compose(ml, c.proj1(x, x))};
  }
};

struct LinearAdditiveSum {
  static constexpr LawInfo info{"linear.additive.sum", "§1 (linear ⇒ additive)",
                                "l∘(g + h) = l∘g + l∘h for linear l"};
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
    return {c.compose(l, c.add(g, h)), c.add(c.compose(l, g), c.compose(l, h))};
  }
};

// l : Y → Z after 0 : X → Y, with X the object of the point.
struct LinearAdditiveZero {
  static constexpr LawInfo info{"linear.additive.zero", "§1 (linear ⇒ additive)",
                                "l∘0 = 0 for linear l"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type y = gen.first_order_object();
    gen.linear_morphism(k, "l", y, gen.first_order_object());
    gen.point(k, "p", gen.object());
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto l = metavariable(c, k, "l");
    const auto x = point_object(c, k);
    return {c.compose(l, c.zero(x, c.domain(l))), c.zero(x, c.codomain(l))};
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
