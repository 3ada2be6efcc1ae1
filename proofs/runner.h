// The runner (design.md "Runner"): every bound law × its cases, on `jobs`
// threads. Case i of a law on a model is a function of (seed, law, model, i)
// alone, results are reduced in a fixed order, and the counterexample shown
// for a law is always its lowest failing case index, so a run's results do
// not depend on the number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "proofs/binding.h"
#include "semantics/case_memory.h"
#include "semantics/tolerance.h"

namespace perturb::proofs {

struct RunOptions {
  std::uint64_t seed = 1;
  std::uint64_t cases = 1000;
  std::uint32_t max_size = 10;
  unsigned jobs = 1;
  semantics::Tolerance tolerance;
  bool shrink = true;
  // The heap one case may allocate before it is discarded (semantics/case_memory.h).
  std::uint64_t case_memory = semantics::kDefaultCaseMemory;
  // The plugin libraries the models came from (perturb check --plugin), so
  // that a report's repro lines load them again.
  std::vector<std::string> plugins;
  // Called now and then from worker threads with (cases done, cases in all).
  std::function<void(std::uint64_t, std::uint64_t)> progress;
};

struct Counterexample {
  std::uint64_t case_index = 0;
  std::uint64_t case_seed = 0;
  Case original;
  Outcome original_outcome;
  Case shrunk;
  Outcome outcome;
  std::uint32_t shrink_steps = 0;
};

struct LawResult {
  LawInfo info;
  std::string model;
  bool foil = false;
  std::uint64_t cases = 0;
  std::uint64_t passed = 0;
  std::uint64_t failed = 0;
  std::uint64_t discarded = 0;
  std::map<std::string, std::uint64_t> labels;
  // Why the lowest-numbered discarded case was discarded.
  std::optional<std::string> discard_reason;
  std::optional<Counterexample> counterexample;
};

// The case of index `index` of a bound law, as the run generates it.
Case generate_case(const LawBinding& binding, const RunOptions& options, std::uint64_t index);

// The seed driving the extensional comparison of a case with this case seed.
std::uint64_t compare_seed_of(std::uint64_t case_seed);

// Runs every binding for options.cases cases; one result per binding, in order.
std::vector<LawResult> run_laws(const std::vector<LawBinding>& bindings, const RunOptions& options);

}  // namespace perturb::proofs
