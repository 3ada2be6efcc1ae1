// Text laws (`perturb check --equation`, proofs/laws/text_law.h) bound to the
// built-in models (models/builtin_models.h) that can run them.
#pragma once

#include <memory>
#include <vector>

#include "proofs/binding/text_law_binder.h"
#include "proofs/laws/text_law.h"
#include "semantics/model_config.h"

namespace perturb::proofs {

// Every law on every built-in model that can run it (law order within
// registry order), and the refusals of the others.
TextLawBindings builtin_text_law_bindings(const std::vector<std::shared_ptr<const TextLaw>>& laws,
                                          const semantics::ModelConfig& config = {});

}  // namespace perturb::proofs
