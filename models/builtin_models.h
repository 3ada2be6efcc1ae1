// The built-in models (models/registry.h) behind the model boundary
// (semantics/any_model.h): what the checker, `perturb eval` and the lab take,
// without compiling a model type, nor including one, where they are used.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "semantics/any_model.h"
#include "semantics/model_config.h"

namespace perturb::models {

// Every built-in model, built from config, in registry order.
std::vector<semantics::AnyModel> builtin_models(const semantics::ModelConfig& config = {});

// Their names, in registry order.
std::vector<std::string> builtin_model_names(const semantics::ModelConfig& config = {});

// The built-in model called name; nullopt if there is none.
std::optional<semantics::AnyModel> builtin_model(const std::string& name,
                                                 const semantics::ModelConfig& config = {});

// "unknown model 'name' (known: smooth, closures, …)".
std::string unknown_model_message(const std::string& name);

}  // namespace perturb::models
