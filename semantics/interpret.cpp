#include "semantics/interpret.h"

namespace perturb::semantics {

namespace interpret_detail {

calculus::Error first_order_error(const std::string& model, const std::string& what) {
  return calculus::Error{model + " is first-order: cannot interpret " + what +
                             " (it is not a cartesian closed category)",
                         std::nullopt};
}

calculus::Error no_derivative_error(const std::string& model) {
  return calculus::Error{model +
                             " has no derivative: cannot interpret T (it is not a cartesian "
                             "differential category)",
                         std::nullopt};
}

}  // namespace interpret_detail

}  // namespace perturb::semantics
