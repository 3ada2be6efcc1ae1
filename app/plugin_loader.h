// Loading run-time plugins (proofs/plugin_api.h) for the --plugin option of
// every command that reads models or terms: check, repro, merge, eval, list
// and conjecture.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
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

// The plugins at paths, in order; an error for the first that cannot be loaded.
calculus::ErrorOr<std::vector<LoadedPlugin>> load_plugins(const std::vector<std::string>& paths);

// A command's --plugin option (repeatable), into paths.
void add_plugin_option(CLI::App* command, std::vector<std::string>& paths);

// The model called name: a built-in one (made with config), else the first
// plugin's model of that name; nullopt when there is none.
std::optional<semantics::AnyModel> find_model(const std::string& name,
                                              const std::vector<LoadedPlugin>& plugins,
                                              const semantics::ModelConfig& config = {});

// "unknown model 'name' (known: …)", the plugins' models included.
std::string unknown_model_message(const std::string& name,
                                  const std::vector<LoadedPlugin>& plugins);

// The catalogue's laws on every built-in model, then on each plugin's
// models (moved out of the plugins).
std::vector<proofs::LawBinding> catalogue_bindings(std::vector<LoadedPlugin>& plugins);

// Makes the checks of the plugins' models survive a crash
// (proofs/run/crash_isolation.h): a plugin's crash is its case's failure.
void isolate_plugin_crashes(std::vector<proofs::LawBinding>& bindings,
                            const std::vector<LoadedPlugin>& plugins);

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
