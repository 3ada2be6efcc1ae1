#include "models/builtin_models.h"

#include "models/registry.h"
#include "semantics/erase.h"

namespace perturb::models {

std::vector<semantics::AnyModel> builtin_models(const semantics::ModelConfig& config) {
  std::vector<semantics::AnyModel> erased;
  for_each_builtin_model(config,
                         [&](const auto& model) { erased.push_back(semantics::erase(model)); });
  return erased;
}

std::optional<semantics::AnyModel> builtin_model(const std::string& name,
                                                 const semantics::ModelConfig& config) {
  for (semantics::AnyModel& model : builtin_models(config)) {
    if (model.name() == name) return std::move(model);
  }
  return std::nullopt;
}

std::vector<std::string> builtin_model_names(const semantics::ModelConfig& config) {
  std::vector<std::string> names;
  for (const semantics::AnyModel& model : builtin_models(config)) names.push_back(model.name());
  return names;
}

std::string unknown_model_message(const std::string& name) {
  std::string known;
  for (const std::string& model : builtin_model_names())
    known += (known.empty() ? "" : ", ") + model;
  return "unknown model '" + name + "' (known: " + known + ")";
}

}  // namespace perturb::models
