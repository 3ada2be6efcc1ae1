// What the checker's tests share: the built-in bindings (built once), one
// law on one model picked out of them, a text law on one model, and a small
// run of them.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <string_view>
#include <vector>

#include "proofs/binding/builtin_bindings.h"
#include "proofs/binding/builtin_text_law_bindings.h"
#include "proofs/laws/text_law.h"
#include "proofs/run/runner.h"

namespace perturb::proofs::testing {

// Every law of the catalogue on every built-in model; built once per test process.
inline const std::vector<LawBinding>& all_bindings() {
  static const std::vector<LawBinding> bindings = builtin_bindings();
  return bindings;
}

// The binding of law on model; fails the test if the catalogue has none.
inline const LawBinding& binding(std::string_view law, std::string_view model) {
  const auto& bindings = all_bindings();
  const auto found = std::find_if(bindings.begin(), bindings.end(), [&](const LawBinding& b) {
    return b.info.id == law && b.model == model;
  });
  INFO("law " << law << " on model " << model);
  REQUIRE(found != bindings.end());
  return *found;
}

// The text law `text`, as equation.1, bound to `model` only; fails the test
// if it does not parse or the model refuses it.
inline LawBinding text_law_on(std::string_view text, std::string_view model) {
  auto law = TextLaw::make(text, "equation.1");
  INFO(text);
  if (!law.ok()) FAIL(law.error().to_string());
  const TextLawBindings bound = builtin_text_law_bindings({std::make_shared<const TextLaw>(*law)});
  for (const LawBinding& b : bound.bindings) {
    if (b.model == model) return b;
  }
  FAIL("no binding on " << model);
  return bound.bindings.front();
}

// Options for a small run: no progress bar, shrinking only when asked.
inline RunOptions small_run(std::uint64_t seed, std::uint64_t cases, bool shrink = false,
                            unsigned jobs = 2) {
  RunOptions options;
  options.engine.seed = seed;
  options.engine.cases = cases;
  options.execution.jobs = jobs;
  options.engine.shrink = shrink;
  return options;
}

// The result of running one law on one model.
inline LawResult run_one(std::string_view law, std::string_view model, const RunOptions& options) {
  return run_laws({binding(law, model)}, options).front();
}

}  // namespace perturb::proofs::testing
