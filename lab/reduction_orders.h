// One term reduced to normal form along several reduction orders (spec §4,
// §7): the strategies of calculus/normalize.h (applicative, normal, several
// seeded random walks) and, for each redex of the term, that redex
// contracted first and the rest in applicative order. Orders differ in what
// they contract when; a term whose normal forms differ between two orders
// is a counterexample to confluence.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lab/extended_normalize.h"

namespace perturb::lab {

struct OrderOptions {
  std::uint32_t random_orders = 3;   // seeded random walks
  std::uint32_t first_redexes = 12;  // at most this many "redex R first" orders
  std::uint64_t seed = 0;            // of the random walks
  // Per order. The trace is off: the normalizer charges a trace's terms to
  // the memory budget, so a probe traces only what it reports (the two
  // orders of a shrunk divergence, lab/confluence_probe.cpp).
  calculus::NormalizeOptions budgets = {
      .max_steps = 5000, .max_size = 50000, .max_memory = std::uint64_t{256} << 20};
  RuleSet rules;  // rules on top of §4's
};

struct ReductionRun {
  std::string order;  // "applicative", "random (seed 5)", "beta at 0.1 first", …
  ExtendedResult result;
};

// The runs of term along every order of options, applicative order first.
std::vector<ReductionRun> reduce_along_orders(const calculus::Term& term,
                                              const OrderOptions& options);

}  // namespace perturb::lab
