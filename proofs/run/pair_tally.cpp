#include "proofs/run/pair_tally.h"

#include <algorithm>

namespace perturb::proofs {

namespace {

void tally_discard(std::map<std::string, DiscardTally>& discards, const std::string& reason,
                   const DiscardTally& part) {
  auto [it, added] = discards.try_emplace(reason, part);
  if (added) return;
  it->second.count += part.count;
  it->second.first_case = std::min(it->second.first_case, part.first_case);
}

}  // namespace

void fold_into(PairTally& total, const PairTally& part) {
  total.passed += part.passed;
  total.failed += part.failed;
  total.discarded += part.discarded;
  for (const auto& [label, count] : part.labels) total.labels[label] += count;
  if (part.first_failure && (!total.first_failure || *part.first_failure < *total.first_failure))
    total.first_failure = part.first_failure;
  for (const auto& [reason, tally] : part.discards) tally_discard(total.discards, reason, tally);
}

void count_case(PairTally& tally, std::uint64_t index, const std::vector<std::string>& labels,
                const Outcome& outcome) {
  for (const std::string& label : labels) ++tally.labels[label];
  switch (outcome.verdict) {
    case Verdict::Passed:
      ++tally.passed;
      break;
    case Verdict::Failed:
      ++tally.failed;
      if (!tally.first_failure || index < *tally.first_failure) tally.first_failure = index;
      break;
    case Verdict::Discarded:
      ++tally.discarded;
      tally_discard(tally.discards, outcome.detail, {outcome.discard_kind, 1, index});
      break;
  }
}

}  // namespace perturb::proofs
