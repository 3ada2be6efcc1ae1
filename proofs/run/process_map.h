// Independent computations in forked processes: how the runner decides
// coverage (a step of finish_run, proofs/run/runner.h) on `jobs` cores when its
// workers are processes. On threads that step took longer at --jobs 2 than
// on one (0.32 against 0.24 s of a 300-case run, docs/performance.md): the
// first thread a process starts makes its reference counts atomic and its
// hash-consing tables lock for the rest of its life (proofs/run/large_stack.h).
// Forked processes share nothing and lock nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace perturb::proofs {

// The answers task(0), …, task(count − 1), in that order, computed
// concurrently in up to `jobs` processes forked from this one, each taking
// the next index when it has answered one (none at jobs = 0). An answer no
// process gave (it died, or task threw there) is computed afterwards in this
// process, so task must be a function of its index alone: it may run twice,
// and what it changes in a forked process is lost. An exception task throws
// here is this call's; a std::bad_alloc in a forked process (the process's
// memory budget, app/memory_budget.h) ends the call with std::bad_alloc, as
// in the first phase's workers. Call it while the process has no other
// thread (proofs/run/worker_pipes.h).
std::vector<std::string> map_in_processes(std::uint64_t count, unsigned jobs,
                                          const std::function<std::string(std::uint64_t)>& task);

}  // namespace perturb::proofs
