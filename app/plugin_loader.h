// Loading run-time plugins (proofs/plugin_api.h) for `perturb check --plugin`.
#pragma once

#include <string>
#include <vector>

#include "calculus/error.h"
#include "proofs/binding.h"

namespace perturb::app {

// The law bindings the plugin at `path` registers; each binding's check
// names the plugin in the detail of a failure and turns any exception into a
// failure. An error when the library cannot be loaded, lacks an entry point,
// was built for another plugin ABI, or throws while registering. A loaded
// plugin stays loaded until the process ends (its code backs the bindings).
calculus::ErrorOr<std::vector<proofs::LawBinding>> load_plugin(const std::string& path);

}  // namespace perturb::app
