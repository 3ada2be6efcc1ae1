// Typing in a context (spec Fig. 1, §6). Terms are intrinsically typed
// (term.h): every node's type is fixed when it is built, so Γ ⊢ M : σ holds
// exactly when σ is M's type and Γ gives each free variable of M the type the
// variable carries. This file checks the second half; the first is free.
//
// The check visits each shared subterm once per binder depth, so it costs the
// DAG size of the term, not its tree size.
#pragma once

#include "calculus/context.h"
#include "calculus/error.h"
#include "calculus/term.h"
#include "calculus/type.h"

namespace perturb::calculus {

// M's type when Γ ⊢ M : type(M), i.e. every free variable of term has in
// context the type it carries; else an Error naming the first one that does
// not (or that context does not bind).
ErrorOr<Type> type_of(const Context& context, const Term& term);

}  // namespace perturb::calculus
