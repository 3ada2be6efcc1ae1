// Random applications of the primitives beyond the paper's four (spec §6),
// shaped so that a random composition stays inside each primitive's smooth
// set: a term generator draws the arguments, this says what becomes of them.
//
//   recip, log, sqrt,  the argument kept away from the boundary: exp M or
//   sign               M * M + c (c > 0 a literal; sign's always this, as
//                      the rationals host sign and not exp); recip's and
//                      sign's sometimes negated (sign jumps at 0)
//   pow <B, E>         E a natural literal 0 … 3 (pow is then a polynomial,
//                      smooth at every B, base 0 included), or B kept positive
//   atan2 <Y, X>       one of Y, X kept positive: off the origin and the cut
//   hypot <X, Y>       one of X, Y kept positive: off the origin
//   max, min <X, Y>    as drawn; aimed, Y is in one in two a literal 0 or
//                      ±1: ties where points are aimed (a kink, decided
//                      with the convention)
//   tanh, abs          the argument as drawn (abs at 0 is a kink, decided
//                      with the convention and counted)
// Each argument is, in one case in two, a leaf (most often a variable), so
// that points aimed at 0 and ±1 reach the primitive unchanged. Kept-away
// arguments still meet the special points (exp 0 = 1 for log and
// recip, B = 0 for pow with a natural exponent); cases whose applications
// land outside anyway are outside-domain discards, counted with their reason.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "calculus/random_draws.h"
#include "calculus/signature.h"
#include "calculus/term.h"

namespace perturb::calculus {

// A random term of type R from about `budget` nodes, drawn by the caller's generator.
using RealTermDraw = std::function<Term(std::uint32_t budget)>;

// p applied to arguments drawn by draw from about budget nodes in all, as
// above. p is any primitive of the standard signature; mul, sin, cos and exp
// are applied to their arguments as drawn. aimed: for a case whose point is
// aimed at one of p's special points inside its smooth set, the argument
// of a unary p that is a variable is not kept away, and max and min tie
// with a literal (a binary p's arguments are otherwise kept as above: its
// special points lie inside the kept region). Not aimed, max and min meet
// a tie only by chance: a kink under T makes a δ-rule's sign jump, which
// the sound.* laws would discard.
Term random_application(Rng& rng, Primitive p, std::uint32_t budget, const RealTermDraw& draw,
                        bool aimed = false);

// An argument for p (a term of p's domain) inside its smooth set and off
// its kinks: as random_application keeps it, and for abs and sign a
// nonzero M * M + c (sometimes negated), for max and min ⟨M, M + c⟩ with c
// a nonzero literal (for a δ-rule applied where it holds along every
// direction).
Term random_argument_inside(Rng& rng, Primitive p, std::uint32_t budget, const RealTermDraw& draw);

// p applied at one of its special points (spec §6's table, or a declared
// primitive's) that lies inside its smooth set, uniformly, whatever the
// case's point: a fixed coordinate c as c + 0 * M (c in every model, along
// the zero direction; 0 as 0 * (M * M), +0 as atan2's cut needs), a free one
// as drawn (a natural literal for pow's exponent, kept positive for hypot),
// a tie as ⟨M, M⟩ (equal values along equal directions: inside). None when p
// has no such point (the paper's four; recip, whose 0 is its pole, has ±1).
std::optional<Term> special_application(Rng& rng, Primitive p, std::uint32_t budget,
                                        const RealTermDraw& draw);

// How often a random term's application of a primitive beyond the paper's
// four is a special_application: one in kSpecialApplicationOdds.
inline constexpr std::uint64_t kSpecialApplicationOdds = 2;

// A random term's application of p: in one case in kSpecialApplicationOdds
// at a special point (special_application), otherwise random_application.
// So the catalogue's laws meet the special points whatever their points.
Term random_term_application(Rng& rng, Primitive p, std::uint32_t budget, const RealTermDraw& draw);

// Whether p is defined at every point (at most kinks): it may stand alone
// where a random term needs a function R → R or R × R → R.
bool defined_everywhere(Primitive p);

}  // namespace perturb::calculus
