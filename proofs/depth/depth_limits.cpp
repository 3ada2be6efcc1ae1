#include "proofs/depth/depth_limits.h"

#include <fmt/format.h>

#include "proofs/depth/depth_probe.h"

namespace perturb::proofs {

std::string DepthRefusal::to_string() const {
  return fmt::format("{} is not run on {}: it nests derivatives {} deep, {} supports {}", law,
                     model, law_depth, model, model_depth);
}

int law_derivative_depth(const LawBinding& binding) {
  return binding.derivative_depth ? *binding.derivative_depth
                                  : catalogue_derivative_depth(binding.info.id);
}

std::vector<DepthRefusal> apply_depth_limits(std::vector<LawBinding>& bindings) {
  std::vector<DepthRefusal> refused;
  std::vector<LawBinding> kept;
  kept.reserve(bindings.size());
  for (LawBinding& binding : bindings) {
    const int model_depth = binding.capabilities.max_derivative_depth;
    if (model_depth == 0) {
      kept.push_back(std::move(binding));
      continue;
    }
    const int law_depth = law_derivative_depth(binding);
    if (law_depth > model_depth) {
      refused.push_back(
          {std::string(binding.info.id), binding.model, binding.foil, law_depth, model_depth});
      continue;
    }
    binding.max_tangent_depth = static_cast<std::uint32_t>(model_depth - law_depth);
    kept.push_back(std::move(binding));
  }
  bindings = std::move(kept);
  return refused;
}

}  // namespace perturb::proofs
