// What some checked cases of one law × model pair came to: counts, labels,
// the least failing case and the discards by reason. Tallies of disjoint
// cases add up to the same tally in any order, which is what lets a run's
// units be counted on other threads, processes, shards or machines.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "proofs/cases/discard.h"
#include "proofs/cases/law.h"

namespace perturb::proofs {

// The discarded cases of a pair that share one reason.
struct DiscardTally {
  DiscardKind kind = DiscardKind::Internal;
  std::uint64_t count = 0;
  std::uint64_t first_case = 0;  // the least case index discarded for it
};

// What some checked cases of one pair came to. Tallies of disjoint cases
// add up (fold_into) to the same tally in any order.
struct PairTally {
  std::uint64_t passed = 0, failed = 0, discarded = 0;
  std::map<std::string, std::uint64_t> labels;
  std::optional<std::uint64_t> first_failure;  // the least failing case index
  std::map<std::string, DiscardTally> discards;

  std::uint64_t cases() const { return passed + failed + discarded; }
};

// Adds part to total: counts add, least indices win.
void fold_into(PairTally& total, const PairTally& part);

// Counts the case `index`, with these labels and this outcome, into tally.
void count_case(PairTally& tally, std::uint64_t index, const std::vector<std::string>& labels,
                const Outcome& outcome);

}  // namespace perturb::proofs
