#include "proofs/bind_catalogue.h"
#include "proofs/builtin_bindings.h"

namespace perturb::proofs {

void bind_certified_models(const semantics::ModelConfig& config, std::vector<LawBinding>& into) {
  bind_catalogue(models::certified_models, config, into);
}

}  // namespace perturb::proofs
