#include "semantics/category_error.h"

namespace perturb::semantics {

CategoryError mismatch(std::string_view operation, std::string_view expected,
                       std::string_view found) {
  std::string message(operation);
  message += ": object ";
  message += expected;
  message += " does not match ";
  message += found;
  return CategoryError(message);
}

}  // namespace perturb::semantics
