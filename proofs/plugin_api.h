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
//     registry.declare({.name = "erf", .value = erf_value,
//                       .derivative = "…"}, erf_series);  // a primitive of its own
//   }
//
// which expands to two functions with C linkage:
//
//   const char* perturb_plugin_abi_key();   the PERTURB_PLUGIN_ABI_KEY it was built with
//   void perturb_register_models(perturb::proofs::PluginRegistry&);
//
// A plugin compiles its models' adapters (semantics/erase.h) and nothing of
// the catalogue: PluginRegistry::add keeps each model erased, and perturb
// binds the catalogue's laws to it after registration.
// `perturb` refuses (exit status 2) a library it cannot load, one without
// these functions, one built with another plugin ABI key (saying which part
// differs), and one whose registration throws. Exceptions that a model throws while a law is
// checked are failures of that law in that model, reported with the plugin's path.
#pragma once

#include <memory>
#include <stdexcept>
#include <vector>

#include "calculus/declared_primitive.h"
#include "models/scalars/ball_series.h"
#include "proofs/binding/checkable_model.h"
#include "proofs/plugin_interface_hash.h"
#include "semantics/any_model.h"
#include "semantics/erase.h"

namespace perturb::proofs {

// The plugin ABI key: what must agree between perturb and a plugin for the
// plugin's code to run in perturb, as "part=value" fields joined by "; ":
// the interface (a hash of every header a plugin may include, generated at
// build time, so any change to a type that crosses the boundary changes it),
// the C++ standard, libstdc++'s string ABI and AddressSanitizer, which
// change the layout of those types.
#define PERTURB_PLUGIN_STRINGIFY(x) #x
#define PERTURB_PLUGIN_VALUE(x) PERTURB_PLUGIN_STRINGIFY(x)
#if defined(__SANITIZE_ADDRESS__)
#define PERTURB_PLUGIN_ASAN "1"
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PERTURB_PLUGIN_ASAN "1"
#endif
#endif
#ifndef PERTURB_PLUGIN_ASAN
#define PERTURB_PLUGIN_ASAN "0"
#endif
#define PERTURB_PLUGIN_ABI_KEY                                                    \
  "interface=" PERTURB_PLUGIN_INTERFACE_HASH                                      \
  "; c++=" PERTURB_PLUGIN_VALUE(__cplusplus) "; cxx11-abi=" PERTURB_PLUGIN_VALUE( \
      _GLIBCXX_USE_CXX11_ABI) "; asan=" PERTURB_PLUGIN_ASAN

// What a plugin's perturb_register_models fills in.
class PluginRegistry {
 public:
  // Registers a copy of `model`, erased: perturb binds to it every law of
  // the catalogue it hosts, the text laws of --equation and --rule-file and
  // the laws of perturb check --reference.
  template <CheckableModel Model>
  void add(const Model& model) {
    models_.push_back(semantics::erase(std::make_shared<const Model>(model)));
  }

  // Adds a primitive to the signature (calculus/declared_primitive.h), with
  // its Taylor series over balls when it has one, so that the certified
  // models, the reference of `ref.*`, host it; every built-in model over
  // doubles hosts it by its derivative term. Throws std::invalid_argument
  // with the reason when the declaration is refused.
  calculus::Primitive declare(calculus::PrimitiveDeclaration declaration,
                              models::BallSeries series = nullptr) {
    declaration.has_series = series != nullptr;
    auto declared = calculus::declare_primitive(declaration);
    if (!declared) throw std::invalid_argument(declared.error().to_string());
    if (series) models::set_ball_series(*declared, series);
    declared_.push_back(*declared);
    return *declared;
  }

  const std::vector<calculus::Primitive>& declared() const { return declared_; }
  std::vector<semantics::AnyModel>& models() { return models_; }

 private:
  std::vector<semantics::AnyModel> models_;
  std::vector<calculus::Primitive> declared_;
};

}  // namespace perturb::proofs

// The entry points' names, as the loader looks them up.
#define PERTURB_PLUGIN_ABI_SYMBOL "perturb_plugin_abi_key"
#define PERTURB_PLUGIN_REGISTER_SYMBOL "perturb_register_models"

// Defines a plugin's two entry points; the body registers its models.
#define PERTURB_PLUGIN(registry)                                                     \
  extern "C" const char* perturb_plugin_abi_key() { return PERTURB_PLUGIN_ABI_KEY; } \
  extern "C" void perturb_register_models(::perturb::proofs::PluginRegistry& registry)
