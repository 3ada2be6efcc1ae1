// What the checker's tests share: the built-in bindings (built once), one
// law on one model picked out of them, and a small run of it.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <string_view>
#include <vector>

#include "proofs/builtin_bindings.h"
#include "proofs/runner.h"

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

// Options for a small run: no progress bar, shrinking only when asked.
inline RunOptions small_run(std::uint64_t seed, std::uint64_t cases, bool shrink = false,
                            unsigned jobs = 2) {
  RunOptions options;
  options.seed = seed;
  options.cases = cases;
  options.jobs = jobs;
  options.shrink = shrink;
  return options;
}

// The result of running one law on one model.
inline LawResult run_one(std::string_view law, std::string_view model, const RunOptions& options) {
  return run_laws({binding(law, model)}, options).front();
}

}  // namespace perturb::proofs::testing
