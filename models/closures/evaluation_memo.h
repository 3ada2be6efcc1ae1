// The evaluation memo of the `closures` model: while an evaluation is under
// way (an EvaluationScope is open on the thread), a memoized morphism applied
// twice to the same value returns its first image: the same object, or one
// built again from the same parts (scalars with the same bits, closures the
// same objects), as currying builds a λ's environment afresh at every
// application. The interpreter memoizes the morphisms of shared subterms
// (ClosureModel::shared), so a term whose tree is far larger than its DAG
// (T_x and ⋄ triple subterms) is evaluated in time near its DAG's size.
//
// An evaluation also counts its steps (applications of morphisms) and stops
// with semantics::EvaluationBudgetExceeded past the budget its outermost
// scope was opened with (ModelConfig::max_evaluation_steps): a number of
// steps, so whether an evaluation completes depends on the term and the
// point only, never on the machine.
//
// The memo lives outside the morphisms and is emptied when the outermost
// scope closes: a morphism that kept its own images would form reference
// cycles (an image can be a closure over the morphism) and leak them.
#pragma once

#include <cstdint>

#include "models/closures/value.h"

namespace perturb::models::closures {

// The memo and budget are per field F: an evaluation of the closures model
// over F opens a scope over F (models/scalars/fields.h lists the fields).

// Opens an evaluation on this thread that may take max_steps steps; the memo
// is emptied when the outermost scope on the thread closes. Nested scopes
// share the outer one's memo and budget.
template <class F>
class EvaluationScope {
 public:
  explicit EvaluationScope(std::uint64_t max_steps);
  ~EvaluationScope();
  EvaluationScope(const EvaluationScope&) = delete;
  EvaluationScope& operator=(const EvaluationScope&) = delete;
};

namespace evaluation_detail {

// The open evaluation on this thread over F: how deep its scopes are nested
// (0: none is open), the steps it took and the most it may take.
struct Steps {
  int depth = 0;
  std::uint64_t taken = 0;
  std::uint64_t budget = 0;
};
template <class F>
constinit inline thread_local Steps steps{};

// Throws semantics::EvaluationBudgetExceeded for the budget.
[[noreturn]] void throw_budget_exceeded(std::uint64_t budget);

}  // namespace evaluation_detail

// Counts one step of the open evaluation (none is open: nothing); throws
// semantics::EvaluationBudgetExceeded past its budget. Inline: every
// application of a morphism counts one.
template <class F>
void count_step() {
  evaluation_detail::Steps& steps = evaluation_detail::steps<F>;
  if (steps.depth == 0 || ++steps.taken <= steps.budget) [[likely]]
    return;
  evaluation_detail::throw_budget_exceeded(steps.budget);
}

// Counts `count` steps at once, as count_step `count` times would but that
// it throws before the first of them when they would pass the budget.
template <class F>
void count_steps(std::uint64_t count) {
  evaluation_detail::Steps& steps = evaluation_detail::steps<F>;
  if (steps.depth == 0) return;
  steps.taken += count;
  if (steps.taken > steps.budget) [[unlikely]]
    evaluation_detail::throw_budget_exceeded(steps.budget);
}

// A new identity for a memoized morphism (never reused in the process).
std::uint64_t new_memo_id();

// The image memoized for morphism `id` at a value that is `argument` (as
// above), if a scope is open and it was memoized in it; null otherwise.
template <class F>
const BasicValue<F>* find_memoized(std::uint64_t id, const BasicValue<F>& argument);

// Remembers image as morphism id's image at argument, if a scope is open.
template <class F>
void remember(std::uint64_t id, const BasicValue<F>& argument, const BasicValue<F>& image);

}  // namespace perturb::models::closures
