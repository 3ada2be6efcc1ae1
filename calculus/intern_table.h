// Hash-consing: a thread-safe table that returns the one live node equal to a
// candidate, so that structurally equal types and terms are pointer-equal and
// duplicated subterms (as T_x and ⋄ create them) cost nothing.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "calculus/uncharged_memory.h"

namespace perturb::calculus {

// Node must provide `std::uint64_t intern_key() const` and
// `bool same_shallow(const Node&) const` (equal data, pointer-equal children).
// The table holds weak references only, so unused nodes die normally. Its
// own memory is never charged to a law case (calculus/uncharged_memory.h).
template <class Node>
class InternTable {
 public:
  // The live node equal to candidate, or candidate itself once stored.
  std::shared_ptr<const Node> intern(std::shared_ptr<const Node> candidate) {
    const std::uint64_t key = candidate->intern_key();
    const UnchargedScope uncharged;
    Shard& shard = shards_[key % shards_.size()];
    std::lock_guard<std::mutex> lock(shard.mutex);
    auto [first, last] = shard.nodes.equal_range(key);
    auto dead = last;
    for (auto it = first; it != last; ++it) {
      if (auto existing = it->second.lock()) {
        if (existing->same_shallow(*candidate)) return existing;
      } else if (dead == last) {
        dead = it;
      }
    }
    // Reusing a dead entry of the same key keeps chains of rebuilt nodes short.
    if (dead != last) {
      dead->second = candidate;
      return candidate;
    }
    shard.nodes.emplace(key, candidate);
    if (shard.nodes.size() >= shard.next_sweep) sweep(shard);
    return candidate;
  }

  // Drops the entries of dead nodes from every shard and sizes the shards to
  // what survives.
  void release_dead() {
    const UnchargedScope uncharged;
    for (Shard& shard : shards_) {
      std::lock_guard<std::mutex> lock(shard.mutex);
      sweep(shard);
      shard.nodes.rehash(0);
    }
  }

 private:
  struct Shard {
    std::mutex mutex;
    std::unordered_multimap<std::uint64_t, std::weak_ptr<const Node>> nodes;
    std::size_t next_sweep = 1024;
  };

  // Drops dead entries; sweeping at twice the surviving size keeps it amortised O(1).
  static void sweep(Shard& shard) {
    for (auto it = shard.nodes.begin(); it != shard.nodes.end();) {
      it = it->second.expired() ? shard.nodes.erase(it) : std::next(it);
    }
    shard.next_sweep = std::max<std::size_t>(1024, 2 * shard.nodes.size());
  }

  std::array<Shard, 64> shards_;
};

}  // namespace perturb::calculus
