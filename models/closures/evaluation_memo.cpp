#include "models/closures/evaluation_memo.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "models/scalars/fields.h"
#include "semantics/evaluation_budget.h"

namespace perturb::models::closures {

namespace {

inline constexpr std::uint64_t kNoMorphism = ~std::uint64_t{0};  // an empty slot

// One morphism's last argument and its image.
template <class F>
struct Slot {
  std::uint64_t id = kNoMorphism;
  BasicValue<F> argument;  // kept alive, so that its address is not reused in the scope
  BasicValue<F> image;
};

// The memo is probed at every application of a shared subterm's morphism:
// an open-addressing table (linear probing, keyed by the morphism's id,
// entries inline) rather than a std::unordered_map, whose node per entry
// and bucket chasing made lookups and insertions a fifth of evaluating the
// slowest sound.T cases.
template <class F>
struct Memo {
  std::vector<Slot<F>> slots;  // a power of two of them, or none; at most half used
  std::size_t used = 0;

  // The slot of id, or the empty slot where it would go; requires slots.
  Slot<F>& slot(std::uint64_t id) {
    const std::size_t mask = slots.size() - 1;
    // Fibonacci hashing: consecutive ids spread over the table.
    std::size_t i = static_cast<std::size_t>((id * 0x9E3779B97F4A7C15ULL) >> 32) & mask;
    while (slots[i].id != id && slots[i].id != kNoMorphism) i = (i + 1) & mask;
    return slots[i];
  }

  // The slots of a new table: most evaluations memoize a few morphisms, and
  // every slot is built and destroyed with its scope (64 were a twentieth of
  // a first-order law case).
  static constexpr std::size_t kFirstSlots = 8;

  void grow() {
    std::vector<Slot<F>> old(std::max(kFirstSlots, 2 * slots.size()));
    old.swap(slots);
    for (Slot<F>& entry : old) {
      if (entry.id != kNoMorphism) slot(entry.id) = std::move(entry);
    }
  }
};

// The deepest tuples same_argument compares element by element: deeper ones
// count as different (a memo miss, never a wrong hit), so that the recursion
// is bounded whatever the type. Environments rarely get that far: their
// captured part is usually the same object, which ends the comparison.
inline constexpr int kMaxComparedDepth = 16;

// Whether two scalars have the same bits: equal, and for doubles the same
// sign of zero (-0 == 0, but the two print differently). Only the primal can
// be a zero: a perturbation term's coefficient never is (models/scalars/scalar.h).
template <class F>
bool identical_scalars(const Tagged<F>& a, const Tagged<F>& b) {
  if (!(a == b)) return false;
  if constexpr (std::is_same_v<F, double>)
    return std::signbit(a.primal_value()) == std::signbit(b.primal_value());
  return true;
}

// Whether the image remembered at `remembered` is the image at `argument`:
// the same value, object by object, with scalars compared by their bits and
// tuples element by element. An image depends on its argument's value only
// (what memoizing assumes); closures are compared as objects, since two
// closures cannot be compared. By object alone, the environments that
// currying builds afresh at every application (the pair of the captured
// environment and the argument) would never hit.
template <class F>
bool same_argument(const BasicValue<F>& remembered, const BasicValue<F>& argument, int depth = 0) {
  using Value = BasicValue<F>;
  if (same_object(remembered, argument)) return true;
  if (remembered.kind() != argument.kind()) return false;
  switch (argument.kind()) {
    case Value::Kind::Scalar:
      return identical_scalars(remembered.scalar(), argument.scalar());
    case Value::Kind::Tuple: {
      if (depth >= kMaxComparedDepth) return false;
      const auto left = remembered.elements(), right = argument.elements();
      if (left.size() != right.size()) return false;
      for (std::size_t i = 0; i < left.size(); ++i) {
        if (!same_argument(left[i], right[i], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

// This thread's memo of evaluations over F.
template <class F>
Memo<F>& memo() {
  thread_local Memo<F> the_memo;
  return the_memo;
}

}  // namespace

template <class F>
EvaluationScope<F>::EvaluationScope(std::uint64_t max_steps) {
  evaluation_detail::Steps& steps = evaluation_detail::steps<F>;
  if (steps.depth++ == 0) steps.budget = max_steps;
}

template <class F>
EvaluationScope<F>::~EvaluationScope() {
  evaluation_detail::Steps& steps = evaluation_detail::steps<F>;
  if (--steps.depth == 0) {
    Memo<F>& m = memo<F>();
    // Frees the buckets too: kept, they would be charged to whichever case
    // first needed as many, and a case's memory account would depend on the
    // cases the thread ran before it (semantics/case_memory.h).
    std::vector<Slot<F>>().swap(m.slots);
    m.used = 0;
    steps.taken = 0;
  }
}

void evaluation_detail::throw_budget_exceeded(std::uint64_t budget) {
  throw semantics::EvaluationBudgetExceeded("the evaluation exceeded " + std::to_string(budget) +
                                            " steps (closures' evaluation budget)");
}

std::uint64_t new_memo_id() {
  static std::atomic<std::uint64_t> next{0};
  return next.fetch_add(1, std::memory_order_relaxed);
}

template <class F>
const BasicValue<F>* find_memoized(std::uint64_t id, const BasicValue<F>& argument) {
  Memo<F>& m = memo<F>();
  if (evaluation_detail::steps<F>.depth == 0 || m.slots.empty()) return nullptr;
  const Slot<F>& found = m.slot(id);
  if (found.id != id || !same_argument(found.argument, argument)) return nullptr;
  return &found.image;
}

template <class F>
void remember(std::uint64_t id, const BasicValue<F>& argument, const BasicValue<F>& image) {
  if (evaluation_detail::steps<F>.depth == 0) return;
  Memo<F>& m = memo<F>();
  if (2 * (m.used + 1) > m.slots.size()) m.grow();
  Slot<F>& slot = m.slot(id);
  if (slot.id == kNoMorphism) {
    slot.id = id;
    ++m.used;
  }
  slot.argument = argument;
  slot.image = image;
}

#define PERTURB_INSTANTIATE_MEMO(F)                                                 \
  template class EvaluationScope<F>;                                                \
  template const BasicValue<F>* find_memoized(std::uint64_t, const BasicValue<F>&); \
  template void remember(std::uint64_t, const BasicValue<F>&, const BasicValue<F>&);
PERTURB_FOR_EACH_FIELD(PERTURB_INSTANTIATE_MEMO)

}  // namespace perturb::models::closures
