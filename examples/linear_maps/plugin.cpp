// (b) The linear-maps model and its broken variant as a perturb plugin:
//   perturb check --plugin ./liblinear.so --model linear-maps
//   perturb check --plugin ./liblinear.so --model linear-maps-broken
#include "linear_maps.h"
#include "proofs/plugin_api.h"

PERTURB_PLUGIN(registry) {
  registry.add(linear_maps::LinearMaps());
  registry.add(linear_maps::broken_linear_maps());
}
