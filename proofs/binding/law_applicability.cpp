#include "proofs/binding/law_applicability.h"

#include <bit>

namespace perturb::proofs {

std::vector<std::string> missing_for(const Applicability& applies,
                                     const semantics::Capabilities& model) {
  static constexpr const char* kNames[] = {"differential", "closed", "via_normal_form",
                                           "fast_tangent_map", "fast_tangent_hat"};
  const std::size_t has = applicability_detail::shape_index(model);
  std::size_t best = 0;
  int fewest = 6;
  for (std::size_t shape = 0; shape < applicability_detail::kShapes; ++shape) {
    const std::size_t added = shape & ~has;
    if ((shape & has) == has && applies[shape] && std::popcount(added) < fewest) {
      fewest = std::popcount(added);
      best = added;
    }
  }
  std::vector<std::string> missing;
  for (std::size_t bit = 0; bit < 5; ++bit) {
    if (best & (std::size_t{1} << bit)) missing.emplace_back(kNames[bit]);
  }
  return missing;
}

}  // namespace perturb::proofs
