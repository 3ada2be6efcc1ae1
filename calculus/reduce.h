// One-step reduction (spec §4, Fig. 3, and the δ-rules of §6).
//
//   (β)    (λx.s) N         → s[N/x]                          "beta"
//   (π)    π_k (ι_k s)      → s                               "pi"
//          π_k (ι_l s)      → 0           (k ≠ l)             "pi-zero"
//   (T)    T (λx:σ. s)      → λx:Tσ. T_x s                    "T"
//
// δ-rules, switched on and off as a group (Rules::delta):
//
//   T f → the δ-rule of f in the signature (calculus/signature.h), e.g.
//   T sin → λp:T R. ⟨cos(π2 p) * π1 p, sin(π2 p)⟩            "delta-T-sin"
//   T mul → λp:T(R×R). ⟨π1(π1 p) * π2(π2 p) + π2(π1 p) * π1(π2 p),
//                       π1(π2 p) * π2(π2 p)⟩                  "delta-T-mul"
//   a * b → the literal ab; f a → a literal for a unary f where it is
//   exact (sin 0 → 0, cos 0 → 1, exp 0 → 1, abs a) or rounding is allowed;
//   literals under the same chain of ι_k and λx:σ in one sum fold into one,
//   e.g. ι2 9 + ι2 1 → ι2 10 (ι and λ are linear, §3)             "delta-arith"
//   mul N → 0 when every summand of N is an ι1 or every one an ι2
//   (N = 0 included): mul is bilinear                           "delta-mul-zero"
//
// A δ-rule never produces a non-finite literal: such a redex is left alone;
// nor, with Rules::rounded_folds off, a literal other than the exact value.
// The reducts are built by the smart constructors, so a step may reorder a
// sum or distribute a constructor over it (§3).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "calculus/error.h"
#include "calculus/substitution.h"
#include "calculus/term.h"

namespace perturb::calculus {

// Which rules are on: β, π and T always, the δ-rules as a group.
struct Rules {
  bool delta = true;
  // Whether delta-arith may fold to a rounded literal (a * b, a sum of
  // literals, sin a, cos a, exp a to the nearest double). Off, only folds
  // whose literal is the exact value are redexes: a rounded fold holds only
  // up to rounding, which a certified model (closures@ball) refutes, so the
  // sound.* laws give such a model exact folds only (proofs/laws/laws_soundness.h).
  bool rounded_folds = true;
};

// A path from the root to a subterm: child indices in calculus/term.h order
// (λ: body; application: function, argument; T, ι, π: operand; sum: summands).
using Position = std::vector<std::uint32_t>;

// "ε" for the root, else the indices joined by dots, e.g. "1.0.2".
std::string to_string(const Position& position);

// A redex: where it is and which rule contracts it.
struct Redex {
  Position position;
  std::string_view rule;
};

// A contracted redex: the rule used and the resulting term.
struct Contraction {
  std::string_view rule;
  Term result;
};

// The name of the rule that contracts term at its root, if any (cheap: the
// reduct is not computed).
std::optional<std::string_view> redex_rule(const Term& term, const Rules& rules = {});

// term contracted at its root, if it is a redex. Throws TooLarge when the
// reduct's substitution or T_x builds more than max_nodes nodes.
std::optional<Contraction> contract(const Term& term, const Rules& rules = {},
                                    std::uint64_t max_nodes = kNoNodeLimit);

// Whether some subterm of term is a redex; costs the DAG size of term.
bool has_redex(const Term& term, const Rules& rules = {});

// The redexes of term as a tree, in pre-order (leftmost-outermost first), at
// most limit of them (a shared DAG can have exponentially many positions).
std::vector<Redex> find_redexes(const Term& term, const Rules& rules = {},
                                std::size_t limit = 10000);

// The subterm at position, or an Error when the path leaves the term.
ErrorOr<Term> subterm_at(const Term& term, const Position& position);

// term with the redex at position contracted (only that occurrence), or an
// Error when position is outside term or not a redex. Throws TooLarge when
// the reduct builds more than max_nodes nodes (as contract does).
ErrorOr<Contraction> reduce_at(const Term& term, const Position& position, const Rules& rules = {},
                               std::uint64_t max_nodes = kNoNodeLimit);

}  // namespace perturb::calculus
