#include "proofs/bind_catalogue.h"
#include "proofs/builtin_bindings.h"

namespace perturb::proofs {

void bind_proving_models(const semantics::ModelConfig& config, std::vector<LawBinding>& into) {
  bind_catalogue(models::proving_models, config, into);
}

}  // namespace perturb::proofs
