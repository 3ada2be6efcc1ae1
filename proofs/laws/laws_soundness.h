// Soundness of the interpretation (spec §5): Lemmas 5.1–5.5 and Theorem 5.6
// rule by rule, each an equation between the denotations of two terms in a
// random context Γ, compared at a random point of |Γ|. The syntactic side
// (substitution, T_x, ⋄, the reduction rules) is Perturb's own calculus/, so
// these laws test the implementation of the calculus as much as the model.
#pragma once

#include <algorithm>
#include <array>
#include <functional>
#include <iterator>
#include <string_view>

#include "calculus/candidate_rule.h"
#include "calculus/innermost_normalize.h"
#include "calculus/normalize.h"
#include "calculus/reduce.h"
#include "calculus/substitution.h"
#include "calculus/tangent.h"
#include "calculus/typecheck.h"
#include "proofs/cases/case_generator.h"
#include "proofs/cases/check_case.h"
#include "proofs/cases/law_support.h"
#include "semantics/derived.h"
#include "semantics/differential_lambda_category.h"

namespace perturb::proofs::laws {

// What every sound.* law's cases must cover (docs/checker.md "Coverage"):
// on a model that reads them, terms of the whole calculus, with
// function-typed arguments, and on a closed model T under a binder and T of T.
inline constexpr CoverageRequirement kSoundCoverage[] = {
    {"form:λ", 0.20, CoverageScope::ReadsLambda},
    {"structure:function-argument", 0.08, CoverageScope::ReadsLambda},
    {"structure:T-under-λ", 0.01, CoverageScope::HigherOrder, 1},
    {"T-depth:2", 0.01, CoverageScope::HigherOrder, 2}};

// kSoundCoverage followed by a law's own requirements.
template <std::size_t N>
constexpr std::array<CoverageRequirement, std::size(kSoundCoverage) + N> sound_coverage_and(
    const CoverageRequirement (&own)[N]) {
  std::array<CoverageRequirement, std::size(kSoundCoverage) + N> all{};
  std::copy(std::begin(kSoundCoverage), std::end(kSoundCoverage), all.begin());
  std::copy(std::begin(own), std::end(own), all.begin() + std::size(kSoundCoverage));
  return all;
}

// … and where a variable is substituted for or lifted: that variable used
// under a binder, in a context of three or more.
inline constexpr auto kSubstitutionCoverage = sound_coverage_and(
    {{"structure:last-variable-under-λ-in-context-of-3+", 0.02, CoverageScope::ReadsLambda}});
// … and where β can copy a derivative: a shared derivative on its own output.
inline constexpr auto kSharingCoverage = sound_coverage_and(
    {{"structure:shared-derivative-on-own-output", 0.05, CoverageScope::ReadsLambda}});
// … and for the T-rule: primitives under one, two and three T's, whose
// first, second and third Taylor coefficients the rule then exercises.
inline constexpr auto kTangentRuleCoverage =
    sound_coverage_and({{"structure:primitive-under-T:1", 0.30, CoverageScope::NotLinear, 1},
                        {"structure:primitive-under-T:2", 0.02, CoverageScope::NotLinear, 2},
                        {"structure:primitive-under-T:3+", 0.005, CoverageScope::NotLinear, 3}});
// … and for the δ-rules: each of the paper's four primitives under two and,
// on a closed model, three T's (its second and third Taylor coefficients
// against the δ-rule's, one order lower). 0.5 %: with the whole signature
// half the probes (kTaylorProbeOdds) draw one of the paper's four, half
// one of fifteen.
inline constexpr auto kDeltaCoverage = sound_coverage_and(
    {{"structure:mul-under-T:2", 0.005, CoverageScope::NotLinear, 2},
     {"structure:mul-under-T:3+", 0.005, CoverageScope::HigherOrder, 3},
     {"structure:sin-under-T:2", 0.005, CoverageScope::Transcendental, 2},
     {"structure:sin-under-T:3+", 0.005, CoverageScope::HigherOrderTranscendental, 3},
     {"structure:cos-under-T:2", 0.005, CoverageScope::Transcendental, 2},
     {"structure:cos-under-T:3+", 0.005, CoverageScope::HigherOrderTranscendental, 3},
     {"structure:exp-under-T:2", 0.005, CoverageScope::Transcendental, 2},
     {"structure:exp-under-T:3+", 0.005, CoverageScope::HigherOrderTranscendental, 3}});

using calculus::Context;
using calculus::mk_arrow;
using calculus::mk_tangent;
using calculus::Term;
using calculus::Type;

namespace detail {

// A random context of up to two entries, a and b (the laws add x, y, z).
inline Context random_context(CaseGenerator& gen) {
  Context context;
  const char* names[] = {"a", "b"};
  const auto size = calculus::random_below(gen.rng(), 3);
  for (std::uint64_t i = 0; i < size; ++i) context.push(names[i], gen.object());
  return context;
}

// Adds every entry of the context to the case's point context, with values.
inline void point_for_context(CaseGenerator& gen, Case& k, const Context& context) {
  for (const calculus::Binding& binding : context.entries())
    gen.point(k, binding.name, binding.type);
}

// The largest tree a derived term may have for the checker to evaluate it in
// a model that evaluates a shared subterm once per occurrence (one without
// c.shared, semantics/interpret.h): T_x and ⋄ triple subterms, so a derived
// term of a few thousand DAG nodes can stand for 10⁹ tree nodes and minutes
// of evaluation there. Such a case is discarded, deterministically and with
// its size. A model with c.shared (closures) evaluates the DAG and bounds
// its own evaluation (semantics/evaluation_budget.h).
inline constexpr std::uint64_t kMaxDerivedTreeSize = 1000000;

// The most nodes a law may build for one derived term (T_x M, M[P/x], one
// reduction step). T_x can be exponentially larger than its input (Lemma
// 4.1: every application doubles its summands), and checking a derived term
// costs time and memory in proportion to its DAG (in closures about 200
// bytes and 15 µs a node): among 20 000 random terms of sound.lemma-5.5 a few
// dozen have a T_x of 10⁵ to 2·10⁶ nodes, seconds and hundreds of MB each.
// Such a case is discarded, deterministically and with this budget as its
// reason, so that the largest case of a run, and with it the run's memory,
// does not grow with --cases.
inline constexpr std::uint64_t kMaxDerivedNodes = 100000;

// Why a case whose normalization gave up is discarded: the budget it hit,
// not how far it got, so that such discards add up to one reason per budget.
std::string normalization_discard(const calculus::NormalizeResult& result);

// build() (a derived term), or a Discard naming `what` when it would take
// more than kMaxDerivedNodes nodes.
template <class Build>
Term derived(std::string_view what, Build build) {
  try {
    return build(kMaxDerivedNodes);
  } catch (const calculus::TooLarge&) {
    throw Discard(DiscardKind::Budget, std::string(what) + " would build more than " +
                                           std::to_string(kMaxDerivedNodes) +
                                           " nodes (size budget of derived terms)");
  }
}

// |Γ ⊢ M : σ| for a term the law built (not one of the case's terms). Derived
// terms are typed by construction (calculus/term.h), so a derived term that
// does not have type σ in Γ is a failure: a broken T_x or substitution shows
// up so, never as a discard.
template <class C>
typename C::Morphism denote(const C& c, const Context& context, const Term& term, const Type& type,
                            std::string_view what) {
  Term evaluated = term;
  const semantics::Capabilities model = semantics::capabilities(c);
  if (!model.shares_evaluation && term->tree_size() > kMaxDerivedTreeSize) {
    // A model that reads the term through its normal form evaluates that:
    // its tree is what counts.
    if (model.via_normal_form) {
      const auto normal =
          calculus::normalize_innermost(term, semantics::first_order_normalize_options(c));
      if (normal.status == calculus::NormalizeStatus::NormalForm) {
        evaluated = normal.term;
        semantics::note_normal_form_reading();
      }
    }
    if (evaluated->tree_size() > kMaxDerivedTreeSize) {
      throw Discard(DiscardKind::Budget,
                    std::string(what) + (evaluated == term ? "" : "'s normal form") +
                        " has a tree of more than " + std::to_string(kMaxDerivedTreeSize) +
                        " nodes (evaluation budget)");
    }
  }
  auto result = semantics::interpret(c, context, evaluated, type);
  if (result.ok()) return std::move(result).value();
  throw CaseError("interpreting " + std::string(what) + ": " + result.error().to_string());
}

// M with de Bruijn indices 0 and 1 exchanged: Γ;x;y ⊢ M gives Γ;y;x ⊢ result.
Term exchange_top(const Term& term);

// term with one redex of the rule family contracted: the shallowest such
// redex, ties broken by the rng; term itself if there is none. A rule belongs
// to family F when its name is F or starts with "F-" ("delta" holds
// "delta-T-sin", …; "pi" holds "pi" and "pi-zero"). Discards the case when
// the reduct would take more than kMaxDerivedNodes nodes.
Term contract_some(const Term& term, std::string_view family, calculus::Rng& rng,
                   const calculus::Rules& rules = {});

}  // namespace detail

struct Exchange {
  static constexpr LawInfo info{"sound.lemma-5.1", "Lemma 5.1 (exchange)",
                                "|M|_{Γ;x:σ;y:τ} = |M|_{Γ;y:τ;x:σ}∘sw", kSoundCoverage,
                                LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) {
    Case k;
    Context context = detail::random_context(gen);
    context.push("x", gen.object());
    context.push("y", gen.object());
    gen.term(k, "M", context, gen.object());
    detail::point_for_context(gen, k, context);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const CaseTerm& m = k.term("M");
    Context swapped;
    for (std::size_t i = 0; i + 2 < m.context.size(); ++i) {
      swapped.push(m.context.entries()[i].name, m.context.entries()[i].type);
    }
    swapped.push("y", m.context.at(0).type);
    swapped.push("x", m.context.at(1).type);
    Context outer = swapped;
    outer.pop();
    outer.pop();
    const auto gamma = unwrap(semantics::interpret_context(c, outer), "context");
    return {denotation(c, m),
            c.compose(detail::denote(c, swapped, detail::exchange_top(m.term), m.type, "M swapped"),
                      semantics::sw(c, gamma, object_of(c, m.context.at(1).type),
                                    object_of(c, m.context.at(0).type)))};
  }
};

struct Weakening {
  static constexpr LawInfo info{"sound.lemma-5.2", "Lemma 5.2 (weakening)",
                                "x ∉ FV(M) ⟹ |M|_{Γ;x:σ} = |M|_Γ∘π1", kSoundCoverage,
                                LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Context context = detail::random_context(gen);
    gen.term(k, "M", context, gen.object());
    Context weakened = context;
    weakened.push("z", gen.object());
    detail::point_for_context(gen, k, weakened);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const CaseTerm& m = k.term("M");
    const Context& weakened = k.point_context;
    const auto gamma = unwrap(semantics::interpret_context(c, m.context), "context");
    const auto sigma = object_of(c, weakened.at(0).type);
    return {detail::denote(c, weakened, calculus::lift(m.term, 1), m.type, "M weakened"),
            c.compose(denotation(c, m), c.proj1(gamma, sigma))};
  }
};

struct Lemma53 {
  static constexpr LawInfo info{"sound.lemma-5.3", "Lemma 5.3",
                                "|M ⋄ N|_Γ = T(ev)∘⟨|M|_Γ, |N|_Γ⟩  (T(ev) by equation (3))",
                                kSoundCoverage, LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Context context = detail::random_context(gen);
    const Type sigma = gen.object(), tau = gen.object();
    gen.term(k, "M", context, mk_tangent(mk_arrow(sigma, tau)));
    gen.term(k, "N", context, mk_tangent(sigma));
    detail::point_for_context(gen, k, context);
    return k;
  }
  template <semantics::DifferentialLambdaCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const CaseTerm& m = k.term("M");
    const CaseTerm& n = k.term("N");
    const Type arrow = m.type->left();
    const auto x = object_of(c, calculus::arrow_domain(arrow));
    const auto y = object_of(c, calculus::arrow_codomain(arrow));
    return {detail::denote(c, m.context, calculus::diamond(m.term, n.term),
                           mk_tangent(calculus::arrow_codomain(arrow)), "M ⋄ N"),
            c.compose(semantics::tangent_ev(c, x, y), c.pair(denotation(c, m), denotation(c, n)))};
  }
};

struct Substitution {
  static constexpr LawInfo info{"sound.lemma-5.4", "Lemma 5.4 (substitution)",
                                "|M[P/x]|_Γ = |M|_{Γ;x:σ}∘⟨id, |P|_Γ⟩", kSubstitutionCoverage,
                                LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Context context = detail::random_context(gen);
    const Type sigma = gen.object();
    gen.term(k, "M", context.extended("x", sigma), gen.object());
    gen.term(k, "P", context, sigma);
    detail::point_for_context(gen, k, context);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const CaseTerm& m = k.term("M");
    const CaseTerm& p = k.term("P");
    const auto gamma = unwrap(semantics::interpret_context(c, p.context), "context");
    const Term substituted = detail::derived("M[P/x]", [&](std::uint64_t max_nodes) {
      return calculus::substitute(m.term, p.term, max_nodes);
    });
    return {detail::denote(c, p.context, substituted, m.type, "M[P/x]"),
            c.compose(denotation(c, m), c.pair(c.identity(gamma), denotation(c, p)))};
  }
};

struct Lemma55 {
  static constexpr LawInfo info{"sound.lemma-5.5", "Lemma 5.5",
                                "|T_x M|_{Γ;x:Tσ} = T(|M|_{Γ;x:σ})∘t", kSubstitutionCoverage,
                                LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) {
    Case k;
    const Context context = detail::random_context(gen);
    const Type sigma = gen.object();
    gen.term(k, "M", context.extended("x", sigma), gen.object());
    detail::point_for_context(gen, k, context.extended("x", mk_tangent(sigma)));
    return k;
  }
  template <semantics::ReadsFirstOrderJudgements C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const CaseTerm& m = k.term("M");
    Context outer = m.context;
    outer.pop();
    const auto gamma = unwrap(semantics::interpret_context(c, outer), "context");
    const auto sigma = object_of(c, m.context.at(0).type);
    const Term tangent = detail::derived(
        "T_x M", [&](std::uint64_t max_nodes) { return calculus::tangent_of(m.term, max_nodes); });
    return {detail::denote(c, k.point_context, tangent, mk_tangent(m.type), "T_x M"),
            c.compose(semantics::tangent_map(c, denotation(c, m)),
                      semantics::right_strength(c, gamma, sigma))};
  }
};

namespace detail {
// |M| = |M'| for a term M built around a redex of a rule and M' one step on.
struct RuleCase {
  static Case make(CaseGenerator& gen, const Context& context, const Term& redex,
                   const Type& type) {
    Case k;
    k.terms.push_back({"M", context, redex, type});
    point_for_context(gen, k, context);
    return k;
  }
};
// The rules of a law's reducts, normal forms and δ-steps in a model that is
// certified or not (check_case.h, CertifiedModel): a certified model gets
// exact literal folds only, because a rounded fold holds only up to rounding
// (calculus/reduce.h).
calculus::Rules reduction_rules(bool certified);
// Whether M has a redex of `family` ("beta", "T", "pi", "delta") under rules.
bool has_redex_of(const Term& m, std::string_view family, const calculus::Rules& rules);
// draw() until its M has a redex of `family` under gen's rules, at most
// kRedraws times: a draw can collapse (a λ of 0 is 0, and so is 0 applied),
// and a case without a redex would pass without testing the rule.
Case draw_with_redex(CaseGenerator& gen, std::string_view family,
                     const std::function<Case()>& draw);
inline constexpr int kRedraws = 20;
// π_k(ι_l s) with s random: l = k when same_component, else l ≠ k.
inline Case projection_case(CaseGenerator& gen, bool same_component) {
  const Context context = random_context(gen);
  const Type sigma = gen.object();
  const int k = static_cast<int>(1 + calculus::random_below(gen.rng(), 2));
  const Term s = gen.random_term(context, sigma);
  const int l = same_component ? k : 3 - k;
  return RuleCase::make(gen, context, calculus::mk_proj(k, calculus::mk_inj(l, s, sigma)), sigma);
}
// The targeted family of the JFP 2019 bug (spec §6): a derivative of a
// function-valued function, shared through a let and applied to its own
// output,
//   let d = D (λu:R. λf:R → R. λx:R. f (x + u·a)) P in d (d g) Q   : R,
// i.e. a²·g''(Q + 2aP), with g : R → R random but curved (x·x·r, a primitive
// on a scaled x). A uniform generator almost never builds this shape, and a
// model that does not rename its tags on application gives 0 for it.
Term shared_derivative_term(CaseGenerator& gen);
// One case in kSharedDerivativeOdds of sound.beta and sound.nf is of that family.
inline constexpr std::uint64_t kSharedDerivativeOdds = 8;
// The targeted family of higher Taylor coefficients: a primitive c under T
// nested k = 2 or 3 times, at a point whose components are all non-zero,
//   π_i1 (… π_ik ((Tᵏ c) P))   : R.
// Its δ-step rewrites the innermost T c, so that the model computes one side
// from c's Taylor coefficients of order k and the other from the δ-rule's
// primitives at order k − 1: by induction on k, every coefficient up to 3 is
// checked against the first-order δ-rules. A uniform generator seldom nests
// T three deep over a primitive. k = 3 only on a closed model (see the .cpp).
Term taylor_probe_term(CaseGenerator& gen);
// One case in kTaylorProbeOdds of sound.delta is of that family.
inline constexpr std::uint64_t kTaylorProbeOdds = 4;
// The targeted family of sound.T on a higher-order model: a function
// perturbed as a whole and applied to its own output,
//   T (λx:ρ → ρ. x (x r))   : T(ρ → ρ) → Tρ,   ρ first-order, r random,
// whose T_x applies x's tangent to a point that x's tangent perturbed: the
// rule's one clause where a model that approximates the infinitesimal (the
// finite-difference foil) or confuses perturbations shows it, and which a
// uniform generator builds in about one case in a hundred
// (docs/performance.md, "Time to the first counterexample").
Case own_output_tangent_case(CaseGenerator& gen);
// One case in kOwnOutputOdds of sound.T on a higher-order model is of that family.
inline constexpr std::uint64_t kOwnOutputOdds = 4;

template <class C>
Equation<typename C::Morphism> one_step(const C& c, const Case& k, std::string_view rule,
                                        std::uint64_t choice_seed) {
  const CaseTerm& m = k.term("M");
  calculus::Rng rng(choice_seed);
  const calculus::Rules rules = reduction_rules(semantics::capabilities(c).certified);
  if (!has_redex_of(m.term, rule, rules)) {
    // The generator redraws such cases (draw_with_redex): this is a case it
    // could not mend, or a recorded one.
    if (has_redex_of(m.term, rule, {})) {
      throw Discard(DiscardKind::Rounding,
                    "every redex of the rule folds to a rounded literal, and a certified model "
                    "checks exact folds only");
    }
    throw Discard(DiscardKind::Typing, "M has no redex of the rule");
  }
  return {denotation(c, m),
          denote(c, m.context, contract_some(m.term, rule, rng, rules), m.type, "the reduct")};
}

// M = ι1 (π1 s) + ι2 (π2 s), in either order, s random of a product type; on
// a closed model one case in three under a common λ (the rule's linear
// extension), λx.ι1(π1 s) + λx.ι2(π2 s); one case in two with a third
// summand, which the rule must keep.
Case pair_eta_case(CaseGenerator& gen);
// M = T s N with every summand of N (none to two) an ι2: a tangent in the
// zero direction at a random point.
Case zero_tangent_case(CaseGenerator& gen);

// M with one redex of the candidate rule contracted: M itself if it is one,
// else its first summand that is one (T and application distribute over
// sums, so T (s1 + s2) N is T s1 N + T s2 N); nullopt if there is none.
std::optional<Term> contract_candidate_once(const Term& term, calculus::CandidateRule rule);

// |M| = |M'| for M' = contract_candidate_once(M). A case with no such redex
// (a shrunk one) is outside the law.
template <class C>
Equation<typename C::Morphism> candidate_step(const C& c, const Case& k,
                                              calculus::CandidateRule rule) {
  const CaseTerm& m = k.term("M");
  const auto reduct = contract_candidate_once(m.term, rule);
  if (!reduct) {
    throw Discard(DiscardKind::Typing,
                  "M has no " + std::string(calculus::rule_name(rule)) + " redex");
  }
  return {denotation(c, m), denote(c, m.context, *reduct, m.type, "the reduct")};
}
}  // namespace detail

struct SoundBeta {
  static constexpr LawInfo info{"sound.beta", "Theorem 5.6 (β)", "|(λx.s) N| = |s[N/x]|",
                                kSharingCoverage, LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) {
    return detail::draw_with_redex(gen, "beta", [&] { return draw(gen); });
  }
  // One draw, which may lack a redex.
  static Case draw(CaseGenerator& gen) {
    if ((gen.options().higher_order || gen.options().whole_calculus) &&
        calculus::random_chance(gen.rng(), 1, detail::kSharedDerivativeOdds)) {
      return detail::RuleCase::make(gen, {}, detail::shared_derivative_term(gen),
                                    calculus::real_type());
    }
    const Context context = detail::random_context(gen);
    const Type sigma = gen.object(), tau = gen.object();
    const Term body = gen.random_term(context.extended("x", sigma), tau);
    const Term argument = gen.random_term(context, sigma);
    return detail::RuleCase::make(
        gen, context, calculus::mk_app(calculus::mk_lam("x", sigma, body), argument), tau);
  }
  template <semantics::ReadsFirstOrderJudgements C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    return detail::one_step(c, k, "beta", k.term("M").term->hash());
  }
};

struct SoundTangent {
  static constexpr LawInfo info{"sound.T", "Theorem 5.6 (T)", "|T(λx.s)| = |λx. T_x s|",
                                kTangentRuleCoverage, LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) {
    return detail::draw_with_redex(gen, "T", [&] { return draw(gen); });
  }
  // One draw, which may lack a redex.
  static Case draw(CaseGenerator& gen) {
    if (gen.options().higher_order &&
        calculus::random_chance(gen.rng(), 1, detail::kOwnOutputOdds)) {
      return detail::own_output_tangent_case(gen);
    }
    const Context context = detail::random_context(gen);
    const Type sigma = gen.object(), tau = gen.object();
    const Term body = gen.random_term(context.extended("x", sigma), tau);
    const Term redex = calculus::mk_tan(calculus::mk_lam("x", sigma, body));
    if (!gen.options().higher_order) {
      // A first-order judgement around the redex, (T (λx.s)) N : Tτ, for a
      // model that reads first-order judgements only.
      return detail::RuleCase::make(
          gen, context, calculus::mk_app(redex, gen.random_term(context, mk_tangent(sigma))),
          mk_tangent(tau));
    }
    return detail::RuleCase::make(gen, context, redex,
                                  mk_arrow(mk_tangent(sigma), mk_tangent(tau)));
  }
  template <semantics::ReadsFirstOrderJudgements C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    return detail::one_step(c, k, "T", k.term("M").term->hash());
  }
};

struct SoundProjection {
  static constexpr LawInfo info{"sound.pi", "Theorem 5.6 (π)", "|π_k(ι_k s)| = |s|", kSoundCoverage,
                                LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) {
    return detail::draw_with_redex(gen, "pi", [&] { return draw(gen); });
  }
  // One draw, which may lack a redex.
  static Case draw(CaseGenerator& gen) { return detail::projection_case(gen, true); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    return detail::one_step(c, k, "pi", k.term("M").term->hash());
  }
};

struct SoundProjectionZero {
  static constexpr LawInfo info{"sound.pi-zero", "Theorem 5.6 (π, k ≠ l)", "|π_k(ι_l s)| = 0",
                                kSoundCoverage, LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) {
    return detail::draw_with_redex(gen, "pi", [&] { return draw(gen); });
  }
  // One draw, which may lack a redex.
  static Case draw(CaseGenerator& gen) { return detail::projection_case(gen, false); }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    return detail::one_step(c, k, "pi", k.term("M").term->hash());
  }
};

struct SoundDelta {
  static constexpr LawInfo info{"sound.delta", "§6 (δ-rules), Theorem 5.6",
                                "|M| = |M'| for M' one δ-step from M (T c, arithmetic, mul by 0)",
                                kDeltaCoverage, LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) {
    return detail::draw_with_redex(gen, "delta", [&] { return draw(gen); });
  }
  // One draw, which may lack a redex.
  static Case draw(CaseGenerator& gen);
  template <semantics::ReadsFirstOrderJudgements C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    return detail::one_step(c, k, "delta", k.term("M").term->hash());
  }
};

// The candidate rules of spec §7 (calculus/candidate_rule.h), which the
// conjecture lab adds to §4's to repair confluence: each must be sound.
struct SoundPairEta {
  static constexpr LawInfo info{"sound.rule.pair-eta", "§7 candidate rule pair-eta, Remark 3.3",
                                "|ι1 (π1 s) + ι2 (π2 s)| = |s|, also under λx (ι1∘π1 + ι2∘π2 = id)",
                                kSoundCoverage, LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) { return detail::pair_eta_case(gen); }
  template <semantics::CartesianLeftAdditiveCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    return detail::candidate_step(c, k, calculus::CandidateRule::PairEta);
  }
};

struct SoundZeroTangent {
  static constexpr LawInfo info{
      "sound.rule.zero-tangent", "§7 candidate rule zero-tangent, D2",
      "|T s (ι2 N1 + … + ι2 Nk)| = |ι2 (s (N1 + … + Nk))| (D(f)∘⟨0, v⟩ = 0)", kSoundCoverage,
      LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) { return detail::zero_tangent_case(gen); }
  template <semantics::ReadsFirstOrderJudgements C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    return detail::candidate_step(c, k, calculus::CandidateRule::ZeroTangent);
  }
};

struct SoundNormalForm {
  static constexpr LawInfo info{"sound.nf", "Theorem 5.6 (M →* M')",
                                "|M| = |normal form of M| (β, π, T and δ, applicative order)",
                                kSharingCoverage, LawSubject::Calculus};
  static Case generate(CaseGenerator& gen) {
    if ((gen.options().higher_order || gen.options().whole_calculus) &&
        calculus::random_chance(gen.rng(), 1, detail::kSharedDerivativeOdds)) {
      return detail::RuleCase::make(gen, {}, detail::shared_derivative_term(gen),
                                    calculus::real_type());
    }
    Case k;
    const Context context = detail::random_context(gen);
    gen.term(k, "M", context, gen.object());
    detail::point_for_context(gen, k, context);
    return k;
  }
  template <semantics::CartesianDifferentialCategory C>
  static Equation<typename C::Morphism> equation(const C& c, const Case& k) {
    const CaseTerm& m = k.term("M");
    // Applicative order's normal form: the law holds for a normal form by any
    // strategy, and normal order copies unevaluated arguments, so on a shared
    // derivative it spends thousands of steps (and seconds) where applicative
    // order needs a few hundred. Computed innermost (a term it gives up on is
    // decided by the step-at-a-time normalizer, with these budgets).
    calculus::NormalizeOptions budget;
    budget.rules = detail::reduction_rules(semantics::capabilities(c).certified);
    budget.max_steps = 2000;
    budget.max_size = 20000;
    const auto result = calculus::normalize_innermost(m.term, budget);
    if (result.status != calculus::NormalizeStatus::NormalForm) {
      throw Discard(DiscardKind::Budget, detail::normalization_discard(result));
    }
    return {denotation(c, m), detail::denote(c, m.context, result.term, m.type, "normal form")};
  }
};

}  // namespace perturb::proofs::laws
