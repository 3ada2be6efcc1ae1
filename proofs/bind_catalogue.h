// The catalogue bound to a list of built-in models: what builtin_bindings
// and its parts (certified_bindings.cpp, exact_bindings.cpp,
// proving_bindings.cpp) are made of.
// Not in catalogue.h, which plugins include, because it needs every
// built-in model (models/registry.h).
#pragma once

#include <memory>
#include <type_traits>
#include <vector>

#include "models/registry.h"
#include "proofs/binding.h"
#include "proofs/catalogue.h"
#include "semantics/model_config.h"

namespace perturb::proofs {

// Appends to `into` a binding of every law of the catalogue to every model of
// `list` (a hana::tuple_t of models/registry.h) that hosts it, in
// catalogue order within list order.
template <class Models>
void bind_catalogue(Models list, const semantics::ModelConfig& config,
                    std::vector<LawBinding>& into) {
  models::for_each_model(list, config, [&](const auto& model) {
    using M = std::decay_t<decltype(model)>;
    bind_laws(catalogue, std::make_shared<const M>(model), into);
  });
}

}  // namespace perturb::proofs
