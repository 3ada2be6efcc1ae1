// A wall-clock limit for a whole command (`eval --max-time`): when it runs
// out, the process prints a message naming it and exits with status 1 (gave up
// on a budget, app/exit_status.h), in
// whatever stage it is (parsing, normalizing, evaluating) and in whatever
// model. It is the one budget that depends on the machine's load; `reduce`
// has its own, checked between steps, which keeps the partial result.
#pragma once

namespace perturb::app {

// Starts the clock: after `seconds`, prints "perturb: --max-time S s ran
// out" to stderr and ends the process with status 1.
void exit_after(double seconds);

}  // namespace perturb::app
