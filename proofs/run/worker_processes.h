// The first phase of a run in worker processes (check --workers processes,
// the default at --jobs 2 and more, and --case-timeout). Processes share
// nothing: threads share the hash-consing tables, the reference counts of
// common nodes and the allocator, which cost them a quarter to a half more
// CPU at --jobs 2 (docs/performance.md). And a thread that runs into a case
// that never ends cannot be stopped, a process can.
//
// Each of `jobs` worker processes, forked from the runner, checks the cases
// of the units it is handed and reports their outcomes on a pipe, at the end
// of the unit, or case by case under a timeout; a worker that reports nothing
// for execution.case_timeout seconds is killed, its case is discarded as a hang
// (DiscardKind::Hang, with its index, so the report names it and its repro
// line), and a new worker goes on with the rest of the unit. A worker that
// dies on a case (a plugin's crash) fails it, of kind crash
// (proofs/run/crash_isolation.h), once the unit's rest, checked again case
// by case, names the case. The forks
// happen while the runner has no other thread, so a child never inherits a
// lock some thread held.
#pragma once

#include <cstdint>
#include <vector>

#include "proofs/run/runner.h"

namespace perturb::proofs {

// Counts the units `pending` (unit numbers, runner.h) into ledger, in
// worker processes, until done or execution.deadline.
void run_units_in_processes(const std::vector<LawBinding>& bindings, const EngineOptions& engine,
                            const ExecutionOptions& execution,
                            const std::vector<std::uint64_t>& pending, RunLedger& ledger);

// The reason of a hang's discard: "the case ran longer than --case-timeout 2 s".
std::string hang_reason(double case_timeout);

}  // namespace perturb::proofs
