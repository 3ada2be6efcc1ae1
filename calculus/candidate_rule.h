// Candidate rules (spec §7): rewrite rules that are not in the calculus of
// spec §4 but are sound in every model, proposed to repair its confluence.
//
//   pair-eta      ι1 (π1 s) + ι2 (π2 s)  →  s
//                 two summands of one sum, also under a common linear
//                 context (§3): λx:σ.[], [] N, T [], ι_k [], π_k [], e.g.
//                 λx.ι1(π1 x) + λx.ι2(π2 x) → λx.x. Sound in every
//                 cartesian left-additive category (Remark 3.3:
//                 ι1∘π1 + ι2∘π2 = id).
//   zero-tangent  T s N  →  ι2 (s N')
//                 when every summand of N is ι2 of something (N = 0
//                 included), N' the sum of those bodies: a tangent in the
//                 zero direction. Sound by D2 (D(f)∘⟨0, v⟩ = 0). Note
//                 T s 0 → ι2 (s 0), never 0.
//
// The lab applies them on top of §4's rules (lab/extended_normalize.h);
// the sound.rule.* laws (proofs/laws/laws_soundness.h) check that they are sound.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "calculus/term.h"

namespace perturb::calculus {

enum class CandidateRule { PairEta, ZeroTangent };

// Every candidate rule, in the order of the table above.
inline constexpr CandidateRule kCandidateRules[] = {CandidateRule::PairEta,
                                                    CandidateRule::ZeroTangent};

// "pair-eta", "zero-tangent".
std::string_view rule_name(CandidateRule rule);

// The rule in the paper's notation, one line.
std::string_view rule_statement(CandidateRule rule);

// Why it is sound, one sentence with the spec's reference.
std::string_view rule_soundness(CandidateRule rule);

// The rule called name, if there is one.
std::optional<CandidateRule> parse_rule(std::string_view name);

// term rewritten at its root by the first of rules that applies to it.
struct CandidateContraction {
  CandidateRule rule;
  calculus::Term result;
};
std::optional<CandidateContraction> contract_candidate(const Term& term,
                                                       std::span<const CandidateRule> rules);

}  // namespace perturb::calculus
