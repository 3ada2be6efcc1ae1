// A crash inside a case — a plugin's assertion, abort, fatal signal or exit —
// is a failure of that case, of kind crash (FailureKind::Crash), wherever
// the case is checked:
//
//   in a worker process of the first phase   the worker dies; the runner
//                                            names the case and counts it
//                                            (proofs/run/worker_processes.h)
//   anywhere else (the first failing case    crash_isolated's check runs it
//   checked again, shrinking, perturb        first in a forked child; if the
//   repro, a run on one thread)              child dies, so would this process
//
// Perturb's own models are not wrapped: a crash there is Perturb's bug. A
// run on several threads (--workers threads at --jobs 2 and more) cannot
// fork safely, and under MPI fork is not used: there a crash ends the run.
#pragma once

#include <string>

#include "proofs/binding/binding.h"

namespace perturb::proofs {

using CaseCheck = decltype(LawBinding::check);

// The outcome of a case whose check ended its process with wait status
// `status`: "the case crashed its process (signal 6, SIGABRT)".
Outcome crash_outcome(int status);

// check, made to survive a crash: where this process may fork (one thread,
// not a first-phase worker), each call runs check in a forked child first,
// and returns crash_outcome when the child dies, else check's outcome here.
// check must be deterministic (it runs twice).
CaseCheck crash_isolated(CaseCheck check);

// Marks this process as a first-phase worker process: its checks run
// directly, and its death is its case's crash.
void mark_worker_process();

}  // namespace perturb::proofs
