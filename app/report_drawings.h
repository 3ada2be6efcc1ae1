// The drawings of a report's counterexamples: each shrunk term as Graphviz
// DOT (calculus/dot.h) and, when `dot` is installed (graphviz is optional),
// as SVG beside it, which report.md then links.
#pragma once

#include <filesystem>
#include <vector>

#include "proofs/run/law_result.h"

namespace perturb::app {

// Writes DIR/drawing_path(…).dot for each shrunk term of each counterexample
// and renders it with `dot -Tsvg`; true when there were drawings and every
// one was rendered (false, quietly, when dot is not installed).
bool write_report_drawings(const std::vector<proofs::LawResult>& results,
                           const std::filesystem::path& dir);

}  // namespace perturb::app
