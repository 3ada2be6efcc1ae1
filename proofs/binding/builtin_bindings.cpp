#include "proofs/binding/builtin_bindings.h"

#include "models/builtin_models.h"
#include "proofs/binding/bind_laws.h"
#include "proofs/binding/certified_twin.h"

namespace perturb::proofs {

std::vector<LawBinding> builtin_bindings(const semantics::ModelConfig& config) {
  std::vector<LawBinding> bindings;
  for (const semantics::AnyModel& model : models::builtin_models(config))
    bind_laws(model, bindings);
  certify_by_twins(bindings);
  return bindings;
}

}  // namespace perturb::proofs
