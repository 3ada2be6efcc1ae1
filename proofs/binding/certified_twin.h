// Certification of floating-point counterexamples (issue 12): a law bound to
// a model over double whose certified twin over balls (the model named
// "M@ball", models/scalars/ball.h) hosts the same law has its check composed with
// the twin's. A case that fails in double by a difference of its sides is
// checked again over balls, from the same case and comparison seed:
//
//   the twin certifies a difference   a failure, its detail saying so;
//   the twin does not refute the law  a rounding artefact of double: a
//   (or cannot decide at 1024 bits)   discard of kind rounding, not a failure.
//
// A case that fails in double by a non-finite value (spec §6, "Four
// outcomes") is checked over balls too, whose arithmetic has no overflow:
//
//   a twin's application outside its domain     an outside-domain discard;
//   a twin's value beyond the double range      an overflow discard;
//   otherwise                                   the failure stands, certified.
//
// The shrinker and `perturb repro` call the composed check, so a case that
// fails only in double does not survive shrinking. A failure in a model
// without a twin says it is uncertified. A non-finite value in a plugin's
// model without a twin is decided as above by kPluginDecider's check of the
// same case, which places every application over balls (its values are not
// the model's, so it confirms no difference); in a built-in model without a
// twin it is a non-finite discard: nothing tells its overflow from a defect.
#pragma once

#include <vector>

#include "proofs/binding/binding.h"

namespace perturb::proofs {

// The certified model that decides a plugin model's non-finite values when
// the plugin registers no twin: it hosts the whole standard signature.
inline constexpr const char* kPluginDecider = "closures@ball";

// Composes each binding's check with its twin's, where the twin binds the
// same law; marks the others' failures uncertified. Bindings already
// composed are left alone, so adding plugin or text-law bindings and calling
// it again is safe.
void certify_by_twins(std::vector<LawBinding>& bindings);

}  // namespace perturb::proofs
