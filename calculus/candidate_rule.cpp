#include "calculus/candidate_rule.h"

#include <algorithm>

#include "calculus/mutation.h"
#include "calculus/type.h"

namespace perturb::calculus {
namespace {

using calculus::Term;
using calculus::TermKind;

// s when a = ι1 (π1 s) and b = ι2 (π2 s) with ι's product the type of s.
std::optional<Term> eta_core(const Term& a, const Term& b) {
  const auto unwrap = [](const Term& t, int k) -> std::optional<Term> {
    if (!calculus::is_inj(t) || calculus::component(t) != k) return std::nullopt;
    const Term& proj = calculus::operand(t);
    if (!calculus::is_proj(proj) || calculus::component(proj) != k) return std::nullopt;
    return calculus::operand(proj);
  };
  const auto s = unwrap(a, 1), s2 = unwrap(b, 2);
  if (!s || !s2 || !calculus::alpha_equal(*s, *s2) || (*s)->type() != a->type()) {
    return std::nullopt;
  }
  return *s;
}

// C[s] when a = C[ι1 (π1 s)] and b = C[ι2 (π2 s)] for one linear context C
// (λx:σ.[], [] N, T [], ι_k [], π_k []).
std::optional<Term> eta_pair(const Term& a, const Term& b) {
  if (auto s = eta_core(a, b)) return s;
  if (a->kind() != b->kind() || a->type() != b->type()) return std::nullopt;
  switch (a->kind()) {
    case TermKind::Lam:  // the same type, so the same binder type
      if (auto inner = eta_pair(calculus::lam_body(a), calculus::lam_body(b))) {
        return calculus::mk_lam(calculus::lam_name(a), calculus::lam_domain(a), *inner);
      }
      return std::nullopt;
    case TermKind::App:
      if (!calculus::alpha_equal(calculus::app_arg(a), calculus::app_arg(b))) return std::nullopt;
      if (auto inner = eta_pair(calculus::app_fn(a), calculus::app_fn(b))) {
        return calculus::mk_app(*inner, calculus::app_arg(a));
      }
      return std::nullopt;
    case TermKind::Tan:
      if (auto inner = eta_pair(calculus::operand(a), calculus::operand(b))) {
        return calculus::mk_tan(*inner);
      }
      return std::nullopt;
    case TermKind::Inj:
    case TermKind::Proj:
      if (calculus::component(a) != calculus::component(b)) return std::nullopt;
      if (auto inner = eta_pair(calculus::operand(a), calculus::operand(b))) {
        const int k = calculus::component(a);
        return calculus::is_proj(a)
                   ? calculus::mk_proj(k, *inner)
                   : calculus::mk_inj(k, *inner, calculus::product_component(a->type(), 3 - k));
      }
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

std::optional<Term> contract_pair_eta(const Term& term) {
  if (!calculus::is_sum(term)) return std::nullopt;
  const auto& parts = term->children();
  for (std::size_t i = 0; i < parts.size(); ++i) {
    for (std::size_t j = 0; j < parts.size(); ++j) {
      if (i == j) continue;
      if (auto joined = eta_pair(parts[i], parts[j])) {
        std::vector<Term> rest;
        for (std::size_t k = 0; k < parts.size(); ++k) {
          if (k != i && k != j) rest.push_back(parts[k]);
        }
        if (active_mutant() == Mutant::PairEtaDropsOtherSummands) return *joined;
        rest.push_back(*joined);
        return calculus::mk_sum(term->type(), rest);
      }
    }
  }
  return std::nullopt;
}

std::optional<Term> contract_zero_tangent(const Term& term) {
  if (!calculus::is_app(term) || !calculus::is_tan(calculus::app_fn(term))) return std::nullopt;
  std::vector<Term> bodies;
  for (const Term& summand : calculus::summands(calculus::app_arg(term))) {
    if (!calculus::is_inj(summand) || calculus::component(summand) != 2) return std::nullopt;
    bodies.push_back(calculus::operand(summand));
  }
  const Term& s = calculus::operand(calculus::app_fn(term));
  const calculus::Type& function = s->type();
  if (active_mutant() == Mutant::ZeroTangentForgetsPoint) bodies.clear();
  const Term applied =
      calculus::mk_app(s, calculus::mk_sum(calculus::arrow_domain(function), bodies));
  return calculus::mk_inj(2, applied, calculus::arrow_codomain(function));
}

}  // namespace

std::string_view rule_name(CandidateRule rule) {
  return rule == CandidateRule::PairEta ? "pair-eta" : "zero-tangent";
}

std::string_view rule_statement(CandidateRule rule) {
  return rule == CandidateRule::PairEta
             ? "ι1 (π1 s) + ι2 (π2 s) → s (summands of one sum, also under a common linear "
               "context λx.[], [] N, T [], ι_k [], π_k [])"
             : "T s N → ι2 (s N') when every summand of N is ι2 of something (N' the sum of "
               "their bodies; T s 0 → ι2 (s 0))";
}

std::string_view rule_soundness(CandidateRule rule) {
  return rule == CandidateRule::PairEta
             ? "ι1∘π1 + ι2∘π2 = id in every cartesian left-additive category (spec §7, "
               "Remark 3.3)"
             : "D(f)∘⟨0, v⟩ = 0 in every cartesian differential category (spec §7, axiom D2)";
}

std::optional<CandidateRule> parse_rule(std::string_view name) {
  for (CandidateRule rule : kCandidateRules) {
    if (rule_name(rule) == name) return rule;
  }
  return std::nullopt;
}

std::optional<CandidateContraction> contract_candidate(const Term& term,
                                                       std::span<const CandidateRule> rules) {
  for (CandidateRule rule : rules) {
    auto result =
        rule == CandidateRule::PairEta ? contract_pair_eta(term) : contract_zero_tangent(term);
    if (result) return CandidateContraction{rule, *result};
  }
  return std::nullopt;
}

}  // namespace perturb::calculus
