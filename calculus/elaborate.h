// Elaboration: bidirectional type checking of a surface program (surface.h)
// that produces a core Term (term.h), resolving names to de Bruijn indices,
// expanding sugar and substituting definitions.
//
// The rules are those of spec Fig. 1 plus the constants of §6, read
// bidirectionally. Every judgement checks a term against an expected type
// that may be partial (holes, type.h) and returns the most precise type
// (merge_types of expected and found):
//   x, c, sin, cos, exp, mul   synthesise, then merge with the expected type
//   0                          checks against any type (returns the expected one)
//   M1 + … + Mn                each Mi checks against what the previous ones determined
//   \x:σ. M                    expected σ' -> τ: σ' must merge with σ, M checks against τ
//   M N                        M checks against ? -> expected, then N against its domain
//   T s                        s : σ → τ gives T σ → T τ
//   in_k s, pi_k s, <M, N>     by components
//   M * N                      mul <M, N>: M, N : R
//   D M N                      pi1 (T M <1, N>): M : R → τ, N : R, result τ
//   (M : σ)                    M checks against σ
//   let x = M in N             (\x:σ. N) M where M synthesises the complete type σ
// A type error names the position, the found and the expected type and the
// offending subterm as the user wrote it.
#pragma once

#include "calculus/context.h"
#include "calculus/error.h"
#include "calculus/surface.h"
#include "calculus/term.h"
#include "calculus/type.h"

namespace perturb::calculus {

// An elaborated program: a term, its type, the context it lives in.
struct Program {
  Term term;
  Type type;
  Context context;
};

// Elaborates program in free_variables against expected. Definitions are
// elaborated in order (each sees the free variables and earlier definitions),
// must have complete types and are substituted where they are used. The result
// type must be complete.
ErrorOr<Program> elaborate(const SurfaceProgram& program, const Context& free_variables = {},
                           const Type& expected = mk_hole());

}  // namespace perturb::calculus
