// The run-time configuration every model instance is constructed from
// (`explicit M(const ModelConfig&)`), so that the registry can build any model.
#pragma once

namespace perturb::semantics {

struct ModelConfig {
  // n such that an atomic type other than R denotes ℝⁿ (spec §5, issue 3).
  int atom_dimension = 2;
};

}  // namespace perturb::semantics
