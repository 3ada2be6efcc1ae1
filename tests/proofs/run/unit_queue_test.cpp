// The runner's unit queue (proofs/run/unit_queue.h): every unit is handed out
// once, one thread takes them in the order of the list, serial units never
// run two at once, and ordinary units go on while a serial one runs.
#include "proofs/run/unit_queue.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <mutex>
#include <random>
#include <set>
#include <stdexcept>
#include <thread>

#include "proofs/binding/builtin_bindings.h"

using namespace perturb::proofs;
using Kind = UnitQueue::Take::Kind;

namespace {

std::vector<bool> random_serial(std::uint64_t seed, std::size_t count) {
  std::mt19937_64 rng(seed);
  std::vector<bool> serial(count);
  for (std::size_t i = 0; i < count; ++i) serial[i] = rng() % 3 == 0;
  return serial;
}

}  // namespace

TEST_CASE("one thread takes the units in the order of the list") {
  const std::uint64_t seed = GENERATE(1, 2, 3);
  INFO("seed " << seed);
  const std::vector<bool> serial = random_serial(seed, 40);
  UnitQueue queue(serial);
  for (std::uint64_t expected = 0; expected < serial.size(); ++expected) {
    const std::optional<std::uint64_t> unit = queue.take();
    REQUIRE(unit == expected);
    queue.finish(*unit);
  }
  CHECK_FALSE(queue.take());
}

TEST_CASE("while the lane is taken, serial units are skipped, then waited for") {
  UnitQueue queue({true, true, false, true});
  UnitQueue::Take first = queue.try_take();
  REQUIRE(first.kind == Kind::Unit);
  CHECK(first.unit == 0);
  UnitQueue::Take second = queue.try_take();  // unit 1 is serial: skipped
  REQUIRE(second.kind == Kind::Unit);
  CHECK(second.unit == 2);
  queue.finish(second.unit);
  CHECK(queue.try_take().kind == Kind::Wait);  // only serial units are left
  queue.finish(first.unit);
  UnitQueue::Take third = queue.try_take();
  REQUIRE(third.kind == Kind::Unit);
  CHECK(third.unit == 1);
  CHECK(queue.try_take().kind == Kind::Wait);
  queue.finish(third.unit);
  UnitQueue::Take fourth = queue.try_take();
  REQUIRE(fourth.kind == Kind::Unit);
  CHECK(fourth.unit == 3);
  queue.finish(fourth.unit);
  CHECK(queue.try_take().kind == Kind::Done);
}

TEST_CASE("a stopped queue hands out nothing more") {
  UnitQueue queue({false, false, true});
  CHECK(queue.try_take().kind == Kind::Unit);
  queue.stop();
  CHECK(queue.try_take().kind == Kind::Done);
  CHECK_FALSE(queue.take());
}

TEST_CASE("on threads, every unit runs once and serial units never overlap") {
  const std::uint64_t seed = GENERATE(4, 5);
  const unsigned jobs = GENERATE(1u, 2u, 4u);
  INFO("seed " << seed << ", jobs " << jobs);
  const std::vector<bool> serial = random_serial(seed, 300);
  std::mutex mutex;
  std::multiset<std::uint64_t> ran;
  std::atomic<int> serial_running{0};
  std::atomic<int> overlaps{0};
  run_queued_units(serial, jobs, [&](std::uint64_t unit) {
    if (serial[unit] && serial_running.fetch_add(1) > 0) ++overlaps;
    std::this_thread::yield();
    if (serial[unit]) --serial_running;
    const std::lock_guard lock(mutex);
    ran.insert(unit);
  });
  CHECK(overlaps == 0);
  REQUIRE(ran.size() == serial.size());
  for (std::uint64_t unit = 0; unit < serial.size(); ++unit) CHECK(ran.count(unit) == 1);
}

TEST_CASE("an ordinary unit runs while a serial one does") {
  // Unit 0 (serial) finishes only once unit 1 (ordinary) has run: with one
  // lane for everything this would never end, so the wait has a bound.
  std::atomic<bool> ordinary_ran{false};
  bool saw_ordinary = false;
  run_queued_units({true, false}, 2, [&](std::uint64_t unit) {
    if (unit == 1) {
      ordinary_ran = true;
      return;
    }
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!ordinary_ran && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
    saw_ordinary = ordinary_ran;
  });
  CHECK(saw_ordinary);
}

TEST_CASE("an exception from a unit stops the others and reaches the caller") {
  std::atomic<int> ran{0};
  CHECK_THROWS_WITH(run_queued_units(std::vector<bool>(1000, false), 2,
                                     [&](std::uint64_t unit) {
                                       ++ran;
                                       if (unit == 10) throw std::runtime_error("out of memory");
                                       std::this_thread::sleep_for(std::chrono::milliseconds(1));
                                     }),
                    "out of memory");
  CHECK(ran < 1000);
}

TEST_CASE("the symbolic model's bindings, and only they, hold the serial lane") {
  // GiNaC is not thread-safe (models/symbolic/symbolic.h): the model takes one lock,
  // and a binding that lost the lane would have two threads queue on it.
  std::size_t symbolic = 0;
  for (const LawBinding& binding : builtin_bindings()) {
    INFO(binding.info.id << " on " << binding.model);
    CHECK(binding.capabilities.serial == (binding.model == "symbolic"));
    symbolic += binding.model == "symbolic";
  }
  CHECK(symbolic > 0);
}
