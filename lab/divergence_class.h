// The classes of a divergence (spec §7): why two normal forms of one term
// differ. Rounding when they differ only in literals, by at most a relative
// 1e-12 (the δ-rules fold literals in floating point, which is not
// associative: (0.5 + -1) + e^-2.5 and 0.5 + (-1 + e^-2.5) differ in the last
// bit). Otherwise each candidate rule (calculus/candidate_rule.h) is applied to
// both normal forms; the class is the smallest set of rules after which they
// are α-equal (modulo AC of +) or differ only by rounding, or Other when no
// set joins them.
#pragma once

#include <string_view>

#include "calculus/normalize.h"
#include "calculus/term.h"

namespace perturb::lab {

enum class DivergenceClass {
  Rounding,     // equal but for literals that differ in their last bits
  ProductEta,   // pair-eta alone joins them (surjective pairing)
  ZeroTangent,  // zero-tangent alone joins them (tangents in the zero direction)
  Both,         // only pair-eta and zero-tangent together join them
  Other,        // neither rule, nor both, join them
};

inline constexpr DivergenceClass kDivergenceClasses[] = {
    DivergenceClass::Rounding, DivergenceClass::ProductEta, DivergenceClass::ZeroTangent,
    DivergenceClass::Both, DivergenceClass::Other};

// "rounding", "product-eta", "zero-tangent", "product-eta+zero-tangent", "other".
std::string_view class_name(DivergenceClass divergence);

// The class of two normal forms a ≠ b; budgets bound each normalization.
DivergenceClass classify(const calculus::Term& a, const calculus::Term& b,
                         const calculus::NormalizeOptions& budgets);

}  // namespace perturb::lab
