// examples/linear_maps's model declaring that its derivatives nest at most
// one deep (semantics/capabilities.h, depth), as a library whose dual numbers
// nest to a fixed depth would: perturb check refuses its laws of depth 2 by
// name and runs the others.
//
//   perturb check --plugin libshallow_linear.so --model linear-maps-shallow
#include "examples/linear_maps/linear_maps.h"
#include "proofs/plugin_api.h"

namespace {

struct ShallowLinearMaps : linear_maps::LinearMaps {
  static constexpr int kMaxDerivativeDepth = 1;
  ShallowLinearMaps() : LinearMaps("linear-maps-shallow") {}
};

}  // namespace

PERTURB_PLUGIN(registry) { registry.add(ShallowLinearMaps{}); }
