#include "models/evaluation_memo.h"

#include <atomic>
#include <string>
#include <unordered_map>

#include "semantics/evaluation_budget.h"

namespace perturb::models::closures {

namespace {

struct Entry {
  Value argument;  // kept alive, so that its address is not reused in the scope
  Value image;
};

struct Memo {
  int depth = 0;
  std::uint64_t steps = 0;
  std::uint64_t max_steps = 0;
  std::unordered_map<std::uint64_t, Entry> entries;  // one per morphism: its last argument
};

thread_local Memo memo;

}  // namespace

EvaluationScope::EvaluationScope(std::uint64_t max_steps) {
  if (memo.depth++ == 0) memo.max_steps = max_steps;
}

EvaluationScope::~EvaluationScope() {
  if (--memo.depth == 0) {
    memo.entries.clear();
    memo.steps = 0;
  }
}

void count_step() {
  if (memo.depth == 0 || ++memo.steps <= memo.max_steps) return;
  throw semantics::EvaluationBudgetExceeded("the evaluation exceeded " +
                                            std::to_string(memo.max_steps) +
                                            " steps (closures' evaluation budget)");
}

std::uint64_t new_memo_id() {
  static std::atomic<std::uint64_t> next{0};
  return next.fetch_add(1, std::memory_order_relaxed);
}

const Value* find_memoized(std::uint64_t id, const Value& argument) {
  if (memo.depth == 0) return nullptr;
  const auto it = memo.entries.find(id);
  if (it == memo.entries.end() || !same_object(it->second.argument, argument)) return nullptr;
  return &it->second.image;
}

void remember(std::uint64_t id, const Value& argument, const Value& image) {
  if (memo.depth == 0) return;
  memo.entries.insert_or_assign(id, Entry{argument, image});
}

}  // namespace perturb::models::closures
