// A plugin built for another plugin ABI: perturb must refuse it (exit 2).
#include "proofs/plugin_api.h"

extern "C" int perturb_plugin_abi_version() { return perturb::proofs::kPluginAbiVersion + 1000; }
extern "C" void perturb_register_models(perturb::proofs::PluginRegistry&) {}
