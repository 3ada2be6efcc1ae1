// Tests of proofs/run/crash_isolation.h: a check that ends its process is
// its case's crash, and the process that asked survives it.
#include "proofs/run/crash_isolation.h"

#include <catch2/catch.hpp>
#include <csignal>
#include <cstdlib>

namespace perturb::proofs {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

Outcome run(const CaseCheck& check) {
  return crash_isolated(check)(Case{}, semantics::Tolerance{}, 0);
}

}  // namespace

TEST_CASE("a check that exits is its case's crash", "[crash]") {
  const Outcome outcome = run(
      [](const Case&, const semantics::Tolerance&, std::uint64_t) -> Outcome { std::_Exit(70); });
  CHECK(outcome.verdict == Verdict::Failed);
  CHECK(outcome.failure == FailureKind::Crash);
  CHECK(outcome.detail == "the case ended its process (exit status 70)");
}

TEST_CASE("a check that aborts is its case's crash, with the signal", "[crash]") {
  if (kSanitized) {
    WARN("SIGABRT under the sanitizers: skipped");
    return;
  }
  const Outcome outcome =
      run([](const Case&, const semantics::Tolerance&, std::uint64_t) -> Outcome { std::abort(); });
  CHECK(outcome.failure == FailureKind::Crash);
  CHECK(outcome.detail == "the case crashed its process (signal 6, SIGABRT)");
}

TEST_CASE("a check that returns gives its own outcome, computed here", "[crash]") {
  int calls = 0;  // a child's calls do not count here
  const Outcome outcome = run([&](const Case&, const semantics::Tolerance&, std::uint64_t) {
    ++calls;
    Outcome failed;
    failed.verdict = Verdict::Failed;
    failed.failure = FailureKind::SidesDiffer;
    failed.detail = "the two sides differ beyond the tolerance";
    return failed;
  });
  CHECK(calls == 1);
  CHECK(outcome.failure == FailureKind::SidesDiffer);
  CHECK(outcome.detail == "the two sides differ beyond the tolerance");
  // An exception is the check's to report, here as in the child.
  CHECK_THROWS_AS(run([](const Case&, const semantics::Tolerance&, std::uint64_t) -> Outcome {
                    throw std::runtime_error("the model threw");
                  }),
                  std::runtime_error);
}

TEST_CASE("crash_outcome names the signal or the exit status", "[crash]") {
  CHECK(crash_outcome(SIGSEGV).detail == "the case crashed its process (signal 11, SIGSEGV)");
  CHECK(crash_outcome(3 << 8).detail == "the case ended its process (exit status 3)");
}

}  // namespace perturb::proofs
