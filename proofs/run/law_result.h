// What a run found for one law × model pair: its counts, labels, coverage,
// discards and its shrunk counterexample; what the reports are made of.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "proofs/cases/law.h"
#include "proofs/run/coverage.h"
#include "proofs/run/pair_tally.h"

namespace perturb::proofs {

struct Counterexample {
  std::uint64_t case_index = 0;
  std::uint64_t case_seed = 0;
  Case original;
  Outcome original_outcome;
  Case shrunk;
  Outcome outcome;
  std::uint32_t shrink_steps = 0;
};

struct LawResult {
  LawInfo info;
  std::string model;
  bool foil = false;
  // The model proves instances (LawBinding::proving): passed counts proofs,
  // failed refutations, and discards of kind inconclusive the rest.
  bool proving = false;
  std::uint64_t cases = 0;
  std::uint64_t passed = 0;
  std::uint64_t failed = 0;
  std::uint64_t discarded = 0;
  std::map<std::string, std::uint64_t> labels;
  // The law's coverage requirements on this model, decided (proofs/run/coverage.h).
  std::vector<CoverageResult> coverage;
  // The discarded cases by reason (Discard's contract: few distinct reasons).
  std::map<std::string, DiscardTally> discards;
  std::optional<Counterexample> counterexample;
};

}  // namespace perturb::proofs
