#include "lab/extended_normalize.h"

#include <algorithm>

#include "calculus/substitution.h"
#include "lab/first_match.h"

namespace perturb::lab {
namespace {

using calculus::Term;

Term replace_at(const Term& term, std::span<const std::uint32_t> position, const Term& by) {
  if (position.empty()) return by;
  std::vector<Term> children = term->children();
  children[position.front()] = replace_at(children[position.front()], position.subspan(1), by);
  return calculus::rebuild(term, children);
}

}  // namespace

ExtendedResult normalize_extended(const calculus::Term& term,
                                  const calculus::NormalizeOptions& options, const RuleSet& rules) {
  ExtendedResult out;
  out.term = term;
  calculus::NormalizeOptions budget = options;
  for (;;) {
    budget.max_steps = options.max_steps - std::min(options.max_steps, out.steps);
    calculus::NormalizeResult base = calculus::normalize(out.term, budget);
    out.term = base.term;
    out.steps += base.steps;
    if (options.trace) {
      for (const calculus::TraceStep& step : base.trace) {
        out.trace.push_back({std::string(step.rule), step.position, step.occurrence_count});
      }
    }
    if (base.status != calculus::NormalizeStatus::NormalForm) {
      out.status = base.status;
      out.gave_up = calculus::describe(base);
      return out;
    }
    if (rules.empty()) return out;
    calculus::Position position;
    auto contraction = FirstMatch([&rules](const Term& t) {
                         return contract_rule(t, rules);
                       }).find(out.term, position);
    if (!contraction) return out;
    if (out.steps >= options.max_steps) {
      out.status = calculus::NormalizeStatus::StepBudget;
      out.gave_up = "gave up after " + std::to_string(out.steps) + " steps: the step budget (" +
                    std::to_string(options.max_steps) + ") ran out";
      return out;
    }
    out.term = replace_at(out.term, position, contraction->result);
    ++out.steps;
    if (options.trace) out.trace.push_back({contraction->rule, position});
  }
}

}  // namespace perturb::lab
