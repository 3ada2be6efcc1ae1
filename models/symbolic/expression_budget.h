// The budgets of the model `symbolic` (models/symbolic/symbolic.h), checked
// before GiNaC does the work they bound.
//
// Tree sizes bound the work of GiNaC, whose substitution, differentiation
// and expansion walk trees, not DAGs. Numbers need their own bound: GiNaC
// evaluates closed subexpressions exactly, and x^(2^64) is three nodes. The
// model's numbers are dyadic rationals m/2^k (doubles, and their sums,
// products and integer powers), whose growth is tracked by two bounds:
// log2 |m/2^k| ("magnitude", at least 0) and k. All the bounds are whole
// numbers, so that they are exact and the same in whatever order GiNaC
// keeps the terms.
//
// The caller holds Symbolic::exclusive().
#pragma once

#include <ginac/ginac.h>

#include <vector>

namespace perturb::models::expressions {

// The largest tree, in nodes, of an expression the model keeps: GiNaC's
// substitution, differentiation and expansion walk trees, not DAGs.
inline constexpr double kMaxNodes = 100'000;
// The most an expansion may build, in nodes, and a derivative may visit
// and copy (all its partial derivatives together).
inline constexpr double kMaxIntermediateNodes = 500'000;
// The most bits of one exact number, numerator and denominator together.
inline constexpr double kMaxNumberBits = 1 << 14;

// e, an expression in the first `dimension` coordinates, after checking
// that it is within the budgets (kMaxNodes nodes, kMaxNumberBits bits);
// throws EvaluationBudgetExceeded if not.
GiNaC::ex checked(GiNaC::ex e, int dimension);

// The expressions with coordinate symbol i replaced by values[i], all at
// once; each result is an expression in the first `dimension` coordinates.
// Throws EvaluationBudgetExceeded, before substituting, if a result could
// exceed the budgets.
std::vector<GiNaC::ex> substituted(const std::vector<GiNaC::ex>& expressions,
                                   const std::vector<GiNaC::ex>& values, int dimension);

// The work of GiNaC's derivative of e by one symbol, in nodes: one visit
// per node of the tree, and k² for a product of k factors, whose product
// rule copies the other factors beside each factor's derivative (copies of
// references, so the result is a DAG of about this size).
double derivative_work(const GiNaC::ex& e);

// Whether expanding e, arguments of functions included, stays within
// kMaxIntermediateNodes nodes and kMaxNumberBits bits, bounded before
// expanding.
bool expansion_within_budget(const GiNaC::ex& e);

}  // namespace perturb::models::expressions
