// The equations of the signature (calculus/signature.h, spec §6) as laws,
// each with its T-image, so that a convention at a kink is held to both:
//
//   signature.max-symmetric     ∀ x y : R. max <x, y> = max <y, x>
//   signature.max-symmetric.T   ∀ dx dy x y : R.
//                               T (λq. max <π1 q, π2 q>) <<dx, dy>, <x, y>>
//                             = T (λq. max <π2 q, π1 q>) <<dx, dy>, <x, y>>
//
// and likewise min-by-max, abs-by-max and hypot-symmetric. They are text laws
// (proofs/laws/text_law.h) that every model hosting their primitives runs.
#pragma once

#include <memory>
#include <vector>

#include "proofs/laws/text_law.h"

namespace perturb::proofs {

const std::vector<std::shared_ptr<const TextLaw>>& signature_laws();

}  // namespace perturb::proofs
