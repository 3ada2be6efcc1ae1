#include "proofs/run/coverage.h"

#include <fmt/format.h>

#include "proofs/run/health.h"

namespace perturb::proofs {
namespace {

// z for a two-sided error probability of 10⁻⁹ (QuickCheck's default certainty).
constexpr double kZ = 6.109410191663286;
// A share at least this fraction of the requirement counts as meeting it.
constexpr double kTolerance = 0.9;

bool applies(const CoverageRequirement& requirement, const LawBinding& binding) {
  const semantics::Capabilities& model = binding.capabilities;
  if (binding.max_tangent_depth && requirement.tangents > *binding.max_tangent_depth) return false;
  switch (requirement.scope) {
    case CoverageScope::Any:
      return true;
    case CoverageScope::HigherOrder:
      return model.higher_order();
    case CoverageScope::NotLinear:
      return !model.linear_only;
    case CoverageScope::ReadsLambda:
      return !model.linear_only && (model.higher_order() || model.via_normal_form);
    case CoverageScope::Transcendental:
      return !model.linear_only && model.transcendentals;
    case CoverageScope::HigherOrderTranscendental:
      return model.higher_order() && model.transcendentals;
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
  const WilsonInterval interval = wilson_interval(count, cases, kZ);
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
