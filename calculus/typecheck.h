// The type checker (spec Fig. 1, §6), bidirectional with partial types.
//
// infer(Γ, M, E) finds the most precise type σ with Γ ⊢ M : σ that agrees with
// the expected type E, where E and σ may contain holes (?):
//
//   0            checks against any E and returns E
//   s + N        checks every summand against E refined by the earlier ones
//   x            synthesises Γ(x)
//   λx:σ. s      requires E to be a function type from σ; checks s in Γ; x:σ
//   s N          synthesises s : σ → τ (expecting ? → E), then checks N : σ
//   T s          s : σ → τ gives Tσ → Tτ
//   ι_k s        s : σ_k gives σ1 × σ2, the other factor from E (else ?)
//   π_k s        needs s : σ1 × σ2, gives σ_k
//   c            literals are R; mul : R × R → R; sin, cos, exp : R → R
//
// Shared subterms (the term is a DAG) are checked once per context and
// expected type, so checking T_x-heavy terms costs their DAG size.
#pragma once

#include "calculus/context.h"
#include "calculus/error.h"
#include "calculus/term.h"
#include "calculus/type.h"

namespace perturb::calculus {

// The most precise type of term in context that refines expected, or an
// Error naming the offending subterm with its expected and found types.
ErrorOr<Type> infer(const Context& context, const Term& term, const Type& expected = mk_hole());

// The complete type of term in context, or an Error (also when holes remain,
// e.g. for a bare 0).
ErrorOr<Type> type_of(const Context& context, const Term& term);

}  // namespace perturb::calculus
