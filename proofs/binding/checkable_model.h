// What the checker requires of every model it runs: a cartesian left-additive
// category with the testing interface (TestableModel refines it). Each law
// states the weakest concept its equation needs, so a model that is only
// left-additive hosts the cla.* laws, a differential one the cdc.* laws too.
// Stated on the entry points (check, bind_laws, PluginRegistry::add, the
// Catch2 law cases) so that a model missing a member is a compile-time error
// naming the concept, not a model that hosts no law.
#pragma once

#include "semantics/testable_model.h"

namespace perturb::proofs {

template <class M>
concept CheckableModel = semantics::TestableModel<M>;

}  // namespace perturb::proofs
