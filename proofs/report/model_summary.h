// A run at a glance: one row per model with its pairs, cases and verdict.
// The terminal (summary_text) and report.md open with it; a pair's own line
// and details follow only where the pair needs a reader's attention.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "proofs/cases/discard.h"
#include "proofs/run/law_result.h"

namespace perturb::proofs {

struct ModelSummary {
  std::string model;
  bool foil = false;
  bool proving = false;       // a proving model: passed counts proofs
  std::size_t pairs = 0;      // law × model pairs run on the model
  std::size_t failing = 0;    // pairs with a failed case
  std::size_t unhealthy = 0;  // pairs whose discards or coverage miss their limits
  std::uint64_t cases = 0;
  std::uint64_t passed = 0;
  std::uint64_t failed = 0;
  std::uint64_t discarded = 0;
  std::uint64_t inconclusive = 0;  // a proving model's cases neither proved nor refuted

  // "holds", "fails in 3 pairs", "fails in 3 pairs, 1 unhealthy",
  // "unhealthy in 2 pairs", with "(proved 2100, inconclusive 0)" for a
  // proving model.
  std::string verdict() const;
};

// One summary per model, in the order the models first occur in results.
std::vector<ModelSummary> model_summaries(const std::vector<LawResult>& results,
                                          const DiscardLimits& limits);

// Whether a pair is shown in full when the run is summarised: it fails, is
// unhealthy, or has a case that hung.
bool needs_attention(const LawResult& result, const DiscardLimits& limits);

// The summaries as a fixed-width table with a header line, for the terminal.
std::string model_summary_text(const std::vector<ModelSummary>& summaries);

// The summaries as a Markdown table, for report.md.
std::string model_summary_markdown(const std::vector<ModelSummary>& summaries);

}  // namespace perturb::proofs
