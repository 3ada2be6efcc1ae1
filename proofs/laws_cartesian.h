// Laws of a cartesian left-additive category (spec §1), ids cla.* as listed in
// semantics/cartesian_left_additive_category.h. Several equations of one law
// are checked at once by pairing their sides: ⟨a, b⟩ = ⟨c, d⟩ iff a = c and b = d.
#pragma once

#include "proofs/case_generator.h"
#include "proofs/law_support.h"
#include "semantics/derived.h"

namespace perturb::proofs::laws {

using calculus::mk_product;
using calculus::Type;

struct CategoryIdentity {
  static constexpr LawInfo info{"cla.category.identity", "§1 (category)", "id∘f = f = f∘id"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object();
    gen.morphism(k, "f", x, y);
    gen.point(k, "p", x);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f");
    return {c.pair(c.compose(c.identity(c.codomain(f)), f), c.compose(f, c.identity(c.domain(f)))),
            c.pair(f, f)};
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
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h");
    return {c.compose(f, c.compose(g, h)), c.compose(c.compose(f, g), h)};
  }
};

struct Monoid {
  static constexpr LawInfo info{"cla.monoid", "§1 (left-additive)",
                                "f + 0 = f,  f + g = g + f,  f + (g + h) = (f + g) + h"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object();
    for (const char* role : {"f", "g", "h"}) gen.morphism(k, role, x, y);
    gen.point(k, "p", x);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h");
    const auto zero = c.zero(c.domain(f), c.codomain(f));
    return {c.pair(c.add(f, zero), c.pair(c.add(f, g), c.add(f, c.add(g, h)))),
            c.pair(f, c.pair(c.add(g, f), c.add(c.add(f, g), h)))};
  }
};

struct LeftAdditive {
  static constexpr LawInfo info{"cla.left-additive", "§1 (left-additive)",
                                "(g + h)∘f = g∘f + h∘f,  0∘f = 0"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object(), z = gen.object();
    gen.morphism(k, "f", x, y);
    gen.morphism(k, "g", y, z);
    gen.morphism(k, "h", y, z);
    gen.point(k, "p", x);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h");
    const auto x = c.domain(f), z = c.codomain(g);
    return {c.pair(c.compose(c.add(g, h), f), c.compose(c.zero(c.codomain(f), z), f)),
            c.pair(c.add(c.compose(g, f), c.compose(h, f)), c.zero(x, z))};
  }
};

struct Product {
  static constexpr LawInfo info{"cla.product", "§1 (finite products)",
                                "π1∘⟨f, g⟩ = f,  π2∘⟨f, g⟩ = g,  ⟨π1∘h, π2∘h⟩ = h"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type x = gen.object(), y = gen.object(), z = gen.object();
    gen.morphism(k, "f", x, y);
    gen.morphism(k, "g", x, z);
    gen.morphism(k, "h", x, mk_product(y, z));
    gen.point(k, "p", x);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h");
    const auto y = c.codomain(f), z = c.codomain(g);
    const auto p1 = c.proj1(y, z), p2 = c.proj2(y, z);
    return {c.pair(c.pair(c.compose(p1, c.pair(f, g)), c.compose(p2, c.pair(f, g))),
                   c.pair(c.compose(p1, h), c.compose(p2, h))),
            c.pair(c.pair(f, g), h)};
  }
};

struct ProductAdditive {
  static constexpr LawInfo info{
      "cla.product-additive", "§1 (cartesian left-additive)",
      "π_k∘(f + g) = π_k∘f + π_k∘g,  ⟨f, g⟩ + ⟨h, k⟩ = ⟨f + h, g + k⟩,  ⟨0, 0⟩ = 0"};
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
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g"),
               h = metavariable(c, k, "h"), kk = metavariable(c, k, "k");
    const auto x = c.domain(f), y = c.codomain(f), z = c.codomain(g);
    const auto fg = c.pair(f, g), hk = c.pair(h, kk);
    const auto sum = c.add(fg, hk);
    const auto p1 = c.proj1(y, z), p2 = c.proj2(y, z);
    return {c.pair(c.pair(c.compose(p1, sum), c.compose(p2, sum)),
                   c.pair(sum, c.pair(c.zero(x, y), c.zero(x, z)))),
            c.pair(c.pair(c.add(c.compose(p1, fg), c.compose(p1, hk)),
                          c.add(c.compose(p2, fg), c.compose(p2, hk))),
                   c.pair(c.pair(c.add(f, h), c.add(g, kk)), c.zero(x, c.product(y, z))))};
  }
};

struct Injections {
  static constexpr LawInfo info{"cla.injections", "§1 (injections)",
                                "π_k∘ι_k = id,  π_k∘ι_l = 0 (k ≠ l),  ι1∘π1 + ι2∘π2 = id"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    gen.point(k, "p", mk_product(gen.object(), gen.object()));
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto [x, y] = factors_of(c, point_object(c, k), "cla.injections");
    const auto p1 = c.proj1(x, y), p2 = c.proj2(x, y);
    const auto i1 = semantics::inj1(c, x, y), i2 = semantics::inj2(c, x, y);
    const auto betas =
        c.pair(c.pair(c.compose(p1, c.compose(i1, p1)), c.compose(p2, c.compose(i1, p1))),
               c.pair(c.compose(p1, c.compose(i2, p2)), c.compose(p2, c.compose(i2, p2))));
    const auto xy = c.product(x, y);
    const auto expected = c.pair(c.pair(p1, c.zero(xy, y)), c.pair(c.zero(xy, x), p2));
    return {c.pair(betas, c.add(c.compose(i1, p1), c.compose(i2, p2))),
            c.pair(expected, c.identity(xy))};
  }
};

}  // namespace perturb::proofs::laws
