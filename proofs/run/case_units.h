// How a run's case space is cut into units (a range of case indices of one
// binding), which units a shard owns, and the ledger of the units counted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <set>
#include <vector>

#include "proofs/run/pair_tally.h"
#include "proofs/run/run_options.h"

namespace perturb::proofs {

// The unit `unit` of a run: cases [first, last) of bindings[binding].
struct CaseUnit {
  std::size_t binding = 0;
  std::uint64_t first = 0, last = 0;
};

// How the case space of `bindings` bindings × `cases` cases is cut: units of
// unit_size(cases) consecutive indices, unit u being chunk u / bindings of
// binding u % bindings, so that the first units touch every binding.
std::uint64_t unit_size(std::uint64_t cases);
std::uint64_t unit_count(std::size_t bindings, std::uint64_t cases);
CaseUnit case_unit(std::uint64_t unit, std::size_t bindings, std::uint64_t cases);
// Whether the unit belongs to the shard: each binding's chunks go round the
// shards in turn, from a shard drawn by hashing the binding's index, so that
// every shard gets about as many cases of each law and of each model.
bool in_shard(std::uint64_t unit, std::size_t bindings, std::uint64_t cases, Shard shard);

// What the first phase has counted: a tally per binding and the units in it.
struct RunLedger {
  std::vector<PairTally> pairs;
  std::set<std::uint64_t> units;

  // Adds the tally of `unit` of `binding` (already counted units are refused: false).
  bool add(std::uint64_t unit, std::size_t binding, const PairTally& tally);
  // Whether every unit of the shard is counted.
  bool complete(std::size_t bindings, std::uint64_t cases, Shard shard) const;
};

}  // namespace perturb::proofs
