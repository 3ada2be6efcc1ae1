#include "proofs/report/law_matrix.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "proofs/report/xml_text.h"

namespace perturb::proofs {

using nlohmann::json;

const char* cell_verdict_name(CellVerdict verdict) {
  switch (verdict) {
    case CellVerdict::Holds:
      return "holds";
    case CellVerdict::Proved:
      return "proved";
    case CellVerdict::Fails:
      return "fails";
    case CellVerdict::Unhealthy:
      return "unhealthy";
    case CellVerdict::NotApplicable:
      return "not applicable";
  }
  return "not applicable";
}

double MatrixCell::discard_share() const {
  return cases == 0 ? 0 : static_cast<double>(discarded) / static_cast<double>(cases);
}

namespace {

MatrixCell cell_of(const json& result) {
  MatrixCell cell;
  cell.cases = result.at("cases").get<std::uint64_t>();
  cell.failed = result.at("failed").get<std::uint64_t>();
  cell.discarded = result.at("discarded").get<std::uint64_t>();
  const bool healthy = result.at("health").at("healthy").get<bool>();
  if (cell.failed > 0)
    cell.verdict = CellVerdict::Fails;
  else if (!healthy)
    cell.verdict = CellVerdict::Unhealthy;
  else if (result.contains("proof"))
    cell.verdict = CellVerdict::Proved;
  else
    cell.verdict = CellVerdict::Holds;
  return cell;
}

std::string family_of(const std::string& law) { return law.substr(0, law.find('.')); }

}  // namespace

LawMatrix law_matrix(const json& report) {
  LawMatrix matrix;
  std::map<std::string, std::size_t> column_of;
  std::vector<std::string> families;
  std::map<std::string, std::vector<std::string>> laws_of;  // by family, in order
  std::map<std::pair<std::string, std::string>, MatrixCell> cells;
  for (const json& result : report.at("results")) {
    const std::string law = result.at("law").get<std::string>();
    const std::string model = result.at("model").get<std::string>();
    if (column_of.try_emplace(model, matrix.columns.size()).second)
      matrix.columns.push_back({model, result.at("foil").get<bool>()});
    const std::string family = family_of(law);
    auto [laws, new_family] = laws_of.try_emplace(family);
    if (new_family) families.push_back(family);
    if (std::find(laws->second.begin(), laws->second.end(), law) == laws->second.end())
      laws->second.push_back(law);
    cells[{law, model}] = cell_of(result);
  }
  for (const std::string& family : families) {
    for (const std::string& law : laws_of.at(family)) {
      LawMatrix::Row row{law, family, {}};
      for (const LawMatrix::Column& column : matrix.columns) {
        const auto found = cells.find({law, column.model});
        row.cells.push_back(found == cells.end() ? MatrixCell{} : found->second);
      }
      matrix.rows.push_back(std::move(row));
    }
  }
  return matrix;
}

namespace {

std::string column_name(const LawMatrix::Column& column) {
  return column.model + (column.foil ? " (foil)" : "");
}

std::string markdown_cell(const MatrixCell& cell) {
  switch (cell.verdict) {
    case CellVerdict::Fails:
      return fmt::format("**fails {}**", cell.failed);
    case CellVerdict::Unhealthy:
      return "**unhealthy**";
    case CellVerdict::NotApplicable:
      return "–";
    default:
      return cell_verdict_name(cell.verdict);
  }
}

}  // namespace

std::string law_matrix_markdown(const LawMatrix& matrix) {
  std::string text = "| family | law |";
  std::string rule = "|---|---|";
  for (const LawMatrix::Column& column : matrix.columns) {
    text += " " + column_name(column) + " |";
    rule += "---|";
  }
  text += "\n" + rule + "\n";
  std::string family;
  for (const LawMatrix::Row& row : matrix.rows) {
    text += fmt::format("| {} | `{}` |", row.family == family ? "" : row.family, row.law);
    family = row.family;
    for (const MatrixCell& cell : row.cells) text += " " + markdown_cell(cell) + " |";
    text += "\n";
  }
  return text;
}

namespace {

const char* fill_of(CellVerdict verdict) {
  switch (verdict) {
    case CellVerdict::Holds:
      return "#43a047";
    case CellVerdict::Proved:
      return "#1b5e20";
    case CellVerdict::Fails:
      return "#d32f2f";
    case CellVerdict::Unhealthy:
      return "#f9a825";
    case CellVerdict::NotApplicable:
      return "#e0e0e0";
  }
  return "#e0e0e0";
}

// What a cell's tooltip says: "cdc.D6 on smooth: holds, 1000 cases, 0
// failed, 12 discarded".
std::string cell_title(const LawMatrix::Row& row, const LawMatrix::Column& column,
                       const MatrixCell& cell) {
  if (cell.verdict == CellVerdict::NotApplicable)
    return fmt::format("{} on {}: not applicable", row.law, column_name(column));
  return fmt::format("{} on {}: {}, {} cases, {} failed, {} discarded", row.law,
                     column_name(column), cell_verdict_name(cell.verdict), cell.cases, cell.failed,
                     cell.discarded);
}

// Character widths of an 11-pixel monospace font, to size the picture
// without measuring text.
constexpr int kCharWidth = 7;
constexpr int kRowHeight = 16;
constexpr int kFamilyGap = 8;

}  // namespace

std::string law_matrix_svg(const LawMatrix& matrix) {
  std::size_t law_chars = 3, model_chars = 5;
  for (const LawMatrix::Row& row : matrix.rows) law_chars = std::max(law_chars, row.law.size());
  for (const LawMatrix::Column& column : matrix.columns)
    model_chars = std::max(model_chars, column_name(column).size());
  const int label_width = static_cast<int>(law_chars) * kCharWidth + 16;
  const int column_width = static_cast<int>(model_chars) * kCharWidth + 12;
  const int header_height = 28;
  std::size_t families = 0;
  for (std::size_t i = 0; i < matrix.rows.size(); ++i)
    if (i == 0 || matrix.rows[i].family != matrix.rows[i - 1].family) ++families;
  const int grid_height =
      static_cast<int>(matrix.rows.size()) * kRowHeight + static_cast<int>(families) * kFamilyGap;
  const int legend_height = 50;
  const int width =
      std::max(label_width + static_cast<int>(matrix.columns.size()) * column_width + 8, 560);
  const int height = header_height + grid_height + legend_height;

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
      "font-family=\"monospace\" font-size=\"11\">\n"
      "<title>Laws × models: the verdict of each pair</title>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
      width, height, width, height);
  for (std::size_t c = 0; c < matrix.columns.size(); ++c) {
    svg += fmt::format("<text x=\"{}\" y=\"18\" text-anchor=\"middle\">{}</text>\n",
                       label_width + static_cast<int>(c) * column_width + column_width / 2,
                       xml_escaped(column_name(matrix.columns[c])));
  }
  int y = header_height;
  for (std::size_t r = 0; r < matrix.rows.size(); ++r) {
    const LawMatrix::Row& row = matrix.rows[r];
    if (r == 0 || row.family != matrix.rows[r - 1].family) y += kFamilyGap;
    svg += fmt::format("<text x=\"4\" y=\"{}\">{}</text>\n", y + 12, xml_escaped(row.law));
    for (std::size_t c = 0; c < row.cells.size(); ++c) {
      const MatrixCell& cell = row.cells[c];
      const int x = label_width + static_cast<int>(c) * column_width;
      // Lighter as more of the pair's cases were discarded: a pale cell was
      // tested less than its colour says.
      svg += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" fill-opacity=\"{:.2f}\">"
          "<title>{}</title></rect>\n",
          x + 1, y + 1, column_width - 2, kRowHeight - 2, fill_of(cell.verdict),
          1.0 - 0.7 * cell.discard_share(), xml_escaped(cell_title(row, matrix.columns[c], cell)));
      if (cell.verdict == CellVerdict::Fails) {
        svg += fmt::format(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#ffffff\">{}</text>\n",
            x + column_width / 2, y + 12, cell.failed);
      }
    }
    y += kRowHeight;
  }
  y += 12;
  int x = 4;
  for (CellVerdict verdict : {CellVerdict::Holds, CellVerdict::Proved, CellVerdict::Fails,
                              CellVerdict::Unhealthy, CellVerdict::NotApplicable}) {
    svg += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/>"
        "<text x=\"{}\" y=\"{}\">{}</text>\n",
        x, y, fill_of(verdict), x + 16, y + 10, cell_verdict_name(verdict));
    x += 16 + static_cast<int>(std::string(cell_verdict_name(verdict)).size()) * kCharWidth + 16;
  }
  svg += fmt::format(
      "<text x=\"4\" y=\"{}\">paler: more of the pair's cases discarded; a number: cases "
      "failed</text>\n",
      y + 28);
  svg += "</svg>\n";
  return svg;
}

}  // namespace perturb::proofs
