// NodeKeyMap<V>: a hash map from a key (node address, number) to V, for the
// memos of one pass over a hash-consed DAG (calculus/term.h): interpretation
// per (node, scope), T_x per (node, index of x), scope checking per (node,
// depth), the shared subterms of a term. NodeKeySet is its set.
//
// Open addressing with linear probing over a power-of-two array of 16-byte
// slots (the key and, in the map, an index into the values beside it): a
// lookup touches a slot or two and copies nothing, where std::unordered_map
// chased a heap node per entry and a key holding a Term counted a reference
// per lookup (the interpreter's memo was a sixth of interpreting a large
// derived term). The passes walk DAGs of 10⁴–10⁵ nodes, so the slots' size
// is what decides how many lookups miss the cache.
//
// The keys are addresses, not owners: the caller keeps every keyed node
// alive while the map lives (each pass keeps the root of the DAG it walks),
// so that no address is reused for another node while it is a key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "calculus/error.h"
#include "calculus/hash.h"

namespace perturb::calculus {

namespace node_key_detail {

// Open addressing with linear probing over a power-of-two array of slots
// keyed by (node, number), at most half of them used; a Slot has `node`
// (null: empty) and `number`, and whatever else the user keeps in it.
template <class Slot>
class Slots {
 public:
  // The slot of the key, or null.
  const Slot* find(const void* node, std::uint64_t number) const {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = start(node, number);; i = (i + 1) & mask()) {
      const Slot& slot = slots_[i];
      if (slot.node == nullptr) return nullptr;
      if (slot.node == node && slot.number == number) return &slot;
    }
  }

  // The slot of the key, added (its other fields default) unless present,
  // and whether it was added; valid until the next insertion. node is not null.
  std::pair<Slot*, bool> insert(const void* node, std::uint64_t number) {
    check(number <= UINT32_MAX, "NodeKeyMap/NodeKeySet: a number past 32 bits");
    if (2 * (size_ + 1) > slots_.size()) grow();
    std::size_t i = start(node, number);
    for (; slots_[i].node != nullptr; i = (i + 1) & mask()) {
      if (slots_[i].node == node && slots_[i].number == number) return {&slots_[i], false};
    }
    slots_[i].node = node;
    slots_[i].number = static_cast<std::uint32_t>(number);
    ++size_;
    return {&slots_[i], true};
  }

  std::size_t size() const { return size_; }

 private:
  std::size_t mask() const { return slots_.size() - 1; }
  std::size_t start(const void* node, std::uint64_t number) const {
    return static_cast<std::size_t>(hash_combine(reinterpret_cast<std::uintptr_t>(node), number)) &
           mask();
  }
  // Doubles the slots and places every key again.
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 16 : 2 * old.size(), Slot{});
    for (const Slot& slot : old) {
      if (slot.node == nullptr) continue;
      std::size_t i = start(slot.node, slot.number);
      while (slots_[i].node != nullptr) i = (i + 1) & mask();
      slots_[i] = slot;
    }
  }

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
};

}  // namespace node_key_detail

template <class V>
class NodeKeyMap {
 public:
  // The value at (node, number), or null; valid until the next insertion.
  const V* find(const void* node, std::uint64_t number) const {
    const Slot* slot = slots_.find(node, number);
    return slot == nullptr ? nullptr : &values_[slot->value];
  }
  V* find(const void* node, std::uint64_t number) {
    return const_cast<V*>(std::as_const(*this).find(node, number));
  }

  // Adds (node, number) → value unless the key is present: the value at the
  // key and whether it was added. node is not null.
  std::pair<V*, bool> insert(const void* node, std::uint64_t number, V value) {
    check(values_.size() < UINT32_MAX, "NodeKeyMap: a size past 32 bits");
    const auto [slot, added] = slots_.insert(node, number);
    if (!added) return {&values_[slot->value], false};
    slot->value = static_cast<std::uint32_t>(values_.size());
    values_.push_back(std::move(value));
    return {&values_.back(), true};
  }

  std::size_t size() const { return values_.size(); }

 private:
  struct Slot {
    const void* node = nullptr;  // null: empty
    std::uint32_t number = 0;
    std::uint32_t value = 0;  // index into values_
  };
  node_key_detail::Slots<Slot> slots_;
  std::vector<V> values_;
};

// A set of (node address, number) keys, with NodeKeyMap's rule for the keys;
// its slots hold the key alone (the DAG walks insert into one at every node).
class NodeKeySet {
 public:
  // Adds the key: whether it was absent.
  bool insert(const void* node, std::uint64_t number = 0) {
    return keys_.insert(node, number).second;
  }
  bool contains(const void* node, std::uint64_t number = 0) const {
    return keys_.find(node, number) != nullptr;
  }
  std::size_t size() const { return keys_.size(); }

 private:
  struct Slot {
    const void* node = nullptr;  // null: empty
    std::uint32_t number = 0;
  };
  node_key_detail::Slots<Slot> keys_;
};

}  // namespace perturb::calculus
