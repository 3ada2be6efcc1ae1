// The leftmost-outermost subterm (pre-order) at which a function matches,
// searched over the DAG: a node searched without a match is not searched
// again, so one search costs at most the DAG size, not the tree size.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_set>
#include <utility>

#include "calculus/reduce.h"
#include "calculus/term.h"

namespace perturb::lab {

// match(subterm) -> std::optional<R>; the first match and its tree position.
template <class Match>
class FirstMatch {
 public:
  explicit FirstMatch(Match match) : match_(std::move(match)) {}

  auto find(const calculus::Term& term, calculus::Position& position)
      -> decltype(std::declval<Match&>()(term)) {
    if (barren_.contains(term.get())) return std::nullopt;
    if (auto here = match_(term)) return here;
    for (std::uint32_t i = 0; i < term->children().size(); ++i) {
      position.push_back(i);
      if (auto below = find(term->children()[i], position)) return below;
      position.pop_back();
    }
    barren_.insert(term.get());
    return std::nullopt;
  }

  // How many nodes the searches so far found no match in.
  std::uint64_t searched() const { return barren_.size(); }

 private:
  Match match_;
  std::unordered_set<const calculus::TermNode*> barren_;  // the term keeps the nodes alive
};

}  // namespace perturb::lab
