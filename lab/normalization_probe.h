// The strong-normalization probe of the conjecture lab (spec §7): random
// terms (lab/confluence_probe.h's generator) and a seed corpus of terms known
// to be hard, each reduced along several orders with large budgets; the
// distributions of steps and of growth (peak DAG size against the input's)
// per order, the terms that exhaust a budget along some order, and the worst
// terms, shrunk. A term that exhausts its budget along some order is a
// candidate counterexample to strong normalization, not a proof of one.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "calculus/normalize.h"
#include "lab/confluence_probe.h"

namespace perturb::lab {

// The orders: the strategies of calculus/normalize.h (applicative, normal,
// random walks) and the adversarial T-first order, which contracts the
// outermost T-redex first even when its body is not normal (the strategies
// let T wait for its body), else the leftmost-outermost redex; a step
// contracts that redex node at all of its occurrences (graph reduction, as
// the strategies do).
struct NormalizationOptions {
  std::uint64_t cases = 1000;
  std::uint64_t seed = 1;
  std::uint32_t max_size = 12;      // generation size, as for confluence
  std::uint32_t random_orders = 2;  // seeded random walks per term, at least 1
  std::uint64_t max_steps = 20000;  // per order
  std::uint64_t max_nodes = 20000;  // DAG size per order (and nodes one step may build)
  std::uint32_t worst = 3;          // terms on which some order gave up that are shrunk and kept
  std::uint32_t shrink_attempts = 60;
  bool seed_corpus = true;  // also the terms of spec §7 and of the typed-core issue
};

// One term along one order.
struct OrderOutcome {
  std::string order;
  calculus::NormalizeStatus status = calculus::NormalizeStatus::NormalForm;
  std::string gave_up;  // why it gave up, when status is not NormalForm
  // The budget it ran out of: lab/budget_name.h's names, or "work" (T-first's
  // own budget, a StepBudget status); "none" for a normal form.
  std::string budget = "none";
  std::uint64_t steps = 0;
  // Largest DAG size reached, over at most kSampledSteps evenly spaced steps
  // of the strategies' traces (exact when they took no more), over every
  // step of T-first. The trace counts against the strategies' memory budget
  // (512 MiB here); no run of the documented 10 000 terms came near it.
  std::uint64_t peak_dag = 0;
};
inline constexpr std::uint64_t kSampledSteps = 512;

struct NormalizationCase {
  std::string source;  // "case 17" or "corpus: <why it is there>"
  ConfluenceCase term;
  std::vector<OrderOutcome> orders;
};

// term along every order of options.
std::vector<OrderOutcome> normalize_along_orders(const calculus::Term& term,
                                                 const NormalizationOptions& options);

// Percentiles of a distribution, over every term and order that reached a
// normal form (steps) or over every run (growth).
struct Distribution {
  std::uint64_t count = 0;
  double median = 0, p90 = 0, p99 = 0, max = 0;
};

struct OrderSummary {
  std::string order;  // "applicative", "normal", "random", "T-first"
  std::uint64_t normal_forms = 0;
  std::vector<std::pair<std::string, std::uint64_t>> gave_up;  // budget, count
  Distribution steps;   // over the runs that reached a normal form
  Distribution growth;  // peak DAG / input DAG, over every run
};

// A term kept for the report: shrunk while it stays as bad along `order`
// (exhausts the same budget, or takes at least as many steps, or grows at
// least as much).
struct WorstTerm {
  std::string why;  // "exhausts the step budget along normal", "most steps", "most growth"
  std::string order;
  NormalizationCase original;
  calculus::Term shrunk;
  std::uint32_t shrink_steps = 0;
  OrderOutcome outcome;  // of the shrunk term along order
};

struct NormalizationResult {
  NormalizationOptions options;
  std::uint64_t terms = 0;                   // random cases and corpus terms
  std::uint64_t all_normal = 0;              // every order reached a normal form
  std::vector<OrderSummary> per_order;       // in order of the table above
  std::vector<NormalizationCase> exhausted;  // some order gave up (corpus first)
  std::vector<WorstTerm> worst;
};

// The seed corpus: (why, Γ ⊢ term : type).
std::vector<NormalizationCase> normalization_corpus();

NormalizationResult probe_normalization(const NormalizationOptions& options,
                                        const std::function<void(std::uint64_t)>& progress = {});

}  // namespace perturb::lab
