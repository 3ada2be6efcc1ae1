// A model's evaluation that ran out of its deterministic budget (the number
// of steps it may take, fixed by the model, never by the clock): the value is
// unknown, so a law case that needs it says nothing and is discarded, with
// this message.
#pragma once

#include <stdexcept>

namespace perturb::semantics {

class EvaluationBudgetExceeded : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace perturb::semantics
