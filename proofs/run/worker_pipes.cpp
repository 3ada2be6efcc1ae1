#include "proofs/run/worker_pipes.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <iostream>
#include <system_error>

namespace perturb::proofs {

pid_t fork_worker() {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) throw std::system_error(errno, std::generic_category(), "fork");
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    // The parent ended before prctl. (Not getppid() == 1: the parent may be
    // pid 1 itself, in a container without an init.)
    if (getppid() != parent) _exit(3);
  }
  return pid;
}

void add_open_ends(const PipedChild& child, std::vector<int>& ends) {
  for (int fd : {child.to_child, child.from_child}) {
    if (fd >= 0) ends.push_back(fd);
  }
}

PipedChild fork_piped(const std::vector<int>& inherited,
                      const std::function<void(int read_end, int write_end)>& body) {
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0)
    throw std::system_error(errno, std::generic_category(), "pipe2");
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    const int error = errno;
    close(to_child[0]);
    close(to_child[1]);
    throw std::system_error(error, std::generic_category(), "pipe2");
  }
  pid_t pid;
  try {
    pid = fork_worker();
  } catch (...) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
    throw;
  }
  if (pid == 0) {
    for (int fd : inherited) close(fd);
    close(to_child[1]);
    close(from_child[0]);
    try {
      body(to_child[0], from_child[1]);
    } catch (...) {
      // Unwinding would run the parent's destructors in the child.
    }
    _exit(3);  // body must end the process
  }
  close(to_child[0]);
  close(from_child[1]);
  return {pid, to_child[1], from_child[0]};
}

int end_piped(PipedChild& child, bool kill_it) {
  if (child.pid < 0) return 0;
  if (kill_it) kill(child.pid, SIGKILL);
  close(child.to_child);
  close(child.from_child);
  int status = 0;
  while (waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
  }
  child = PipedChild{};
  return status;
}

bool write_all(int fd, std::string_view text) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    written += static_cast<std::size_t>(n);
  }
  return true;
}

bool read_available(int fd, std::string& buffer) {
  char block[65536];
  ssize_t n;
  do {
    n = read(fd, block, sizeof block);
  } while (n < 0 && errno == EINTR);
  if (n <= 0) return false;
  buffer.append(block, static_cast<std::size_t>(n));
  return true;
}

bool read_line(int fd, std::string& line) {
  line.clear();
  char c;
  for (;;) {
    const ssize_t n = read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    if (c == '\n') return true;
    line += c;
  }
}

}  // namespace perturb::proofs
