// Coverage of a law × model pair (docs/checker.md "Coverage"), decided as
// QuickCheck's checkCoverage decides it, so that a default run is not flaky
// across seeds: a requirement (label, least share p) is met when the lower
// end of the Wilson score interval of the label's share, at an error
// probability of 10⁻⁹, is at least 0.9·p; missed when its upper end is below
// p; otherwise undecided, and the runner generates more cases of the pair
// (labels only, nothing checked) until it is decided or a cap is reached.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "proofs/binding/binding.h"
#include "proofs/cases/coverage_requirement.h"

namespace perturb::proofs {

enum class CoverageVerdict { Met, Missed, Undecided };

struct CoverageResult {
  std::string label;
  double required = 0;      // the least share
  std::uint64_t count = 0;  // cases that carry the label
  std::uint64_t cases = 0;  // cases labelled: those checked, then those generated to decide
  CoverageVerdict verdict = CoverageVerdict::Undecided;
};

// The requirements of the bound law that apply to its model.
std::vector<CoverageRequirement> coverage_requirements(const LawBinding& binding);

// The verdict on `count` of `cases` carrying a label required at `required`.
CoverageVerdict coverage_verdict(std::uint64_t count, std::uint64_t cases, double required);

// The results of the requirements on label counts over `cases` cases.
std::vector<CoverageResult> coverage_results(const std::vector<CoverageRequirement>& requirements,
                                             const std::map<std::string, std::uint64_t>& labels,
                                             std::uint64_t cases);

// "structure:T-under-λ in 3 of 1000 cases (0.3 %), required 1 %: missed"
std::string describe(const CoverageResult& result);

// "met", "missed", "undecided".
const char* coverage_verdict_name(CoverageVerdict verdict);

}  // namespace perturb::proofs
