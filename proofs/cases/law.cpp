#include "proofs/cases/law.h"

#include "calculus/error.h"

namespace perturb::proofs {

const CaseTerm& Case::term(std::string_view role) const {
  for (const CaseTerm& entry : terms) {
    if (entry.role == role) return entry;
  }
  throw calculus::InternalError("Case::term: no term with role " + std::string(role));
}

std::string_view failure_kind_name(FailureKind kind) {
  switch (kind) {
    case FailureKind::SidesDiffer:
      return "sides-differ";
    case FailureKind::NotParallel:
      return "not-parallel";
    case FailureKind::Error:
      return "error";
    case FailureKind::GenerationError:
      return "generation-error";
    case FailureKind::NonFinite:
      return "non-finite";
    case FailureKind::Crash:
      return "crash";
  }
  throw calculus::InternalError("failure_kind_name: not a FailureKind");
}

}  // namespace perturb::proofs
