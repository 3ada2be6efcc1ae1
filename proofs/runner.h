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
#include "proofs/coverage.h"
#include "proofs/discard.h"
#include "proofs/progress_line.h"
#include "semantics/case_memory.h"
#include "semantics/tolerance.h"

namespace perturb::proofs {

struct RunOptions {
  std::uint64_t seed = 1;
  std::uint64_t cases = 1000;
  std::uint32_t max_size = 10;
  unsigned jobs = 1;
  semantics::Tolerance tolerance;
  // The share of its cases a pair may discard, per kind (proofs/health.h).
  DiscardLimits discard_limits;
  bool shrink = true;
  // Whether the terminal summary lists each pair's labels (check --stats).
  bool stats = false;
  // The heap one case may allocate before it is discarded (semantics/case_memory.h).
  std::uint64_t case_memory = semantics::kDefaultCaseMemory;
  // The plugin libraries the models came from (perturb check --plugin), so
  // that a report's repro lines load them again.
  std::vector<std::string> plugins;
  // The text laws of the run (perturb check --equation), in order, for the
  // same reason: they are equation.1, equation.2, … only together.
  std::vector<std::string> equations;
  std::string rule_file;  // perturb check --rule-file, for the same reason
  // Called from worker threads after each batch of cases (proofs/progress_line.h).
  std::function<void(const RunProgress&)> progress;
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

// The discarded cases of a pair that share one reason.
struct DiscardTally {
  DiscardKind kind = DiscardKind::Internal;
  std::uint64_t count = 0;
  std::uint64_t first_case = 0;  // the least case index discarded for it
};

struct LawResult {
  LawInfo info;
  std::string model;
  bool foil = false;
  // The model proves instances (LawBinding::proving): passed counts proofs,
  // failed refutations, and discards of kind inconclusive the rest.
  bool proving = false;
  std::uint64_t cases = 0;
  std::uint64_t passed = 0;
  std::uint64_t failed = 0;
  std::uint64_t discarded = 0;
  std::map<std::string, std::uint64_t> labels;
  // The law's coverage requirements on this model, decided (proofs/coverage.h).
  std::vector<CoverageResult> coverage;
  // The discarded cases by reason (Discard's contract: few distinct reasons).
  std::map<std::string, DiscardTally> discards;
  std::optional<Counterexample> counterexample;
};

// The case of index `index` of a bound law, as the run generates it.
Case generate_case(const LawBinding& binding, const RunOptions& options, std::uint64_t index);

// The seed driving the extensional comparison of a case with this case seed.
std::uint64_t compare_seed_of(std::uint64_t case_seed);

// Runs every binding for options.cases cases; one result per binding, in order.
std::vector<LawResult> run_laws(const std::vector<LawBinding>& bindings, const RunOptions& options);

}  // namespace perturb::proofs
