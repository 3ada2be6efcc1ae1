// Text laws (`perturb check --equation`, proofs/text_law.h) bound to the
// built-in models (models/registry.h) that can run them.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "proofs/binding.h"
#include "proofs/text_law.h"
#include "semantics/model_config.h"

namespace perturb::proofs {

// A law and a built-in model that cannot run it, and why.
struct TextLawRefusal {
  std::string law;
  std::string model;
  bool foil = false;
  std::string reason;  // "it is not closed, …"

  // "equation.1 is not run on smooth: it is not closed, …".
  std::string to_string() const { return law + " is not run on " + model + ": " + reason; }
};

struct TextLawBindings {
  std::vector<LawBinding> bindings;  // law order within registry order
  std::vector<TextLawRefusal> refusals;
};

// Binds a text law to one model (made by text_law_binder, proofs/
// text_law_binding.h), or says why it cannot: how a plugin's model takes
// text laws, since only the plugin can instantiate the binding for its type.
using TextLawBinder =
    std::function<void(const std::shared_ptr<const TextLaw>& law, TextLawBindings& into)>;

TextLawBindings builtin_text_law_bindings(const std::vector<std::shared_ptr<const TextLaw>>& laws,
                                          const semantics::ModelConfig& config = {});

}  // namespace perturb::proofs
