#include "proofs/cases/shrink.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>

#include "calculus/reduce.h"
#include "calculus/substitution.h"
#include "calculus/typecheck.h"

namespace perturb::proofs {
namespace {

using calculus::Term;
using calculus::Type;

// How many subterm positions of one term are tried; keeps shrinking bounded.
constexpr std::size_t kMaxPositions = 200;

struct Site {
  calculus::Position position;
  Term subterm;
  std::vector<Type> binders;  // the types bound by the λs above the subterm, outermost first
};

// Subterm positions of term, outermost first (larger replacements first).
std::vector<Site> sites_of(const Term& term) {
  std::vector<Site> sites;
  std::deque<Site> queue{{{}, term, {}}};
  while (!queue.empty() && sites.size() < kMaxPositions) {
    Site site = std::move(queue.front());
    queue.pop_front();
    for (std::uint32_t i = 0; i < site.subterm->children().size(); ++i) {
      Site child{site.position, site.subterm->children()[i], site.binders};
      if (calculus::is_lam(site.subterm))
        child.binders.push_back(calculus::lam_domain(site.subterm));
      child.position.push_back(i);
      queue.push_back(std::move(child));
    }
    sites.push_back(std::move(site));
  }
  return sites;
}

Term replace_at(const Term& term, std::span<const std::uint32_t> position,
                const Term& replacement) {
  if (position.empty()) return replacement;
  std::vector<Term> children = term->children();
  children[position.front()] =
      replace_at(children[position.front()], position.subspan(1), replacement);
  return calculus::rebuild(term, children);
}

// Whether the free variable of de Bruijn index index occurs in term.
bool uses_index(const Term& term, std::uint32_t index,
                std::map<std::pair<const calculus::TermNode*, std::uint32_t>, bool>& memo) {
  if (term->loose_bvar_range() <= index) return false;
  if (calculus::is_var(term)) return calculus::var_index(term) == index;
  const auto key = std::make_pair(term.get(), index);
  if (auto found = memo.find(key); found != memo.end()) return found->second;
  const std::uint32_t inner = calculus::is_lam(term) ? index + 1 : index;
  bool used = false;
  for (const Term& child : term->children()) used = used || uses_index(child, inner, memo);
  memo.emplace(key, used);
  return used;
}

// term with every free index ≥ amount moved down by amount, if it uses none below.
std::optional<Term> lower(const Term& term, std::uint32_t amount) {
  Term result = term;
  for (std::uint32_t i = 0; i < amount && !calculus::is_closed(result); ++i) {
    std::map<std::pair<const calculus::TermNode*, std::uint32_t>, bool> memo;
    if (uses_index(result, 0, memo)) return std::nullopt;
    // Substituting anything for an unused variable lowers the rest by one.
    result = calculus::substitute(result, calculus::mk_zero(calculus::real_type()));
  }
  return result;
}

// Simpler literals to try instead of value, simplest first.
std::vector<double> simpler_literals(double value) {
  std::vector<double> simpler;
  for (double candidate : {1.0, -1.0, 2.0, std::round(value), std::trunc(value * 10) / 10}) {
    if (candidate != 0.0 && std::fabs(candidate) < std::fabs(value) - 1e-12 &&
        std::find(simpler.begin(), simpler.end(), candidate) == simpler.end()) {
      simpler.push_back(candidate);
    }
  }
  if (value != 1.0 && std::find(simpler.begin(), simpler.end(), 1.0) == simpler.end() &&
      std::fabs(value) >= 1.0 && value != -1.0) {
    simpler.insert(simpler.begin(), 1.0);
  }
  return simpler;
}

// The same kind of failure, as certain: whatever the model's message says.
bool same_failure(const Outcome& original, const Outcome& candidate) {
  return candidate.verdict == Verdict::Failed && candidate.failure == original.failure &&
         candidate.certified == original.certified;
}

// A candidate is smaller: fewer nodes, or as many with simpler literals.
double weight(const Term& term) {
  double literals = 0;
  std::vector<const calculus::TermNode*> stack{term.get()};
  while (!stack.empty()) {
    const calculus::TermNode* node = stack.back();
    stack.pop_back();
    if (node->kind() == calculus::TermKind::Lit) {
      literals +=
          std::fabs(node->data().literal) == 1.0 ? 0 : 1 + std::fabs(node->data().literal) / 1e6;
    }
    for (const Term& child : node->children()) stack.push_back(child.get());
  }
  return static_cast<double>(term->tree_size()) + literals / 100;
}

}  // namespace

std::vector<Term> shrink_candidates(const calculus::Context& context, const Term& term,
                                    const Type& type) {
  calculus::check(term->type() == type,
                  "shrink_candidates: the term does not have the case's type");
  std::vector<Term> candidates;
  const double current = weight(term);
  // Only replacements of the subterm's own type are built: terms are typed,
  // so every candidate is a well-typed case of the same law.
  const auto consider = [&](const Site& site, const Term& replacement) {
    if (replacement->type() != site.subterm->type()) return;
    const Term candidate = replace_at(term, site.position, replacement);
    if (weight(candidate) >= current) return;
    // Replacements keep the type; this checks the variables' binder types.
    if (!calculus::type_of(context, candidate).ok()) return;
    for (const Term& seen : candidates) {
      if (calculus::alpha_equal(seen, candidate)) return;
    }
    candidates.push_back(candidate);
  };
  for (const Site& site : sites_of(term)) {
    const Term& s = site.subterm;
    consider(site, calculus::mk_zero(s->type()));
    for (const Term& child : s->children()) {
      if (auto lowered = lower(child, calculus::is_lam(s) ? 1 : 0)) consider(site, *lowered);
    }
    if (auto contraction = calculus::contract(s)) consider(site, contraction->result);
    const auto binders = static_cast<std::uint32_t>(site.binders.size());
    const std::uint32_t visible = binders + static_cast<std::uint32_t>(context.size());
    for (std::uint32_t index = 0; index < std::min<std::uint32_t>(visible, 4); ++index) {
      const Type& variable_type =
          index < binders ? site.binders[binders - 1 - index] : context.at(index - binders).type;
      consider(site, calculus::mk_var(index, variable_type));
    }
    if (calculus::is_lit(s)) {
      for (double simpler : simpler_literals(calculus::lit_value(s))) {
        consider(site, calculus::mk_lit(simpler));
      }
    }
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Term& a, const Term& b) { return weight(a) < weight(b); });
  return candidates;
}

ShrinkResult shrink_case(const Case& failing, const Outcome& outcome,
                         const std::function<Outcome(const Case&)>& check,
                         std::uint32_t max_attempts) {
  ShrinkResult result{failing, outcome, 0};
  std::uint32_t attempts = 0;
  bool improved = true;
  while (improved && attempts < max_attempts) {
    improved = false;
    const std::size_t slots = result.shrunk.terms.size() + result.shrunk.point.size();
    for (std::size_t slot = 0; slot < slots && !improved; ++slot) {
      const bool is_term = slot < result.shrunk.terms.size();
      const std::size_t point_index = slot - result.shrunk.terms.size();
      const calculus::Context context =
          is_term ? result.shrunk.terms[slot].context : calculus::Context{};
      const Term current =
          is_term ? result.shrunk.terms[slot].term : result.shrunk.point[point_index];
      const Type type = is_term ? result.shrunk.terms[slot].type
                                : result.shrunk.point_context.entries()[point_index].type;
      for (const Term& candidate : shrink_candidates(context, current, type)) {
        if (++attempts > max_attempts) break;
        Case trial = result.shrunk;
        (is_term ? trial.terms[slot].term : trial.point[point_index]) = candidate;
        Outcome trial_outcome = check(trial);
        if (same_failure(result.outcome, trial_outcome)) {
          result.shrunk = std::move(trial);
          result.outcome = std::move(trial_outcome);
          ++result.steps;
          improved = true;
          break;
        }
      }
    }
  }
  return result;
}

}  // namespace perturb::proofs
