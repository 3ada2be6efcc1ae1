#include "proofs/run/crash_isolation.h"

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "proofs/run/unit_queue.h"
#include "proofs/run/worker_pipes.h"

namespace perturb::proofs {
namespace {

bool worker_process = false;

}  // namespace

Outcome crash_outcome(int status) {
  Outcome outcome;
  outcome.verdict = Verdict::Failed;
  outcome.failure = FailureKind::Crash;
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    const char* name = sigabbrev_np(signal);
    outcome.detail = fmt::format("the case crashed its process (signal {}{})", signal,
                                 name ? fmt::format(", SIG{}", name) : "");
  } else {
    outcome.detail =
        fmt::format("the case ended its process (exit status {})", WEXITSTATUS(status));
  }
  return outcome;
}

CaseCheck crash_isolated(CaseCheck check) {
  return [check = std::move(check)](const Case& k, const semantics::Tolerance& tolerance,
                                    std::uint64_t compare_seed) {
    if (worker_process || queued_threads_running()) return check(k, tolerance, compare_seed);
    const pid_t child = fork_worker();
    if (child == 0) {
      int status = 0;
      try {
        check(k, tolerance, compare_seed);
      } catch (const std::bad_alloc&) {
        status = kOutOfMemory;
      } catch (...) {
        // An exception is an outcome the check here gives as well.
      }
      _exit(status);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
      if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "waitpid");
    }
    const bool survived =
        WIFEXITED(status) && (WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == kOutOfMemory);
    if (!survived) return crash_outcome(status);
    return check(k, tolerance, compare_seed);
  };
}

void mark_worker_process() { worker_process = true; }

}  // namespace perturb::proofs
