// Normalisation: repeated one-step reduction (reduce.h) under a strategy,
// with a step budget, a size budget and an optional trace.
//
// Steps are graph reduction steps: the term is a hash-consed DAG, and one
// step contracts one redex *node*, i.e. every occurrence of that subterm at
// once (a sequence of ordinary steps, one per occurrence). Without this, a
// redex shared 2ⁿ times (as T_x and ⋄ create them) would take 2ⁿ steps. The
// trace records the occurrence the strategy chose.
//
// Strategies choose that occurrence:
//   normal order       the leftmost-outermost redex
//   applicative order  the leftmost-innermost redex (one containing no other)
//   random             a random walk from the root, seeded: at each node
//                      uniformly among "this redex" and the children that
//                      contain one
//
// Budgets: at most max_steps steps, and the DAG size (distinct nodes,
// dag_size) of the current term at most max_size; DAG size because the
// tree size of a well-shared term can be exponential and costs nothing. One
// step may itself build far more than its input (the linear extensions of
// §3 multiply summands under T_x), so each step's substitution, T_x and
// rebuilding also stop once they have built max_size nodes (TooLarge): memory
// stays proportional to max_size. A term that would nest deeper than
// kMaxTermDepth also gives up. Giving up returns the last term reached.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "calculus/reduce.h"
#include "calculus/term.h"

namespace perturb::calculus {

enum class Strategy { NormalOrder, ApplicativeOrder, Random };

// "normal", "applicative", "random".
const char* strategy_name(Strategy strategy);

struct NormalizeOptions {
  Rules rules = {};
  Strategy strategy = Strategy::NormalOrder;
  std::uint64_t seed = 0;  // for Strategy::Random
  std::uint64_t max_steps = 100000;
  std::uint64_t max_size = 1000000;  // DAG size of the current term
  bool trace = false;
};

enum class NormalizeStatus {
  NormalForm,  // no redex left
  StepBudget,  // max_steps steps taken, redexes remain
  SizeBudget,  // the term's DAG size, or what one step built, exceeded max_size
  TooDeep,     // a step would have built a term deeper than kMaxTermDepth
};

// One step: the rule, the occurrence chosen, and the whole term after it.
struct TraceStep {
  std::string_view rule;
  Position position;
  Term term;
};

struct NormalizeResult {
  Term term;                // the normal form, or the last term reached
  std::uint64_t steps = 0;  // graph reduction steps taken
  NormalizeStatus status = NormalizeStatus::NormalForm;
  std::vector<TraceStep> trace;  // empty unless options.trace
};

// Reduces term until no redex is left or a budget is exceeded.
NormalizeResult normalize(const Term& term, const NormalizeOptions& options = {});

// One line: "normal form after N steps" or "gave up after N steps / size S: …".
std::string describe(const NormalizeResult& result);

}  // namespace perturb::calculus
