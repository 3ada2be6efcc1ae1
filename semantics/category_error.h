// Misuse of a model's structure at run time: composing, pairing or adding
// morphisms whose objects do not fit. Objects are run-time values, so this can
// only be detected when the morphisms meet; the message names both objects.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace perturb::semantics {

class CategoryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The error for an operation whose two objects should agree but do not, e.g.
// mismatch("compose", "R × R", "R") says "compose: object R × R does not match R".
CategoryError mismatch(std::string_view operation, std::string_view expected,
                       std::string_view found);

}  // namespace perturb::semantics
