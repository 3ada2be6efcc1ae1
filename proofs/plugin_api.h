// Run-time plugins: a shared library that brings its own models to the
// installed `perturb` command,
//
//   perturb check --plugin ./libmymodel.so --model my-model
//
// A plugin is built against the installed package's perturb::plugin target
// (headers only: the layers' code comes from the perturb executable that
// loads it, so both share one term table) and defines its entry points with
//
//   PERTURB_PLUGIN(registry) {
//     registry.add(MyModel{});          // every law MyModel hosts
//     registry.add(MyModel{"other"});   // any number of models
//   }
//
// which expands to two functions with C linkage:
//
//   int  perturb_plugin_abi_version();   the kPluginAbiVersion it was built with
//   void perturb_register_models(perturb::proofs::PluginRegistry&);
//
// `perturb` refuses (exit status 2) a library it cannot load, one without
// these functions, one built for another kPluginAbiVersion, and one whose
// registration throws. Exceptions that a model throws while a law is checked
// are failures of that law in that model, reported with the plugin's path.
#pragma once

#include <memory>
#include <vector>

#include "proofs/binding.h"
#include "proofs/catalogue.h"
#include "proofs/text_law_binding.h"

namespace perturb::proofs {

// Bumped whenever a type that crosses the plugin boundary (LawBinding, Case,
// Outcome, the catalogue, TextLaw) changes its layout or meaning.
inline constexpr int kPluginAbiVersion = 3;

// What a plugin's perturb_register_models fills in.
class PluginRegistry {
 public:
  // Binds every law of the catalogue that hosts Model to a copy of `model`,
  // and keeps a binder for the text laws of --equation and --rule-file.
  template <CheckableModel Model>
  void add(const Model& model) {
    const auto shared = std::make_shared<const Model>(model);
    bind_laws(catalogue, shared, bindings_);
    text_law_binders_.push_back(text_law_binder(shared));
  }

  std::vector<LawBinding>& bindings() { return bindings_; }
  std::vector<TextLawBinder>& text_law_binders() { return text_law_binders_; }

 private:
  std::vector<LawBinding> bindings_;
  std::vector<TextLawBinder> text_law_binders_;
};

}  // namespace perturb::proofs

// The entry points' names, as the loader looks them up.
#define PERTURB_PLUGIN_ABI_SYMBOL "perturb_plugin_abi_version"
#define PERTURB_PLUGIN_REGISTER_SYMBOL "perturb_register_models"

// Defines a plugin's two entry points; the body registers its models.
#define PERTURB_PLUGIN(registry)                                                               \
  extern "C" int perturb_plugin_abi_version() { return ::perturb::proofs::kPluginAbiVersion; } \
  extern "C" void perturb_register_models(::perturb::proofs::PluginRegistry& registry)
