#include "proofs/binding/builtin_text_law_bindings.h"

#include "models/builtin_models.h"

namespace perturb::proofs {

TextLawBindings builtin_text_law_bindings(const std::vector<std::shared_ptr<const TextLaw>>& laws,
                                          const semantics::ModelConfig& config) {
  TextLawBindings result;
  for (const semantics::AnyModel& model : models::builtin_models(config)) {
    const TextLawBinder bind = text_law_binder(model);
    for (const auto& law : laws) bind(law, result);
  }
  return result;
}

}  // namespace perturb::proofs
