// The catalogue bound to the built-in models (models/registry.h): what
// `perturb check`, `perturb list` and `perturb repro` run.
#pragma once

#include <vector>

#include "proofs/binding.h"
#include "semantics/model_config.h"

namespace perturb::proofs {

// Every law of the catalogue on every built-in model that hosts it, in
// catalogue order within registry order, each floating-point model's
// counterexamples certified by its twin over balls (proofs/certified_twin.h).
std::vector<LawBinding> builtin_bindings(const semantics::ModelConfig& config = {});

// The part of builtin_bindings for models::certified_models, appended to
// `into`: its own translation unit (certified_bindings.cpp), because binding
// the catalogue to a model instantiates every law for it and the two halves
// compile in parallel.
void bind_certified_models(const semantics::ModelConfig& config, std::vector<LawBinding>& into);

// The same for models::exact_models, in exact_bindings.cpp.
void bind_exact_models(const semantics::ModelConfig& config, std::vector<LawBinding>& into);

// The same for models::proving_models, in proving_bindings.cpp.
void bind_proving_models(const semantics::ModelConfig& config, std::vector<LawBinding>& into);

}  // namespace perturb::proofs
