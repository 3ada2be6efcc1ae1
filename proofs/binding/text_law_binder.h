// How a model takes the text laws of `perturb check --equation` and
// `--rule-file` (proofs/laws/text_law.h): a binder per model, which binds a law
// the model can run and records why it refuses the others. A plugin keeps
// one per model it registers (proofs/plugin_api.h); the binding itself is
// compiled once, in perturb (proofs/binding/text_law_binding.cpp).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "proofs/binding/binding.h"
#include "semantics/any_model.h"
#include "semantics/erase.h"
#include "semantics/testable_model.h"

namespace perturb::proofs {

struct TextLaw;

// A law and a model that cannot run it, and why.
struct TextLawRefusal {
  std::string law;
  std::string model;
  bool foil = false;
  std::string reason;  // "it is not closed, …"

  // "equation.1 is not run on smooth: it is not closed, …".
  std::string to_string() const { return law + " is not run on " + model + ": " + reason; }
};

struct TextLawBindings {
  std::vector<LawBinding> bindings;  // law order within model order
  std::vector<TextLawRefusal> refusals;
};

// Binds a text law to one model, or says why it cannot.
using TextLawBinder =
    std::function<void(const std::shared_ptr<const TextLaw>& law, TextLawBindings& into)>;

// The TextLawBinder of model: binds a law when text_law_refusal allows it,
// else records the refusal.
TextLawBinder text_law_binder(const semantics::AnyModel& model);

template <semantics::TestableModel M>
TextLawBinder text_law_binder(std::shared_ptr<const M> model) {
  return text_law_binder(semantics::erase(std::move(model)));
}

}  // namespace perturb::proofs
