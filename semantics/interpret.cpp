#include "semantics/interpret.h"

namespace perturb::semantics::interpret_detail {

calculus::Error first_order_error(const std::string& model, const std::string& what) {
  return calculus::Error{model + " is first-order: cannot interpret " + what +
                             " (it is not a cartesian closed category)",
                         std::nullopt};
}

}  // namespace perturb::semantics::interpret_detail
