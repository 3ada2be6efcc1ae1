// Laws of a cartesian left-additive category (spec §1), ids cla.* as listed in
// semantics/cartesian_left_additive_category.h: one equation per id, so that a
// failure names the equation that broke.
#pragma once

#include <initializer_list>

#include "proofs/cases/case_generator.h"
#include "proofs/cases/law_support.h"
#include "semantics/derived.h"

namespace perturb::proofs::laws {

using calculus::mk_product;
using calculus::Type;

namespace detail {
// A case with the metavariables `roles`, all X → Y, and a point of X.
inline Case parallel_case(CaseGenerator& gen, std::initializer_list<const char*> roles) {
  Case k;
  const Type x = gen.object(), y = gen.object();
  for (const char* role : roles) gen.morphism(k, role, x, y);
  gen.point(k, "p", x);
  return k;
}
// A case with f : X → Y, g : X → Z and a point of X.
inline Case span_case(CaseGenerator& gen) {
  Case k;
  const Type x = gen.object();
  gen.morphism(k, "f", x, gen.object());
  gen.morphism(k, "g", x, gen.object());
  gen.point(k, "p", x);
  return k;
}
// A case with the metavariables `roles`, all X → Y × Z, and a point of X.
inline Case into_product_case(CaseGenerator& gen, std::initializer_list<const char*> roles) {
  Case k;
  const Type x = gen.object(), second = gen.object(), first = gen.object();  // case_generator.h
  const Type yz = mk_product(first, second);
  for (const char* role : roles) gen.morphism(k, role, x, yz);
  gen.point(k, "p", x);
  return k;
}
// A case with only a point of X × Y.
inline Case product_point_case(CaseGenerator& gen) {
  Case k;
  const Type second = gen.object(), first = gen.object();  // the last first: case_generator.h
  gen.point(k, "p", mk_product(first, second));
  return k;
}
}  // namespace detail

struct LeftIdentity {
  static constexpr LawInfo info{"cla.category.left-identity", "§1 (category)", "id∘f = f"};
  static Case generate(CaseGenerator& gen) { return detail::parallel_case(gen, {"f"}); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f");
    return {c.compose(c.identity(c.codomain(f)), f), f};
  }
};

struct RightIdentity {
  static constexpr LawInfo info{"cla.category.right-identity", "§1 (category)", "f∘id = f"};
  static Case generate(CaseGenerator& gen) { return detail::parallel_case(gen, {"f"}); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f");
    return {c.compose(f, c.identity(c.domain(f))), f};
  }
};

struct CategoryAssociativity {
  static constexpr LawInfo info{"cla.category.associativity", "§1 (category)", "f∘(g∘h) = (f∘g)∘h"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object(), z = gen.object(), w = gen.object();
    gen.morphism(k, "h", x, y);
    gen.morphism(k, "g", y, z);
    gen.morphism(k, "f", z, w);
    gen.point(k, "p", x);
    return k;
  }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h");
    return {c.compose(f, c.compose(g, h)), c.compose(c.compose(f, g), h)};
  }
};

struct MonoidZero {
  static constexpr LawInfo info{"cla.monoid.zero", "§1 (left-additive)", "f + 0 = f"};
  static Case generate(CaseGenerator& gen) { return detail::parallel_case(gen, {"f"}); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f");
    return {c.add(f, c.zero(c.domain(f), c.codomain(f))), f};
  }
};

struct MonoidCommutativity {
  static constexpr LawInfo info{"cla.monoid.commutativity", "§1 (left-additive)", "f + g = g + f"};
  static Case generate(CaseGenerator& gen) { return detail::parallel_case(gen, {"f", "g"}); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    return {c.add(f, g), c.add(g, f)};
  }
};

struct MonoidAssociativity {
  static constexpr LawInfo info{"cla.monoid.associativity", "§1 (left-additive)",
                                "f + (g + h) = (f + g) + h"};
  static Case generate(CaseGenerator& gen) { return detail::parallel_case(gen, {"f", "g", "h"}); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h");
    return {c.add(f, c.add(g, h)), c.add(c.add(f, g), h)};
  }
};

struct LeftAdditiveSum {
  static constexpr LawInfo info{"cla.left-additive.sum", "§1 (left-additive)",
                                "(g + h)∘f = g∘f + h∘f"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object(), z = gen.object();
    gen.morphism(k, "f", x, y);
    gen.morphism(k, "g", y, z);
    gen.morphism(k, "h", y, z);
    gen.point(k, "p", x);
    return k;
  }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h");
    return {c.compose(c.add(g, h), f), c.add(c.compose(g, f), c.compose(h, f))};
  }
};

// 0 : Y → X after f : X → Y, so that the zero's objects differ when X ≠ Y
// without a metavariable that serves only to name a third object.
struct LeftAdditiveZero {
  static constexpr LawInfo info{"cla.left-additive.zero", "§1 (left-additive)", "0∘f = 0"};
  static Case generate(CaseGenerator& gen) { return detail::parallel_case(gen, {"f"}); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f");
    const auto x = c.domain(f), y = c.codomain(f);
    return {c.compose(c.zero(y, x), f), c.zero(x, x)};
  }
};

struct ProductBeta1 {
  static constexpr LawInfo info{"cla.product.beta1", "§1 (finite products)", "π1∘⟨f, g⟩ = f"};
  static Case generate(CaseGenerator& gen) { return detail::span_case(gen); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    return {c.compose(c.proj1(c.codomain(f), c.codomain(g)), c.pair(f, g)), f};
  }
};

struct ProductBeta2 {
  static constexpr LawInfo info{"cla.product.beta2", "§1 (finite products)", "π2∘⟨f, g⟩ = g"};
  static Case generate(CaseGenerator& gen) { return detail::span_case(gen); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    return {c.compose(c.proj2(c.codomain(f), c.codomain(g)), c.pair(f, g)), g};
  }
};

struct ProductEta {
  static constexpr LawInfo info{"cla.product.eta", "§1 (finite products)", "⟨π1∘h, π2∘h⟩ = h"};
  static Case generate(CaseGenerator& gen) { return detail::into_product_case(gen, {"h"}); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto h = metavariable(c, k, "h");
    const auto [y, z] = factors_of(c, c.codomain(h), info.id);
    return {c.pair(c.compose(c.proj1(y, z), h), c.compose(c.proj2(y, z), h)), h};
  }
};

// Points of 1 are all equal, so this law fails only where a model's ! or
// composite has the wrong objects: the sides are then not parallel, which
// check_case reports as a failure.
struct Terminal {
  static constexpr LawInfo info{"cla.terminal", "§1 (finite products)", "!∘f = !"};
  static Case generate(CaseGenerator& gen) { return detail::parallel_case(gen, {"f"}); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f");
    return {c.compose(c.bang(c.codomain(f)), f), c.bang(c.domain(f))};
  }
};

struct ProjectionAdditive1 {
  static constexpr LawInfo info{"cla.projection-additive.1", "§1 (cartesian left-additive)",
                                "π1∘(f + g) = π1∘f + π1∘g"};
  static Case generate(CaseGenerator& gen) { return detail::into_product_case(gen, {"f", "g"}); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    const auto [y, z] = factors_of(c, c.codomain(f), info.id);
    const auto p = c.proj1(y, z);
    return {c.compose(p, c.add(f, g)), c.add(c.compose(p, f), c.compose(p, g))};
  }
};

struct ProjectionAdditive2 {
  static constexpr LawInfo info{"cla.projection-additive.2", "§1 (cartesian left-additive)",
                                "π2∘(f + g) = π2∘f + π2∘g"};
  static Case generate(CaseGenerator& gen) { return detail::into_product_case(gen, {"f", "g"}); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    const auto [y, z] = factors_of(c, c.codomain(f), info.id);
    const auto p = c.proj2(y, z);
    return {c.compose(p, c.add(f, g)), c.add(c.compose(p, f), c.compose(p, g))};
  }
};

struct PairSum {
  static constexpr LawInfo info{"cla.pair-sum", "§1 (cartesian left-additive)",
                                "⟨f, g⟩ + ⟨h, k⟩ = ⟨f + h, g + k⟩"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object(), z = gen.object();
    gen.morphism(k, "f", x, y);
    gen.morphism(k, "g", x, z);
    gen.morphism(k, "h", x, y);
    gen.morphism(k, "k", x, z);
    gen.point(k, "p", x);
    return k;
  }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h"), kk = metavariable(c, k, "k");
    return {c.add(c.pair(f, g), c.pair(h, kk)), c.pair(c.add(f, h), c.add(g, kk))};
  }
};

struct PairZero {
  static constexpr LawInfo info{"cla.pair-zero", "§1 (cartesian left-additive)", "⟨0, 0⟩ = 0"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type third = gen.object(), second = gen.object(),
               first = gen.object();  // the last first: case_generator.h
    gen.point(k, "p", mk_product(first, mk_product(second, third)));
    return k;
  }
  // The point's object is X × (Y × Z): the zeros are X → Y and X → Z,
  // precomposed with π1 so that both sides are morphisms from the point's object.
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [x, yz] = factors_of(c, point_object(c, k), info.id);
    const auto [y, z] = factors_of(c, yz, info.id);
    const auto first = c.proj1(x, yz);
    return {c.compose(c.pair(c.zero(x, y), c.zero(x, z)), first),
            c.compose(c.zero(x, c.product(y, z)), first)};
  }
};

// The injection laws are stated on X and Y; they are checked at the
// components of a point of X × Y (the sides are precomposed with π1 or π2).
struct InjectionBeta1 {
  static constexpr LawInfo info{"cla.injection.beta1", "§1 (injections)", "π1∘ι1 = id"};
  static Case generate(CaseGenerator& gen) { return detail::product_point_case(gen); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [x, y] = factors_of(c, point_object(c, k), info.id);
    const auto on_x = c.proj1(x, y);
    return {semantics::compose(c, c.proj1(x, y), semantics::inj1(c, x, y), on_x), on_x};
  }
};

struct InjectionBeta2 {
  static constexpr LawInfo info{"cla.injection.beta2", "§1 (injections)", "π2∘ι2 = id"};
  static Case generate(CaseGenerator& gen) { return detail::product_point_case(gen); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [x, y] = factors_of(c, point_object(c, k), info.id);
    const auto on_y = c.proj2(x, y);
    return {semantics::compose(c, c.proj2(x, y), semantics::inj2(c, x, y), on_y), on_y};
  }
};

struct InjectionCross1 {
  static constexpr LawInfo info{"cla.injection.cross1", "§1 (injections)", "π2∘ι1 = 0"};
  static Case generate(CaseGenerator& gen) { return detail::product_point_case(gen); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [x, y] = factors_of(c, point_object(c, k), info.id);
    const auto on_x = c.proj1(x, y);
    return {semantics::compose(c, c.proj2(x, y), semantics::inj1(c, x, y), on_x),
            c.compose(c.zero(x, y), on_x)};
  }
};

struct InjectionCross2 {
  static constexpr LawInfo info{"cla.injection.cross2", "§1 (injections)", "π1∘ι2 = 0"};
  static Case generate(CaseGenerator& gen) { return detail::product_point_case(gen); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [x, y] = factors_of(c, point_object(c, k), info.id);
    const auto on_y = c.proj2(x, y);
    return {semantics::compose(c, c.proj1(x, y), semantics::inj2(c, x, y), on_y),
            c.compose(c.zero(y, x), on_y)};
  }
};

struct InjectionSum {
  static constexpr LawInfo info{"cla.injection.sum", "§1 (injections)", "ι1∘π1 + ι2∘π2 = id"};
  static Case generate(CaseGenerator& gen) { return detail::product_point_case(gen); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [x, y] = factors_of(c, point_object(c, k), info.id);
    return {c.add(c.compose(semantics::inj1(c, x, y), c.proj1(x, y)),
                  c.compose(semantics::inj2(c, x, y), c.proj2(x, y))),
            c.identity(c.product(x, y))};
  }
};

}  // namespace perturb::proofs::laws
