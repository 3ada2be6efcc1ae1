#include "lab/shrink_term.h"

#include "proofs/cases/shrink.h"

namespace perturb::lab {

ShrunkTerm shrink_term(const calculus::Context& context, const calculus::Term& term,
                       const calculus::Type& type,
                       const std::function<bool(const calculus::Term&)>& keep,
                       std::uint32_t max_attempts) {
  ShrunkTerm out{term, 0};
  std::uint32_t attempts = 0;
  bool improved = true;
  while (improved && attempts < max_attempts) {
    improved = false;
    for (const calculus::Term& candidate : proofs::shrink_candidates(context, out.term, type)) {
      if (++attempts > max_attempts) break;
      if (keep(candidate)) {
        out.term = candidate;
        ++out.steps;
        improved = true;
        break;
      }
    }
  }
  return out;
}

}  // namespace perturb::lab
