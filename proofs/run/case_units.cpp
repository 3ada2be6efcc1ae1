#include "proofs/run/case_units.h"

#include <algorithm>

#include "calculus/hash.h"

namespace perturb::proofs {

namespace {

// Units have at least kUnitAtLeast cases, for balance between threads, and
// a pair at most about kUnitsPerPair units, so that the journal of a long
// run stays small; kUnitAtMost keeps a unit short enough to abandon at a deadline.
constexpr std::uint64_t kUnitAtLeast = 32;
constexpr std::uint64_t kUnitsPerPair = 64;
constexpr std::uint64_t kUnitAtMost = 4096;

}  // namespace

std::uint64_t unit_size(std::uint64_t cases) {
  return std::clamp((cases + kUnitsPerPair - 1) / kUnitsPerPair, kUnitAtLeast, kUnitAtMost);
}

std::uint64_t unit_count(std::size_t bindings, std::uint64_t cases) {
  return bindings * ((cases + unit_size(cases) - 1) / unit_size(cases));
}

CaseUnit case_unit(std::uint64_t unit, std::size_t bindings, std::uint64_t cases) {
  const std::uint64_t first = (unit / bindings) * unit_size(cases);
  return {unit % bindings, first, std::min(cases, first + unit_size(cases))};
}

bool in_shard(std::uint64_t unit, std::size_t bindings, std::uint64_t, Shard shard) {
  // Each pair starts its round at a shard drawn from a hash of the pair, not
  // at pair mod N: the pairs of one model sit at one residue of the pair
  // index, so the shorter last chunk of every pair of an expensive model
  // would otherwise go to the same shard.
  const std::uint64_t start = calculus::hash_combine(0, unit % bindings) % shard.count;
  return (unit / bindings + start) % shard.count == shard.index - 1;
}

bool RunLedger::add(std::uint64_t unit, std::size_t binding, const PairTally& tally) {
  if (!units.insert(unit).second) return false;
  fold_into(pairs.at(binding), tally);
  return true;
}

bool RunLedger::complete(std::size_t bindings, std::uint64_t cases, Shard shard) const {
  const std::uint64_t count = unit_count(bindings, cases);
  for (std::uint64_t unit = 0; unit < count; ++unit) {
    if (in_shard(unit, bindings, cases, shard) && !units.count(unit)) return false;
  }
  return true;
}

}  // namespace perturb::proofs
