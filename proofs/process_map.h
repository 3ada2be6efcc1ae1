// Independent computations in forked processes: how the runner decides
// coverage (its second phase) on `jobs` cores when its workers are
// processes. Threads would share the process, and the first thread a
// process starts makes every reference count atomic and every
// hash-consing table lock for the rest of its life (proofs/large_stack.h):
// two threads took longer than one for that phase. Forked processes share
// nothing and lock nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace perturb::proofs {

// task(0), …, task(count − 1), in that order, each computed in one of up to
// `jobs` processes forked from this one, which take the next index when they
// have answered one. An answer no process gave (it died, or task threw
// there) is computed afterwards in this process, so that an exception task
// throws is this call's. Call it while the process has no other thread
// (proofs/worker_pipes.h).
std::vector<std::string> map_in_processes(std::uint64_t count, unsigned jobs,
                                          const std::function<std::string(std::uint64_t)>& task);

}  // namespace perturb::proofs
