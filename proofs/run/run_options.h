// What a run is asked, in three parts with three readers: the engine's
// options decide every case and every result; the execution's decide how
// the cases are spread over threads, processes, shards and time, never what
// a complete run finds; the record is what selected the run and how it is
// shown, which only the reports read (so that a run can be repeated). The
// runner (proofs/run/runner.h) takes the first two alone.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "proofs/cases/discard.h"
#include "proofs/run/progress_line.h"
#include "semantics/case_memory.h"
#include "semantics/tolerance.h"

namespace perturb::proofs {

struct PairTally;

// The K-th of N deterministic slices of a run's case space (check --shard K/N).
struct Shard {
  std::uint32_t index = 1;  // K, in [1, count]
  std::uint32_t count = 1;  // N
};

struct EngineOptions {
  std::uint64_t seed = 1;
  std::uint64_t cases = 1000;
  std::uint32_t max_size = 10;
  // Whether random terms draw only the paper's four primitives (mul, sin,
  // cos, exp), as before the open signature (check --paper-signature);
  // otherwise every primitive of the signature the model hosts.
  bool paper_signature = false;
  semantics::Tolerance tolerance;
  // The share of its cases a pair may discard, per kind (proofs/run/health.h).
  DiscardLimits discard_limits;
  bool shrink = true;
  // The heap one case may allocate before it is discarded (semantics/case_memory.h).
  std::uint64_t case_memory = semantics::kDefaultCaseMemory;
};

struct ExecutionOptions {
  unsigned jobs = 1;
  Shard shard;
  // No case starts after this time (check --max-time); the unit a worker is
  // in then is abandoned, uncounted.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // Whether the first phase runs in `jobs` worker processes rather than
  // threads (proofs/run/worker_processes.h; check --workers), and at jobs ≥ 2
  // coverage is decided in forked processes too (proofs/run/process_map.h).
  bool worker_processes = false;
  // Whether a plugin's model may crash the process (set by the app, which
  // then wraps its checks: proofs/run/crash_isolation.h). Shrinking then runs
  // on this thread alone: a child forked while another thread held a lock
  // (a term table's, the allocator's) could wait for it forever.
  bool isolate_crashes = false;
  // When positive, cases run in worker processes, and one that runs longer
  // than this many seconds is killed and discarded as a hang (check --case-timeout).
  double case_timeout = 0;
  // Called after each unit of cases, from the worker thread that ran it or,
  // with worker processes, from the runner (proofs/run/progress_line.h).
  std::function<void(const RunProgress&)> progress;
  // Called once per counted unit, serialised (not concurrently), after the
  // unit's tally was added: the journal of check --report.
  std::function<void(std::uint64_t unit, const PairTally& tally)> unit_done;
};

struct RunRecord {
  // The --law and --model arguments that selected the bindings, recorded in
  // the report's provenance so that the run can be repeated.
  std::vector<std::string> law_patterns;
  std::vector<std::string> model_names;
  // The plugin libraries the models came from (perturb check --plugin), so
  // that a report's repro lines load them again.
  std::vector<std::string> plugins;
  // The text laws of the run (perturb check --equation), in order, for the
  // same reason: they are equation.1, equation.2, … only together.
  std::vector<std::string> equations;
  std::string rule_file;  // perturb check --rule-file, for the same reason
  // The model the reference laws ref.* compare every model with (perturb
  // check --reference, proofs/laws/reference_laws.h); "" for none.
  std::string reference;
  // Whether the terminal summary lists each pair's labels (check --stats).
  bool stats = false;
  // Whether the terminal shows a line per pair (check --verbose, implied by
  // --stats) instead of a line per model and the pairs that need attention.
  bool verbose = false;
  // The pairs the selection names that the run does not check, each as a
  // sentence with its reason ("cdc.D7 is not run on M: it nests derivatives
  // 2 deep, M supports 1"): the summary and the reports list them.
  std::vector<std::string> not_run;
};

struct RunOptions {
  EngineOptions engine;
  ExecutionOptions execution;
  RunRecord record;
};

}  // namespace perturb::proofs
