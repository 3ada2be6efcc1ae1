// The catalogue bound to the built-in models (models/registry.h): what
// `perturb check`, `perturb list` and `perturb repro` run.
#pragma once

#include <vector>

#include "proofs/binding/binding.h"
#include "semantics/model_config.h"

namespace perturb::proofs {

// Every law of the catalogue on every built-in model that hosts it, in
// catalogue order within registry order, each floating-point model's
// counterexamples certified by its twin over balls (proofs/binding/certified_twin.h).
std::vector<LawBinding> builtin_bindings(const semantics::ModelConfig& config = {});

}  // namespace perturb::proofs
