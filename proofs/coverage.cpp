#include "proofs/coverage.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "proofs/health.h"

namespace perturb::proofs {
namespace {

// z for a two-sided error probability of 10⁻⁹ (QuickCheck's default certainty).
constexpr double kZ = 6.109410191663286;
// A share at least this fraction of the requirement counts as meeting it.
constexpr double kTolerance = 0.9;

struct Interval {
  double low = 0, high = 1;
};

Interval wilson(std::uint64_t k, std::uint64_t n) {
  if (n == 0) return {};
  const double nn = static_cast<double>(n), p = static_cast<double>(k) / nn, z2 = kZ * kZ;
  const double centre = p + z2 / (2 * nn);
  const double spread = kZ * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  const double scale = 1 + z2 / nn;
  return {std::max(0.0, (centre - spread) / scale), std::min(1.0, (centre + spread) / scale)};
}

bool applies(const CoverageRequirement& requirement, const LawBinding& binding) {
  switch (requirement.scope) {
    case CoverageScope::Any:
      return true;
    case CoverageScope::HigherOrder:
      return binding.higher_order;
    case CoverageScope::NotLinear:
      return !binding.linear_only;
  }
  return false;
}

}  // namespace

std::vector<CoverageRequirement> coverage_requirements(const LawBinding& binding) {
  std::vector<CoverageRequirement> requirements;
  for (const CoverageRequirement& requirement : binding.info.coverage) {
    if (applies(requirement, binding)) requirements.push_back(requirement);
  }
  return requirements;
}

CoverageVerdict coverage_verdict(std::uint64_t count, std::uint64_t cases, double required) {
  const Interval interval = wilson(count, cases);
  if (interval.low >= kTolerance * required) return CoverageVerdict::Met;
  if (interval.high < required) return CoverageVerdict::Missed;
  return CoverageVerdict::Undecided;
}

std::vector<CoverageResult> coverage_results(const std::vector<CoverageRequirement>& requirements,
                                             const std::map<std::string, std::uint64_t>& labels,
                                             std::uint64_t cases) {
  std::vector<CoverageResult> results;
  for (const CoverageRequirement& requirement : requirements) {
    const auto found = labels.find(std::string(requirement.label));
    const std::uint64_t count = found == labels.end() ? 0 : found->second;
    results.push_back({std::string(requirement.label), requirement.min_share, count, cases,
                       coverage_verdict(count, cases, requirement.min_share)});
  }
  return results;
}

std::string describe(const CoverageResult& result) {
  return fmt::format(
      "{} in {} of {} cases ({}), required {}: {}", result.label, result.count, result.cases,
      percent_text(result.cases == 0
                       ? 0
                       : static_cast<double>(result.count) / static_cast<double>(result.cases)),
      percent_text(result.required), coverage_verdict_name(result.verdict));
}

const char* coverage_verdict_name(CoverageVerdict verdict) {
  switch (verdict) {
    case CoverageVerdict::Met:
      return "met";
    case CoverageVerdict::Missed:
      return "missed";
    case CoverageVerdict::Undecided:
      return "undecided";
  }
  return "?";
}

}  // namespace perturb::proofs
