// A model's refusal of part of the calculus it does not have, such as sin in
// the exact model over the rationals: an answer to user input (a clear error,
// exit status 2), unlike the other CategoryErrors, which a well-typed term
// cannot cause.
#pragma once

#include "semantics/category_error.h"

namespace perturb::semantics {

class ModelRefusal : public CategoryError {
 public:
  using CategoryError::CategoryError;
};

}  // namespace perturb::semantics
