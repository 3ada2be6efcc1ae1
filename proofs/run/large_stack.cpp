#include "proofs/run/large_stack.h"

#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <cerrno>
#include <exception>
#include <system_error>

#include "proofs/run/worker_thread.h"

namespace perturb::proofs {
namespace {

// Runs body and keeps what it throws: nothing may unwind past the entry of
// another stack, a thread's or a switched one.
void run_keeping_failure(const std::function<void()>& body, std::exception_ptr& failure) {
  try {
    body();
  } catch (...) {
    failure = std::current_exception();
  }
}

}  // namespace

#ifdef PERTURB_LARGE_STACK_ON_THREAD

void run_on_large_stack(const std::function<void()>& body) {
  std::exception_ptr failure;
  {
    const WorkerThread thread([&] { run_keeping_failure(body, failure); });
  }
  if (failure) std::rethrow_exception(failure);
}

#else

namespace {

// The switch in progress on this thread: makecontext passes its entry no
// pointer portably, and a switch can run another (nested) one.
struct Switch {
  ucontext_t caller{};
  ucontext_t callee{};
  const std::function<void()>* body = nullptr;
  std::exception_ptr failure;
};
thread_local Switch* current_switch = nullptr;

// The entry of the large stack; returning resumes `caller` (uc_link).
void enter() {
  Switch& s = *current_switch;
  run_keeping_failure(*s.body, s.failure);
}

// The stack's memory: reserved, not committed (only touched pages are), its
// lowest page a guard so that an overflow faults instead of writing below.
class StackMemory {
 public:
  StackMemory() {
    base_ = mmap(nullptr, kWorkerStack, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (base_ == MAP_FAILED) throw std::system_error(errno, std::generic_category(), "mmap");
    if (mprotect(base_, static_cast<std::size_t>(sysconf(_SC_PAGESIZE)), PROT_NONE) != 0) {
      const int error = errno;
      munmap(base_, kWorkerStack);
      throw std::system_error(error, std::generic_category(), "mprotect");
    }
  }
  StackMemory(const StackMemory&) = delete;
  StackMemory& operator=(const StackMemory&) = delete;
  ~StackMemory() { munmap(base_, kWorkerStack); }
  void* base() const { return base_; }

 private:
  void* base_ = nullptr;
};

}  // namespace

void run_on_large_stack(const std::function<void()>& body) {
  const StackMemory stack;
  Switch s;
  s.body = &body;
  if (getcontext(&s.callee) != 0)
    throw std::system_error(errno, std::generic_category(), "getcontext");
  s.callee.uc_stack.ss_sp = stack.base();
  s.callee.uc_stack.ss_size = kWorkerStack;
  s.callee.uc_link = &s.caller;
  makecontext(&s.callee, &enter, 0);
  Switch* const outer = current_switch;
  current_switch = &s;
  const int status = swapcontext(&s.caller, &s.callee);
  current_switch = outer;
  if (status != 0) throw std::system_error(errno, std::generic_category(), "swapcontext");
  if (s.failure) std::rethrow_exception(s.failure);
}

#endif

}  // namespace perturb::proofs
