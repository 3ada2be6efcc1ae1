#include "proofs/run/unit_queue.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>

#include "proofs/run/large_stack.h"
#include "proofs/run/worker_thread.h"

namespace perturb::proofs {

UnitQueue::UnitQueue(const std::vector<bool>& serial) : serial_(serial) {
  for (std::uint64_t unit = 0; unit < serial.size(); ++unit)
    (serial[unit] ? serial_units_ : ordinary_units_).push_back(unit);
}

UnitQueue::Take UnitQueue::try_take_locked() {
  if (stopped_) return {Take::Kind::Done};
  std::deque<std::uint64_t>* from = nullptr;
  const bool serial_ready = !serial_units_.empty() && !lane_taken_;
  if (serial_ready &&
      (ordinary_units_.empty() || serial_units_.front() < ordinary_units_.front())) {
    from = &serial_units_;
    lane_taken_ = true;
  } else if (!ordinary_units_.empty()) {
    from = &ordinary_units_;
  } else {
    return {serial_units_.empty() ? Take::Kind::Done : Take::Kind::Wait};
  }
  const std::uint64_t unit = from->front();
  from->pop_front();
  return {Take::Kind::Unit, unit};
}

UnitQueue::Take UnitQueue::try_take() {
  const std::lock_guard lock(mutex_);
  return try_take_locked();
}

std::optional<std::uint64_t> UnitQueue::take() {
  std::unique_lock lock(mutex_);
  for (;;) {
    const Take next = try_take_locked();
    if (next.kind == Take::Kind::Unit) return next.unit;
    if (next.kind == Take::Kind::Done) return std::nullopt;
    lane_freed_.wait(lock);
  }
}

void UnitQueue::finish(std::uint64_t unit) {
  if (!serial_.at(unit)) return;
  {
    const std::lock_guard lock(mutex_);
    lane_taken_ = false;
  }
  lane_freed_.notify_all();
}

void UnitQueue::stop() {
  {
    const std::lock_guard lock(mutex_);
    stopped_ = true;
  }
  lane_freed_.notify_all();
}

namespace {

std::atomic<int> running_threads{0};

// Counts run_queued_units's threads from before they start until they have joined.
struct CountedThreads {
  explicit CountedThreads(int count) : count(count) { running_threads += count; }
  ~CountedThreads() { running_threads -= count; }
  int count;
};

// Frees a unit's lane however its work ends.
struct Finishing {
  UnitQueue& queue;
  std::uint64_t unit;
  ~Finishing() { queue.finish(unit); }
};

}  // namespace

void run_queued_units(const std::vector<bool>& serial, unsigned jobs,
                      const std::function<void(std::uint64_t)>& work) {
  UnitQueue queue(serial);
  std::mutex failure_mutex;
  std::exception_ptr failure;
  const auto worker = [&] {
    try {
      while (const std::optional<std::uint64_t> unit = queue.take()) {
        const Finishing finishing{queue, *unit};
        work(*unit);
      }
    } catch (...) {
      queue.stop();
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  if (jobs <= 1) {
    run_on_large_stack(worker);  // no thread: the process stays single-threaded
  } else {
    const CountedThreads counted(static_cast<int>(jobs));
    std::vector<std::unique_ptr<WorkerThread>> threads;
    for (unsigned j = 0; j < jobs; ++j) threads.push_back(std::make_unique<WorkerThread>(worker));
  }
  if (failure) std::rethrow_exception(failure);
}

bool queued_threads_running() { return running_threads.load() > 0; }

}  // namespace perturb::proofs
