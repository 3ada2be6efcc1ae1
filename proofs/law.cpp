#include "proofs/law.h"

#include "calculus/error.h"

namespace perturb::proofs {

const CaseTerm& Case::term(std::string_view role) const {
  for (const CaseTerm& entry : terms) {
    if (entry.role == role) return entry;
  }
  throw calculus::InternalError("Case::term: no term with role " + std::string(role));
}

}  // namespace perturb::proofs
