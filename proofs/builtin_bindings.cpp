#include "proofs/builtin_bindings.h"

#include "proofs/bind_catalogue.h"
#include "proofs/certified_twin.h"

namespace perturb::proofs {

std::vector<LawBinding> builtin_bindings(const semantics::ModelConfig& config) {
  std::vector<LawBinding> bindings;
  bind_catalogue(models::floating_point_models, config, bindings);
  bind_certified_models(config, bindings);
  bind_exact_models(config, bindings);
  bind_proving_models(config, bindings);
  certify_by_twins(bindings);
  return bindings;
}

}  // namespace perturb::proofs
