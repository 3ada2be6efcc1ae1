#include "models/symbolic/zero_proof.h"

#include <optional>
#include <unordered_set>
#include <utility>

#include "models/symbolic/expression_budget.h"
#include "models/symbolic/expression_tree.h"

namespace perturb::models::expressions {

namespace {

// e expands, arguments of functions included, to exactly 0; false when the
// expansion could exceed the budgets.
bool expands_to_zero(const ex& e) {
  if (e.is_zero()) return true;
  return expansion_within_budget(e) &&
         e.expand(GiNaC::expand_options::expand_function_args).is_zero();
}

using ExpressionSet = std::unordered_set<ex, std::hash<ex>, GiNaC::ex_is_equal>;

// A subexpression as a numeric coefficient times the key an abstraction
// replaces: c·f·g is c times f·g, so that it meets f·g elsewhere.
std::pair<ex, ex> coefficient_and_key(const ex& node) {
  if (GiNaC::is_exactly_a<GiNaC::mul>(node)) {
    const ex coefficient = node.op(node.nops() - 1);
    if (GiNaC::is_exactly_a<GiNaC::numeric>(coefficient)) return {coefficient, node / coefficient};
  }
  return {1, node};
}

// What an abstraction replaces, from the coarsest: any subexpression but a
// symbol or a number; those that are not sums; applications of sin, cos, exp.
enum class Abstraction { All, AllButSums, Functions };

bool is_abstractable(const ex& node, Abstraction abstraction) {
  switch (abstraction) {
    case Abstraction::All:
      return node.nops() != 0;
    case Abstraction::AllButSums:
      return node.nops() != 0 && !GiNaC::is_exactly_a<GiNaC::add>(node);
    case Abstraction::Functions:
      return GiNaC::is_a<GiNaC::function>(node);
  }
  return false;
}

// The keys of e's abstractable subexpressions.
ExpressionSet abstractable_keys(const ex& e, Abstraction abstraction) {
  ExpressionSet seen, keys;
  fold<int>(
      e, kMaxIntermediateNodes,
      [&](const ex& node) {
        if (!seen.insert(node).second) return std::optional(0);
        if (is_abstractable(node, abstraction)) keys.insert(coefficient_and_key(node).second);
        return std::optional<int>();
      },
      [](const ex&, auto) { return 0; });
  return keys;
}

// The node with its children replaced.
ex rebuilt(const ex& node, std::span<const ex> children) {
  const GiNaC::exvector operands(children.begin(), children.end());
  if (GiNaC::is_exactly_a<GiNaC::add>(node)) return GiNaC::add(operands);
  if (GiNaC::is_exactly_a<GiNaC::mul>(node)) return GiNaC::mul(operands);
  if (GiNaC::is_exactly_a<GiNaC::power>(node)) return GiNaC::pow(operands[0], operands[1]);
  if (GiNaC::is_a<GiNaC::function>(node)) {
    return GiNaC::function(GiNaC::ex_to<GiNaC::function>(node).get_serial(), operands);
  }
  return node;
}

// e with every largest abstractable subexpression whose key is in `common`
// replaced by its coefficient times the key's unknown in `atoms` (equal keys,
// equal unknowns).
ex abstracted(const ex& e, const ExpressionSet& common, Abstraction abstraction,
              GiNaC::exhashmap<ex>& atoms) {
  return fold<ex>(
      e, kMaxIntermediateNodes,
      [&](const ex& node) -> std::optional<ex> {
        if (!is_abstractable(node, abstraction)) return std::nullopt;
        const auto [coefficient, key] = coefficient_and_key(node);
        if (!common.contains(key)) return std::nullopt;
        return coefficient * atoms.try_emplace(key, GiNaC::symbol()).first->second;
      },
      rebuilt);
}

}  // namespace

bool proves_zero_difference(const ex& a, const ex& b) {
  if (a.is_equal(b)) return true;
  for (const Abstraction abstraction :
       {Abstraction::All, Abstraction::AllButSums, Abstraction::Functions}) {
    const ExpressionSet in_a = abstractable_keys(a, abstraction);
    ExpressionSet common;
    for (const ex& key : abstractable_keys(b, abstraction)) {
      if (in_a.contains(key)) common.insert(key);
    }
    if (common.empty()) continue;
    GiNaC::exhashmap<ex> atoms;
    if (expands_to_zero(abstracted(a, common, abstraction, atoms) -
                        abstracted(b, common, abstraction, atoms))) {
      return true;
    }
  }
  return expands_to_zero(a - b);
}

}  // namespace perturb::models::expressions
