#include "proofs/run/health.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace perturb::proofs {

WilsonInterval wilson_interval(std::uint64_t k, std::uint64_t n, double z) {
  if (n == 0) return {};
  const double trials = static_cast<double>(n);
  const double share = static_cast<double>(k) / trials;
  const double z2 = z * z;
  const double centre = share + z2 / (2 * trials);
  const double spread = z * std::sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials));
  const double scale = 1 + z2 / trials;
  return {std::max(0.0, (centre - spread) / scale), std::min(1.0, (centre + spread) / scale)};
}

double wilson_lower_bound(std::uint64_t k, std::uint64_t n) {
  if (k == 0) return 0;
  constexpr double z = 1.959963984540054;  // the 97.5 % quantile of the normal distribution
  return wilson_interval(k, n, z).low;
}

std::vector<HealthProblem> health_problems(const LawResult& result, const DiscardLimits& limits) {
  std::vector<HealthProblem> problems;
  for (DiscardKind kind : kDiscardKinds) {
    std::uint64_t discarded = 0;
    for (const auto& [reason, tally] : result.discards) {
      if (tally.kind == kind) discarded += tally.count;
    }
    const double lower_bound = wilson_lower_bound(discarded, result.cases);
    if (discarded > 0 && lower_bound > limits.of(kind))
      problems.push_back({kind, discarded, result.cases, lower_bound, limits.of(kind)});
  }
  return problems;
}

std::vector<CoverageResult> coverage_misses(const LawResult& result) {
  std::vector<CoverageResult> misses;
  for (const CoverageResult& coverage : result.coverage) {
    if (coverage.verdict == CoverageVerdict::Missed) misses.push_back(coverage);
  }
  return misses;
}

std::uint64_t discarded_as(const LawResult& result, DiscardKind kind) {
  std::uint64_t count = 0;
  for (const auto& [reason, tally] : result.discards) {
    if (tally.kind == kind) count += tally.count;
  }
  return count;
}

bool healthy(const LawResult& result, const DiscardLimits& limits) {
  return health_problems(result, limits).empty() && coverage_misses(result).empty();
}

std::vector<std::string> unhealthy_reasons(const LawResult& result, const DiscardLimits& limits) {
  std::vector<std::string> reasons;
  for (const HealthProblem& problem : health_problems(result, limits))
    reasons.push_back(describe(problem));
  for (const CoverageResult& miss : coverage_misses(result))
    reasons.push_back("coverage: " + describe(miss));
  return reasons;
}

bool all_healthy(const std::vector<LawResult>& results, const DiscardLimits& limits) {
  return std::all_of(results.begin(), results.end(),
                     [&](const LawResult& result) { return healthy(result, limits); });
}

std::string percent_text(double share) {
  const double percent = 100 * share;
  if (percent == 0) return "0 %";
  // Three significant digits, without trailing zeros.
  return fmt::format("{:.3g} %", percent);
}

std::string describe(const HealthProblem& problem) {
  return fmt::format(
      "{} discards {} of {} ({}, at least {} with 95 % confidence) exceed the limit {}",
      discard_kind_name(problem.kind), problem.discarded, problem.cases,
      percent_text(static_cast<double>(problem.discarded) / static_cast<double>(problem.cases)),
      percent_text(problem.lower_bound), percent_text(problem.limit));
}

std::optional<double> failure_rate_bound(const LawResult& result) {
  if (result.failed > 0 || result.passed == 0) return std::nullopt;
  // The exact one-sided bound for no failure in n trials: 0.05 = (1 − p)^n.
  return 1 - std::pow(0.05, 1 / static_cast<double>(result.passed));
}

std::string confidence_text(const LawResult& result) {
  const std::optional<double> bound = failure_rate_bound(result);
  if (!bound) return "";
  return fmt::format("failure rate below {} with 95 % confidence (no failure in {} cases checked)",
                     percent_text(*bound), result.passed);
}

std::string limits_text(const DiscardLimits& limits) {
  std::string text;
  for (DiscardKind kind : kDiscardKinds) {
    if (!text.empty()) text += ", ";
    text += fmt::format("{} {}", discard_kind_name(kind), percent_text(limits.of(kind)));
  }
  return text;
}

}  // namespace perturb::proofs
