// Laws of the closed structure and of differential λ-categories (spec §1, §2):
// ccc.*, dlc.ev-linear, and the tangent laws that need exponentials
// (Proposition 3.9, equation (3), T̂, Theorem 3.10, Proposition 3.11). Sides
// whose values are functions are compared extensionally by the model.
#pragma once

#include "proofs/cases/case_generator.h"
#include "proofs/cases/law_support.h"
#include "semantics/derived.h"
#include "semantics/differential_lambda_category.h"

namespace perturb::proofs::laws {

using calculus::mk_arrow;
using calculus::mk_product;
using calculus::mk_tangent;
using calculus::Type;

namespace detail {
// The case of a law about f : Z × X → Y; more metavariables may follow.
struct CurriedCase {
  Case k;
  Type z, x, y;
};
inline CurriedCase curried_case(CaseGenerator& gen) {
  CurriedCase result{{}, gen.object(), gen.object(), gen.object()};
  gen.morphism(result.k, "f", mk_product(result.z, result.x), result.y);
  return result;
}
// The factors (Z, X) of dom f = Z × X.
template <class C>
std::pair<typename C::Object, typename C::Object> curry_factors(const C& c,
                                                                const typename C::Morphism& f) {
  return factors_of(c, c.domain(f), "curry");
}
}  // namespace detail

struct CurryBeta {
  static constexpr LawInfo info{"ccc.beta", "§1 (cartesian closed)", "ev∘(Λ(f) × id) = f"};
  static Case generate(CaseGenerator& gen) {
    auto [k, z, x, y] = detail::curried_case(gen);
    gen.point(k, "p", mk_product(z, x));
    return k;
  }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f");
    const auto x = detail::curry_factors(c, f).second;
    return {
        c.compose(c.eval(x, c.codomain(f)), semantics::product_map(c, c.curry(f), c.identity(x))),
        f};
  }
};

struct CurryEta {
  static constexpr LawInfo info{"ccc.eta", "§1 (cartesian closed)", "Λ(ev∘(k × id)) = k"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type z = gen.object(), x = gen.object(), y = gen.object();
    gen.morphism(k, "k", z, mk_arrow(x, y));
    gen.point(k, "p", z);
    return k;
  }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto kk = metavariable(c, k, "k");
    const Type arrow = k.term("k").type;
    const auto x = object_of(c, calculus::arrow_domain(arrow));
    const auto y = object_of(c, calculus::arrow_codomain(arrow));
    return {c.curry(c.compose(c.eval(x, y), semantics::product_map(c, kk, c.identity(x)))), kk};
  }
};

struct CurryAdditiveSum {
  static constexpr LawInfo info{"ccc.curry-additive.sum", "§1 (Λ additive)",
                                "Λ(f + f') = Λ(f) + Λ(f')"};
  static Case generate(CaseGenerator& gen) {
    auto [k, z, x, y] = detail::curried_case(gen);
    gen.morphism(k, "f'", mk_product(z, x), y);
    gen.point(k, "p", z);
    return k;
  }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), f2 = metavariable(c, k, "f'");
    return {c.curry(c.add(f, f2)), c.add(c.curry(f), c.curry(f2))};
  }
};

// Λ(0 : Z × X → Y); the case names Z, X and Y by a metavariable f : Z × X → Y.
struct CurryAdditiveZero {
  static constexpr LawInfo info{"ccc.curry-additive.zero", "§1 (Λ additive)", "Λ(0) = 0"};
  static Case generate(CaseGenerator& gen) {
    auto [k, z, x, y] = detail::curried_case(gen);
    gen.point(k, "p", z);
    return k;
  }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f");
    const auto [z, x] = detail::curry_factors(c, f);
    const auto y = c.codomain(f);
    return {c.curry(c.zero(c.domain(f), y)), c.zero(z, c.exponential(x, y))};
  }
};

struct CurryNatural {
  static constexpr LawInfo info{"ccc.eq1", "§1 equation (1)", "Λ(f)∘g = Λ(f∘(g × id))"};
  static Case generate(CaseGenerator& gen) {
    auto [k, z, x, y] = detail::curried_case(gen);
    const Type w = gen.object();
    gen.morphism(k, "g", w, z);
    gen.point(k, "p", w);
    return k;
  }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), g = metavariable(c, k, "g");
    const auto x = detail::curry_factors(c, f).second;
    return {c.compose(c.curry(f), g),
            c.curry(c.compose(f, semantics::product_map(c, g, c.identity(x))))};
  }
};

struct EvalPair {
  static constexpr LawInfo info{"ccc.eq2", "§1 equation (2)", "ev∘⟨Λ(f), h⟩ = f∘⟨id, h⟩"};
  static Case generate(CaseGenerator& gen) {
    auto [k, z, x, y] = detail::curried_case(gen);
    gen.morphism(k, "h", z, x);
    gen.point(k, "p", z);
    return k;
  }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f"), h = metavariable(c, k, "h");
    const auto [z, x] = detail::curry_factors(c, f);
    return {c.compose(c.eval(x, c.codomain(f)), c.pair(c.curry(f), h)),
            c.compose(f, c.pair(c.identity(z), h))};
  }
};

struct EvLinear {
  static constexpr LawInfo info{"dlc.ev-linear", "§1 (DLC), Bucciarelli et al. Def. 3.5",
                                "D(Λ(f)) = Λ(D(f)∘⟨π1 × 0, π2 × id⟩)"};
  static Case generate(CaseGenerator& gen) {
    auto [k, z, x, y] = detail::curried_case(gen);
    gen.point(k, "p", mk_tangent(z));
    return k;
  }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const auto f = metavariable(c, k, "f");
    const auto [z, x] = detail::curry_factors(c, f);
    return {c.derivative(c.curry(f)),
            c.curry(c.compose(c.derivative(f), semantics::left_strength(c, z, x)))};
  }
};

struct Proposition39 {
  static constexpr LawInfo info{"tangent.prop-3.9", "Proposition 3.9",
                                "T(Λ(g)) = ⟨Λ(π1∘h), Λ(π2∘h)⟩ with h = T(g)∘t'"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type a = gen.object(), b = gen.object(), result = gen.object();
    gen.morphism(k, "g", mk_product(a, b), result);
    gen.point(k, "p", mk_tangent(a));
    return k;
  }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto g = metavariable(c, k, "g");
    const auto [a, b] = detail::curry_factors(c, g);
    const auto y = c.codomain(g);
    const auto h = c.compose(tangent_map(c, g), left_strength(c, a, b));
    return {tangent_map(c, c.curry(g)),
            c.pair(c.curry(c.compose(c.proj1(y, y), h)), c.curry(c.compose(c.proj2(y, y), h)))};
  }
};

namespace detail {
// A case whose point is T(X ⇒ Y) × T X, or (X ⇒ Y) × T X without the outer T.
inline Case function_point_case(CaseGenerator& gen, bool tangent_function) {
  Case k;
  const Type second = gen.object(), first = gen.object();  // the last first: case_generator.h
  const Type arrow = mk_arrow(first, second);
  gen.point(k, "p",
            mk_product(tangent_function ? mk_tangent(arrow) : arrow,
                       mk_tangent(calculus::arrow_domain(arrow))));
  return k;
}
// X and Y of a point object (X ⇒ Y) × T X or T(X ⇒ Y) × T X.
template <class C>
std::pair<typename C::Object, typename C::Object> arrow_of_point(const C& c, const Case& k) {
  Type arrow = k.point_context.at(0).type->left();
  if (calculus::is_product(arrow)) arrow = arrow->left();
  return {object_of(c, calculus::arrow_domain(arrow)),
          object_of(c, calculus::arrow_codomain(arrow))};
}
}  // namespace detail

struct Equation3 {
  static constexpr LawInfo info{"tangent.eq-3", "§2 equation (3)",
                                "T(ev)∘φ = ⟨ev∘(π1 × π2) + D(ev)∘t∘(π2 × id), ev∘(π2 × π2)⟩"};
  static Case generate(CaseGenerator& gen) { return detail::function_point_case(gen, true); }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [x, y] = detail::arrow_of_point(c, k);
    return {c.compose(tangent_map(c, c.eval(x, y)), canonical_iso(c, c.exponential(x, y), x)),
            tangent_ev(c, x, y)};
  }
};

struct TangentHat {
  static constexpr LawInfo info{"tangent.hat", "§2 (T̂ = Λ(T(ev)∘t))",
                                "ev∘(T̂ × id) = T(ev)∘t, i.e. T̂(f)(x', x) = (D(f)(x', x), f(x))"};
  static Case generate(CaseGenerator& gen) { return detail::function_point_case(gen, false); }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto [x, y] = detail::arrow_of_point(c, k);
    const auto tx = tangent_object(c, x), ty = tangent_object(c, y);
    return {c.compose(c.eval(tx, ty), product_map(c, tangent_hat(c, x, y), c.identity(tx))),
            c.compose(tangent_map(c, c.eval(x, y)), right_strength(c, c.exponential(x, y), x))};
  }
};

struct Theorem310 {
  static constexpr LawInfo info{"tangent.thm-3.10", "Theorem 3.10", "T̂ is linear: D(T̂) = T̂∘π1"};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Type second = gen.object(), first = gen.object();  // the last first: case_generator.h
    const Type arrow = mk_arrow(first, second);
    gen.point(k, "p", mk_tangent(arrow));
    return k;
  }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const Type arrow = k.point_context.at(0).type->left();
    const auto x = object_of(c, calculus::arrow_domain(arrow));
    const auto y = object_of(c, calculus::arrow_codomain(arrow));
    const auto e = c.exponential(x, y);
    const auto hat = tangent_hat(c, x, y);
    return {c.derivative(hat), c.compose(hat, c.proj1(e, e))};
  }
};

struct Proposition311 {
  static constexpr LawInfo info{"tangent.prop-3.11", "Proposition 3.11", "T̂∘Λ(f) = Λ(T(f)∘t)"};
  static Case generate(CaseGenerator& gen) {
    auto [k, z, x, y] = detail::curried_case(gen);
    gen.point(k, "p", z);
    return k;
  }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    using namespace semantics;
    const auto f = metavariable(c, k, "f");
    const auto [z, x] = detail::curry_factors(c, f);
    return {c.compose(tangent_hat(c, x, c.codomain(f)), c.curry(f)),
            c.curry(c.compose(tangent_map(c, f), right_strength(c, z, x)))};
  }
};

struct FastTangentHat {
  static constexpr LawInfo info{"model.fast-tangent-hat", "§2 (T̂ = Λ(T(ev)∘t))",
                                "the model's own T̂ equals Λ(T(ev)∘t) with the generic T"};
  static Case generate(CaseGenerator& gen) { return Theorem310::generate(gen); }
  template <semantics::HasFastTangentHat C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const Type arrow = k.point_context.at(0).type->left();
    const auto x = object_of(c, calculus::arrow_domain(arrow));
    const auto y = object_of(c, calculus::arrow_codomain(arrow));
    const auto e = c.exponential(x, y);
    return {c.compose(c.fast_tangent_hat(x, y), c.proj2(e, e)),
            c.compose(semantics::generic_tangent_hat(c, x, y), c.proj2(e, e))};
  }
};

}  // namespace perturb::proofs::laws
