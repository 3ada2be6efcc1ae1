#include "lab/budget_name.h"

namespace perturb::lab {

const char* budget_name(calculus::NormalizeStatus status) {
  switch (status) {
    case calculus::NormalizeStatus::StepBudget:
      return "steps";
    case calculus::NormalizeStatus::SizeBudget:
      return "size";
    case calculus::NormalizeStatus::TooDeep:
      return "depth";
    case calculus::NormalizeStatus::MemoryBudget:
      return "memory";
    case calculus::NormalizeStatus::TimeBudget:
      return "time";
    case calculus::NormalizeStatus::NormalForm:
      break;
  }
  return "none";
}

}  // namespace perturb::lab
