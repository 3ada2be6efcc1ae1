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
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "proofs/binding/binding.h"
#include "proofs/cases/discard.h"
#include "proofs/run/coverage.h"
#include "proofs/run/run_options.h"

namespace perturb::proofs {

// The discarded cases of a pair that share one reason.
struct DiscardTally {
  DiscardKind kind = DiscardKind::Internal;
  std::uint64_t count = 0;
  std::uint64_t first_case = 0;  // the least case index discarded for it
};

// What some checked cases of one pair came to. Tallies of disjoint cases
// add up (fold_into) to the same tally in any order.
struct PairTally {
  std::uint64_t passed = 0, failed = 0, discarded = 0;
  std::map<std::string, std::uint64_t> labels;
  std::optional<std::uint64_t> first_failure;  // the least failing case index
  std::map<std::string, DiscardTally> discards;

  std::uint64_t cases() const { return passed + failed + discarded; }
};

// Adds part to total: counts add, least indices win.
void fold_into(PairTally& total, const PairTally& part);

// Counts the case `index`, with these labels and this outcome, into tally.
void count_case(PairTally& tally, std::uint64_t index, const std::vector<std::string>& labels,
                const Outcome& outcome);

// The unit `unit` of a run: cases [first, last) of bindings[binding].
struct CaseUnit {
  std::size_t binding = 0;
  std::uint64_t first = 0, last = 0;
};

// How the case space of `bindings` bindings × `cases` cases is cut: units of
// unit_size(cases) consecutive indices, unit u being chunk u / bindings of
// binding u % bindings, so that the first units touch every binding.
std::uint64_t unit_size(std::uint64_t cases);
std::uint64_t unit_count(std::size_t bindings, std::uint64_t cases);
CaseUnit case_unit(std::uint64_t unit, std::size_t bindings, std::uint64_t cases);
// Whether the unit belongs to the shard: each binding's chunks go round the
// shards in turn, from a shard drawn by hashing the binding's index, so that
// every shard gets about as many cases of each law and of each model.
bool in_shard(std::uint64_t unit, std::size_t bindings, std::uint64_t cases, Shard shard);

// What the first phase has counted: a tally per binding and the units in it.
struct RunLedger {
  std::vector<PairTally> pairs;
  std::set<std::uint64_t> units;

  // Adds the tally of `unit` of `binding` (already counted units are refused: false).
  bool add(std::uint64_t unit, std::size_t binding, const PairTally& tally);
  // Whether every unit of the shard is counted.
  bool complete(std::size_t bindings, std::uint64_t cases, Shard shard) const;
};

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
  // The model proves instances (LawBinding::proving): passed counts proofs,
  // failed refutations, and discards of kind inconclusive the rest.
  bool proving = false;
  std::uint64_t cases = 0;
  std::uint64_t passed = 0;
  std::uint64_t failed = 0;
  std::uint64_t discarded = 0;
  std::map<std::string, std::uint64_t> labels;
  // The law's coverage requirements on this model, decided (proofs/run/coverage.h).
  std::vector<CoverageResult> coverage;
  // The discarded cases by reason (Discard's contract: few distinct reasons).
  std::map<std::string, DiscardTally> discards;
  std::optional<Counterexample> counterexample;
};

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
