// Loading run-time plugins (proofs/plugin_api.h) for `perturb check --plugin`.
#pragma once

#include <string>
#include <vector>

#include "calculus/error.h"
#include "proofs/binding/binding.h"
#include "proofs/binding/builtin_text_law_bindings.h"
#include "semantics/any_model.h"

namespace perturb::app {

// What a plugin registers: the catalogue's laws on its models, a binder per
// model for text laws (perturb check --equation, --rule-file), and the
// models themselves (perturb check --reference).
struct LoadedPlugin {
  std::string path;
  std::vector<proofs::LawBinding> bindings;
  std::vector<proofs::TextLawBinder> text_law_binders;
  std::vector<semantics::AnyModel> models;
};

// The plugin at `path`; each binding's check, the text laws' too, names the
// plugin in the detail of a failure and turns any exception into a failure.
// An error when the library cannot be loaded, lacks an entry point, was
// built for another plugin ABI, or throws while registering. A loaded plugin
// stays loaded until the process ends (its code backs the bindings).
calculus::ErrorOr<LoadedPlugin> load_plugin(const std::string& path);

// laws bound to every built-in model and every model of plugins that can
// read them, and why the others cannot.
proofs::TextLawBindings bind_text_laws(
    const std::vector<std::shared_ptr<const proofs::TextLaw>>& laws,
    const std::vector<LoadedPlugin>& plugins);

// The reference laws (proofs/laws/reference_laws.h) bound to every built-in
// model and every model of plugins, against the model called reference (a
// built-in or a plugin's), with closures deciding disagreements; an error
// when there is no such model.
calculus::ErrorOr<std::vector<proofs::LawBinding>> bind_reference_laws(
    const std::string& reference, const std::vector<LoadedPlugin>& plugins);

}  // namespace perturb::app
