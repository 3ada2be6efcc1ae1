#include "lab/normalization_probe.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "calculus/parse.h"
#include "calculus/reduce.h"
#include "lab/budget_name.h"
#include "lab/first_match.h"
#include "lab/shrink_term.h"

namespace perturb::lab {
namespace {

using calculus::NormalizeStatus;
using calculus::Term;

// T-first's deterministic work budget: the nodes its steps searched and
// rebuilt, summed (each step searches and rebuilds the whole DAG).
constexpr std::uint64_t kTFirstWork = 1'000'000;

std::uint32_t order_count(const NormalizationOptions& options) { return 3 + options.random_orders; }

std::string order_name(std::uint32_t index, const NormalizationOptions& options) {
  if (index == 0) return "applicative";
  if (index == 1) return "normal";
  if (index < 2 + options.random_orders) return "random";
  return "T-first";
}

std::uint64_t random_seed(std::uint32_t index, const NormalizationOptions& options) {
  return options.seed * 1000 + index - 1;
}

OrderOutcome strategy_run(const Term& term, calculus::Strategy strategy, std::uint64_t seed,
                          const NormalizationOptions& options) {
  calculus::NormalizeOptions budgets;
  budgets.strategy = strategy;
  budgets.seed = seed;
  budgets.max_steps = options.max_steps;
  budgets.max_size = options.max_nodes;
  budgets.max_memory = std::uint64_t{512} << 20;
  budgets.trace = true;
  const calculus::NormalizeResult result = calculus::normalize(term, budgets);
  OrderOutcome out;
  out.status = result.status;
  out.steps = result.steps;
  if (result.status != NormalizeStatus::NormalForm) {
    out.gave_up = calculus::describe(result);
    out.budget = budget_name(result.status);
  }
  out.peak_dag = std::max(calculus::dag_size(term), calculus::dag_size(result.term));
  const std::size_t steps = result.trace.size();
  const std::size_t stride = std::max<std::size_t>(1, (steps + kSampledSteps - 1) / kSampledSteps);
  for (std::size_t i = 0; i < steps; i += stride) {
    out.peak_dag = std::max(out.peak_dag, calculus::dag_size(result.trace[i].term));
  }
  return out;
}

// A search for the leftmost-outermost redex node: of the T-rule when only_t, else of any rule.
auto redex_node(bool only_t) {
  return FirstMatch([only_t](const Term& t) -> std::optional<Term> {
    if (auto rule = calculus::redex_rule(t); rule && (!only_t || *rule == "T")) return t;
    return std::nullopt;
  });
}

// term with every occurrence of the node target replaced by replacement.
Term replace_node(const Term& term, const Term& target, const Term& replacement,
                  std::unordered_map<const calculus::TermNode*, Term>& memo) {
  if (term == target) return replacement;
  if (auto it = memo.find(term.get()); it != memo.end()) return it->second;
  std::vector<Term> children = term->children();
  bool changed = false;
  for (Term& child : children) {
    Term next = replace_node(child, target, replacement, memo);
    changed = changed || next != child;
    child = std::move(next);
  }
  Term out = changed ? calculus::rebuild(term, children) : term;
  memo.emplace(term.get(), out);
  return out;
}

// Graph reduction, as the strategies do: a step contracts one redex node at
// all of its occurrences; the node is the leftmost-outermost T-redex, else
// the leftmost-outermost redex.
OrderOutcome t_first_run(const Term& start, const NormalizationOptions& options) {
  OrderOutcome out;
  Term term = start;
  out.peak_dag = calculus::dag_size(term);
  std::uint64_t work = 0;
  const auto give_up = [&](NormalizeStatus status, const std::string& why) {
    out.status = status;
    out.budget = budget_name(status);
    out.gave_up = fmt::format("gave up after {} steps: {}", out.steps, why);
    return out;
  };
  try {
    for (;;) {
      auto t_redexes = redex_node(true);
      auto any_redex = redex_node(false);
      calculus::Position unused;
      std::optional<Term> redex = t_redexes.find(term, unused);
      if (!redex) redex = any_redex.find(term, unused);
      work += t_redexes.searched() + any_redex.searched();
      if (!redex) return out;
      if (out.steps >= options.max_steps) {
        return give_up(NormalizeStatus::StepBudget,
                       fmt::format("the step budget ({}) ran out", options.max_steps));
      }
      auto contraction = calculus::contract(*redex, {}, options.max_nodes);
      calculus::check(contraction.has_value(), "t_first_run: a found redex does not contract");
      std::unordered_map<const calculus::TermNode*, Term> memo;
      term = replace_node(term, *redex, contraction->result, memo);
      ++out.steps;
      const std::uint64_t dag = calculus::dag_size(term);
      out.peak_dag = std::max(out.peak_dag, dag);
      work += dag;
      if (dag > options.max_nodes) {
        return give_up(NormalizeStatus::SizeBudget,
                       fmt::format("the DAG size budget ({} nodes) ran out", options.max_nodes));
      }
      if (work > kTFirstWork) {
        give_up(NormalizeStatus::StepBudget,
                fmt::format("T-first's work budget ({} nodes searched) ran out", kTFirstWork));
        out.budget = "work";
        return out;
      }
    }
  } catch (const calculus::TooLarge& e) {
    return give_up(NormalizeStatus::SizeBudget, e.what());
  } catch (const calculus::TooDeep& e) {
    return give_up(NormalizeStatus::TooDeep, e.what());
  }
}

OrderOutcome run_order(const Term& term, std::uint32_t index, const NormalizationOptions& options) {
  OrderOutcome out;
  if (index == 0) {
    out = strategy_run(term, calculus::Strategy::ApplicativeOrder, 0, options);
  } else if (index == 1) {
    out = strategy_run(term, calculus::Strategy::NormalOrder, 0, options);
  } else if (index < 2 + options.random_orders) {
    out = strategy_run(term, calculus::Strategy::Random, random_seed(index, options), options);
  } else {
    out = t_first_run(term, options);
  }
  out.order = index >= 2 && index < 2 + options.random_orders
                  ? fmt::format("random (seed {})", random_seed(index, options))
                  : order_name(index, options);
  return out;
}

Distribution distribution(std::vector<double> values) {
  Distribution out;
  out.count = values.size();
  if (values.empty()) return out;
  std::sort(values.begin(), values.end());
  const auto at = [&](double p) {
    return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1))];
  };
  out.median = at(0.5);
  out.p90 = at(0.9);
  out.p99 = at(0.99);
  out.max = values.back();
  return out;
}

double growth(const OrderOutcome& outcome, const Term& term) {
  return static_cast<double>(outcome.peak_dag) / static_cast<double>(calculus::dag_size(term));
}

// Shrinks found while `still_bad` holds of the candidate's run along order index.
WorstTerm shrink_worst(std::string why, const NormalizationCase& found, std::uint32_t index,
                       const std::function<bool(const OrderOutcome&, const Term&)>& still_bad,
                       const NormalizationOptions& options) {
  const ShrunkTerm shrunk = shrink_term(
      found.term.context, found.term.term, found.term.type,
      [&](const Term& candidate) {
        return still_bad(run_order(candidate, index, options), candidate);
      },
      options.shrink_attempts);
  WorstTerm out{std::move(why), found.orders[index].order, found, shrunk.term, shrunk.steps, {}};
  out.outcome = run_order(out.shrunk, index, options);
  return out;
}

}  // namespace

std::vector<OrderOutcome> normalize_along_orders(const calculus::Term& term,
                                                 const NormalizationOptions& options) {
  std::vector<OrderOutcome> outcomes;
  for (std::uint32_t i = 0; i < order_count(options); ++i) {
    outcomes.push_back(run_order(term, i, options));
  }
  return outcomes;
}

std::vector<NormalizationCase> normalization_corpus() {
  struct Entry {
    const char* why;
    const char* free;
    const char* text;
  };
  // From spec §7 and from the typed-core issue (once stalled normal order).
  const Entry entries[] = {
      {"spec §7: Manzyuk's non-confluent term", "R -> R -> R", "T (\\x:R. (\\y:R. f x y) x)"},
      {"typed-core issue: a second derivative", "", "D (\\y:R. D (\\x:R. x*x*x) y) 2"},
      {"typed-core issue: a mixed second derivative", "",
       "D (\\x:R. D (\\y:R. sin (x*y)) 0.5) 0.7"},
      {"a third derivative", "", "D (\\z:R. D (\\y:R. D (\\x:R. x*x*x*x) y) z) 1"},
  };
  std::vector<NormalizationCase> corpus;
  for (const Entry& entry : entries) {
    calculus::Context free;
    if (*entry.free != '\0') free.push("f", *calculus::parse_type(entry.free));
    auto parsed = calculus::parse_program(entry.text, free);
    calculus::check(parsed.ok(), "normalization_corpus: a corpus term does not parse");
    NormalizationCase c;
    c.source = std::string("corpus: ") + entry.why;
    c.term = {0, free, parsed->type, parsed->term};
    corpus.push_back(std::move(c));
  }
  return corpus;
}

NormalizationResult probe_normalization(const NormalizationOptions& options,
                                        const std::function<void(std::uint64_t)>& progress) {
  calculus::check(options.random_orders >= 1, "probe_normalization: at least one random order");
  NormalizationResult result;
  result.options = options;
  std::vector<NormalizationCase> cases;
  if (options.seed_corpus) cases = normalization_corpus();
  const std::uint32_t orders = order_count(options);
  std::vector<std::vector<double>> steps(orders), growths(orders);
  std::vector<std::vector<std::pair<std::string, std::uint64_t>>> gave_up(orders);
  // The worst run by steps and by growth: (case, order, value).
  struct Mark {
    std::size_t slot = 0;
    std::uint32_t order = 0;
    double value = -1;
  };
  std::vector<NormalizationCase> kept;  // the cases a mark or exhausted list refers to
  Mark most_steps, most_growth;
  const auto consider = [&](NormalizationCase c) {
    c.orders = normalize_along_orders(c.term.term, options);
    ++result.terms;
    bool all = true;
    std::optional<std::size_t> slot;
    const auto keep = [&] {
      if (!slot) {
        kept.push_back(c);
        slot = kept.size() - 1;
      }
      return *slot;
    };
    for (std::uint32_t i = 0; i < orders; ++i) {
      const OrderOutcome& outcome = c.orders[i];
      const std::uint32_t row = i < 2 ? i : (i < 2 + options.random_orders ? 2 : 3);
      const double grown = growth(outcome, c.term.term);
      growths[row].push_back(grown);
      if (grown > most_growth.value) most_growth = {keep(), i, grown};
      if (outcome.status == NormalizeStatus::NormalForm) {
        steps[row].push_back(static_cast<double>(outcome.steps));
        if (static_cast<double>(outcome.steps) > most_steps.value) {
          most_steps = {keep(), i, static_cast<double>(outcome.steps)};
        }
        continue;
      }
      all = false;
      auto& reasons = gave_up[row];
      const std::string& budget = outcome.budget;
      auto it = std::find_if(reasons.begin(), reasons.end(),
                             [&](const auto& entry) { return entry.first == budget; });
      if (it == reasons.end()) {
        reasons.emplace_back(budget, 1);
      } else {
        ++it->second;
      }
    }
    if (all) {
      ++result.all_normal;
    } else {
      result.exhausted.push_back(c);
    }
  };
  for (NormalizationCase& c : cases) consider(std::move(c));
  for (std::uint64_t index = 0; index < options.cases; ++index) {
    NormalizationCase c;
    c.source = fmt::format("case {}", index);
    c.term = confluence_case(options.seed, index, options.max_size);
    consider(std::move(c));
    if (progress) progress(index);
  }
  for (std::uint32_t row = 0; row < 4; ++row) {
    const std::uint32_t index = row < 2 ? row : (row == 2 ? 2 : orders - 1);
    OrderSummary summary;
    summary.order = order_name(index, options);
    summary.normal_forms = steps[row].size();
    summary.gave_up = gave_up[row];
    summary.steps = distribution(steps[row]);
    summary.growth = distribution(growths[row]);
    result.per_order.push_back(std::move(summary));
  }
  // The worst terms, shrunk: the first exhausted ones, then most steps and most growth.
  for (std::size_t i = 0; i < result.exhausted.size() && i < options.worst; ++i) {
    const NormalizationCase& c = result.exhausted[i];
    std::uint32_t index = 0;
    while (c.orders[index].status == NormalizeStatus::NormalForm) ++index;
    const std::string budget = c.orders[index].budget;
    result.worst.push_back(shrink_worst(
        fmt::format("exhausts its {} budget along {}", budget, c.orders[index].order), c, index,
        [budget](const OrderOutcome& outcome, const Term&) { return outcome.budget == budget; },
        options));
  }
  if (most_steps.value >= 0) {
    const std::uint64_t floor = static_cast<std::uint64_t>(most_steps.value);
    result.worst.push_back(shrink_worst(
        "most steps to a normal form", kept[most_steps.slot], most_steps.order,
        [floor](const OrderOutcome& outcome, const Term&) {
          return outcome.status == NormalizeStatus::NormalForm && outcome.steps >= floor;
        },
        options));
  }
  if (most_growth.value >= 0) {
    const double floor = most_growth.value;
    result.worst.push_back(shrink_worst(
        "most growth (peak DAG size / input DAG size)", kept[most_growth.slot], most_growth.order,
        [floor](const OrderOutcome& outcome, const Term& term) {
          return growth(outcome, term) >= floor;
        },
        options));
  }
  if (result.exhausted.size() > 20) result.exhausted.resize(20);
  return result;
}

}  // namespace perturb::lab
