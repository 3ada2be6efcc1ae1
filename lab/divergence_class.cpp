#include "lab/divergence_class.h"

#include <cmath>
#include <vector>

#include "lab/extended_normalize.h"

namespace perturb::lab {
namespace {

// a and b node for node alike but for literals within a relative 1e-12.
// Normal forms of generated terms are shallow (the constructors bound the
// depth), so the recursion is bounded.
bool equal_up_to_rounding(const calculus::Term& a, const calculus::Term& b) {
  if (a->kind() != b->kind() || a->type() != b->type() ||
      a->children().size() != b->children().size()) {
    return false;
  }
  const auto& x = a->data();
  const auto& y = b->data();
  if (calculus::is_lit(a)) {
    return std::fabs(x.literal - y.literal) <=
           1e-12 * std::max(std::fabs(x.literal), std::fabs(y.literal));
  }
  if (x.index != y.index || x.type != y.type) return false;
  for (std::size_t i = 0; i < a->children().size(); ++i) {
    if (!equal_up_to_rounding(a->children()[i], b->children()[i])) return false;
  }
  return true;
}

}  // namespace

std::string_view class_name(DivergenceClass divergence) {
  switch (divergence) {
    case DivergenceClass::Rounding:
      return "rounding";
    case DivergenceClass::ProductEta:
      return "product-eta";
    case DivergenceClass::ZeroTangent:
      return "zero-tangent";
    case DivergenceClass::Both:
      return "product-eta+zero-tangent";
    case DivergenceClass::Other:
      return "other";
  }
  throw calculus::InternalError("class_name: unknown class");
}

DivergenceClass classify(const calculus::Term& a, const calculus::Term& b,
                         const calculus::NormalizeOptions& budgets) {
  if (equal_up_to_rounding(a, b)) return DivergenceClass::Rounding;
  calculus::NormalizeOptions options = budgets;
  options.trace = false;
  options.strategy = calculus::Strategy::ApplicativeOrder;
  const auto joined_by = [&](std::vector<calculus::CandidateRule> builtin) {
    const RuleSet rules{.builtin = std::move(builtin), .user = {}};
    const ExtendedResult left = normalize_extended(a, options, rules);
    const ExtendedResult right = normalize_extended(b, options, rules);
    return left.status == calculus::NormalizeStatus::NormalForm &&
           right.status == calculus::NormalizeStatus::NormalForm &&
           (calculus::alpha_equal(left.term, right.term) ||
            equal_up_to_rounding(left.term, right.term));
  };
  if (joined_by({calculus::CandidateRule::PairEta})) return DivergenceClass::ProductEta;
  if (joined_by({calculus::CandidateRule::ZeroTangent})) return DivergenceClass::ZeroTangent;
  if (joined_by({calculus::CandidateRule::PairEta, calculus::CandidateRule::ZeroTangent})) {
    return DivergenceClass::Both;
  }
  return DivergenceClass::Other;
}

}  // namespace perturb::lab
