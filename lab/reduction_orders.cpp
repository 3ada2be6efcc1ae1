#include "lab/reduction_orders.h"

#include <fmt/format.h>

#include "calculus/reduce.h"

namespace perturb::lab {

std::vector<ReductionRun> reduce_along_orders(const calculus::Term& term,
                                              const OrderOptions& options) {
  std::vector<ReductionRun> runs;
  const auto run = [&](std::string order, calculus::Strategy strategy, std::uint64_t seed) {
    calculus::NormalizeOptions budgets = options.budgets;
    budgets.strategy = strategy;
    budgets.seed = seed;
    runs.push_back({std::move(order), normalize_extended(term, budgets, options.rules)});
  };
  run("applicative", calculus::Strategy::ApplicativeOrder, 0);
  run("normal", calculus::Strategy::NormalOrder, 0);
  for (std::uint32_t i = 0; i < options.random_orders; ++i) {
    const std::uint64_t seed = options.seed * 1000 + i + 1;
    run(fmt::format("random (seed {})", seed), calculus::Strategy::Random, seed);
  }
  calculus::NormalizeOptions rest = options.budgets;
  rest.strategy = calculus::Strategy::ApplicativeOrder;
  for (const calculus::Redex& redex :
       calculus::find_redexes(term, options.budgets.rules, options.first_redexes)) {
    ReductionRun first{
        fmt::format("{} at {} first", redex.rule, calculus::to_string(redex.position)), {}};
    try {
      auto step = calculus::reduce_at(term, redex.position, options.budgets.rules,
                                      options.budgets.max_size);
      calculus::check(step.ok(), "reduce_along_orders: a found redex does not contract");
      first.result = normalize_extended(step->result, rest, options.rules);
      first.result.trace.insert(first.result.trace.begin(),
                                LabStep{std::string(redex.rule), redex.position});
      ++first.result.steps;
    } catch (const calculus::TooLarge& too_large) {
      first.result.term = term;
      first.result.status = calculus::NormalizeStatus::SizeBudget;
      first.result.gave_up = std::string("gave up at the first step: ") + too_large.what();
    } catch (const calculus::TooDeep& too_deep) {
      first.result.term = term;
      first.result.status = calculus::NormalizeStatus::TooDeep;
      first.result.gave_up = std::string("gave up at the first step: ") + too_deep.what();
    }
    runs.push_back(std::move(first));
  }
  return runs;
}

}  // namespace perturb::lab
