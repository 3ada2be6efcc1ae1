// The order in which the runner's threads take the units of a run
// (proofs/run/runner.h): units of models whose checks hold one process-wide lock
// (LawBinding::serial, the symbolic model's GiNaC) go to one lane, one at a
// time, while the other threads take the ordinary units. Handed out in one
// list, two threads would often both take a serial model's units (a
// model's pairs are neighbours in the list) and one would wait on the lock.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

namespace perturb::proofs {

class UnitQueue {
 public:
  // What try_take has for a thread: a unit (an index into the constructor's
  // list), nothing yet (only serial units are left and the lane is taken),
  // or nothing more.
  struct Take {
    enum class Kind { Unit, Wait, Done } kind;
    std::uint64_t unit = 0;
  };

  // serial[i] says whether unit i holds the lane while it runs.
  explicit UnitQueue(const std::vector<bool>& serial);

  // The next unit for a thread, without waiting: the first unit of the
  // list not handed out yet, skipping the serial ones while the lane is
  // taken. One thread so takes the units in the order of the list (what a
  // run cut short by its deadline has checked), and with more threads the
  // lane is busy whenever the serial units have fallen behind the others.
  Take try_take();
  // As try_take, waiting while the answer would be Wait; nullopt when done.
  std::optional<std::uint64_t> take();
  // Unit, handed out by take or try_take, has finished: its lane is free.
  void finish(std::uint64_t unit);
  // Hands out no more units (a worker failed); wakes the waiting threads.
  void stop();

 private:
  Take try_take_locked();

  std::vector<bool> serial_;
  std::deque<std::uint64_t> serial_units_;
  std::deque<std::uint64_t> ordinary_units_;
  bool lane_taken_ = false;
  bool stopped_ = false;
  std::mutex mutex_;
  std::condition_variable lane_freed_;
};

// Calls work(i) for every unit i of `serial` on `jobs` threads, taking units
// from a UnitQueue, so that no two serial units run at once. An exception
// from work (the memory budget ran out) stops every thread and is rethrown
// here once all have joined.
void run_queued_units(const std::vector<bool>& serial, unsigned jobs,
                      const std::function<void(std::uint64_t)>& work);

// Whether run_queued_units has threads running in this process now: a
// fork then is unsafe (proofs/run/crash_isolation.h).
bool queued_threads_running();

}  // namespace perturb::proofs
