// A plugin built against other perturb headers: perturb must refuse it (exit
// 2), saying that the interface differs.
#include "proofs/plugin_api.h"

extern "C" const char* perturb_plugin_abi_key() {
  return "interface=0000000000000000; c++=" PERTURB_PLUGIN_VALUE(__cplusplus) "; cxx11-abi=" PERTURB_PLUGIN_VALUE(
      _GLIBCXX_USE_CXX11_ABI) "; asan=" PERTURB_PLUGIN_ASAN;
}
extern "C" void perturb_register_models(perturb::proofs::PluginRegistry&) {}
