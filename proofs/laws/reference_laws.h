// The reference laws, ref.order-0 … ref.order-4 (perturb check --reference R,
// spec §6): the value of a random term f : R → R at a point, and its
// derivatives up to order 4 (D f, D (D f), …), in the model under test equal
// those of the reference model R at the same point. Laws that compare two
// sides inside one model pass a wrong but self-consistent derivative; these
// hold every model to one whose derivatives come from elsewhere:
// closures@ball's from Arb's Taylor series of each primitive
// (models/scalars/elementary.h), never from the δ-rules.
//
// How a case is decided against the reference: proofs/binding/reference_law_binding.h.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "proofs/cases/law.h"
#include "proofs/laws/text_law.h"

namespace perturb::proofs {

// The highest derivative order the reference laws check.
inline constexpr int kHighestReferenceOrder = 4;

// The law ref.order-K against the model called reference: its statement,
// "forall f : R -> R, a : R. D (\y:R. D f y) a, against closures@ball".
std::shared_ptr<const TextLaw> reference_law(int order, const std::string& reference);

// The reference named in a reference law's statement, or "" when statement
// is not one (for perturb repro).
std::string reference_of_statement(const std::string& statement);

// A random case of a reference law: f and a; in two cases in three f is one
// primitive applied to small arguments and a one of its special
// coordinates, in one in six a is 0 or ±1.
Case generate_reference_case(const TextLaw& law, CaseGenerator& gen);

}  // namespace perturb::proofs
