// The witness of a failed case: where its two sides differ (the model's
// semantics/difference.h) and by how much against the tolerance, as report
// lines and as JSON. A side that is a function is followed to an argument,
// a tuple to a component, down to two reals.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "semantics/difference.h"
#include "semantics/tolerance.h"

namespace perturb::proofs {

// |lhs − rhs|, that over max(|lhs|, |rhs|) (0 when both are 0), and what the
// tolerance allows there: absolute + relative · max(|lhs|, |rhs|).
struct DifferenceSize {
  double absolute = 0, relative = 0, allowed = 0;
};

DifferenceSize difference_size(const semantics::Difference& difference,
                               const semantics::Tolerance& tolerance);

// One line per step ("at <0.5, 1>: lhs 2, rhs 3") and a last line with the
// reals and the size: "lhs 2 and rhs 3 differ by 1 (relative 0.333), more
// than the 3e-07 the tolerance allows".
std::vector<std::string> witness_lines(const semantics::Difference& difference,
                                       const semantics::Tolerance& tolerance);

// The lines, the first after "witness ", the others aligned under it, each
// after `indent` and ending in a newline: for the terminal and repro.
std::string witness_text(const semantics::Difference& difference,
                         const semantics::Tolerance& tolerance, const std::string& indent);

// {"steps": [{"step", "lhs", "rhs"}…], "lhs", "rhs", "absolute", "relative", "allowed"}.
nlohmann::json witness_json(const semantics::Difference& difference,
                            const semantics::Tolerance& tolerance);

}  // namespace perturb::proofs
