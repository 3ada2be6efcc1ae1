// Running the checker's work on a large stack without a thread
// (proofs/run/large_stack.h): the body runs to its end, on the calling thread
// outside the sanitizer builds, with more stack than a thread's default, and
// what it throws reaches the caller.
#include "proofs/run/large_stack.h"

#include <catch2/catch.hpp>
#include <cstddef>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace perturb::proofs;

namespace {

// Recursion that needs about depth × 4 KiB of stack, touching all of it;
// reading its frame after the call keeps the compiler from turning it into a
// loop.
std::size_t deep(std::size_t depth) {
  volatile char frame[4096];
  frame[0] = static_cast<char>(depth);
  frame[sizeof frame - 1] = frame[0];
  return depth == 0 ? 0 : 1 + deep(depth - 1) + static_cast<std::size_t>(frame[0] & 0);
}

}  // namespace

TEST_CASE("the body runs once, to its end, on the calling thread unless sanitized", "[stack]") {
  int runs = 0;
  std::thread::id inside;
  run_on_large_stack([&] {
    ++runs;
    inside = std::this_thread::get_id();
  });
  CHECK(runs == 1);
  CHECK((inside == std::this_thread::get_id()) == kLargeStackOnCallingThread);
}

TEST_CASE("the body has far more stack than a thread's default 8 MiB", "[stack]") {
  // 64 MiB of frames: a segmentation fault on an 8 MiB stack.
  std::size_t reached = 0;
  run_on_large_stack([&] { reached = deep(16384); });
  CHECK(reached == 16384);
}

TEST_CASE("what the body throws reaches the caller, and the stack can be used again", "[stack]") {
  CHECK_THROWS_WITH(run_on_large_stack([] { throw std::runtime_error("from the large stack"); }),
                    "from the large stack");
  int after = 0;
  run_on_large_stack([&] { after = 1; });
  CHECK(after == 1);
}

TEST_CASE("a body can itself run a body on a large stack", "[stack]") {
  std::vector<int> order;
  run_on_large_stack([&] {
    order.push_back(1);
    run_on_large_stack([&] { order.push_back(2); });
    order.push_back(3);
  });
  CHECK(order == std::vector<int>{1, 2, 3});
}
