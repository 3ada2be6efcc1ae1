// The models rounding cannot fool (issue 12): certified at a precision that
// can be raised, or exact. The checker treats them apart (proofs/check_case.h)
// and so does the normal-form reading of semantics/interpret.h.
#pragma once

#include <concepts>
#include <span>

namespace perturb::semantics {

// Models whose comparison is certified at a working precision that can be
// raised (models/ball.h): a case they leave Undecided is evaluated again at
// each precision of c.precisions() in turn, under the scope c.at_precision(bits).
template <class C>
concept HasPrecisionLadder = requires(const C& c) {
  { c.precisions() } -> std::convertible_to<std::span<const long>>;
  c.at_precision(64L);
};

// Models whose comparisons rounding cannot fool: certified at a precision
// that can be raised (HasPrecisionLadder), or exact (`static constexpr bool
// kExact = true`: the rational model). Their laws get exact literal folds
// only (calculus/reduce.h, Rules::rounded_folds) and their failures need no
// certification by a twin (proofs/certified_twin.h). Their readings through
// normal forms fold literals exactly too (interpret.h).
template <class C>
concept CertifiedModel = HasPrecisionLadder<C> || requires {
  requires C::kExact;
};

}  // namespace perturb::semantics
