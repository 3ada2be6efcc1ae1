#include "lab/extended_normalize.h"

#include <algorithm>
#include <unordered_set>

#include "calculus/substitution.h"

namespace perturb::lab {
namespace {

using calculus::Term;

// The leftmost-outermost occurrence of a candidate redex, as a tree position.
// A node already searched without success is not searched again, so the cost
// is the DAG size, not the tree size.
class CandidateSearch {
 public:
  explicit CandidateSearch(std::span<const CandidateRule> rules) : rules_(rules) {}

  std::optional<CandidateContraction> find(const Term& term, calculus::Position& position) {
    if (barren_.contains(term.get())) return std::nullopt;
    if (auto here = contract_candidate(term, rules_)) return here;
    for (std::uint32_t i = 0; i < term->children().size(); ++i) {
      position.push_back(i);
      if (auto below = find(term->children()[i], position)) return below;
      position.pop_back();
    }
    barren_.insert(term.get());
    return std::nullopt;
  }

 private:
  std::span<const CandidateRule> rules_;
  std::unordered_set<const calculus::TermNode*> barren_;  // the term keeps the nodes alive
};

Term replace_at(const Term& term, std::span<const std::uint32_t> position, const Term& by) {
  if (position.empty()) return by;
  std::vector<Term> children = term->children();
  children[position.front()] = replace_at(children[position.front()], position.subspan(1), by);
  return calculus::rebuild(term, children);
}

}  // namespace

ExtendedResult normalize_extended(const calculus::Term& term,
                                  const calculus::NormalizeOptions& options,
                                  std::span<const CandidateRule> rules) {
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
    auto contraction = CandidateSearch(rules).find(out.term, position);
    if (!contraction) return out;
    if (out.steps >= options.max_steps) {
      out.status = calculus::NormalizeStatus::StepBudget;
      out.gave_up = "gave up after " + std::to_string(out.steps) + " steps: the step budget (" +
                    std::to_string(options.max_steps) + ") ran out";
      return out;
    }
    out.term = replace_at(out.term, position, contraction->result);
    ++out.steps;
    if (options.trace) out.trace.push_back({std::string(rule_name(contraction->rule)), position});
  }
}

}  // namespace perturb::lab
