// The catalogue's laws bound to a model: a LawBinding for every law the model
// can host (proofs/binding/law_applicability.h), each checking its cases through the
// model boundary (semantics/any_model.h). The laws are compiled once, in
// proofs/binding/bind_laws.cpp; a model type compiles only its adapter, erase<M>.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "proofs/binding/binding.h"
#include "proofs/binding/checkable_model.h"
#include "semantics/any_model.h"
#include "semantics/erase.h"

namespace perturb::proofs {

// Appends a binding of every law of the catalogue that applies to model, in
// catalogue order.
void bind_laws(const semantics::AnyModel& model, std::vector<LawBinding>& into);

template <CheckableModel M>
void bind_laws(std::shared_ptr<const M> model, std::vector<LawBinding>& into) {
  bind_laws(semantics::erase(std::move(model)), into);
}

}  // namespace perturb::proofs
