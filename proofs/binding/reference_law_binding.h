// The reference laws (proofs/laws/reference_laws.h) bound to a model: each
// case decided against the reference model as spec §6's four outcomes say,
// from the reference's evaluation record. An application outside its domain
// there is an outside-domain discard; a value beyond the double range there
// excuses a model's value that is not finite or not the reference's (an
// overflow discard). A value of the model that is not finite where the
// reference's is, is a non-finite failure. A value that differs from the
// reference's beyond the tolerance is a failure only when Perturb's own
// double model (closures), on the same case and tolerance, agrees with the
// reference; otherwise double cannot hold the case: an ill-conditioned
// discard.
#pragma once

#include <vector>

#include "proofs/binding/binding.h"
#include "semantics/any_model.h"

namespace perturb::proofs {

// The reference laws bound to model, against reference, with own deciding
// disagreements; none when model cannot run them (no derivative, linear
// only) or is the reference itself, against which they could not fail.
std::vector<LawBinding> bind_reference_laws(const semantics::AnyModel& model,
                                            const semantics::AnyModel& reference,
                                            const semantics::AnyModel& own);

}  // namespace perturb::proofs
