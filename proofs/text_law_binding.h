// A text law (proofs/text_law.h) bound to a model: the LawBinding the runner,
// shrinker and reports take, as bind_laws makes for the catalogue's laws.
// Compiled once, against semantics::AnyModel (proofs/text_law_binding.cpp).
#pragma once

#include <memory>
#include <utility>

#include "proofs/bind_laws.h"
#include "proofs/builtin_text_law_bindings.h"
#include "proofs/text_law.h"
#include "semantics/any_model.h"
#include "semantics/erase.h"

namespace perturb::proofs {

// law on model; requires that text_law_refusal(*law, model.capabilities()) is nullopt.
LawBinding bind_text_law(std::shared_ptr<const TextLaw> law, const semantics::AnyModel& model);

// The TextLawBinder of model: binds a law when text_law_refusal allows it,
// else records the refusal.
TextLawBinder text_law_binder(const semantics::AnyModel& model);

template <CheckableModel M>
TextLawBinder text_law_binder(std::shared_ptr<const M> model) {
  return text_law_binder(semantics::erase(std::move(model)));
}

}  // namespace perturb::proofs
