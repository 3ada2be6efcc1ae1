// The name of the budget a normalization ran out of, for the lab's counts.
#pragma once

#include "calculus/normalize.h"

namespace perturb::lab {

// "steps", "size", "depth", "memory", "time"; "none" for a normal form.
const char* budget_name(calculus::NormalizeStatus status);

}  // namespace perturb::lab
