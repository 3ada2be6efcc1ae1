// Whether some subterm of a term satisfies a predicate: each node of the DAG
// visited once, iteratively (terms can be user input, nested deeply).
#pragma once

#include <unordered_set>
#include <vector>

#include "calculus/term.h"

namespace perturb::calculus {

template <class Predicate>
bool any_subterm(const Term& term, Predicate found) {
  std::unordered_set<const TermNode*> seen;
  std::vector<const Term*> pending = {&term};
  while (!pending.empty()) {
    const Term& t = *pending.back();
    pending.pop_back();
    if (found(t)) return true;
    if (!seen.insert(t.get()).second) continue;
    for (const Term& child : t->children()) pending.push_back(&child);
  }
  return false;
}

}  // namespace perturb::calculus
