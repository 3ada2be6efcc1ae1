// The health of a law × model pair (docs/checker.md "Health"), after
// Hypothesis' health checks: what a run did not test is part of its result.
// A pair is unhealthy when it missed a coverage requirement (proofs/run/coverage.h)
// or when, for some kind of discard, the 95 % lower
// confidence bound (Wilson score interval) of the share of its cases
// discarded for that kind exceeds the kind's limit; with a limit of 0 one
// such discard is enough. A pair that passed states what its cases show,
// by the rule of three: with 95 % confidence its failure rate is below 3/N.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "proofs/cases/discard.h"
#include "proofs/run/law_result.h"

namespace perturb::proofs {

// The Wilson score interval of a share k/n at the normal quantile z; [0, 1] when n = 0.
struct WilsonInterval {
  double low = 0;
  double high = 1;
};
WilsonInterval wilson_interval(std::uint64_t k, std::uint64_t n, double z);

// The lower end of the 95 % Wilson score interval of a share k/n; 0 when k = 0 or n = 0.
double wilson_lower_bound(std::uint64_t k, std::uint64_t n);

// A kind of discard whose share is over its limit.
struct HealthProblem {
  DiscardKind kind = DiscardKind::Internal;
  std::uint64_t discarded = 0;  // cases discarded for this kind
  std::uint64_t cases = 0;      // cases of the pair
  double lower_bound = 0;       // wilson_lower_bound(discarded, cases)
  double limit = 0;
};

// The kinds over their limits, in the order of kDiscardKinds; empty when healthy.
std::vector<HealthProblem> health_problems(const LawResult& result, const DiscardLimits& limits);

// The coverage requirements the pair missed (proofs/run/coverage.h).
std::vector<CoverageResult> coverage_misses(const LawResult& result);

// The cases of a pair discarded with a reason of this kind.
std::uint64_t discarded_as(const LawResult& result, DiscardKind kind);

// A pair is healthy when it has no health problem and missed no coverage requirement.
bool healthy(const LawResult& result, const DiscardLimits& limits);

// One sentence per reason the pair is unhealthy: its health problems, then
// its missed coverage requirements ("coverage: …"); empty when healthy.
std::vector<std::string> unhealthy_reasons(const LawResult& result, const DiscardLimits& limits);

// True when every result is healthy.
bool all_healthy(const std::vector<LawResult>& results, const DiscardLimits& limits);

// "budget discards 25 of 1000 (2.5 %, at least 1.7 % with 95 % confidence) exceed the limit 1 %"
std::string describe(const HealthProblem& problem);

// The 95 % upper confidence bound of the failure rate of a pair with no
// failure and at least one case checked, 1 − 0.05^(1/N) for N cases checked
// (which the rule of three rounds to 3/N); nullopt otherwise.
std::optional<double> failure_rate_bound(const LawResult& result);

// "failure rate below 0.299 % with 95 % confidence (no failure in 1000 cases checked)",
// the failure_rate_bound as text; empty when there is none.
std::string confidence_text(const LawResult& result);

// "12.5 %", "0.075 %", "0 %": a share as people read it.
std::string percent_text(double share);

// "typing 0 %, internal 0 %, non-finite 5 %, budget 1 %, rounding 1 %".
std::string limits_text(const DiscardLimits& limits);

}  // namespace perturb::proofs
