// The run-time configuration every model instance is constructed from
// (`explicit M(const ModelConfig&)`), so that the registry can build any model.
#pragma once

#include <cstdint>

namespace perturb::semantics {

struct ModelConfig {
  // n such that an atomic type other than R denotes ℝⁿ (spec §5, issue 3).
  int atom_dimension = 2;
  // The steps (applications of morphisms) one evaluation may take in a model
  // that counts them (closures); past them it throws
  // EvaluationBudgetExceeded (semantics/evaluation_budget.h). 10⁸ is a few
  // seconds: the largest evaluation of a 1000-case closures run takes 4·10⁷.
  std::uint64_t max_evaluation_steps = 100'000'000;
};

}  // namespace perturb::semantics
