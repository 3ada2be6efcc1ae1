// Plugins with a bug in D, to show how perturb reports them: with
// FAULT_THROWS, D throws (model linear-maps-throwing); with FAULT_HANGS, D
// never returns for a map of a domain of dimension 3 or more (model
// linear-maps-hanging, for check --case-timeout); with FAULT_DIES, D ends
// the process for such a map with exit status 70 (model linear-maps-dying);
// with FAULT_ABORTS, D aborts for such a map, as a failed assertion does
// (model linear-maps-aborting); otherwise D(f) has the wrong codomain, Y × R
// instead of Y (model linear-maps-wrong-codomain). Every law that
// differentiates fails, naming the plugin; linear-maps-dying and
// linear-maps-aborting end the process checking the case, which perturb
// reports as a crash of that case.
#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <thread>

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
#elif defined(FAULT_HANGS)
struct FaultyLinearMaps : linear_maps::LinearMaps {
  FaultyLinearMaps() : LinearMaps("linear-maps-hanging") {}
  Morphism derivative(const Morphism& f) const {
    while (f.domain.dimension >= 3) std::this_thread::sleep_for(std::chrono::seconds(1));
    return LinearMaps::derivative(f);
  }
};
#elif defined(FAULT_DIES)
struct FaultyLinearMaps : linear_maps::LinearMaps {
  FaultyLinearMaps() : LinearMaps("linear-maps-dying") {}
  Morphism derivative(const Morphism& f) const {
    if (f.domain.dimension >= 3) std::_Exit(70);
    return LinearMaps::derivative(f);
  }
};
#elif defined(FAULT_ABORTS)
struct FaultyLinearMaps : linear_maps::LinearMaps {
  FaultyLinearMaps() : LinearMaps("linear-maps-aborting") {}
  Morphism derivative(const Morphism& f) const {
    if (f.domain.dimension >= 3) std::abort();
    return LinearMaps::derivative(f);
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
