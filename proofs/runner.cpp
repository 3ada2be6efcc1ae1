#include "proofs/runner.h"

#include <malloc.h>
#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <system_error>

#include "calculus/hash.h"
#include "calculus/interned.h"
#include "proofs/labels.h"
#include "proofs/shrink.h"

namespace perturb::proofs {
namespace {

// Cases are handed to threads in chunks of this many, for balance.
constexpr std::uint64_t kChunk = 32;

struct ChunkResult {
  std::uint64_t passed = 0, failed = 0, discarded = 0;
  std::map<std::string, std::uint64_t> labels;
  std::optional<std::uint64_t> first_failure;
  std::map<std::string, DiscardTally> discards;
};

void tally_discard(std::map<std::string, DiscardTally>& discards, const std::string& reason,
                   const DiscardTally& part) {
  auto [it, added] = discards.try_emplace(reason, part);
  if (added) return;
  it->second.count += part.count;
  it->second.first_case = std::min(it->second.first_case, part.first_case);
}

// A case that had more heap than this at once drops the dead entries of the
// hash-consing tables (calculus/interned.h) and hands its freed memory back
// to the system afterwards (malloc_trim): glibc keeps it mapped otherwise,
// and the tables and fragments that the large cases of a long run leave
// behind add up, so the run's resident memory would grow with --cases
// although its heap in use does not.
constexpr std::int64_t kTrimAfter = std::int64_t{8} << 20;

Outcome check_generated_case(const LawBinding& binding, const RunOptions& options,
                             std::uint64_t index, Case* generated) {
  const std::uint64_t seed = case_seed(options.seed, binding.info.id, binding.model, index);
  try {
    Case k = generate_case(binding, options, index);
    Outcome outcome = binding.check(k, options.tolerance, compare_seed_of(seed));
    if (generated) *generated = std::move(k);
    return outcome;
  } catch (const std::bad_alloc&) {
    throw;  // the process's or the case's memory ran out (within_case_memory)
  } catch (const std::exception& error) {
    return {Verdict::Failed, "", "", std::string("generating the case failed: ") + error.what()};
  }
}

// check() within a case's memory budget, trimming the heap after a large case.
template <class Check>
Outcome within_case_memory(const RunOptions& options, Check check) {
  std::int64_t peak = 0;
  Outcome outcome;
  {
    const semantics::CaseMemoryScope memory(options.case_memory);
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
    malloc_trim(0);
  }
  return outcome;
}

Outcome run_case(const LawBinding& binding, const RunOptions& options, std::uint64_t index,
                 Case* generated) {
  return within_case_memory(
      options, [&] { return check_generated_case(binding, options, index, generated); });
}

// Adds the labels of case `index`, generated and not checked, to `labels`;
// a case that cannot be generated within its budget adds none.
void label_generated_case(const LawBinding& binding, const RunOptions& options, std::uint64_t index,
                          std::map<std::string, std::uint64_t>& labels) {
  std::vector<std::string> generated;
  within_case_memory(options, [&] {
    try {
      generated = case_labels(generate_case(binding, options, index));
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

std::vector<CoverageResult> decide_coverage(const LawBinding& binding, const RunOptions& options,
                                            std::map<std::string, std::uint64_t> labels) {
  const std::vector<CoverageRequirement> requirements = coverage_requirements(binding);
  std::uint64_t cases = options.cases;
  std::vector<CoverageResult> coverage = coverage_results(requirements, labels, cases);
  const std::uint64_t cap = std::max(kCoverageCasesFactor * options.cases, kCoverageCasesAtLeast);
  while (any_undecided(coverage) && cases < cap) {
    const std::uint64_t next = std::min(cap, std::max<std::uint64_t>(2 * cases, cases + 256));
    for (std::uint64_t index = cases; index < next; ++index)
      label_generated_case(binding, options, index, labels);
    cases = next;
    coverage = coverage_results(requirements, labels, cases);
  }
  return coverage;
}

// Stack of each worker thread. Interpreting, normalising and evaluating a
// term recurse along its depth (up to calculus::kMaxTermDepth), and a model's
// morphisms nest std::function calls deeper still; the 8 MiB default of a
// thread is not enough for the deepest random cases. Only touched pages are
// committed, so a large reservation costs nothing.
constexpr std::size_t kWorkerStack = std::size_t{512} << 20;

// Runs `body` on a new thread with kWorkerStack bytes of stack and joins it.
class WorkerThread {
 public:
  explicit WorkerThread(std::function<void()> body) : body_(std::move(body)) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, kWorkerStack);
    const int status = pthread_create(&thread_, &attributes, &WorkerThread::run, this);
    pthread_attr_destroy(&attributes);
    if (status != 0) throw std::system_error(status, std::generic_category(), "pthread_create");
  }
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;
  ~WorkerThread() { pthread_join(thread_, nullptr); }

 private:
  static void* run(void* self) {
    static_cast<WorkerThread*>(self)->body_();
    return nullptr;
  }
  std::function<void()> body_;
  pthread_t thread_{};
};

// Calls work(worker, i) for i in [0, count) on `jobs` worker threads, worker
// in [0, jobs) naming the thread. An exception from work (the memory budget
// ran out) stops every worker and is rethrown here once all have joined.
void parallel_for(std::uint64_t count, unsigned jobs,
                  const std::function<void(unsigned, std::uint64_t)>& work) {
  std::atomic<std::uint64_t> next{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  const auto worker = [&](unsigned id) {
    try {
      for (std::uint64_t i = next++; i < count; i = next++) work(id, i);
    } catch (...) {
      next = count;
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  {
    std::vector<std::unique_ptr<WorkerThread>> threads;
    for (unsigned j = 0; j < std::max(1u, jobs); ++j)
      threads.push_back(std::make_unique<WorkerThread>([&worker, j] { worker(j); }));
  }
  if (failure) std::rethrow_exception(failure);
}

// Adds what one worker saw of a law to what the others saw: counts add, and
// the first failure and each reason's first discard are the ones of least
// case index, so the result does not depend on the number of threads or
// their timing.
void fold_into(ChunkResult& total, const ChunkResult& part) {
  total.passed += part.passed;
  total.failed += part.failed;
  total.discarded += part.discarded;
  for (const auto& [label, count] : part.labels) total.labels[label] += count;
  if (part.first_failure && (!total.first_failure || *part.first_failure < *total.first_failure))
    total.first_failure = part.first_failure;
  for (const auto& [reason, tally] : part.discards) tally_discard(total.discards, reason, tally);
}

}  // namespace

std::uint64_t compare_seed_of(std::uint64_t case_seed) {
  return calculus::hash_combine(case_seed, calculus::hash_string("compare"));
}

Case generate_case(const LawBinding& binding, const RunOptions& options, std::uint64_t index) {
  CaseGenerator gen(case_seed(options.seed, binding.info.id, binding.model, index),
                    {.higher_order = binding.higher_order,
                     .whole_calculus = binding.whole_calculus,
                     .max_size = options.max_size,
                     .linear_only = binding.linear_only,
                     .differential = binding.differential,
                     .certified = binding.certified,
                     .transcendentals = binding.transcendentals});
  return binding.generate(gen);
}

std::vector<LawResult> run_laws(const std::vector<LawBinding>& bindings,
                                const RunOptions& options) {
  // Cases are streamed: each worker folds its outcomes into one ChunkResult
  // per law, so memory does not grow with options.cases.
  const std::uint64_t chunks_per_law = (options.cases + kChunk - 1) / kChunk;
  const unsigned workers = std::max(1u, options.jobs);
  std::vector<std::vector<ChunkResult>> seen(workers, std::vector<ChunkResult>(bindings.size()));
  std::atomic<std::uint64_t> done{0};
  const std::uint64_t total = bindings.size() * options.cases;
  parallel_for(bindings.size() * chunks_per_law, workers, [&](unsigned worker, std::uint64_t unit) {
    const LawBinding& binding = bindings[unit / chunks_per_law];
    const std::uint64_t first = (unit % chunks_per_law) * kChunk;
    const std::uint64_t last = std::min(options.cases, first + kChunk);
    ChunkResult& result = seen[worker][unit / chunks_per_law];
    for (std::uint64_t index = first; index < last; ++index) {
      Case k;
      const Outcome outcome = run_case(binding, options, index, &k);
      for (const std::string& label : case_labels(k)) ++result.labels[label];
      if (outcome.via_normal_form) ++result.labels[std::string(kViaNormalFormLabel)];
      for (const std::string& label : outcome.labels) ++result.labels[label];
      switch (outcome.verdict) {
        case Verdict::Passed:
          ++result.passed;
          break;
        case Verdict::Failed:
          ++result.failed;
          if (!result.first_failure || index < *result.first_failure) result.first_failure = index;
          break;
        case Verdict::Discarded:
          ++result.discarded;
          tally_discard(result.discards, outcome.detail, {outcome.discard_kind, 1, index});
          break;
      }
    }
    const std::uint64_t now = done += last - first;
    if (options.progress) options.progress({now, total, binding.info.id, binding.model});
  });

  std::vector<LawResult> results(bindings.size());
  for (std::size_t b = 0; b < bindings.size(); ++b) {
    ChunkResult folded;
    for (const std::vector<ChunkResult>& worker : seen) fold_into(folded, worker[b]);
    LawResult& result = results[b];
    result.info = bindings[b].info;
    result.model = bindings[b].model;
    result.foil = bindings[b].foil;
    result.proving = bindings[b].proving;
    result.cases = options.cases;
    result.passed = folded.passed;
    result.failed = folded.failed;
    result.discarded = folded.discarded;
    result.labels = std::move(folded.labels);
    result.discards = std::move(folded.discards);
    if (folded.first_failure) {
      Counterexample counterexample;
      counterexample.case_index = *folded.first_failure;
      counterexample.case_seed =
          case_seed(options.seed, result.info.id, result.model, *folded.first_failure);
      counterexample.original_outcome =
          run_case(bindings[b], options, *folded.first_failure, &counterexample.original);
      counterexample.shrunk = counterexample.original;
      counterexample.outcome = counterexample.original_outcome;
      result.counterexample = std::move(counterexample);
    }
  }

  parallel_for(results.size(), workers, [&](unsigned, std::uint64_t b) {
    results[b].coverage = decide_coverage(bindings[b], options, results[b].labels);
  });

  if (options.shrink) {
    parallel_for(results.size(), options.jobs, [&](unsigned, std::uint64_t b) {
      if (!results[b].counterexample) return;
      Counterexample& counterexample = *results[b].counterexample;
      const std::uint64_t compare_seed = compare_seed_of(counterexample.case_seed);
      const LawBinding& binding = bindings[b];
      ShrinkResult shrunk =
          shrink_case(counterexample.original, counterexample.original_outcome, [&](const Case& k) {
            return within_case_memory(
                options, [&] { return binding.check(k, options.tolerance, compare_seed); });
          });
      counterexample.shrunk = std::move(shrunk.shrunk);
      counterexample.outcome = std::move(shrunk.outcome);
      counterexample.shrink_steps = shrunk.steps;
    });
  }
  return results;
}

}  // namespace perturb::proofs
