#include "proofs/builtin_text_law_bindings.h"

#include "models/registry.h"
#include "proofs/text_law_binding.h"

namespace perturb::proofs {

TextLawBindings builtin_text_law_bindings(const std::vector<std::shared_ptr<const TextLaw>>& laws,
                                          const semantics::ModelConfig& config) {
  TextLawBindings result;
  models::for_each_builtin_model(config, [&](const auto& model) {
    using M = std::decay_t<decltype(model)>;
    const TextLawBinder bind = text_law_binder(std::make_shared<const M>(model));
    for (const auto& law : laws) bind(law, result);
  });
  return result;
}

}  // namespace perturb::proofs
