#include "models/registry.h"
#include "proofs/builtin_bindings.h"
#include "proofs/catalogue.h"

namespace perturb::proofs {

void bind_certified_models(const semantics::ModelConfig& config, std::vector<LawBinding>& into) {
  models::for_each_model(models::certified_models, config, [&](const auto& model) {
    using M = std::decay_t<decltype(model)>;
    bind_laws(catalogue, std::make_shared<const M>(model), into);
  });
}

}  // namespace perturb::proofs
