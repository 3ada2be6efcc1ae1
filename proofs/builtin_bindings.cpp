#include "proofs/builtin_bindings.h"

#include "models/registry.h"
#include "proofs/catalogue.h"
#include "proofs/certified_twin.h"

namespace perturb::proofs {

std::vector<LawBinding> builtin_bindings(const semantics::ModelConfig& config) {
  std::vector<LawBinding> bindings;
  models::for_each_model(models::floating_point_models, config, [&](const auto& model) {
    using M = std::decay_t<decltype(model)>;
    bind_laws(catalogue, std::make_shared<const M>(model), bindings);
  });
  bind_certified_models(config, bindings);
  certify_by_twins(bindings);
  return bindings;
}

}  // namespace perturb::proofs
