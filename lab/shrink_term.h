// Greedy type-preserving shrinking of one term for the lab's probes, with
// the candidates of the checker's shrinker (proofs/cases/shrink.h): the first
// candidate (smallest first) for which keep holds is taken, and again, until
// none is or max_attempts candidates were tried.
#pragma once

#include <cstdint>
#include <functional>

#include "calculus/context.h"
#include "calculus/term.h"

namespace perturb::lab {

struct ShrunkTerm {
  calculus::Term term;
  std::uint32_t steps = 0;  // accepted candidates
};

ShrunkTerm shrink_term(const calculus::Context& context, const calculus::Term& term,
                       const calculus::Type& type,
                       const std::function<bool(const calculus::Term&)>& keep,
                       std::uint32_t max_attempts);

}  // namespace perturb::lab
