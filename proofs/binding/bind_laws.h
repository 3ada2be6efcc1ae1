// The catalogue's laws bound to a model: a LawBinding for every law the model
// can host (proofs/binding/law_applicability.h), each checking its cases through the
// model boundary (semantics/any_model.h). The laws are compiled once, in
// proofs/binding/bind_laws.cpp; a model type compiles only its adapter, erase<M>.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "proofs/binding/binding.h"
#include "semantics/any_model.h"
#include "semantics/erase.h"
#include "semantics/testable_model.h"

namespace perturb::proofs {

// What the checker requires of every model it runs: a cartesian left-additive
// category with the testing interface (TestableModel refines it). Each law
// states the weakest concept its equation needs, so a model that is only
// left-additive hosts the cla.* laws, a differential one the cdc.* laws too.
// Stated on the entry points so that a model missing a member is a
// compile-time error naming the concept, not a model that hosts no law.
template <class M>
concept CheckableModel = semantics::TestableModel<M>;

// Appends a binding of every law of the catalogue that applies to model, in
// catalogue order.
void bind_laws(const semantics::AnyModel& model, std::vector<LawBinding>& into);

template <CheckableModel M>
void bind_laws(std::shared_ptr<const M> model, std::vector<LawBinding>& into) {
  bind_laws(semantics::erase(std::move(model)), into);
}

}  // namespace perturb::proofs
