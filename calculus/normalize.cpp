#include "calculus/normalize.h"

#include <fmt/format.h>

#include <unordered_map>

#include "calculus/error.h"
#include "calculus/random_term.h"
#include "calculus/substitution.h"

namespace perturb::calculus {
namespace {

// Memoised "contains a redex" over the DAG of the current term.
class RedexMap {
 public:
  explicit RedexMap(const Rules& rules) : rules_(rules) {}

  bool is_redex(const Term& term) { return redex_rule(term, rules_).has_value(); }

  bool contains(const Term& term) {
    if (auto it = memo_.find(term.get()); it != memo_.end()) return it->second;
    bool found = is_redex(term);
    for (const Term& child : term->children()) found = found || contains(child);
    memo_.emplace(term.get(), found);
    return found;
  }

 private:
  const Rules& rules_;
  std::unordered_map<const TermNode*, bool> memo_;
};

// The position of the redex the strategy contracts next; requires one.
Position choose_redex(const Term& term, Strategy strategy, RedexMap& redexes, Rng& rng) {
  Position position;
  const Term* current = &term;
  while (true) {
    const auto& children = (*current)->children();
    std::vector<std::uint32_t> candidates;  // children containing a redex
    for (std::uint32_t i = 0; i < children.size(); ++i) {
      if (redexes.contains(children[i])) candidates.push_back(i);
    }
    const bool here = redexes.is_redex(*current);
    if (here && (strategy == Strategy::NormalOrder || candidates.empty())) return position;
    std::uint32_t next;
    if (strategy == Strategy::Random) {
      const std::uint64_t pick = random_below(rng, candidates.size() + (here ? 1 : 0));
      if (pick == candidates.size()) return position;
      next = candidates[pick];
    } else {
      check(!candidates.empty(), "choose_redex: no redex below");
      next = candidates.front();
    }
    position.push_back(next);
    current = &children[next];
  }
}

// term with every occurrence of the node `from` replaced by `to`.
class ReplaceAll {
 public:
  ReplaceAll(const Term& from, Term to, std::uint64_t max_nodes)
      : from_(from), to_(std::move(to)), budget_(max_nodes) {}

  Term in(const Term& term) {
    if (term == from_) return to_;
    // A node cannot strictly contain a subterm at least as deep as itself.
    if (term->depth() <= from_->depth()) return term;
    if (auto it = memo_.find(term.get()); it != memo_.end()) return it->second;
    std::vector<Term> children;
    children.reserve(term->children().size());
    bool changed = false;
    for (const Term& child : term->children()) {
      children.push_back(in(child));
      changed = changed || children.back() != child;
    }
    Term result = changed ? rebuild(term, children) : term;
    budget_.spend(result);
    memo_.emplace(term.get(), result);
    return result;
  }

 private:
  const Term& from_;
  Term to_;
  NodeBudget budget_;
  std::unordered_map<const TermNode*, Term> memo_;
};

}  // namespace

const char* strategy_name(Strategy strategy) {
  switch (strategy) {
    case Strategy::NormalOrder:
      return "normal";
    case Strategy::ApplicativeOrder:
      return "applicative";
    case Strategy::Random:
      return "random";
  }
  throw InternalError("strategy_name: unknown strategy");
}

NormalizeResult normalize(const Term& term, const NormalizeOptions& options) {
  NormalizeResult result;
  result.term = term;
  Rng rng(options.seed);
  while (true) {
    if (dag_size(result.term) > options.max_size) {
      result.status = NormalizeStatus::SizeBudget;
      return result;
    }
    RedexMap redexes(options.rules);
    if (!redexes.contains(result.term)) {
      result.status = NormalizeStatus::NormalForm;
      return result;
    }
    if (result.steps >= options.max_steps) {
      result.status = NormalizeStatus::StepBudget;
      return result;
    }
    const Position position = choose_redex(result.term, options.strategy, redexes, rng);
    try {
      const Term redex = subterm_at(result.term, position).value();
      const Contraction contracted = contract(redex, options.rules, options.max_size).value();
      result.term = ReplaceAll(redex, contracted.result, options.max_size).in(result.term);
      ++result.steps;
      if (options.trace) result.trace.push_back({contracted.rule, position, result.term});
    } catch (const TooDeep&) {
      result.status = NormalizeStatus::TooDeep;
      return result;
    } catch (const TooLarge&) {
      result.status = NormalizeStatus::SizeBudget;
      return result;
    }
  }
}

std::string describe(const NormalizeResult& result) {
  const auto gave_up = [&](const char* reason) {
    return fmt::format("gave up after {} steps / size {}: {}", result.steps, dag_size(result.term),
                       reason);
  };
  switch (result.status) {
    case NormalizeStatus::NormalForm:
      return fmt::format("normal form after {} steps", result.steps);
    case NormalizeStatus::StepBudget:
      return gave_up("step budget exhausted");
    case NormalizeStatus::SizeBudget:
      return gave_up("size budget exceeded");
    case NormalizeStatus::TooDeep:
      return gave_up(fmt::format("term nested deeper than {} levels", kMaxTermDepth).c_str());
  }
  throw InternalError("describe: unknown status");
}

}  // namespace perturb::calculus
