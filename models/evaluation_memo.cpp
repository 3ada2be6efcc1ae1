#include "models/evaluation_memo.h"

#include <atomic>
#include <string>
#include <unordered_map>

#include "models/fields.h"
#include "semantics/evaluation_budget.h"

namespace perturb::models::closures {

namespace {

template <class F>
struct Entry {
  BasicValue<F> argument;  // kept alive, so that its address is not reused in the scope
  BasicValue<F> image;
};

template <class F>
struct Memo {
  int depth = 0;
  std::uint64_t steps = 0;
  std::uint64_t max_steps = 0;
  std::unordered_map<std::uint64_t, Entry<F>> entries;  // one per morphism: its last argument
};

// This thread's memo of evaluations over F.
template <class F>
Memo<F>& memo() {
  thread_local Memo<F> the_memo;
  return the_memo;
}

}  // namespace

template <class F>
EvaluationScope<F>::EvaluationScope(std::uint64_t max_steps) {
  Memo<F>& m = memo<F>();
  if (m.depth++ == 0) m.max_steps = max_steps;
}

template <class F>
EvaluationScope<F>::~EvaluationScope() {
  Memo<F>& m = memo<F>();
  if (--m.depth == 0) {
    // Frees the buckets too: kept, they would be charged to whichever case
    // first needed as many, and a case's memory account would depend on the
    // cases the thread ran before it (semantics/case_memory.h).
    std::unordered_map<std::uint64_t, Entry<F>>().swap(m.entries);
    m.steps = 0;
  }
}

template <class F>
void count_step() {
  Memo<F>& m = memo<F>();
  if (m.depth == 0 || ++m.steps <= m.max_steps) return;
  throw semantics::EvaluationBudgetExceeded("the evaluation exceeded " +
                                            std::to_string(m.max_steps) +
                                            " steps (closures' evaluation budget)");
}

std::uint64_t new_memo_id() {
  static std::atomic<std::uint64_t> next{0};
  return next.fetch_add(1, std::memory_order_relaxed);
}

template <class F>
const BasicValue<F>* find_memoized(std::uint64_t id, const BasicValue<F>& argument) {
  Memo<F>& m = memo<F>();
  if (m.depth == 0) return nullptr;
  const auto it = m.entries.find(id);
  if (it == m.entries.end() || !same_object(it->second.argument, argument)) return nullptr;
  return &it->second.image;
}

template <class F>
void remember(std::uint64_t id, const BasicValue<F>& argument, const BasicValue<F>& image) {
  Memo<F>& m = memo<F>();
  if (m.depth == 0) return;
  m.entries.insert_or_assign(id, Entry<F>{argument, image});
}

#define PERTURB_INSTANTIATE_MEMO(F)                                                 \
  template class EvaluationScope<F>;                                                \
  template void count_step<F>();                                                    \
  template const BasicValue<F>* find_memoized(std::uint64_t, const BasicValue<F>&); \
  template void remember(std::uint64_t, const BasicValue<F>&, const BasicValue<F>&);
PERTURB_FOR_EACH_FIELD(PERTURB_INSTANTIATE_MEMO)

}  // namespace perturb::models::closures
