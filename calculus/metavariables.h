// Terms with metavariables (calculus/parse_equation.h): a term in the context
// of n metavariables m_1 … m_n (declared order; m_n is de Bruijn index 0 at
// the top) is a pattern. Matching finds the values of the metavariables that
// make it a given term; instantiation puts values in for them.
#pragma once

#include <optional>
#include <vector>

#include "calculus/context.h"
#include "calculus/term.h"

namespace perturb::calculus {

// values[i] for metavariable m_{i+1}: a term of its type, in the context the
// instantiated term lives in.
using MetavariableValues = std::vector<Term>;

// pattern with every metavariable replaced by its value (lifted under the
// pattern's own binders). values.size() must be the number of metavariables.
Term instantiate(const Term& pattern, const MetavariableValues& values);

// The values for which instantiate(pattern, values) is term, up to the order
// of summands: a sum in the pattern matches a sum with its summands in any
// order, each pattern summand one term summand (a metavariable summand does
// not take several). Matching is syntactic otherwise, and at the types the
// metavariables were declared with (no type variables). A metavariable under
// a binder of the pattern matches only terms that do not use that binder.
// At the root, a pattern sum may match part of a sum: rest then holds the
// term summands it left out (empty otherwise).
struct Match {
  MetavariableValues values;
  std::vector<Term> rest;
};
std::optional<Match> match(const Term& pattern, const Context& metavariables, const Term& term);

}  // namespace perturb::calculus
