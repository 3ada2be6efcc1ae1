#include "proofs/cases/witness.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace perturb::proofs {

DifferenceSize difference_size(const semantics::Difference& difference,
                               const semantics::Tolerance& tolerance) {
  const double scale = std::max(std::abs(difference.lhs), std::abs(difference.rhs));
  const double absolute = std::abs(difference.lhs - difference.rhs);
  return {absolute, scale > 0 ? absolute / scale : 0.0,
          tolerance.absolute + tolerance.relative * scale};
}

std::vector<std::string> witness_lines(const semantics::Difference& difference,
                                       const semantics::Tolerance& tolerance) {
  std::vector<std::string> lines;
  for (const semantics::DifferenceStep& step : difference.steps)
    lines.push_back(fmt::format("{}: lhs {}, rhs {}", step.step, step.lhs, step.rhs));
  const DifferenceSize size = difference_size(difference, tolerance);
  if (difference.separation) {
    // A certified model's reals are enclosures' midpoints; what is proved is δ.
    lines.push_back(
        fmt::format("lhs {} and rhs {} differ by at least {:.3g} (certified: their enclosures "
                    "are disjoint)",
                    difference.lhs, difference.rhs, *difference.separation));
    return lines;
  }
  lines.push_back(fmt::format(
      "lhs {} and rhs {} differ by {:.3g} (relative {:.3g}), more than the {:.3g} the tolerance "
      "allows",
      difference.lhs, difference.rhs, size.absolute, size.relative, size.allowed));
  return lines;
}

std::string witness_text(const semantics::Difference& difference,
                         const semantics::Tolerance& tolerance, const std::string& indent) {
  std::string text;
  for (const std::string& line : witness_lines(difference, tolerance))
    text += indent + (text.empty() ? "witness " : "        ") + line + "\n";
  return text;
}

nlohmann::json witness_json(const semantics::Difference& difference,
                            const semantics::Tolerance& tolerance) {
  nlohmann::json steps = nlohmann::json::array();
  for (const semantics::DifferenceStep& step : difference.steps)
    steps.push_back({{"step", step.step}, {"lhs", step.lhs}, {"rhs", step.rhs}});
  const DifferenceSize size = difference_size(difference, tolerance);
  nlohmann::json witness = {{"steps", steps},
                            {"lhs", difference.lhs},
                            {"rhs", difference.rhs},
                            {"absolute", size.absolute},
                            {"relative", size.relative},
                            {"allowed", size.allowed}};
  if (difference.separation) witness["certified_separation"] = *difference.separation;
  return witness;
}

}  // namespace perturb::proofs
