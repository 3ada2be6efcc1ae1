#include "proofs/run/process_map.h"

#include <fmt/format.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <new>
#include <optional>
#include <string_view>
#include <system_error>

#include "proofs/run/large_stack.h"
#include "proofs/run/worker_pipes.h"

namespace perturb::proofs {
namespace {

// The forked process: reads indices, one per line, and writes for each
// "INDEX SIZE\n" and the answer's SIZE bytes, or "INDEX -\n" when task threw.
// The process's memory budget running out ends it (kOutOfMemory), as it
// ends a worker of the first phase: the whole run stops.
[[noreturn]] void answer(const std::function<std::string(std::uint64_t)>& task, int indices,
                         int answers) {
  int status = 0;
  try {
    run_on_large_stack([&] {
      std::string line;
      while (read_line(indices, line)) {
        std::uint64_t index = 0;
        if (std::from_chars(line.data(), line.data() + line.size(), index).ec != std::errc{}) {
          status = 3;
          return;
        }
        std::string text;
        try {
          const std::string answered = task(index);
          text = fmt::format("{} {}\n", index, answered.size()) + answered;
        } catch (const std::bad_alloc&) {
          status = kOutOfMemory;
          return;
        } catch (...) {
          text = fmt::format("{} -\n", index);
        }
        if (!write_all(answers, text)) return;
      }
    });
  } catch (const std::bad_alloc&) {
    status = kOutOfMemory;  // reading an index or writing an answer
  } catch (...) {
    status = 3;
  }
  _exit(status);  // not exit(): the parent's atexit handlers and buffers are not the child's
}

struct Child {
  // The parent writes indices to process.to_child and reads answers from
  // process.from_child.
  PipedChild process;
  std::string buffer;
  std::optional<std::uint64_t> asked;
};

// The number in text, all of it, or nullopt.
template <class Number>
std::optional<Number> number_in(std::string_view text) {
  Number number{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return number;
}

class ChildPool {
 public:
  explicit ChildPool(const std::function<std::string(std::uint64_t)>& task) : task_(task) {}
  ChildPool(const ChildPool&) = delete;
  ChildPool& operator=(const ChildPool&) = delete;
  ~ChildPool() {
    for (Child& child : children_) end(child);
  }

  // Forks `size` children, then fills answers[i] and sets answered[i] for
  // every index a child answers.
  void run(std::size_t size, std::vector<std::string>& answers, std::vector<bool>& answered) {
    children_.reserve(size);
    while (children_.size() < size) spawn();
    std::uint64_t next = 0;
    for (;;) {
      std::vector<pollfd> polled;
      std::vector<Child*> polled_children;
      for (Child& child : children_) {
        if (child.process.pid < 0) continue;
        if (!child.asked && next < answers.size()) {
          child.asked = next;
          // A failed write means the child is gone: reading its answers finds the end.
          write_all(child.process.to_child, fmt::format("{}\n", next++));
        }
        if (!child.asked) continue;
        polled.push_back({child.process.from_child, POLLIN, 0});
        polled_children.push_back(&child);
      }
      if (polled.empty()) return;
      if (poll(polled.data(), polled.size(), -1) < 0) {
        if (errno == EINTR) continue;
        throw std::system_error(errno, std::generic_category(), "poll");
      }
      for (std::size_t i = 0; i < polled.size(); ++i) {
        if (polled[i].revents != 0) hear(*polled_children[i], answers, answered);
      }
    }
  }

 private:
  void spawn() {
    std::vector<int> inherited;
    for (const Child& other : children_) add_open_ends(other.process, inherited);
    Child child;
    child.process =
        fork_piped(inherited, [&](int indices, int answers) { answer(task_, indices, answers); });
    children_.push_back(std::move(child));
  }

  // Reads what the child wrote. A child that ended leaves its index
  // unanswered, or ends the call when its memory budget ran out; one that
  // wrote anything but an answer to its index is ended.
  void hear(Child& child, std::vector<std::string>& answers, std::vector<bool>& answered) {
    if (!read_available(child.process.from_child, child.buffer)) {
      const int status = end(child);
      if (WIFEXITED(status) && WEXITSTATUS(status) == kOutOfMemory)
        throw std::bad_alloc();  // as in the first phase, it ends the run (exit status 5)
      return;
    }
    const std::size_t header_end = child.buffer.find('\n');
    if (header_end == std::string::npos) return;
    const std::string_view header(child.buffer.data(), header_end);
    const std::size_t space = header.find(' ');
    const std::optional<std::uint64_t> index =
        number_in<std::uint64_t>(header.substr(0, std::min(space, header.size())));
    if (space == std::string_view::npos || index != child.asked) {
      end(child);
      return;
    }
    if (header.substr(space + 1) == "-") {  // task threw there: answered here later
      child.buffer.clear();
      child.asked.reset();
      return;
    }
    const std::optional<std::size_t> size = number_in<std::size_t>(header.substr(space + 1));
    if (!size) {
      end(child);
      return;
    }
    if (child.buffer.size() < header_end + 1 + *size) return;
    answers[*child.asked] = child.buffer.substr(header_end + 1, *size);
    answered[*child.asked] = true;
    child.buffer.clear();
    child.asked.reset();
  }

  // Ends the child: killed when it is computing (the call failed, or the
  // child wrote nonsense), else told to end by closing its indices; and
  // waited for. Returns its wait status.
  static int end(Child& child) {
    const bool computing = child.asked.has_value();
    child.asked.reset();
    return end_piped(child.process, computing);
  }

  const std::function<std::string(std::uint64_t)>& task_;
  std::vector<Child> children_;
};

}  // namespace

std::vector<std::string> map_in_processes(std::uint64_t count, unsigned jobs,
                                          const std::function<std::string(std::uint64_t)>& task) {
  std::vector<std::string> answers(count);
  std::vector<bool> answered(count, false);
  if (count > 0 && jobs > 0) {
    const IgnoreBrokenPipes ignore;
    ChildPool pool(task);
    pool.run(std::min<std::uint64_t>(jobs, count), answers, answered);
  }
  if (std::find(answered.begin(), answered.end(), false) != answered.end()) {
    run_on_large_stack([&] {
      for (std::uint64_t i = 0; i < count; ++i) {
        if (!answered[i]) answers[i] = task(i);
      }
    });
  }
  return answers;
}

}  // namespace perturb::proofs
