// What the runner and its forked worker processes share to talk: a fork
// that makes a child safe to run, and whole writes and lines on pipes.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace perturb::proofs {

// fork() for a worker process: the standard streams are flushed first (a
// child must not write the parent's buffered output a second time), and
// the child ends with the parent, however the parent ends (SIGKILL too).
// Returns 0 in the child and its pid in the parent; throws
// std::system_error when fork fails. Call it while the process has no other
// thread, so that the child inherits no lock another thread held.
pid_t fork_worker();

// A worker process's exit status when its memory budget (--max-memory) ran
// out: the runner then stops the run as a thread's std::bad_alloc would.
inline constexpr int kOutOfMemory = 5;

// A worker process forked with two pipes, as its parent sees it: the parent
// writes to `to_child` and reads `from_child`.
struct PipedChild {
  pid_t pid = -1;
  int to_child = -1;
  int from_child = -1;
};

// Adds the child's open pipe ends to `ends`: what a child forked after it
// must close (fork_piped's `inherited`).
void add_open_ends(const PipedChild& child, std::vector<int>& ends);

// Forks a worker process (fork_worker) joined to this one by two pipes. The
// child closes `inherited` (the pipe ends of other children: holding them
// would keep those pipes open) and runs body(its read end, its write end),
// which must end the process (_exit). Throws std::system_error, with
// nothing left open, when a pipe or the fork fails.
PipedChild fork_piped(const std::vector<int>& inherited,
                      const std::function<void(int read_end, int write_end)>& body);

// Ends the child: killed first when kill_it, else told to end by the close
// of its input; and waited for. Returns its wait status (0 when there was
// no child) and leaves `child` empty.
int end_piped(PipedChild& child, bool kill_it);

// Writes all of text to fd; false when the other end is gone.
bool write_all(int fd, std::string_view text);

// Appends to buffer what one read of fd gives (it was ready: poll); false
// at the end of the input, or when the read failed.
bool read_available(int fd, std::string& buffer);

// One line from fd, without its '\n'; false at the end of the input.
bool read_line(int fd, std::string& line);

// Ignores SIGPIPE while it lives: writing to a worker that died must fail, not end the run.
class IgnoreBrokenPipes {
 public:
  IgnoreBrokenPipes() { previous_ = signal(SIGPIPE, SIG_IGN); }
  ~IgnoreBrokenPipes() { signal(SIGPIPE, previous_); }
  IgnoreBrokenPipes(const IgnoreBrokenPipes&) = delete;
  IgnoreBrokenPipes& operator=(const IgnoreBrokenPipes&) = delete;

 private:
  sighandler_t previous_;
};

}  // namespace perturb::proofs
