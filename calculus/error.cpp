#include "calculus/error.h"

#include <fmt/format.h>

namespace perturb::calculus {

std::string Error::to_string() const {
  if (!position) return message;
  return fmt::format("line {}, column {}: {}", position->line, position->column, message);
}

}  // namespace perturb::calculus
