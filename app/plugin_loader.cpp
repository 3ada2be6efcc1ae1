#include "app/plugin_loader.h"

#include <dlfcn.h>

#include <exception>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "models/builtin_models.h"
#include "proofs/binding/bind_laws.h"
#include "proofs/binding/builtin_bindings.h"
#include "proofs/binding/reference_law_binding.h"
#include "proofs/binding/text_law_binder.h"
#include "proofs/laws/reference_laws.h"
#include "proofs/plugin_api.h"
#include "proofs/run/crash_isolation.h"

namespace perturb::app {
namespace {

using AbiKeyFunction = const char* (*)();
using RegisterFunction = void (*)(proofs::PluginRegistry&);

calculus::Error plugin_error(const std::string& path, const std::string& message) {
  return calculus::Error{"plugin " + path + ": " + message, std::nullopt};
}

// The plugin's check, with every exception a failure and every failure
// naming the plugin: a model's bug must not abort the run nor hide its origin.
proofs::LawBinding attribute_to_plugin(proofs::LawBinding binding, const std::string& path) {
  binding.check = [check = std::move(binding.check), path](const proofs::Case& k,
                                                           const semantics::Tolerance& tolerance,
                                                           std::uint64_t compare_seed) {
    proofs::Outcome outcome;
    try {
      outcome = check(k, tolerance, compare_seed);
    } catch (const std::exception& error) {
      outcome.verdict = proofs::Verdict::Failed;
      outcome.failure = proofs::FailureKind::Error;
      outcome.detail = std::string("error: ") + error.what();
    } catch (...) {
      outcome.verdict = proofs::Verdict::Failed;
      outcome.failure = proofs::FailureKind::Error;
      outcome.detail = "error: an exception that is not a std::exception";
    }
    if (outcome.verdict == proofs::Verdict::Failed) {
      outcome.detail = "in plugin " + path + ": " + outcome.detail;
    }
    return outcome;
  };
  return binding;
}

// The "part=value" fields of a plugin ABI key, by part.
std::map<std::string, std::string> abi_fields(const std::string& key) {
  std::map<std::string, std::string> fields;
  std::size_t start = 0;
  while (start <= key.size()) {
    std::size_t end = key.find("; ", start);
    if (end == std::string::npos) end = key.size();
    const std::string field = key.substr(start, end - start);
    const std::size_t equals = field.find('=');
    fields[field.substr(0, equals)] =
        equals == std::string::npos ? std::string() : field.substr(equals + 1);
    start = end + 2;
  }
  return fields;
}

// Where the plugin's key differs from perturb's: "interface: plugin X, this perturb Y; …".
std::string abi_differences(const std::string& plugin, const std::string& host) {
  const auto theirs = abi_fields(plugin);
  const auto ours = abi_fields(host);
  std::string text;
  const auto differ = [&](const std::string& part, const std::string& their_value,
                          const std::string& our_value) {
    text += (text.empty() ? "" : "; ") + part + ": plugin " +
            (their_value.empty() ? "none" : their_value) + ", this perturb " +
            (our_value.empty() ? "none" : our_value);
  };
  for (const auto& [part, value] : ours) {
    const auto found = theirs.find(part);
    const std::string their_value = found == theirs.end() ? "" : found->second;
    if (their_value != value) differ(part, their_value, value);
  }
  for (const auto& [part, value] : theirs) {
    if (!ours.contains(part)) differ(part, value, "");
  }
  return text.empty() ? "the key \"" + plugin + "\"" : text;
}

}  // namespace

calculus::ErrorOr<LoadedPlugin> load_plugin(const std::string& path) {
  // RTLD_LOCAL: two plugins may define the same names; the layers' symbols
  // resolve to the executable's (it exports them).
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) return plugin_error(path, std::string("cannot load: ") + dlerror());
  const auto abi_key = reinterpret_cast<AbiKeyFunction>(dlsym(handle, PERTURB_PLUGIN_ABI_SYMBOL));
  const auto register_models =
      reinterpret_cast<RegisterFunction>(dlsym(handle, PERTURB_PLUGIN_REGISTER_SYMBOL));
  if (!abi_key && register_models && dlsym(handle, "perturb_plugin_abi_version")) {
    return plugin_error(path,
                        "built for an older perturb, whose plugins had an ABI version "
                        "instead of a key; rebuild it against this perturb's headers");
  }
  if (!abi_key || !register_models) {
    return plugin_error(path, "not a perturb plugin (it must define " PERTURB_PLUGIN_ABI_SYMBOL
                              " and " PERTURB_PLUGIN_REGISTER_SYMBOL ", see proofs/plugin_api.h)");
  }
  if (const std::string key = abi_key(); key != PERTURB_PLUGIN_ABI_KEY) {
    return plugin_error(path, "built with another plugin ABI (" +
                                  abi_differences(key, PERTURB_PLUGIN_ABI_KEY) +
                                  "); rebuild it against this perturb's headers and settings");
  }
  proofs::PluginRegistry registry;
  LoadedPlugin loaded;
  loaded.path = path;
  std::vector<proofs::LawBinding> bindings;
  std::vector<proofs::TextLawBinder> text_law_binders;
  try {
    register_models(registry);
    for (const semantics::AnyModel& model : registry.models()) {
      proofs::bind_laws(model, bindings);
      text_law_binders.push_back(proofs::text_law_binder(model));
    }
  } catch (const std::exception& error) {
    return plugin_error(path, std::string("registration failed: ") + error.what());
  } catch (...) {
    return plugin_error(path, "registration failed with an exception that is not a std::exception");
  }
  if (bindings.empty() && registry.declared().empty())
    return plugin_error(path, "registers no law on any model and declares no primitive");
  loaded.models = std::move(registry.models());
  for (proofs::LawBinding& binding : bindings) {
    loaded.bindings.push_back(attribute_to_plugin(std::move(binding), path));
  }
  for (proofs::TextLawBinder& bind : text_law_binders) {
    loaded.text_law_binders.push_back(
        [bind = std::move(bind), path](const std::shared_ptr<const proofs::TextLaw>& law,
                                       proofs::TextLawBindings& into) {
          proofs::TextLawBindings bound;
          bind(law, bound);
          for (proofs::LawBinding& binding : bound.bindings)
            into.bindings.push_back(attribute_to_plugin(std::move(binding), path));
          for (proofs::TextLawRefusal& refusal : bound.refusals)
            into.refusals.push_back(std::move(refusal));
        });
  }
  return loaded;
}

calculus::ErrorOr<std::vector<LoadedPlugin>> load_plugins(const std::vector<std::string>& paths) {
  std::vector<LoadedPlugin> plugins;
  for (const std::string& path : paths) {
    auto loaded = load_plugin(path);
    if (!loaded.ok()) return loaded.error();
    plugins.push_back(std::move(*loaded));
  }
  return plugins;
}

std::vector<proofs::LawBinding> catalogue_bindings(std::vector<LoadedPlugin>& plugins) {
  std::vector<proofs::LawBinding> all = proofs::builtin_bindings();
  for (LoadedPlugin& plugin : plugins) {
    for (proofs::LawBinding& binding : plugin.bindings) all.push_back(std::move(binding));
  }
  return all;
}

void isolate_plugin_crashes(std::vector<proofs::LawBinding>& bindings,
                            const std::vector<LoadedPlugin>& plugins) {
  std::set<std::string> plugin_models;
  for (const LoadedPlugin& plugin : plugins) {
    for (const semantics::AnyModel& model : plugin.models) plugin_models.insert(model.name());
  }
  for (proofs::LawBinding& binding : bindings) {
    if (plugin_models.count(binding.model)) binding.check = proofs::crash_isolated(binding.check);
  }
}

void add_plugin_option(CLI::App* command, std::vector<std::string>& paths) {
  // One library per --plugin: a term after it is not a second library.
  command
      ->add_option("--plugin", paths,
                   "Load the models and primitives a plugin library registers (repeatable; "
                   "proofs/plugin_api.h, docs/writing-a-model.md, docs/declaring-a-primitive.md)")
      ->allow_extra_args(false);
}

std::optional<semantics::AnyModel> find_model(const std::string& name,
                                              const std::vector<LoadedPlugin>& plugins,
                                              const semantics::ModelConfig& config) {
  if (std::optional<semantics::AnyModel> builtin = models::builtin_model(name, config))
    return builtin;
  for (const LoadedPlugin& plugin : plugins) {
    for (const semantics::AnyModel& model : plugin.models)
      if (model.name() == name) return model;
  }
  return std::nullopt;
}

std::string unknown_model_message(const std::string& name,
                                  const std::vector<LoadedPlugin>& plugins) {
  std::string known;
  for (const std::string& model : models::builtin_model_names())
    known += (known.empty() ? "" : ", ") + model;
  for (const LoadedPlugin& plugin : plugins) {
    for (const semantics::AnyModel& model : plugin.models) known += ", " + model.name();
  }
  return "unknown model '" + name + "' (known: " + known + ")";
}

proofs::TextLawBindings bind_text_laws(
    const std::vector<std::shared_ptr<const proofs::TextLaw>>& laws,
    const std::vector<LoadedPlugin>& plugins) {
  proofs::TextLawBindings bound = proofs::builtin_text_law_bindings(laws);
  for (const LoadedPlugin& plugin : plugins) {
    for (const proofs::TextLawBinder& bind : plugin.text_law_binders) {
      for (const auto& law : laws) bind(law, bound);
    }
  }
  return bound;
}

calculus::ErrorOr<std::vector<proofs::LawBinding>> bind_reference_laws(
    const std::string& reference, const std::vector<LoadedPlugin>& plugins) {
  const std::optional<semantics::AnyModel> against = find_model(reference, plugins);
  if (!against) {
    return calculus::Error{"--reference: " + unknown_model_message(reference, plugins),
                           std::nullopt};
  }
  const std::optional<semantics::AnyModel> own = models::builtin_model("closures");
  if (!own) throw calculus::InternalError("bind_reference_laws: no closures model");
  std::vector<proofs::LawBinding> bindings;
  for (const semantics::AnyModel& model : models::builtin_models()) {
    for (proofs::LawBinding& binding : proofs::bind_reference_laws(model, *against, *own))
      bindings.push_back(std::move(binding));
  }
  for (const LoadedPlugin& plugin : plugins) {
    for (const semantics::AnyModel& model : plugin.models) {
      for (proofs::LawBinding& binding : proofs::bind_reference_laws(model, *against, *own))
        bindings.push_back(attribute_to_plugin(std::move(binding), plugin.path));
    }
  }
  return bindings;
}

}  // namespace perturb::app
