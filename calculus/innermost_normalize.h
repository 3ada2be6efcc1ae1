// The applicative-order normal form by memoized innermost reduction: each
// node of the term is normalized once (its children first, left to right,
// then its own redex, contracted and normalized again until none is left),
// and a node met again takes the normal form it had. It reaches the normal
// form calculus::normalize reaches under Strategy::ApplicativeOrder
// (tests/calculus/innermost_normalize_test.cpp), without rebuilding the
// whole term and its caches after every graph step, so at a cost near the
// contractions' own; the step counts may differ. The interpreters read
// terms outside the first-order fragment through this normal form
// (docs/architecture.md, "Normalization").
//
// Budgets: max_steps counts contractions; max_size bounds the nodes it
// keeps (the normal forms and the nodes on the way to them) and each
// contraction's substitution or T_x; max_memory the same nodes at
// kBytesPerNode (+ kBytesPerChild per child) each; max_seconds the wall
// clock. When one is exceeded, or a term would nest deeper than
// kMaxTermDepth, calculus::normalize under applicative order runs from the
// start with the same options and its result is returned, so a run that
// gives up reports exactly what normalize reports (max_seconds then applies
// to each of the two). Strategy, seed and trace are ignored.
#pragma once

#include "calculus/normalize.h"

namespace perturb::calculus {

// normalize(term, options) under applicative order (see above).
NormalizeResult normalize_innermost(const Term& term, const NormalizeOptions& options = {});

}  // namespace perturb::calculus
