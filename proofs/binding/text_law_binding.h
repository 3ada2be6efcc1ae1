// A text law (proofs/laws/text_law.h) bound to a model: the LawBinding the runner,
// shrinker and reports take, as bind_laws makes for the catalogue's laws.
// Compiled once, against semantics::AnyModel (proofs/binding/text_law_binding.cpp).
#pragma once

#include <memory>

#include "proofs/binding/binding.h"
#include "proofs/binding/text_law_binder.h"
#include "proofs/laws/text_law.h"
#include "semantics/any_model.h"

namespace perturb::proofs {

// law on model; requires that text_law_refusal(*law, model.capabilities()) is nullopt.
LawBinding bind_text_law(std::shared_ptr<const TextLaw> law, const semantics::AnyModel& model);

}  // namespace perturb::proofs
