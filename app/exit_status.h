// The exit statuses of every perturb command (docs/exit-status.md). A status
// is chosen at one place per command; no command ends on a signal, because
// main catches every exception at the command boundary.
#pragma once

namespace perturb::app {

enum ExitStatus : int {
  // Everything holds: the laws passed (check), a normal form or a value was
  // reached (reduce, eval), the case no longer fails (repro).
  kExitHolds = 0,
  // A counterexample (check, repro: still fails), or reduce/eval gave up on
  // one of the computation's own budgets (steps, size, time).
  kExitFails = 1,
  // Bad usage or bad input: an option, a term, a file, a report; the message
  // says which, with its position when there is one.
  kExitBadInput = 2,
  // A bug in perturb: an internal check failed; the message asks for a report.
  kExitInternalError = 3,
  // The run was unhealthy or did not reach its coverage (check).
  kExitUnhealthy = 4,
  // Stopped at a run-wide budget: --max-memory, or a deadline.
  kExitStopped = 5,
};

}  // namespace perturb::app
