#include "proofs/check.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "proofs/binding/certified_twin.h"
#include "proofs/laws/law_selection.h"
#include "proofs/report/law_matrix.h"
#include "proofs/report/report.h"

namespace perturb::proofs {
namespace {

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

std::vector<LawBinding> select_laws(std::vector<LawBinding> bindings,
                                    const std::vector<std::string>& globs) {
  if (globs.empty()) return bindings;
  std::vector<LawBinding> selected;
  for (LawBinding& binding : bindings) {
    if (law_selected_by_any(binding.info.id, globs)) selected.push_back(std::move(binding));
  }
  return selected;
}

std::vector<LawResult> check_bindings(const std::vector<LawBinding>& bindings,
                                      const CheckOptions& options) {
  // As perturb check decides them: certified where a twin is among the
  // bindings, else a difference uncertified and a non-finite value undecided.
  std::vector<LawBinding> composed = bindings;
  certify_by_twins(composed);
  std::vector<LawResult> results = run_laws(composed, options.run);
  if (!options.report_dir.empty()) {
    const std::filesystem::path dir(options.report_dir);
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error) throw std::runtime_error("cannot create " + dir.string() + ": " + error.message());
    const nlohmann::json report = report_json(results, options.run);
    write_file(dir / "report.json", report.dump(2) + "\n");
    write_file(dir / "report.md", report_markdown(results, options.run));
    write_file(dir / kMatrixFile, law_matrix_svg(law_matrix(report)));
  }
  return results;
}

bool all_hold(const std::vector<LawResult>& results) {
  if (results.empty()) return false;  // no law ran: nothing was shown to hold
  for (const LawResult& result : results) {
    if (result.failed > 0) return false;
  }
  return true;
}

}  // namespace perturb::proofs
