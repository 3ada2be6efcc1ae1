// The run as a picture: one row per law, grouped by family (the id's first
// component: cla, cdc, tangent, …), one column per model, each cell the
// pair's verdict. Built from report.json alone, so that report.md, the SVG
// beside it and report.html show the same matrix whoever writes them.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace perturb::proofs {

enum class CellVerdict {
  Holds,          // no case failed and the pair is healthy
  Proved,         // a proving model's healthy pair with no refutation
  Fails,          // a case failed (whatever its health)
  Unhealthy,      // no case failed, but discards or coverage miss their limits
  NotApplicable,  // the model does not host the law, or it was not selected
};

// "holds", "proved", "fails", "unhealthy", "not applicable".
const char* cell_verdict_name(CellVerdict verdict);

struct MatrixCell {
  CellVerdict verdict = CellVerdict::NotApplicable;
  std::uint64_t cases = 0;
  std::uint64_t failed = 0;
  std::uint64_t discarded = 0;

  // The share of the pair's cases discarded, 0 when it has none.
  double discard_share() const;
};

struct LawMatrix {
  struct Column {
    std::string model;
    bool foil = false;
  };
  struct Row {
    std::string law;
    std::string family;
    std::vector<MatrixCell> cells;  // one per column
  };
  std::vector<Column> columns;  // in the order the models first occur
  std::vector<Row> rows;        // families in order of first occurrence, laws within
};

// The matrix of a report.json's "results".
LawMatrix law_matrix(const nlohmann::json& report);

// The matrix as a Markdown table: "holds", "proved", "**fails 12**",
// "**unhealthy**", "–" for not applicable, with a family's first row naming it.
std::string law_matrix_markdown(const LawMatrix& matrix);

// The matrix as a standalone SVG: colour by verdict, lighter as more of a
// pair's cases were discarded, each cell titled with its pair and counts.
std::string law_matrix_svg(const LawMatrix& matrix);

}  // namespace perturb::proofs
