// The library entry point (issue 5): run the law catalogue on a model type of
// one's own, with the runner, shrinker and reports of `perturb check`.
//
//   perturb::proofs::CheckOptions options;
//   options.run.engine.cases = 500;
//   options.report_dir = "report";
//   const auto results = perturb::proofs::check(MyModel{}, options);
//   return perturb::proofs::all_hold(results) ? 0 : 1;
//
// Which laws run is decided at compile time by the concepts MyModel satisfies
// (semantics/*.h), exactly as for the built-in models; nothing in Perturb has
// to change to check a new model.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "proofs/binding/bind_laws.h"
#include "proofs/run/runner.h"

namespace perturb::proofs {

struct CheckOptions {
  RunOptions run;
  // Only laws these patterns select (proofs/laws/law_selection.h), e.g. "cdc.*"; empty: every law.
  std::vector<std::string> laws;
  // When not empty, report.json and report.md are written to this directory.
  std::string report_dir;
};

// Every law of the catalogue that hosts a model of type Model, bound to `model`.
template <CheckableModel Model>
std::vector<LawBinding> bind_model(const Model& model) {
  std::vector<LawBinding> bindings;
  bind_laws(std::make_shared<const Model>(model), bindings);
  return bindings;
}

// The bindings whose law one of the patterns selects (all when there are none).
std::vector<LawBinding> select_laws(std::vector<LawBinding> bindings,
                                    const std::vector<std::string>& globs);

// Runs the bindings options select and writes the reports options ask for;
// throws std::runtime_error when the report directory cannot be written.
std::vector<LawResult> check_bindings(const std::vector<LawBinding>& bindings,
                                      const CheckOptions& options);

// True when at least one law ran and no result has a failing case.
bool all_hold(const std::vector<LawResult>& results);

// Runs every law Model hosts (or those options.laws selects) on `model`: one
// result per law, in catalogue order; reports as check_bindings.
template <CheckableModel Model>
std::vector<LawResult> check(const Model& model, const CheckOptions& options) {
  return check_bindings(select_laws(bind_model(model), options.laws), options);
}

}  // namespace perturb::proofs
