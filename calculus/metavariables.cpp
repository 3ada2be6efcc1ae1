#include "calculus/metavariables.h"

#include <map>

#include "calculus/error.h"
#include "calculus/substitution.h"

namespace perturb::calculus {
namespace {

using Memo = std::map<std::pair<const TermNode*, std::uint32_t>, Term>;

struct Instantiation {
  const MetavariableValues& values;
  Memo memo;

  Term at(const Term& term, std::uint32_t depth) {
    if (term->loose_bvar_range() <= depth) return term;
    const auto key = std::make_pair(term.get(), depth);
    if (auto found = memo.find(key); found != memo.end()) return found->second;
    Term result;
    if (is_var(term)) {
      const std::uint32_t above = var_index(term) - depth;
      check(above < values.size(), "instantiate: a variable that is not a metavariable");
      result = lift(values[values.size() - 1 - above], depth);
    } else {
      const std::uint32_t inner = is_lam(term) ? depth + 1 : depth;
      std::vector<Term> children;
      for (const Term& child : term->children()) children.push_back(at(child, inner));
      result = rebuild(term, children);
    }
    memo.emplace(key, result);
    return result;
  }
};

// term with its variables from cutoff + amount on moved down by amount;
// nullopt when it uses one of the variables cutoff … cutoff + amount − 1.
struct Lowering {
  std::uint32_t amount;
  std::map<std::pair<const TermNode*, std::uint32_t>, std::optional<Term>> memo;

  std::optional<Term> at(const Term& term, std::uint32_t cutoff) {
    if (term->loose_bvar_range() <= cutoff) return term;
    const auto key = std::make_pair(term.get(), cutoff);
    if (auto found = memo.find(key); found != memo.end()) return found->second;
    std::optional<Term> result;
    if (is_var(term)) {
      const std::uint32_t index = var_index(term);
      if (index >= cutoff + amount) result = mk_var(index - amount, term->type());
    } else {
      const std::uint32_t inner = is_lam(term) ? cutoff + 1 : cutoff;
      std::vector<Term> children;
      for (const Term& child : term->children()) {
        auto lowered = at(child, inner);
        if (!lowered) break;
        children.push_back(*lowered);
      }
      if (children.size() == term->children().size()) result = rebuild(term, children);
    }
    memo.emplace(key, result);
    return result;
  }
};

// The most match_at calls one match may make: matching sums up to the order
// of their summands backtracks, m!/(m−k)! ways for k pattern summands among
// m; past this the pattern is taken not to match.
constexpr std::uint64_t kMatchWork = 100000;

struct Matcher {
  std::uint64_t work = 0;

  bool at(const Term& pattern, const Term& term, std::uint32_t depth, MetavariableValues& values) {
    if (++work > kMatchWork || pattern->type() != term->type()) return false;
    if (is_var(pattern)) {
      const std::uint32_t index = var_index(pattern);
      if (index < depth) return is_var(term) && var_index(term) == index;
      auto value = Lowering{depth, {}}.at(term, 0);
      if (!value) return false;
      Term& bound = values[values.size() - 1 - (index - depth)];
      if (bound) return alpha_equal(bound, *value);
      bound = *value;
      return true;
    }
    if (pattern->kind() != term->kind()) return false;
    if (is_sum(pattern))
      return summands(pattern->children(), term->children(), depth, values, nullptr);
    if (!same_head(pattern, term) || pattern->children().size() != term->children().size())
      return false;
    const std::uint32_t inner = is_lam(pattern) ? depth + 1 : depth;
    for (std::size_t i = 0; i < pattern->children().size(); ++i) {
      if (!at(pattern->children()[i], term->children()[i], inner, values)) return false;
    }
    return true;
  }

  static bool same_head(const Term& pattern, const Term& term) {
    switch (pattern->kind()) {
      case TermKind::Lam:
        return lam_domain(pattern) == lam_domain(term);
      case TermKind::Inj:
      case TermKind::Proj:
        return component(pattern) == component(term);
      case TermKind::Lit:
        return lit_value(pattern) == lit_value(term);
      case TermKind::Prim:
        return prim_of(pattern) == prim_of(term);
      default:
        return true;
    }
  }

  // Each pattern summand matched to a term summand of its own; rest (when
  // not null) receives the term summands left over, else there must be none.
  bool summands(const std::vector<Term>& patterns, const std::vector<Term>& terms,
                std::uint32_t depth, MetavariableValues& values, std::vector<Term>* rest) {
    if (patterns.size() > terms.size() || (!rest && patterns.size() != terms.size())) return false;
    std::vector<bool> used(terms.size(), false);
    if (!assign(patterns, 0, terms, used, depth, values)) return false;
    if (rest) {
      for (std::size_t j = 0; j < terms.size(); ++j) {
        if (!used[j]) rest->push_back(terms[j]);
      }
    }
    return true;
  }

  // Backtracking over which term summand pattern summand i takes; its depth
  // is the number of pattern summands, which parse_rule_file bounds.
  bool assign(const std::vector<Term>& patterns, std::size_t i, const std::vector<Term>& terms,
              std::vector<bool>& used, std::uint32_t depth, MetavariableValues& values) {
    if (i == patterns.size()) return true;
    for (std::size_t j = 0; j < terms.size(); ++j) {
      if (used[j]) continue;
      MetavariableValues tried = values;
      if (!at(patterns[i], terms[j], depth, tried)) continue;
      used[j] = true;
      if (assign(patterns, i + 1, terms, used, depth, tried)) {
        values = std::move(tried);
        return true;
      }
      used[j] = false;
    }
    return false;
  }
};

}  // namespace

Term instantiate(const Term& pattern, const MetavariableValues& values) {
  return Instantiation{values, {}}.at(pattern, 0);
}

std::optional<Match> match(const Term& pattern, const Context& metavariables, const Term& term) {
  Matcher matcher;
  Match found;
  found.values.resize(metavariables.size());
  const bool matched = is_sum(pattern) && !is_zero(pattern) && is_sum(term)
                           ? pattern->type() == term->type() &&
                                 matcher.summands(pattern->children(), term->children(), 0,
                                                  found.values, &found.rest)
                           : matcher.at(pattern, term, 0, found.values);
  if (!matched) return std::nullopt;
  // A metavariable that occurs on neither side's pattern has no value: the
  // rule's right side may not use it (parse_rule_file checks).
  return found;
}

}  // namespace perturb::calculus
