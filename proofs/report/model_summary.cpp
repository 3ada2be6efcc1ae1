#include "proofs/report/model_summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "proofs/run/health.h"

namespace perturb::proofs {

std::string ModelSummary::verdict() const {
  std::string text;
  if (failing > 0) text = fmt::format("fails in {} pair{}", failing, failing == 1 ? "" : "s");
  if (unhealthy > 0) {
    text += failing > 0
                ? fmt::format(", {} unhealthy", unhealthy)
                : fmt::format("unhealthy in {} pair{}", unhealthy, unhealthy == 1 ? "" : "s");
  }
  if (text.empty()) text = "holds";
  if (proving) text += fmt::format(" (proved {}, inconclusive {})", passed, inconclusive);
  return text;
}

std::vector<ModelSummary> model_summaries(const std::vector<LawResult>& results,
                                          const DiscardLimits& limits) {
  std::vector<ModelSummary> summaries;
  std::map<std::string, std::size_t> index;
  for (const LawResult& r : results) {
    auto [at, inserted] = index.try_emplace(r.model, summaries.size());
    if (inserted) summaries.push_back({.model = r.model, .foil = r.foil});
    ModelSummary& s = summaries[at->second];
    s.proving = s.proving || r.proving;
    ++s.pairs;
    if (r.failed > 0) ++s.failing;
    if (!healthy(r, limits)) ++s.unhealthy;
    s.cases += r.cases;
    s.passed += r.passed;
    s.failed += r.failed;
    s.discarded += r.discarded;
    s.inconclusive += discarded_as(r, DiscardKind::Inconclusive);
  }
  return summaries;
}

bool needs_attention(const LawResult& result, const DiscardLimits& limits) {
  return result.failed > 0 || discarded_as(result, DiscardKind::Hang) > 0 ||
         !healthy(result, limits);
}

namespace {

std::string shown_name(const ModelSummary& s) { return s.model + (s.foil ? " (foil)" : ""); }

}  // namespace

std::string model_summary_text(const std::vector<ModelSummary>& summaries) {
  std::size_t width = 5;  // "model"
  for (const ModelSummary& s : summaries) width = std::max(width, shown_name(s).size());
  std::string text = fmt::format("{:<{}}  {:>5} {:>9} {:>9} {:>7} {:>9}  {}\n", "model", width,
                                 "pairs", "cases", "passed", "failed", "discarded", "verdict");
  for (const ModelSummary& s : summaries) {
    text += fmt::format("{:<{}}  {:>5} {:>9} {:>9} {:>7} {:>9}  {}\n", shown_name(s), width,
                        s.pairs, s.cases, s.passed, s.failed, s.discarded, s.verdict());
  }
  return text;
}

std::string model_summary_markdown(const std::vector<ModelSummary>& summaries) {
  std::string text =
      "| model | pairs | cases | passed | failed | discarded | verdict |\n"
      "|---|---|---|---|---|---|---|\n";
  for (const ModelSummary& s : summaries) {
    text += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", shown_name(s), s.pairs, s.cases,
                        s.passed, s.failed, s.discarded,
                        s.failing + s.unhealthy > 0 ? "**" + s.verdict() + "**" : s.verdict());
  }
  return text;
}

}  // namespace perturb::proofs
