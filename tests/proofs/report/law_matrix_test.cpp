// The law × model matrix (proofs/report/law_matrix.h) from report.json:
// rows grouped by family, a column per model, each cell the pair's verdict.
#include "proofs/report/law_matrix.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace perturb::proofs {
namespace {

nlohmann::json result(const std::string& law, const std::string& model, std::uint64_t failed,
                      std::uint64_t discarded, bool healthy = true, bool proving = false) {
  nlohmann::json r = {{"law", law},
                      {"model", model},
                      {"foil", model == "f<1>"},
                      {"cases", 100},
                      {"passed", 100 - failed - discarded},
                      {"failed", failed},
                      {"discarded", discarded},
                      {"health", {{"healthy", healthy}, {"problems", nlohmann::json::array()}}}};
  if (proving) r["proof"] = {{"proved", 100 - failed - discarded}, {"refuted", failed}};
  return r;
}

}  // namespace

TEST_CASE("law_matrix: a row per law grouped by family, a column per model, a verdict per cell",
          "[report][matrix]") {
  const nlohmann::json report = {
      {"results",
       {result("cdc.D5", "m", 0, 0), result("cla.sum", "m", 0, 50, false),
        result("cdc.D6", "m", 0, 10), result("cdc.D5", "f<1>", 7, 0),
        result("cdc.D5", "p", 0, 0, true, true), result("cdc.D6", "p", 2, 0, true, true)}}};
  const LawMatrix matrix = law_matrix(report);
  REQUIRE(matrix.columns.size() == 3);
  CHECK(matrix.columns[0].model == "m");
  CHECK(matrix.columns[1].foil);
  REQUIRE(matrix.rows.size() == 3);
  // cdc's laws together, before cla, whose law came between them.
  CHECK(matrix.rows[0].law == "cdc.D5");
  CHECK(matrix.rows[1].law == "cdc.D6");
  CHECK(matrix.rows[2].law == "cla.sum");
  CHECK(matrix.rows[2].family == "cla");
  CHECK(matrix.rows[0].cells[0].verdict == CellVerdict::Holds);
  CHECK(matrix.rows[0].cells[1].verdict == CellVerdict::Fails);
  CHECK(matrix.rows[0].cells[1].failed == 7);
  CHECK(matrix.rows[0].cells[2].verdict == CellVerdict::Proved);
  CHECK(matrix.rows[1].cells[0].discard_share() == 0.1);
  CHECK(matrix.rows[1].cells[1].verdict == CellVerdict::NotApplicable);
  CHECK(matrix.rows[1].cells[2].verdict == CellVerdict::Fails);
  CHECK(matrix.rows[2].cells[0].verdict == CellVerdict::Unhealthy);

  CHECK(law_matrix_markdown(matrix) ==
        "| family | law | m | f<1> (foil) | p |\n"
        "|---|---|---|---|---|\n"
        "| cdc | `cdc.D5` | holds | **fails 7** | proved |\n"
        "|  | `cdc.D6` | holds | – | **fails 2** |\n"
        "| cla | `cla.sum` | **unhealthy** | – | – |\n");

  const std::string svg = law_matrix_svg(matrix);
  CHECK(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  CHECK(svg.ends_with("</svg>\n"));
  // Names are escaped; each cell says its pair and counts.
  CHECK(svg.find(">f&lt;1&gt; (foil)</text>") != std::string::npos);
  CHECK(svg.find("<title>cdc.D5 on f&lt;1&gt; (foil): fails, 100 cases, 7 failed, 0 discarded"
                 "</title>") != std::string::npos);
  CHECK(svg.find("<title>cdc.D6 on f&lt;1&gt; (foil): not applicable</title>") !=
        std::string::npos);
  // A pair half discarded is paler than one with no discard.
  CHECK(svg.find("fill=\"#f9a825\" fill-opacity=\"0.65\"") != std::string::npos);
  CHECK(svg.find("fill=\"#43a047\" fill-opacity=\"1.00\"") != std::string::npos);
}

}  // namespace perturb::proofs
