// Printing terms in the surface syntax (design.md) so that they read back:
// for every well-typed Γ ⊢ M : σ, parse_program(to_string(M, Γ), Γ, σ) gives
// a term α-equal to M.
//
// * Minimal parentheses under the precedence application > `*` > `+` > λ.
// * Never captures: a binder whose name is in scope (a context name or an
//   enclosing binder), a keyword, or not an identifier is renamed x, x1, x2….
// * Types the syntax leaves open are written: 0 at a type other than R
//   prints as (0 : σ), ι_k M whose other factor is not R as (in_k M : σ).
//   (Elaboration defaults what nothing constrains to R, so R needs nothing.)
// * Sugar is recovered: a bag ι1 M1 + … + ι2 N1 + … with both components
//   prints as <M1 + …, N1 + …>, `mul <M, N>` as M * N, and pi1 (T M <1, N>)
//   as D M N.
// * Literals (finite, term.h) print in the shortest form that reads back to
//   the same double.
// * A free variable prints with its context name; one that has no usable
//   name (unnamed, shadowed by a later entry, or beyond the context) prints
//   as the placeholder ?i, i its de Bruijn index in Γ, which does not parse.
#pragma once

#include <string>

#include "calculus/context.h"
#include "calculus/term.h"

namespace perturb::calculus {

// term in the surface syntax, its free variables named by context.
std::string to_string(const Term& term, const Context& context = {});

// The surface spelling of a literal value (shortest round trip); non-finite
// values, which are not literals, print as inf, -inf, nan and -nan.
std::string literal_to_string(double value);

}  // namespace perturb::calculus
