// The runner (design.md "Runner"): every bound law × its cases, on `jobs`
// threads. Case i of a law on a model is a function of (seed, law, model, i)
// alone, results are reduced in a fixed order, and the counterexample shown
// for a law is always its lowest failing case index, so a run's results do
// not depend on the number of threads.
//
// A run is two phases. The first counts cases: the case space is cut into
// units (a range of case indices of one binding), and each unit's cases add
// up to a PairTally; tallies add in any order, so units may run on other
// threads, processes (check --case-timeout), shards or machines (check
// --shard, --mpi), or in another run (check --resume), and be folded
// afterwards. The second, finish_run, turns the folded tallies into results:
// it re-runs each pair's lowest failing case, decides coverage and shrinks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "proofs/binding/binding.h"
#include "proofs/run/case_units.h"
#include "proofs/run/law_result.h"
#include "proofs/run/pair_tally.h"
#include "proofs/run/run_options.h"

namespace perturb::proofs {

// The first phase: counts the units of execution.shard that `ledger` lacks
// into it, until done or execution.deadline.
void run_units(const std::vector<LawBinding>& bindings, const EngineOptions& engine,
               const ExecutionOptions& execution, RunLedger& ledger);

// One case generated and checked within its memory budget, with the labels
// it is counted under (those of the case, and those the check added).
struct CheckedCase {
  Outcome outcome;
  std::vector<std::string> labels;
};
CheckedCase check_case_at(const LawBinding& binding, const EngineOptions& engine,
                          std::uint64_t index);

// The case of index `index` of a bound law, as the run generates it.
Case generate_case(const LawBinding& binding, const EngineOptions& engine, std::uint64_t index);

// The seed driving the extensional comparison of a case with this case seed.
std::uint64_t compare_seed_of(std::uint64_t case_seed);

// The second phase: the results of the tallies (one per binding, in order).
// Complete: every case was counted, coverage may be decided on more
// generated cases and counterexamples are shrunk (engine.shrink). Partial
// (a deadline, a shard): results say what the counted cases gave, nothing more.
enum class Completeness { Complete, Partial };
std::vector<LawResult> finish_run(const std::vector<LawBinding>& bindings,
                                  const EngineOptions& engine, const ExecutionOptions& execution,
                                  std::vector<PairTally> tallies, Completeness completeness);

// Runs every binding for engine.cases cases; one result per binding, in
// order. With a deadline, the results may be partial: LawResult::cases
// says how many cases each pair counted.
std::vector<LawResult> run_laws(const std::vector<LawBinding>& bindings,
                                const EngineOptions& engine, const ExecutionOptions& execution);

// The same, from a run's whole options, of which the runner reads the
// engine's and the execution's, never the record.
inline std::vector<LawResult> run_laws(const std::vector<LawBinding>& bindings,
                                       const RunOptions& options) {
  return run_laws(bindings, options.engine, options.execution);
}

}  // namespace perturb::proofs
