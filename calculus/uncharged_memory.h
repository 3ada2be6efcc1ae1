// What a law case is not charged or credited for (semantics/case_memory.h),
// so that its account is a function of the case alone.
//
// Hash-consed terms and types are shared. A node one case builds may be
// held by a case on another thread, found again by a later case, and freed
// by whichever case sweeps the tables. Three rules keep that out of a case's
// account:
//  * a case is charged a fixed amount for every node it asks for
//    (InternTable::kChargePerNode, through charge_case), whether an equal
//    live node is found or a new one is built; building it is uncharged
//    (NodeAllocator, and the types a term node's constructor computes for
//    itself), and so is dropping the data and children a found node makes
//    unneeded;
//  * a node's destruction and deallocation are never credited, whoever
//    drops the last reference (NodeAllocator);
//  * the tables' own memory is neither charged nor credited (InternTable).
#pragma once

#include <cstddef>
#include <memory>

namespace perturb::calculus {

// Depth of the open UnchargedScopes of this thread. While it is positive, the
// perturb executable's allocation functions (app/memory_budget.cpp) neither
// charge nor credit the open case; the process's budget still counts.
inline thread_local int uncharged_depth = 0;

class UnchargedScope {
 public:
  UnchargedScope() { ++uncharged_depth; }
  ~UnchargedScope() { --uncharged_depth; }
  UnchargedScope(const UnchargedScope&) = delete;
  UnchargedScope& operator=(const UnchargedScope&) = delete;
};

// Charges the thread's open case for `bytes` as if it had allocated them,
// throwing as such an allocation would past the case's budget; nothing
// inside an UnchargedScope. The hook is what the perturb executable installs
// (app/memory_budget.cpp); elsewhere nothing is counted, as for allocations.
inline void (*charge_hook)(std::size_t bytes) = nullptr;
inline void charge_case(std::size_t bytes) {
  if (charge_hook != nullptr && uncharged_depth == 0) charge_hook(bytes);
}

// The allocator of hash-consed nodes (std::allocate_shared): uncharged
// throughout, since the case is charged when it asks for the node.
template <class T>
struct NodeAllocator {
  using value_type = T;
  NodeAllocator() = default;
  template <class U>
  explicit(false) NodeAllocator(const NodeAllocator<U>& /*other*/) {}

  T* allocate(std::size_t n) {
    const UnchargedScope uncharged;
    return std::allocator<T>{}.allocate(n);
  }
  void deallocate(T* p, std::size_t n) {
    const UnchargedScope uncharged;
    std::allocator<T>{}.deallocate(p, n);
  }
  template <class U>
  void destroy(U* p) {
    const UnchargedScope uncharged;
    p->~U();
  }
  friend bool operator==(const NodeAllocator&, const NodeAllocator&) { return true; }
};

}  // namespace perturb::calculus
