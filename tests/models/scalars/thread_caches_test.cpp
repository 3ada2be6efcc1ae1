// Freeing a thread's FLINT and Arb caches (models/scalars/thread_caches.h): balls
// made on a thread that freed its caches stay good after the thread ends, and
// the thread's own later arithmetic builds the caches again. (That the caches
// are freed at all is what the sanitizer builds check: LeakSanitizer reported
// them for every finished worker thread before.)
#include "models/scalars/thread_caches.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <thread>

#include "models/scalars/ball.h"

using namespace perturb::models;

TEST_CASE("balls outlive the caches of the thread that made them", "[ball][thread-caches]") {
  Ball from_thread(0.0), again(0.0);
  std::thread([&] {
    // sin at 512 bits fills the caches (π and the like at that precision).
    const BallPrecision precision(512);
    from_thread = sin(Ball(1)) * exp(Ball(3));
    release_thread_caches();
    again = sin(Ball(1)) * exp(Ball(3));
    release_thread_caches();
  }).join();
  CHECK(from_thread == again);
  CHECK(std::abs(from_thread.midpoint() - std::sin(1.0) * std::exp(3.0)) < 1e-13);
  CHECK(compare_balls(from_thread, sin(Ball(1)) * exp(Ball(3)), 64) == BallRelation::Tight);
}
