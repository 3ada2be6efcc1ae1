#include "proofs/builtin_text_law_bindings.h"

#include "models/registry.h"
#include "proofs/text_law_binding.h"

namespace perturb::proofs {

TextLawBindings builtin_text_law_bindings(const std::vector<std::shared_ptr<const TextLaw>>& laws,
                                          const semantics::ModelConfig& config) {
  TextLawBindings result;
  models::for_each_builtin_model(config, [&](const auto& model) {
    using M = std::decay_t<decltype(model)>;
    const auto shared = std::make_shared<const M>(model);
    for (const auto& law : laws) {
      if (auto refusal = text_law_refusal<M>(*law)) {
        result.refusals.push_back(
            {law->id, std::string(model.name()), model.is_foil(), std::move(*refusal)});
      } else {
        result.bindings.push_back(bind_text_law(law, shared));
      }
    }
  });
  return result;
}

}  // namespace perturb::proofs
