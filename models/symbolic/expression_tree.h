// What the parts of the model `symbolic` (models/symbolic/symbolic.h) share
// about its GiNaC expressions: a fold over an expression tree without
// recursion, the nodes the model builds, and the error a budget throws.
// Every function here expects the caller to hold Symbolic::exclusive().
#pragma once

#include <fmt/format.h>
#include <ginac/ginac.h>

#include <cmath>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "calculus/error.h"
#include "semantics/evaluation_budget.h"

namespace perturb::models::expressions {

using GiNaC::ex;

// The exact value of a finite double, a dyadic rational.
inline GiNaC::numeric exact_number(double value) {
  calculus::check(std::isfinite(value), "symbolic: a number that is not finite");
  // value = mantissa·2^exponent with |mantissa| in [1/2, 1): mantissa·2⁵³ is an integer.
  int exponent = 0;
  const double mantissa = std::frexp(value, &exponent);
  const auto integer = static_cast<long>(std::ldexp(mantissa, 53));
  return GiNaC::numeric(integer) * GiNaC::numeric(2).power(exponent - 53);
}

inline semantics::EvaluationBudgetExceeded budget(const std::string& what) {
  return semantics::EvaluationBudgetExceeded("symbolic: " + what);
}

// The value combine(node, values of its children) of e's root, computed
// children first with an explicit stack (no recursion, whatever e's depth);
// a node for which shortcut(node) has a value takes it without visiting its
// children. Throws EvaluationBudgetExceeded past max_nodes visited nodes.
template <class Value, class Shortcut, class Combine>
Value fold(const ex& e, double max_nodes, const Shortcut& shortcut, const Combine& combine) {
  if (std::optional<Value> value = shortcut(e)) return std::move(*value);
  struct Frame {
    ex node;
    std::size_t arity;
    std::size_t next;
  };
  std::vector<Frame> frames{{e, e.nops(), 0}};
  std::vector<Value> values;
  double visited = 1;
  for (;;) {
    Frame& top = frames.back();
    if (top.next < top.arity) {
      ex child = top.node.op(top.next++);
      if (++visited > max_nodes) {
        throw budget(fmt::format("an expression of more than {} nodes", max_nodes));
      }
      if (std::optional<Value> value = shortcut(child)) {
        values.push_back(std::move(*value));
      } else {
        const std::size_t arity = child.nops();
        frames.push_back({std::move(child), arity, 0});
      }
      continue;
    }
    const std::size_t first = values.size() - top.arity;
    Value value = combine(top.node, std::span<const Value>(values.data() + first, top.arity));
    values.erase(values.begin() + static_cast<std::ptrdiff_t>(first), values.end());
    values.push_back(std::move(value));
    frames.pop_back();
    if (frames.empty()) return std::move(values.back());
  }
}

template <class Value, class Combine>
Value fold(const ex& e, double max_nodes, const Combine& combine) {
  return fold<Value>(
      e, max_nodes, [](const ex&) { return std::optional<Value>(); }, combine);
}

inline bool is_elementary(const ex& node) {
  return is_ex_the_function(node, GiNaC::sin) || is_ex_the_function(node, GiNaC::cos) ||
         is_ex_the_function(node, GiNaC::exp);
}

// The exponent of a power node, which the model only builds with integers.
inline const GiNaC::numeric& integer_exponent(const ex& power) {
  const ex& exponent = power.op(1);
  calculus::check(GiNaC::is_exactly_a<GiNaC::numeric>(exponent) &&
                      GiNaC::ex_to<GiNaC::numeric>(exponent).is_integer(),
                  "symbolic: a power whose exponent is not an integer");
  return GiNaC::ex_to<GiNaC::numeric>(exponent);
}

}  // namespace perturb::models::expressions
