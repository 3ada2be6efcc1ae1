// Hash-consing: a thread-safe table that returns the one live node equal to a
// candidate, so that structurally equal types and terms are pointer-equal and
// duplicated subterms (as T_x and ⋄ create them) cost nothing.
#pragma once

#include <sys/single_threaded.h>

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
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
  // The bytes a case is charged for each node it asks for, found or built
  // (calculus/uncharged_memory.h): the node and its shared_ptr control block.
  static constexpr std::size_t kChargePerNode = sizeof(Node) + 2 * sizeof(void*) + 16;

  // The live node stored under key for which matches(node) holds, or null:
  // asked before a candidate is built, since most nodes a case asks for
  // (variables, literals, the types R and R → R) already exist.
  template <class Matches>
  std::shared_ptr<const Node> find(std::uint64_t key, const Matches& matches) {
    const UnchargedScope uncharged;
    Shard& shard = shard_of(key);
    const ShardLock lock(shard);
    if (shard.slots.empty()) return nullptr;
    for (std::size_t i = first_slot(shard.slots.size(), key); shard.slots[i].occupied;
         i = next_slot(shard.slots.size(), i)) {
      if (shard.slots[i].key != key) continue;
      if (auto existing = shard.slots[i].node.lock(); existing && matches(*existing))
        return existing;
    }
    return nullptr;
  }

  // The live node equal to candidate, or candidate itself once stored.
  std::shared_ptr<const Node> intern(std::shared_ptr<const Node> candidate) {
    const std::uint64_t key = candidate->intern_key();
    const UnchargedScope uncharged;
    Shard& shard = shard_of(key);
    const ShardLock lock(shard);
    if (2 * (shard.used + 1) > shard.slots.size()) rebuild(shard, 4);
    Slot* dead = nullptr;
    std::size_t i = first_slot(shard.slots.size(), key);
    for (; shard.slots[i].occupied; i = next_slot(shard.slots.size(), i)) {
      Slot& slot = shard.slots[i];
      if (slot.key != key) continue;
      if (auto existing = slot.node.lock()) {
        if (existing->same_shallow(*candidate)) return existing;
      } else if (dead == nullptr) {
        dead = &slot;
      }
    }
    // Reusing a dead entry of the same key keeps chains of rebuilt nodes short.
    Slot& into = dead != nullptr ? *dead : shard.slots[i];
    if (!into.occupied) ++shard.used;
    into = Slot{key, candidate, true};
    return candidate;
  }

  // Drops the entries of dead nodes from every shard and sizes the shards to
  // what survives.
  void release_dead() {
    const UnchargedScope uncharged;
    for (Shard& shard : shards_) {
      const ShardLock lock(shard);
      rebuild(shard, 2);
    }
  }

 private:
  // Open addressing with linear probing; entries leave only when a rebuild
  // drops the dead ones, so probe chains stay whole. (A node-based multimap
  // cost a tenth of generating a case in chasing its buckets.)
  struct Slot {
    std::uint64_t key = 0;
    std::weak_ptr<const Node> node;
    bool occupied = false;
  };
  struct Shard {
    std::mutex mutex;
    std::vector<Slot> slots;  // a power of two, at most half occupied
    std::size_t used = 0;     // occupied slots, live or dead
  };

  // A shard's mutex, taken only while the process has other threads: a
  // process that never started one (a worker process, `--jobs 1`) has no one
  // to exclude, and an uncontended lock and unlock were a fortieth of a case.
  // A thread can only start from this one, never inside a lookup.
  class ShardLock {
   public:
    explicit ShardLock(Shard& shard) : mutex_(__libc_single_threaded ? nullptr : &shard.mutex) {
      if (mutex_ != nullptr) mutex_->lock();
    }
    ShardLock(const ShardLock&) = delete;
    ShardLock& operator=(const ShardLock&) = delete;
    ~ShardLock() {
      if (mutex_ != nullptr) mutex_->unlock();
    }

   private:
    std::mutex* mutex_;
  };

  Shard& shard_of(std::uint64_t key) { return shards_[key % shards_.size()]; }
  // The shard took the key's low bits; the slot, in a table of `size`
  // slots (a power of two), takes the next ones.
  static std::size_t first_slot(std::size_t size, std::uint64_t key) {
    return static_cast<std::size_t>(key / kShards) & (size - 1);
  }
  static std::size_t next_slot(std::size_t size, std::size_t i) { return (i + 1) & (size - 1); }

  // Keeps the live entries only, in `room` times as many slots as they need
  // (rounded up to a power of two): rebuilding at half full after room 4
  // keeps it amortised O(1), as the survivors at least double in between.
  // The new slots are allocated before any entry moves: if that throws (a
  // memory budget), the shard keeps every entry, so no node is built twice.
  static void rebuild(Shard& shard, std::size_t room) {
    std::size_t live = 0;
    for (const Slot& slot : shard.slots) live += slot.occupied && !slot.node.expired();
    std::size_t capacity = 64;
    while (capacity < room * (live + 1)) capacity *= 2;
    std::vector<Slot> slots(capacity);
    std::size_t used = 0;
    for (Slot& slot : shard.slots) {
      if (!slot.occupied || slot.node.expired()) continue;
      std::size_t i = first_slot(capacity, slot.key);
      while (slots[i].occupied) i = next_slot(capacity, i);
      slots[i] = std::move(slot);
      ++used;
    }
    shard.slots.swap(slots);
    shard.used = used;
  }

  static constexpr std::size_t kShards = 64;
  std::array<Shard, kShards> shards_;
};

}  // namespace perturb::calculus
