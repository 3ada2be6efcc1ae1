// The ways two computed points of an object can compare when a law is
// checked numerically. NotFinite is its own answer because a NaN or an
// infinity says nothing about the law: such a case is discarded, neither
// passed nor reported as a counterexample. Undecided is a certified model's
// (models/scalars/ball.h): no value certainly differs, but some enclosure is too wide
// to call the sides equal at the working precision; the checker then
// evaluates the case again at a higher one (proofs/cases/check_case.h).
#pragma once

namespace perturb::semantics {

enum class Comparison { Equal, Different, NotFinite, Undecided };

}  // namespace perturb::semantics
