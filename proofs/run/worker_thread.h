// A thread with a large stack, for checking cases: the runner's worker
// threads when several run in one process (`--workers threads`). One worker
// runs on the calling thread instead (proofs/run/large_stack.h).
#pragma once

#include <pthread.h>

#include <cstddef>
#include <functional>
#include <system_error>
#include <utility>

#include "models/scalars/thread_caches.h"

namespace perturb::proofs {

// Stack of each worker. Interpreting, normalizing and evaluating a
// term recurse along its depth (up to calculus::kMaxTermDepth), and a model's
// morphisms nest std::function calls deeper still; the 8 MiB default of a
// thread is not enough for the deepest random cases. Only touched pages are
// committed, so a large reservation costs nothing.
constexpr std::size_t kWorkerStack = std::size_t{512} << 20;

// Runs `body` on a new thread with kWorkerStack bytes of stack and joins it.
class WorkerThread {
 public:
  explicit WorkerThread(std::function<void()> body) : body_(std::move(body)) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, kWorkerStack);
    const int status = pthread_create(&thread_, &attributes, &WorkerThread::run, this);
    pthread_attr_destroy(&attributes);
    if (status != 0) throw std::system_error(status, std::generic_category(), "pthread_create");
  }
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;
  ~WorkerThread() { pthread_join(thread_, nullptr); }

 private:
  static void* run(void* self) {
    static_cast<WorkerThread*>(self)->body_();
    models::release_thread_caches();
    return nullptr;
  }
  std::function<void()> body_;
  pthread_t thread_{};
};

}  // namespace perturb::proofs
