// The health of a law × model pair (proofs/run/health.h): discards counted per
// reason and kind, judged by the Wilson lower bound against each kind's
// limit, and the rule-of-three statement of a passing pair.
#include "proofs/run/health.h"

#include <cmath>

#include "../checker_support.h"

namespace perturb::proofs {
namespace {

using testing::binding;
using testing::small_run;

// cdc.D1.sum's cases on smooth, checked by a test double that discards case i
// for `kind` when discard(i) holds and passes it otherwise.
LawBinding discarding_double(DiscardKind kind, std::function<bool(std::uint64_t)> discard) {
  LawBinding double_binding = binding("cdc.D1.sum", "smooth");
  double_binding.check = [kind, discard](const Case& k, const semantics::Tolerance&,
                                         std::uint64_t) {
    // A real check is a function of the case alone; so is the double's choice.
    if (!discard(k.term("f").term->hash() % 1000)) return Outcome{};
    return Outcome{Verdict::Discarded, "", "", "the double discards this case", kind};
  };
  return double_binding;
}

}  // namespace

TEST_CASE("wilson_lower_bound: the 95 % Wilson score interval's lower end", "[health]") {
  CHECK(wilson_lower_bound(0, 0) == 0);
  CHECK(wilson_lower_bound(0, 1000) == 0);
  // Values of the closed form, computed independently.
  CHECK(wilson_lower_bound(1, 300) == Approx(0.0005886577218511591).epsilon(1e-12));
  CHECK(wilson_lower_bound(10, 300) == Approx(0.018204947338854808).epsilon(1e-12));
  CHECK(wilson_lower_bound(40, 1000) == Approx(0.029510973685452763).epsilon(1e-12));
  CHECK(wilson_lower_bound(80, 1000) == Approx(0.06474803809836388).epsilon(1e-12));
  CHECK(wilson_lower_bound(10, 10) == Approx(0.7224672001371106).epsilon(1e-12));
  CHECK(wilson_lower_bound(1, 1) == Approx(0.20654931437723742).epsilon(1e-12));
}

TEST_CASE("health_problems: a kind is over its limit when its lower bound is", "[health]") {
  LawResult result;
  result.cases = 1000;
  const DiscardLimits limits;
  CHECK(health_problems(result, limits).empty());

  // Non-finite values: 40 of 1000 is within 5 %, 80 of 1000 is not.
  result.discards["a value is not finite"] = {DiscardKind::NonFinite, 40, 3};
  CHECK(health_problems(result, limits).empty());
  result.discards["a value is not finite"].count = 80;
  auto problems = health_problems(result, limits);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].kind == DiscardKind::NonFinite);
  CHECK(problems[0].discarded == 80);
  CHECK(problems[0].lower_bound == Approx(0.06474803809836388).epsilon(1e-12));
  CHECK(describe(problems[0]) ==
        "non-finite discards 80 of 1000 (8 %, at least 6.47 % with 95 % confidence) exceed the "
        "limit 5 %");

  // Budget reasons add up within their kind: 16 of 1000 is within 1 % (its
  // lower bound is 0.99 %), 30 of 1000 is not.
  result.discards.clear();
  result.discards["step budget"] = {DiscardKind::Budget, 8, 1};
  result.discards["size budget"] = {DiscardKind::Budget, 8, 2};
  CHECK(health_problems(result, limits).empty());
  result.discards["size budget"].count = 22;
  problems = health_problems(result, limits);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].kind == DiscardKind::Budget);
  CHECK(problems[0].discarded == 30);

  // A typing discard has a limit of 0: one is enough.
  result.discards.clear();
  result.discards["a point that is not a tuple of literals"] = {DiscardKind::Typing, 1, 999};
  problems = health_problems(result, limits);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].kind == DiscardKind::Typing);

  // A limit raised to 1 accepts anything.
  DiscardLimits lenient;
  lenient.set(DiscardKind::Typing, 1);
  CHECK(health_problems(result, lenient).empty());
}

TEST_CASE("a law that discards is counted per reason and reported unhealthy", "[health][runner]") {
  // Every third case (by the double's index) is a typing discard.
  const LawBinding discarding =
      discarding_double(DiscardKind::Typing, [](std::uint64_t i) { return i % 3 == 0; });
  const LawResult one_thread = run_laws({discarding}, small_run(1, 300, false, 1)).front();
  const LawResult two_threads = run_laws({discarding}, small_run(1, 300, false, 2)).front();
  INFO("discarded " << one_thread.discarded << " of 300");
  CHECK(one_thread.discarded > 50);
  CHECK(one_thread.discarded < 150);
  CHECK(one_thread.passed + one_thread.discarded == 300);
  REQUIRE(one_thread.discards.size() == 1);
  const DiscardTally& tally = one_thread.discards.at("the double discards this case");
  CHECK(tally.kind == DiscardKind::Typing);
  CHECK(tally.count == one_thread.discarded);
  // The tally does not depend on the threads.
  REQUIRE(two_threads.discards.size() == 1);
  CHECK(two_threads.discards.begin()->second.count == tally.count);
  CHECK(two_threads.discards.begin()->second.first_case == tally.first_case);

  const auto problems = health_problems(one_thread, DiscardLimits{});
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].kind == DiscardKind::Typing);
  // A pair that never failed still states its confidence.
  CHECK(confidence_text(one_thread) ==
        "failure rate below " + percent_text(1 - std::pow(0.05, 1.0 / one_thread.passed)) +
            " with 95 % confidence (no failure in " + std::to_string(one_thread.passed) +
            " cases checked)");
}

TEST_CASE("a law that never discards is healthy and states its failure-rate bound",
          "[health][runner]") {
  const LawBinding passing =
      discarding_double(DiscardKind::Budget, [](std::uint64_t) { return false; });
  const LawResult result = run_laws({passing}, small_run(1, 1000)).front();
  CHECK(result.passed == 1000);
  CHECK(result.discards.empty());
  CHECK(health_problems(result, DiscardLimits{}).empty());
  REQUIRE(failure_rate_bound(result));
  CHECK(*failure_rate_bound(result) == Approx(0.0029912495450953314).epsilon(1e-12));
  CHECK(confidence_text(result) ==
        "failure rate below 0.299 % with 95 % confidence (no failure in 1000 cases checked)");
}

TEST_CASE("discard kinds have the names report.json and --discard-limit use", "[health]") {
  for (DiscardKind kind : kDiscardKinds) CHECK(parse_discard_kind(discard_kind_name(kind)) == kind);
  CHECK(discard_kind_name(DiscardKind::NonFinite) == "non-finite");
  CHECK_FALSE(parse_discard_kind("nonfinite"));
  CHECK(limits_text(DiscardLimits{}) ==
        "typing 0 %, internal 0 %, non-finite 5 %, budget 1 %, rounding 1 %, inconclusive 5 %, "
        "hang 0 %, outside-domain 1 %, overflow 5 %, ill-conditioned 1 %, kink-convention 10 %");
}

}  // namespace perturb::proofs
