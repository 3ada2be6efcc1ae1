// Normalization with candidate rules (calculus/candidate_rule.h) on top of the
// rules of spec §4: reduce to a §4 normal form (calculus/normalize.h), then
// contract the leftmost-outermost candidate redex, and again, until neither
// kind of redex is left or a budget runs out. With no candidate rules this is
// normalize itself. The candidate rules fire only at §4 normal forms: one
// reduction order of the extended system, the one the lab compares.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "calculus/normalize.h"
#include "lab/rule_set.h"

namespace perturb::lab {

// One step of a reduction sequence: the rule, the tree position of the
// occurrence the order chose (calculus/reduce.h's Position) and how many
// occurrences of that redex the step contracted at once (graph reduction,
// calculus/normalize.h; 1 for a candidate-rule step).
struct LabStep {
  std::string rule;
  calculus::Position position;
  std::uint64_t occurrences = 1;
};

struct ExtendedResult {
  calculus::Term term;  // the normal form, or the last term reached
  calculus::NormalizeStatus status = calculus::NormalizeStatus::NormalForm;
  std::string gave_up;         // calculus::describe's line when status is not NormalForm
  std::uint64_t steps = 0;     // §4 graph steps and candidate steps
  std::vector<LabStep> trace;  // every step, when options.trace
};

// term reduced by §4's rules under options and by rules. The step budget
// covers the whole run; the size and memory budgets each §4 stretch.
ExtendedResult normalize_extended(const calculus::Term& term,
                                  const calculus::NormalizeOptions& options, const RuleSet& rules);

}  // namespace perturb::lab
