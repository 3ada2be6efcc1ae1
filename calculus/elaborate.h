// Elaboration: type inference for a surface program (surface.h) by
// unification, producing an intrinsically typed core Term (term.h),
// resolving names to de Bruijn indices, expanding sugar and substituting
// definitions.
//
// Every surface node gets a type that may contain type variables; the rules
// of spec Fig. 1 and the constants of §6 become equations between them,
// solved as they arise by first-order unification with union-find (T σ is
// just σ × σ, so nothing more is needed):
//   x, c, sin, cos, exp, mul   the type of the binding or constant
//   0                          a fresh variable: 0 has every type
//   M1 + … + Mn                all the Mi have the type of the sum
//   \x:σ. M                    σ -> τ where M : τ
//   M N                        M : σ -> τ and N : σ give τ
//   T M                        M : σ -> τ gives σ * σ -> τ * τ
//   in_k M, pi_k M, <M, N>     by components (in_k leaves the other factor free)
//   M * N                      M, N : R give R
//   D M N                      pi1 (T M <1, N>): M : R -> τ, N : R give τ
//   (M : σ)                    M : σ
//   let x = M in N             (\x:σ. N) M with σ the type M is found to have
// Expected types are pushed into λ, sums, pairs, annotations and let bodies
// before their parts are inferred, so an error names the innermost offending
// subterm, its position, the type found and the type expected (with ? for
// what is still unknown). Definitions and let-bound names have one type each
// (they are not polymorphic), fixed by all their uses.
//
// Once the whole program has been seen, a type variable that nothing
// constrains is taken to be R (any type would do, and R is the one users
// mean); Program::defaulted says where that happened. Then the typed core
// term is built, one typed node per surface occurrence. Pairs of sums
// multiply summands as they are built (§3's linear extensions), so a pair or
// sum whose bag would exceed kMaxElaboratedSummands is a positioned error.
#pragma once

#include <cstdint>
#include <vector>

#include "calculus/context.h"
#include "calculus/error.h"
#include "calculus/surface.h"
#include "calculus/term.h"
#include "calculus/type.h"

namespace perturb::calculus {

// Most simple terms one bag of an elaborated program may have: a literal sum
// of 200 000 terms elaborates, 19 levels of p = <p, p> (2^19) do not.
inline constexpr std::uint64_t kMaxElaboratedSummands = std::uint64_t{1} << 18;

// An elaborated program: a term, its type, the context it lives in.
struct Program {
  Term term;
  Type type;
  Context context;
  // Where a type that nothing constrained was taken to be R: the position of
  // the surface term that introduced it, each once, in order.
  std::vector<SourcePosition> defaulted;
};

// Elaborates program in free_variables, against expected when it is not
// null. Definitions are elaborated in order (each sees the free variables and
// earlier definitions) and substituted where they are used.
ErrorOr<Program> elaborate(const SurfaceProgram& program, const Context& free_variables = {},
                           const Type& expected = nullptr);

}  // namespace perturb::calculus
