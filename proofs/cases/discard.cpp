#include "proofs/cases/discard.h"

namespace perturb::proofs {

std::string_view discard_kind_name(DiscardKind kind) {
  switch (kind) {
    case DiscardKind::Typing:
      return "typing";
    case DiscardKind::Internal:
      return "internal";
    case DiscardKind::NonFinite:
      return "non-finite";
    case DiscardKind::Budget:
      return "budget";
    case DiscardKind::Rounding:
      return "rounding";
    case DiscardKind::Inconclusive:
      return "inconclusive";
    case DiscardKind::Hang:
      return "hang";
    case DiscardKind::OutsideDomain:
      return "outside-domain";
    case DiscardKind::Overflow:
      return "overflow";
    case DiscardKind::IllConditioned:
      return "ill-conditioned";
    case DiscardKind::KinkConvention:
      return "kink-convention";
  }
  return "internal";
}

std::optional<DiscardKind> parse_discard_kind(std::string_view name) {
  for (DiscardKind kind : kDiscardKinds) {
    if (discard_kind_name(kind) == name) return kind;
  }
  return std::nullopt;
}

std::string discard_kind_names() {
  std::string names;
  for (DiscardKind kind : kDiscardKinds) {
    if (!names.empty()) names += ", ";
    names += discard_kind_name(kind);
  }
  return names;
}

}  // namespace perturb::proofs
