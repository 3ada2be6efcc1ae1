#include "proofs/run/runner.h"

#include <algorithm>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <sstream>
#include <system_error>

#include "calculus/error.h"
#include "calculus/hash.h"
#include "calculus/interned.h"
#include "proofs/cases/labels.h"
#include "proofs/cases/shrink.h"
#include "proofs/run/heap_release.h"
#include "proofs/run/process_map.h"
#include "proofs/run/unit_queue.h"
#include "proofs/run/worker_processes.h"

namespace perturb::proofs {
namespace {

// A case that had more heap than this at once drops the dead entries of the
// hash-consing tables (calculus/interned.h) and hands its freed memory back
// to the system afterwards (release_free_heap): glibc keeps it mapped otherwise,
// and the tables and fragments that the large cases of a long run leave
// behind add up, so the run's resident memory would grow with --cases
// although its heap in use does not.
constexpr std::int64_t kTrimAfter = std::int64_t{8} << 20;

Outcome check_generated_case(const LawBinding& binding, const EngineOptions& engine,
                             std::uint64_t index, Case* generated) {
  const std::uint64_t seed = case_seed(engine.seed, binding.info.id, binding.model, index);
  try {
    Case k = generate_case(binding, engine, index);
    Outcome outcome = binding.check(k, engine.tolerance, compare_seed_of(seed));
    if (generated) *generated = std::move(k);
    return outcome;
  } catch (const std::bad_alloc&) {
    throw;  // the process's or the case's memory ran out (within_case_memory)
  } catch (const std::exception& error) {
    Outcome outcome{Verdict::Failed, "", "",
                    std::string("generating the case failed: ") + error.what()};
    outcome.failure = FailureKind::GenerationError;
    return outcome;
  }
}

// check() within a case's memory budget, trimming the heap after a large case.
template <class Check>
Outcome within_case_memory(const EngineOptions& engine, Check check) {
  std::int64_t peak = 0;
  Outcome outcome;
  {
    const semantics::CaseMemoryScope memory(engine.case_memory);
    try {
      outcome = check();
    } catch (const semantics::CaseMemoryExceeded& error) {
      outcome = {Verdict::Discarded, "", "", semantics::case_memory_discard(error),
                 DiscardKind::Budget};
    }
    peak = memory.peak();
  }
  if (peak > kTrimAfter) {
    calculus::release_dead_nodes();
    release_free_heap();
  }
  return outcome;
}

Outcome run_case(const LawBinding& binding, const EngineOptions& engine, std::uint64_t index,
                 Case* generated) {
  return within_case_memory(
      engine, [&] { return check_generated_case(binding, engine, index, generated); });
}

// Adds the labels of case `index`, generated and not checked, to `labels`;
// a case that cannot be generated within its budget adds none.
void label_generated_case(const LawBinding& binding, const EngineOptions& engine,
                          std::uint64_t index, std::map<std::string, std::uint64_t>& labels) {
  std::vector<std::string> generated;
  within_case_memory(engine, [&] {
    try {
      generated = case_labels(generate_case(binding, engine, index));
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception&) {
      generated.clear();
    }
    return Outcome{};
  });
  for (const std::string& label : generated) ++labels[label];
}

bool any_undecided(const std::vector<CoverageResult>& coverage) {
  return std::any_of(coverage.begin(), coverage.end(), [](const CoverageResult& result) {
    return result.verdict == CoverageVerdict::Undecided;
  });
}

// The pair's coverage: decided on the labels of its checked cases, and while
// a requirement is undecided, on those of more generated cases (indices
// past the checked ones, doubling), up to kCoverageCasesFactor times as many.
constexpr std::uint64_t kCoverageCasesFactor = 16;
constexpr std::uint64_t kCoverageCasesAtLeast = 4096;

std::vector<CoverageResult> decide_coverage(const LawBinding& binding, const EngineOptions& engine,
                                            std::map<std::string, std::uint64_t> labels) {
  const std::vector<CoverageRequirement> requirements = coverage_requirements(binding);
  std::uint64_t cases = engine.cases;
  std::vector<CoverageResult> coverage = coverage_results(requirements, labels, cases);
  const std::uint64_t cap = std::max(kCoverageCasesFactor * engine.cases, kCoverageCasesAtLeast);
  while (any_undecided(coverage) && cases < cap) {
    const std::uint64_t next = std::min(cap, std::max<std::uint64_t>(2 * cases, cases + 256));
    for (std::uint64_t index = cases; index < next; ++index)
      label_generated_case(binding, engine, index, labels);
    cases = next;
    coverage = coverage_results(requirements, labels, cases);
  }
  return coverage;
}

// decide_coverage's verdict as a forked process sends it (proofs/run/process_map.h):
// the cases judged, then each requirement's count.
std::string coverage_line(const std::vector<CoverageResult>& coverage) {
  std::string line = std::to_string(coverage.empty() ? 0 : coverage.front().cases);
  for (const CoverageResult& result : coverage) line += ' ' + std::to_string(result.count);
  return line;
}

std::vector<CoverageResult> coverage_of_line(const LawBinding& binding, const std::string& line) {
  const std::vector<CoverageRequirement> requirements = coverage_requirements(binding);
  std::istringstream in(line);
  std::uint64_t cases = 0;
  in >> cases;
  std::map<std::string, std::uint64_t> counts;
  for (const CoverageRequirement& requirement : requirements)
    in >> counts[std::string(requirement.label)];
  calculus::check(in && in.peek() == std::char_traits<char>::eof(),
                  "a coverage line that coverage_line did not write");
  return coverage_results(requirements, counts, cases);
}

// Whether each binding's units hold the serial lane (proofs/run/unit_queue.h).
std::vector<bool> serial_bindings(const std::vector<LawBinding>& bindings) {
  std::vector<bool> serial;
  for (const LawBinding& binding : bindings) serial.push_back(binding.capabilities.serial);
  return serial;
}

}  // namespace

std::uint64_t compare_seed_of(std::uint64_t case_seed) {
  return calculus::hash_combine(case_seed, calculus::hash_string("compare"));
}

Case generate_case(const LawBinding& binding, const EngineOptions& engine, std::uint64_t index) {
  CaseGenerator gen(case_seed(engine.seed, binding.info.id, binding.model, index),
                    generator_options(binding, engine.max_size, engine.paper_signature));
  return binding.generate(gen);
}

CheckedCase check_case_at(const LawBinding& binding, const EngineOptions& engine,
                          std::uint64_t index) {
  Case k;
  CheckedCase checked{run_case(binding, engine, index, &k), case_labels(k)};
  if (checked.outcome.via_normal_form) checked.labels.emplace_back(kViaNormalFormLabel);
  for (const std::string& label : checked.outcome.labels) checked.labels.push_back(label);
  return checked;
}

void run_units(const std::vector<LawBinding>& bindings, const EngineOptions& engine,
               const ExecutionOptions& execution, RunLedger& ledger) {
  ledger.pairs.resize(bindings.size());
  std::vector<std::uint64_t> pending;
  const std::uint64_t count = unit_count(bindings.size(), engine.cases);
  for (std::uint64_t unit = 0; unit < count; ++unit) {
    if (in_shard(unit, bindings.size(), engine.cases, execution.shard) && !ledger.units.count(unit))
      pending.push_back(unit);
  }
  if (execution.worker_processes || execution.case_timeout > 0) {
    run_units_in_processes(bindings, engine, execution, pending, ledger);
    return;
  }
  std::uint64_t total = 0, done = 0;
  for (std::uint64_t unit : pending) {
    const CaseUnit range = case_unit(unit, bindings.size(), engine.cases);
    total += range.last - range.first;
  }
  std::mutex ledger_mutex;
  const auto past_deadline = [&] {
    return execution.deadline && std::chrono::steady_clock::now() >= *execution.deadline;
  };
  std::vector<bool> serial;
  for (std::uint64_t unit : pending)
    serial.push_back(
        bindings[case_unit(unit, bindings.size(), engine.cases).binding].capabilities.serial);
  run_queued_units(serial, execution.jobs, [&](std::uint64_t i) {
    const CaseUnit range = case_unit(pending[i], bindings.size(), engine.cases);
    const LawBinding& binding = bindings[range.binding];
    PairTally tally;
    for (std::uint64_t index = range.first; index < range.last; ++index) {
      if (past_deadline()) return;
      const CheckedCase checked = check_case_at(binding, engine, index);
      count_case(tally, index, checked.labels, checked.outcome);
    }
    const std::lock_guard lock(ledger_mutex);
    ledger.add(pending[i], range.binding, tally);
    if (execution.unit_done) execution.unit_done(pending[i], tally);
    done += range.last - range.first;
    if (execution.progress) execution.progress({done, total, binding.info.id, binding.model});
  });
}

std::vector<LawResult> finish_run(const std::vector<LawBinding>& bindings,
                                  const EngineOptions& engine, const ExecutionOptions& execution,
                                  std::vector<PairTally> tallies, Completeness completeness) {
  const bool complete = completeness == Completeness::Complete;
  std::vector<LawResult> results(bindings.size());
  for (std::size_t b = 0; b < bindings.size(); ++b) {
    PairTally& tally = tallies.at(b);
    LawResult& result = results[b];
    result.info = bindings[b].info;
    result.model = bindings[b].model;
    result.foil = bindings[b].foil;
    result.proving = bindings[b].capabilities.proving;
    result.cases = tally.cases();
    result.passed = tally.passed;
    result.failed = tally.failed;
    result.discarded = tally.discarded;
    result.labels = std::move(tally.labels);
    result.discards = std::move(tally.discards);
    if (tally.first_failure) {
      Counterexample counterexample;
      counterexample.case_index = *tally.first_failure;
      counterexample.case_seed =
          case_seed(engine.seed, result.info.id, result.model, *tally.first_failure);
      counterexample.original_outcome =
          run_case(bindings[b], engine, *tally.first_failure, &counterexample.original);
      counterexample.shrunk = counterexample.original;
      counterexample.outcome = counterexample.original_outcome;
      result.counterexample = std::move(counterexample);
    }
  }

  if (!complete) {
    for (std::size_t b = 0; b < results.size(); ++b)
      results[b].coverage =
          coverage_results(coverage_requirements(bindings[b]), results[b].labels, results[b].cases);
  } else if (execution.worker_processes && execution.jobs > 1) {
    const std::vector<std::string> lines =
        map_in_processes(results.size(), execution.jobs, [&](std::uint64_t b) {
          return coverage_line(decide_coverage(bindings[b], engine, results[b].labels));
        });
    for (std::size_t b = 0; b < results.size(); ++b)
      results[b].coverage = coverage_of_line(bindings[b], lines[b]);
  } else {
    run_queued_units(
        std::vector<bool>(results.size(), false), execution.jobs, [&](std::uint64_t b) {
          results[b].coverage = decide_coverage(bindings[b], engine, results[b].labels);
        });
  }

  if (engine.shrink && complete) {
    const unsigned shrink_jobs = execution.isolate_crashes ? 1 : execution.jobs;
    run_queued_units(serial_bindings(bindings), shrink_jobs, [&](std::uint64_t b) {
      if (!results[b].counterexample) return;
      Counterexample& counterexample = *results[b].counterexample;
      const std::uint64_t compare_seed = compare_seed_of(counterexample.case_seed);
      const LawBinding& binding = bindings[b];
      ShrinkResult shrunk =
          shrink_case(counterexample.original, counterexample.original_outcome, [&](const Case& k) {
            return within_case_memory(
                engine, [&] { return binding.check(k, engine.tolerance, compare_seed); });
          });
      counterexample.shrunk = std::move(shrunk.shrunk);
      counterexample.outcome = std::move(shrunk.outcome);
      counterexample.shrink_steps = shrunk.steps;
    });
  }
  return results;
}

std::vector<LawResult> run_laws(const std::vector<LawBinding>& bindings,
                                const EngineOptions& engine, const ExecutionOptions& execution) {
  RunLedger ledger;
  run_units(bindings, engine, execution, ledger);
  const bool complete = ledger.complete(bindings.size(), engine.cases, execution.shard);
  return finish_run(
      bindings, engine, execution, std::move(ledger.pairs),
      complete && execution.shard.count == 1 ? Completeness::Complete : Completeness::Partial);
}

}  // namespace perturb::proofs
