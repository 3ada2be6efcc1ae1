// Plugins with a bug in D, to show how perturb reports them: with
// FAULT_THROWS, D throws (model linear-maps-throwing); otherwise D(f) has the
// wrong codomain, Y × R instead of Y (model linear-maps-wrong-codomain).
// Every law that differentiates fails, naming the plugin; none crashes.
#include <stdexcept>

#include "linear_maps.h"
#include "proofs/plugin_api.h"

namespace {

#ifdef FAULT_THROWS
struct FaultyLinearMaps : linear_maps::LinearMaps {
  FaultyLinearMaps() : LinearMaps("linear-maps-throwing") {}
  Morphism derivative(const Morphism&) const {
    throw std::runtime_error("linear-maps-throwing: D is not implemented");
  }
};
#else
struct FaultyLinearMaps : linear_maps::LinearMaps {
  FaultyLinearMaps() : LinearMaps("linear-maps-wrong-codomain") {}
  Morphism derivative(const Morphism& f) const {
    return pair(LinearMaps::derivative(f), zero(product(f.domain, f.domain), real()));
  }
};
#endif

}  // namespace

PERTURB_PLUGIN(registry) { registry.add(FaultyLinearMaps()); }
