#include "models/symbolic/symbolic.h"

#include <cln/integer.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <sstream>
#include <tuple>
#include <unordered_set>

#include "calculus/error.h"
#include "calculus/random_draws.h"
#include "models/scalars/ball_comparison.h"
#include "models/smooth/random_first_order_morphism.h"
#include "semantics/category_error.h"
#include "semantics/evaluation_budget.h"

namespace perturb::models {

namespace {

using GiNaC::ex;
using Kind = Smooth::Object::Kind;

// Descriptions of deeply shared morphisms would grow exponentially; reports
// only need their beginning.
constexpr std::size_t kMaxDescription = 200;

std::string bounded(std::string text, std::size_t length = kMaxDescription) {
  if (text.size() > length) {
    text.resize(length);
    text += "…";
  }
  return text;
}

semantics::EvaluationBudgetExceeded budget(const std::string& what) {
  return semantics::EvaluationBudgetExceeded("symbolic: " + what);
}

// ---- the coordinate symbols ----

struct SymbolTable {
  std::vector<ex> symbols;
  std::map<ex, int, GiNaC::ex_is_less> indices;
};

// Never destroyed: a morphism may outlive the static objects of its program.
SymbolTable& symbol_table() {
  static auto* const table = new SymbolTable;
  return *table;
}

// The index of a coordinate symbol; throws InternalError for any other symbol.
int symbol_index(const ex& symbol) {
  const SymbolTable& table = symbol_table();
  const auto found = table.indices.find(symbol);
  calculus::check(found != table.indices.end(), "symbolic: a symbol that is not a coordinate");
  return found->second;
}

// ---- folds over expression trees ----

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

bool is_elementary(const ex& node) {
  return is_ex_the_function(node, GiNaC::sin) || is_ex_the_function(node, GiNaC::cos) ||
         is_ex_the_function(node, GiNaC::exp);
}

// The exponent of a power node, which the model only builds with integers.
const GiNaC::numeric& integer_exponent(const ex& power) {
  const ex& exponent = power.op(1);
  calculus::check(GiNaC::is_exactly_a<GiNaC::numeric>(exponent) &&
                      GiNaC::ex_to<GiNaC::numeric>(exponent).is_integer(),
                  "symbolic: a power whose exponent is not an integer");
  return GiNaC::ex_to<GiNaC::numeric>(exponent);
}

// ---- budgets ----
//
// Tree sizes bound the work of GiNaC, whose substitution, differentiation
// and expansion walk trees, not DAGs. Numbers need their own bound: GiNaC
// evaluates closed subexpressions exactly, and x^(2^64) is three nodes. The
// model's numbers are dyadic rationals m/2^k (doubles, and their sums,
// products and integer powers), whose growth is tracked by two bounds:
// log2 |m/2^k| ("magnitude", at least 0) and k. All the bounds are whole
// numbers, so that they are exact and the same in whatever order GiNaC
// keeps the terms.

struct Numbers {
  // Bounds on the numbers that combine with the parent's: a coefficient, or
  // the value of a closed subexpression.
  double magnitude = 0;
  double exponent = 0;
  // A bound on the bits of every number anywhere below.
  double widest = 0;
};

double bits(double magnitude, double exponent) { return magnitude + 2 * exponent + 2; }

Numbers number(const GiNaC::numeric& value) {
  calculus::check(value.is_rational(), "symbolic: a number that is not an exact rational");
  const GiNaC::numeric denominator = value.denom();
  calculus::check(cln::power2p(cln::the<cln::cl_I>(denominator.to_cl_N())) != 0,
                  "symbolic: a rational that is not dyadic");
  const double exponent = denominator.int_length() - 1;
  const double numerator = value.numer().int_length();
  return {std::max(0.0, numerator - exponent), exponent, numerator + exponent + 1};
}

// The numbers with `widest` raised to cover their own bounds.
Numbers widened(Numbers numbers) {
  numbers.widest = std::max(numbers.widest, bits(numbers.magnitude, numbers.exponent));
  return numbers;
}

// The numbers of a sum, a product, an integer power and a function of the
// given parts.
Numbers sum_numbers(std::span<const Numbers> parts) {
  Numbers result;
  for (const Numbers& part : parts) {
    result.magnitude = std::max(result.magnitude, part.magnitude);
    result.exponent = std::max(result.exponent, part.exponent);
    result.widest = std::max(result.widest, part.widest);
  }
  result.magnitude += std::ceil(std::log2(static_cast<double>(parts.size())));
  return widened(result);
}

Numbers product_numbers(std::span<const Numbers> parts) {
  Numbers result;
  for (const Numbers& part : parts) {
    result.magnitude += part.magnitude;
    result.exponent += part.exponent;
    result.widest = std::max(result.widest, part.widest);
  }
  return widened(result);
}

Numbers power_numbers(const Numbers& base, double exponent) {
  return widened({base.magnitude * exponent, base.exponent * exponent, base.widest});
}

Numbers function_numbers(std::span<const Numbers> arguments) {
  Numbers result;
  for (const Numbers& argument : arguments) {
    result.widest = std::max(result.widest, argument.widest);
  }
  return result;
}

// The nodes of a tree and bounds on its numbers.
struct Size {
  double nodes = 1;
  Numbers numbers;
};

// The size of e, an expression in the first `dimension` coordinates, with
// each coordinate symbol i < replacements.size() replaced by an expression
// of size replacements[i]: its nodes exactly before GiNaC simplifies, its
// numbers as bounds. Throws InternalError if e is not made of dyadic
// rationals, +, ·, integer powers, sin, cos, exp and those coordinates.
Size substituted_size(const ex& e, std::span<const Size> replacements, int dimension) {
  return fold<Size>(e, Symbolic::kMaxNodes, [&](const ex& node, auto children) {
    if (GiNaC::is_exactly_a<GiNaC::numeric>(node)) {
      return Size{1, number(GiNaC::ex_to<GiNaC::numeric>(node))};
    }
    if (GiNaC::is_a<GiNaC::symbol>(node)) {
      const int index = symbol_index(node);
      calculus::check(index < dimension,
                      "symbolic: an expression in a coordinate outside its domain");
      const auto i = static_cast<std::size_t>(index);
      return i < replacements.size() ? replacements[i] : Size{};
    }
    Size result;
    std::vector<Numbers> parts;
    for (const Size& child : children) {
      result.nodes += child.nodes;
      parts.push_back(child.numbers);
    }
    if (GiNaC::is_exactly_a<GiNaC::add>(node)) {
      result.numbers = sum_numbers(parts);
    } else if (GiNaC::is_exactly_a<GiNaC::mul>(node)) {
      result.numbers = product_numbers(parts);
    } else if (GiNaC::is_exactly_a<GiNaC::power>(node)) {
      result.numbers = power_numbers(parts[0], std::abs(integer_exponent(node).to_double()));
    } else {
      calculus::check(is_elementary(node),
                      "symbolic: an expression other than +, ·, powers, sin, cos, exp");
      result.numbers = function_numbers(parts);
    }
    return result;
  });
}

// Throws EvaluationBudgetExceeded if an expression of this size may not be built.
void check_budget(const Size& size, const char* what) {
  if (size.nodes > Symbolic::kMaxNodes) {
    throw budget(
        fmt::format("{} of {:.3g} nodes (more than {})", what, size.nodes, Symbolic::kMaxNodes));
  }
  if (size.numbers.widest > Symbolic::kMaxNumberBits) {
    throw budget(fmt::format("{} with numbers of up to {:.3g} bits (more than {})", what,
                             size.numbers.widest, Symbolic::kMaxNumberBits));
  }
}

// The size of e, an expression in the first `dimension` coordinates, after
// checking that it is within the budgets.
Size checked_size(const ex& e, int dimension) {
  const Size size = substituted_size(e, {}, dimension);
  check_budget(size, "an expression");
  return size;
}

ex checked(ex e, int dimension) {
  checked_size(e, dimension);
  return e;
}

// The expressions with coordinate symbol i replaced by values[i], all at
// once; each result is an expression in the first `dimension` coordinates.
// Throws EvaluationBudgetExceeded, before substituting, if a result could
// exceed the budgets.
std::vector<ex> substituted(const std::vector<ex>& expressions, const std::vector<ex>& values,
                            int dimension) {
  std::vector<Size> replacements;
  GiNaC::exmap map;
  for (std::size_t i = 0; i < values.size(); ++i) {
    replacements.push_back(checked_size(values[i], dimension));
    map[Symbolic::coordinate(static_cast<int>(i))] = values[i];
  }
  std::vector<ex> result;
  for (const ex& e : expressions) {
    check_budget(substituted_size(e, replacements, static_cast<int>(values.size())), "a composite");
    result.push_back(checked(e.subs(map, GiNaC::subs_options::no_pattern), dimension));
  }
  return result;
}

// The work of GiNaC's derivative of e by one symbol, in nodes: one visit
// per node of the tree, and k² for a product of k factors, whose product
// rule copies the other factors beside each factor's derivative (copies of
// references, so the result is a DAG of about this size).
double derivative_work(const ex& e) {
  return fold<double>(e, Symbolic::kMaxNodes, [](const ex& node, auto children) {
    double work = 1;
    for (const double child : children) work += child;
    if (GiNaC::is_exactly_a<GiNaC::mul>(node)) {
      work += static_cast<double>(children.size()) * static_cast<double>(children.size());
    }
    return work;
  });
}

// Upper bounds of the terms of e expanded with its functions' arguments, of
// the nodes of each of its terms, and of its numbers.
struct ExpandedSize {
  double terms = 1;
  double monomial = 1;
  Numbers numbers;

  double nodes() const { return terms * monomial + 1; }
};

ExpandedSize expanded_size(const ex& e) {
  return fold<ExpandedSize>(e, Symbolic::kMaxIntermediateNodes, [](const ex& node, auto children) {
    if (GiNaC::is_exactly_a<GiNaC::numeric>(node)) {
      return ExpandedSize{1, 1, number(GiNaC::ex_to<GiNaC::numeric>(node))};
    }
    if (children.empty()) return ExpandedSize{};  // a symbol
    double terms = 0, product = 1, largest = 0, factors = 1, nodes = 1;
    std::vector<Numbers> parts;
    for (const ExpandedSize& child : children) {
      terms += child.terms;
      product *= child.terms;
      largest = std::max(largest, child.monomial);
      factors += child.monomial;
      nodes += child.nodes();
      parts.push_back(child.numbers);
    }
    if (GiNaC::is_exactly_a<GiNaC::add>(node)) {
      return ExpandedSize{terms, largest, sum_numbers(parts)};
    }
    if (GiNaC::is_exactly_a<GiNaC::mul>(node)) {
      // Each term of the product takes one term of every factor; equal
      // terms add up.
      Numbers numbers = product_numbers(parts);
      numbers.magnitude += std::ceil(std::log2(product));
      return ExpandedSize{product, factors, widened(numbers)};
    }
    if (GiNaC::is_exactly_a<GiNaC::power>(node)) {
      const ExpandedSize& base = children[0];
      const double exponent = std::abs(integer_exponent(node).to_double());
      Numbers numbers = power_numbers(base.numbers, exponent);
      if (integer_exponent(node).is_positive() && base.terms > 1) {
        // A multinomial expansion: at most termsⁿ terms, coefficients below termsⁿ.
        numbers.magnitude += exponent * std::ceil(std::log2(base.terms));
        return ExpandedSize{std::pow(base.terms, exponent), exponent * base.monomial + 1,
                            widened(numbers)};
      }
      return ExpandedSize{1, 2 * nodes, numbers};
    }
    return ExpandedSize{1, nodes, function_numbers(parts)};  // of expanded arguments
  });
}

// e expands, arguments of functions included, to exactly 0; false when the
// expansion could exceed kMaxIntermediateNodes nodes or kMaxNumberBits bits.
bool expands_to_zero(const ex& e) {
  if (e.is_zero()) return true;
  ExpandedSize estimate;
  try {
    estimate = expanded_size(e);
  } catch (const semantics::EvaluationBudgetExceeded&) {
    return false;
  }
  if (estimate.nodes() > Symbolic::kMaxIntermediateNodes ||
      estimate.numbers.widest > Symbolic::kMaxNumberBits) {
    return false;
  }
  return e.expand(GiNaC::expand_options::expand_function_args).is_zero();
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
      e, Symbolic::kMaxIntermediateNodes,
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
      e, Symbolic::kMaxIntermediateNodes,
      [&](const ex& node) -> std::optional<ex> {
        if (!is_abstractable(node, abstraction)) return std::nullopt;
        const auto [coefficient, key] = coefficient_and_key(node);
        if (!common.contains(key)) return std::nullopt;
        return coefficient * atoms.try_emplace(key, GiNaC::symbol()).first->second;
      },
      rebuilt);
}

// a = b at every point: a − b expands to 0 (with the arguments of functions)
// after the largest subexpressions a and b share have been replaced by
// unknowns — first any, then all but sums, then only applications of sin,
// cos, exp — else as it is. Each replacement is sound: equal subexpressions
// become equal unknowns, and a polynomial identity in unknowns holds
// whatever they stand for. It is what makes proofs cheap: the sides of a
// law mostly differ by distributivity around large shared parts, which a
// full expansion would multiply out. False when every expansion fails or
// would exceed the budgets.
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

// ---- certified evaluation ----

// The integer n as an fmpz (through its digits: FLINT's own setters from
// machine integers are inline calls into GMP).
void set_integer(fmpz_t result, const GiNaC::numeric& n) {
  std::ostringstream digits;
  digits << n;
  calculus::check(fmpz_set_str(result, digits.str().c_str(), 10) == 0,
                  "symbolic: an integer Arb cannot read");
}

// The integer n as an exact ball.
Ball integer_ball(const GiNaC::numeric& n) {
  Ball result;
  if (n.int_length() < 63) {
    arb_set_si(result.get(), n.to_long());
    return result;
  }
  fmpz_t value;
  fmpz_init(value);
  set_integer(value, n);
  arb_set_fmpz(result.get(), value);
  fmpz_clear(value);
  return result;
}

// The rational q, exactly when the working precision can hold it.
Ball ball_of(const GiNaC::numeric& q) {
  calculus::check(q.is_rational(), "symbolic: a number that is not an exact rational");
  if (q.is_integer()) return integer_ball(q);
  return integer_ball(q.numer()) / integer_ball(q.denom());
}

// Whether a comes before b: NaN first, then by midpoint, then by radius.
bool ball_less(const Ball& a, const Ball& b) {
  const bool a_nan = arf_is_nan(arb_midref(a.get())), b_nan = arf_is_nan(arb_midref(b.get()));
  if (a_nan || b_nan) return a_nan && !b_nan;
  const int midpoints = arf_cmp(arb_midref(a.get()), arb_midref(b.get()));
  if (midpoints != 0) return midpoints < 0;
  return mag_cmp(arb_radref(a.get()), arb_radref(b.get())) < 0;
}

// The balls in the order of ball_less. GiNaC orders the terms of a sum by
// hashes that depend on where its library is loaded; combining them in an
// order of their own makes enclosures, and so verdicts, the same in every
// run.
std::vector<Ball> sorted(std::span<const Ball> balls) {
  std::vector<Ball> result(balls.begin(), balls.end());
  std::sort(result.begin(), result.end(), ball_less);
  return result;
}

// A ball enclosing the closed expression e at the working precision; throws
// InternalError for anything but rationals, +, ·, integer powers, sin, cos, exp.
Ball to_ball(const ex& e) {
  return fold<Ball>(e, Symbolic::kMaxNodes, [](const ex& node, std::span<const Ball> children) {
    if (GiNaC::is_exactly_a<GiNaC::numeric>(node)) {
      return ball_of(GiNaC::ex_to<GiNaC::numeric>(node));
    }
    if (GiNaC::is_exactly_a<GiNaC::add>(node)) {
      Ball sum;
      for (const Ball& child : sorted(children)) sum += child;
      return sum;
    }
    if (GiNaC::is_exactly_a<GiNaC::mul>(node)) {
      Ball product(1);
      for (const Ball& child : sorted(children)) product *= child;
      return product;
    }
    if (GiNaC::is_exactly_a<GiNaC::power>(node)) {
      fmpz_t exponent;
      fmpz_init(exponent);
      set_integer(exponent, integer_exponent(node));
      Ball result;
      arb_pow_fmpz(result.get(), children[0].get(), exponent, ball_precision());
      fmpz_clear(exponent);
      return result;
    }
    if (is_ex_the_function(node, GiNaC::sin)) return sin(children[0]);
    if (is_ex_the_function(node, GiNaC::cos)) return cos(children[0]);
    if (is_ex_the_function(node, GiNaC::exp)) return exp(children[0]);
    throw calculus::InternalError(
        "symbolic: a point that is not a closed expression of rationals, +, ·, integer powers, "
        "sin, cos, exp");
  });
}

// The comparison of two closed expressions at the working precision.
semantics::Comparison compare_values(const ex& a, const ex& b) {
  if (a.is_equal(b)) return semantics::Comparison::Equal;
  const semantics::Comparison certified = compare_certified(to_ball(a), to_ball(b));
  if (certified != semantics::Comparison::Undecided) return certified;
  return proves_zero_difference(a, b) ? semantics::Comparison::Equal
                                      : semantics::Comparison::Undecided;
}

// ---- printing ----

// Intermediate strings are cut too, so that printing costs O(nodes).
constexpr std::size_t kMaxPrinted = 2 * kMaxDescription;

std::string describe_number(const GiNaC::numeric& number) {
  const double value = number.to_double();
  if (std::isfinite(value) && Symbolic::exact(value).is_equal(number)) {
    return fmt::format("{}", value);
  }
  std::ostringstream text;
  text << number;
  return text.str();
}

std::string negated(const std::string& term) {
  return term.front() == '-' ? term.substr(1) : "-" + term;
}

// The terms of a sum as one text: "a - b + c".
std::string joined(const std::vector<std::string>& terms) {
  std::string text;
  for (const std::string& term : terms) {
    if (text.empty()) {
      text = term;
    } else {
      text += term.front() == '-' ? " - " + term.substr(1) : " + " + term;
    }
  }
  return text;
}

// The text of a node as a factor of a product or a power.
std::string parenthesized(const ex& node, const std::string& text) {
  const bool atomic = GiNaC::is_a<GiNaC::symbol>(node) || GiNaC::is_a<GiNaC::function>(node) ||
                      GiNaC::is_exactly_a<GiNaC::power>(node) ||
                      (GiNaC::is_exactly_a<GiNaC::numeric>(node) && text.front() != '-');
  return atomic ? text : "(" + text + ")";
}

// A subexpression as printed. GiNaC orders terms and factors by hashes that
// depend on where its library is loaded, and gives a sum that is a factor
// the sign of its first term; so terms and factors are sorted by their
// text, and a sum in a product is written with its first term positive:
// `factor`, which is −text when `negative`. A sum keeps its first terms.
struct Printed {
  std::string text;
  std::string factor;
  bool negative = false;
  std::vector<std::string> terms;
};

// The terms of a sum sorted by their text without sign, the constant last,
// as many as the printed text can show.
std::vector<std::string> sorted_terms(const ex& sum, std::span<const Printed> children) {
  std::vector<std::pair<std::string, std::string>> keyed;
  for (std::size_t i = 0; i < children.size(); ++i) {
    const std::string& term = children[i].text;
    const bool constant = GiNaC::is_exactly_a<GiNaC::numeric>(sum.op(i));
    keyed.emplace_back((constant ? "1" : "0") + term.substr(term.front() == '-' ? 1 : 0), term);
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<std::string> terms;
  std::size_t length = 0;
  for (std::size_t i = 0; i < keyed.size() && length <= kMaxPrinted; ++i) {
    terms.push_back(keyed[i].second);
    length += terms.back().size() + 3;
  }
  return terms;
}

// The sum of `terms` with its first term positive, and whether that negated it.
std::pair<std::string, bool> canonical_sum(std::vector<std::string> terms) {
  const bool negative = terms.front().front() == '-';
  if (negative) std::transform(terms.begin(), terms.end(), terms.begin(), negated);
  return {"(" + joined(terms) + ")", negative};
}

Printed printed_node(const ex& node, std::span<const Printed> children) {
  Printed printed;
  if (GiNaC::is_exactly_a<GiNaC::numeric>(node)) {
    printed.text = describe_number(GiNaC::ex_to<GiNaC::numeric>(node));
  } else if (GiNaC::is_a<GiNaC::symbol>(node)) {
    printed.text = GiNaC::ex_to<GiNaC::symbol>(node).get_name();
  } else if (GiNaC::is_exactly_a<GiNaC::add>(node)) {
    printed.terms = sorted_terms(node, children);
    printed.text = joined(printed.terms);
    std::tie(printed.factor, printed.negative) = canonical_sum(printed.terms);
  } else if (GiNaC::is_exactly_a<GiNaC::mul>(node)) {
    std::size_t count = children.size();
    const bool has_coefficient = GiNaC::is_exactly_a<GiNaC::numeric>(node.op(count - 1));
    if (has_coefficient) --count;
    bool negative = false;
    std::vector<std::string> factors;
    for (std::size_t i = 0; i < count; ++i) {
      factors.push_back(children[i].factor);
      negative = negative != children[i].negative;
    }
    std::sort(factors.begin(), factors.end());
    // The coefficient, which GiNaC keeps last, first.
    std::string coefficient = has_coefficient ? children[count].text : "1";
    if (negative) coefficient = negated(coefficient);
    printed.text = coefficient == "1" ? "" : coefficient == "-1" ? "-" : coefficient + "·";
    for (std::size_t i = 0; i < factors.size(); ++i) {
      printed.text += (i == 0 ? "" : "·") + factors[i];
    }
  } else if (GiNaC::is_exactly_a<GiNaC::power>(node)) {
    const std::string exponent = "^" + parenthesized(node.op(1), children[1].text);
    if (GiNaC::is_exactly_a<GiNaC::add>(node.op(0))) {
      printed.factor = children[0].factor + exponent;
      printed.negative = children[0].negative && integer_exponent(node).is_odd();
      printed.text = (printed.negative ? "-" : "") + printed.factor;
    } else {
      printed.text = parenthesized(node.op(0), children[0].text) + exponent;
    }
  } else {
    printed.text = GiNaC::ex_to<GiNaC::function>(node).get_name() + "(" + children[0].text + ")";
  }
  printed.text = bounded(std::move(printed.text), kMaxPrinted);
  if (printed.factor.empty()) printed.factor = parenthesized(node, printed.text);
  return printed;
}

// e in infix notation, "2·x0 + sin(x1)^2", with numbers that are doubles as
// doubles, the same text in every run.
std::string describe_expression(const ex& e) {
  return fold<Printed>(e, Symbolic::kMaxNodes, printed_node).text;
}

// The coordinates of x ↦ M·x + b, with the exact values of M and b.
std::vector<ex> affine_coordinates(const Eigen::MatrixXd& matrix, const Eigen::VectorXd& offset) {
  std::vector<ex> coordinates;
  for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
    GiNaC::exvector terms{Symbolic::exact(offset(i))};
    for (Eigen::Index j = 0; j < matrix.cols(); ++j) {
      if (matrix(i, j) != 0.0) {
        terms.push_back(Symbolic::exact(matrix(i, j)) * Symbolic::coordinate(static_cast<int>(j)));
      }
    }
    coordinates.push_back(checked(GiNaC::add(terms), static_cast<int>(matrix.cols())));
  }
  return coordinates;
}

}  // namespace

// ---- morphisms ----

Symbolic::Morphism::Morphism(Object domain, Object codomain, std::string description,
                             std::vector<ex> coordinates)
    : domain_(std::move(domain)), codomain_(std::move(codomain)) {
  calculus::check(static_cast<int>(coordinates.size()) == codomain_.dimension(),
                  "symbolic: a morphism with the wrong number of coordinates");
  data_ = std::shared_ptr<const Data>(
      new Data{bounded(std::move(description)), std::move(coordinates)}, [](const Data* data) {
        const auto lock = exclusive();
        delete data;
      });
}

Symbolic::Symbolic(const semantics::ModelConfig& config) : smooth_(config) {}

std::unique_lock<std::recursive_mutex> Symbolic::exclusive() {
  // Never destroyed: a morphism may outlive the static objects of its program.
  static auto* const mutex = new std::recursive_mutex;
  return std::unique_lock(*mutex);
}

GiNaC::ex Symbolic::coordinate(int index) {
  calculus::check(index >= 0, "symbolic: a negative coordinate");
  const auto lock = exclusive();
  SymbolTable& table = symbol_table();
  while (static_cast<int>(table.symbols.size()) <= index) {
    const int next = static_cast<int>(table.symbols.size());
    const ex symbol = GiNaC::realsymbol(fmt::format("x{}", next));
    table.symbols.push_back(symbol);
    table.indices.emplace(symbol, next);
  }
  return table.symbols[static_cast<std::size_t>(index)];
}

GiNaC::numeric Symbolic::exact(double value) {
  calculus::check(std::isfinite(value), "symbolic: a number that is not finite");
  const auto lock = exclusive();
  // value = mantissa·2^exponent with |mantissa| in [1/2, 1): mantissa·2⁵³ is an integer.
  int exponent = 0;
  const double mantissa = std::frexp(value, &exponent);
  const auto integer = static_cast<long>(std::ldexp(mantissa, 53));
  return GiNaC::numeric(integer) * GiNaC::numeric(2).power(exponent - 53);
}

void Symbolic::require_equal(const char* operation, const Object& expected,
                             const Object& found) const {
  if (!(expected == found)) {
    throw semantics::mismatch(operation, describe_object(expected), describe_object(found));
  }
}

Symbolic::Morphism Symbolic::identity(const Object& x) const {
  const auto lock = exclusive();
  std::vector<ex> coordinates;
  for (int i = 0; i < x.dimension(); ++i) coordinates.push_back(coordinate(i));
  return Morphism(x, x, "id", std::move(coordinates));
}

Symbolic::Morphism Symbolic::compose(const Morphism& f, const Morphism& g) const {
  require_equal("compose", f.domain(), g.codomain());
  const auto lock = exclusive();
  return Morphism(g.domain(), f.codomain(), "(" + f.description() + " ∘ " + g.description() + ")",
                  substituted(f.coordinates(), g.coordinates(), g.domain().dimension()));
}

Symbolic::Morphism Symbolic::pair(const Morphism& f, const Morphism& g) const {
  require_equal("pair", f.domain(), g.domain());
  const auto lock = exclusive();
  std::vector<ex> coordinates = f.coordinates();
  coordinates.insert(coordinates.end(), g.coordinates().begin(), g.coordinates().end());
  return Morphism(f.domain(), product(f.codomain(), g.codomain()),
                  "⟨" + f.description() + ", " + g.description() + "⟩", std::move(coordinates));
}

Symbolic::Morphism Symbolic::proj1(const Object& x, const Object& y) const {
  const auto lock = exclusive();
  std::vector<ex> coordinates;
  for (int i = 0; i < x.dimension(); ++i) coordinates.push_back(coordinate(i));
  return Morphism(product(x, y), x, "π1", std::move(coordinates));
}

Symbolic::Morphism Symbolic::proj2(const Object& x, const Object& y) const {
  const auto lock = exclusive();
  std::vector<ex> coordinates;
  for (int i = 0; i < y.dimension(); ++i) coordinates.push_back(coordinate(x.dimension() + i));
  return Morphism(product(x, y), y, "π2", std::move(coordinates));
}

Symbolic::Morphism Symbolic::bang(const Object& x) const {
  return Morphism(x, terminal(), "!", {});
}

Symbolic::Morphism Symbolic::add(const Morphism& f, const Morphism& g) const {
  require_equal("add (domains)", f.domain(), g.domain());
  require_equal("add (codomains)", f.codomain(), g.codomain());
  const auto lock = exclusive();
  std::vector<ex> coordinates;
  for (std::size_t i = 0; i < f.coordinates().size(); ++i) {
    coordinates.push_back(checked(f.coordinates()[i] + g.coordinates()[i], f.domain().dimension()));
  }
  return Morphism(f.domain(), f.codomain(), "(" + f.description() + " + " + g.description() + ")",
                  std::move(coordinates));
}

Symbolic::Morphism Symbolic::zero(const Object& x, const Object& y) const {
  const auto lock = exclusive();
  return Morphism(x, y, "0", std::vector<ex>(static_cast<std::size_t>(y.dimension()), ex(0)));
}

Symbolic::Morphism Symbolic::primitive(calculus::Primitive primitive) const {
  const std::string name = calculus::primitive_name(primitive);
  const auto lock = exclusive();
  const ex x = coordinate(0);
  switch (primitive) {
    case calculus::Primitive::Mul:
      return Morphism(product(real(), real()), real(), name, {x * coordinate(1)});
    case calculus::Primitive::Sin:
      return Morphism(real(), real(), name, {GiNaC::sin(x)});
    case calculus::Primitive::Cos:
      return Morphism(real(), real(), name, {GiNaC::cos(x)});
    case calculus::Primitive::Exp:
      return Morphism(real(), real(), name, {GiNaC::exp(x)});
  }
  throw calculus::InternalError("symbolic: unknown primitive");
}

Symbolic::Morphism Symbolic::constant(double value) const {
  const auto lock = exclusive();
  return Morphism(terminal(), real(), fmt::format("{}", value), {exact(value)});
}

Symbolic::Morphism Symbolic::make_morphism(const Object& x, const Object& y,
                                           std::string description,
                                           std::vector<ex> coordinates) const {
  const auto lock = exclusive();
  for (const ex& e : coordinates) checked(e, x.dimension());
  return Morphism(x, y, std::move(description), std::move(coordinates));
}

Symbolic::Morphism Symbolic::linear(const Object& x, const Object& y,
                                    const Eigen::MatrixXd& matrix) const {
  calculus::check(matrix.rows() == y.dimension() && matrix.cols() == x.dimension(),
                  "symbolic: linear map of the wrong shape");
  const auto lock = exclusive();
  return Morphism(x, y, fmt::format("linear{}x{}", matrix.rows(), matrix.cols()),
                  affine_coordinates(matrix, Eigen::VectorXd::Zero(matrix.rows())));
}

Symbolic::Morphism Symbolic::affine(const Object& x, const Object& y, const Eigen::MatrixXd& matrix,
                                    const Eigen::VectorXd& offset) const {
  calculus::check(matrix.rows() == y.dimension() && matrix.cols() == x.dimension() &&
                      offset.size() == y.dimension(),
                  "symbolic: affine map of the wrong shape");
  const auto lock = exclusive();
  return Morphism(x, y, fmt::format("affine{}x{}", matrix.rows(), matrix.cols()),
                  affine_coordinates(matrix, offset));
}

// ---- the differential combinator ----

Symbolic::Morphism Symbolic::derivative(const Morphism& f) const {
  const int n = f.domain().dimension();
  const auto lock = exclusive();
  // f at the point x = (xn, …, x(2n−1)), then Σᵢ ∂f/∂x(n+i) · xi.
  GiNaC::exmap to_point;
  for (int i = 0; i < n; ++i) to_point[coordinate(i)] = coordinate(n + i);
  std::vector<ex> coordinates;
  for (const ex& e : f.coordinates()) {
    const ex at_point = e.subs(to_point, GiNaC::subs_options::no_pattern);
    std::vector<bool> occurs(static_cast<std::size_t>(2 * n), false);
    fold<int>(at_point, kMaxNodes, [&](const ex& node, auto) {
      if (GiNaC::is_a<GiNaC::symbol>(node)) {
        occurs[static_cast<std::size_t>(symbol_index(node))] = true;
      }
      return 0;
    });
    const double variables = static_cast<double>(std::count(occurs.begin(), occurs.end(), true));
    const double work = variables * derivative_work(at_point);
    if (work > kMaxIntermediateNodes) {
      throw budget(fmt::format("a derivative of {:.3g} nodes of work (more than {})", work,
                               kMaxIntermediateNodes));
    }
    GiNaC::exvector terms;
    for (int i = 0; i < n; ++i) {
      if (!occurs[static_cast<std::size_t>(n + i)]) continue;
      const ex partial = at_point.diff(GiNaC::ex_to<GiNaC::symbol>(coordinate(n + i)));
      terms.push_back(partial * coordinate(i));
    }
    coordinates.push_back(checked(GiNaC::add(terms), 2 * n));
  }
  return Morphism(product(f.domain(), f.domain()), f.codomain(), "D(" + f.description() + ")",
                  std::move(coordinates));
}

// ---- the proof ----

bool Symbolic::proves_equal(const Morphism& lhs, const Morphism& rhs) const {
  if (!(lhs.domain() == rhs.domain() && lhs.codomain() == rhs.codomain())) return false;
  const auto lock = exclusive();
  for (std::size_t i = 0; i < lhs.coordinates().size(); ++i) {
    const ex &a = lhs.coordinates()[i], &b = rhs.coordinates()[i];
    if (!proves_zero_difference(a, b)) return false;
  }
  return true;
}

bool Symbolic::uses_primitive(const Morphism& f) const {
  const auto lock = exclusive();
  // An upper bound of each node's degree in the symbols, 2 standing for
  // "2 or more, or not a polynomial".
  const auto degree = [](const ex& node, std::span<const int> children) {
    if (GiNaC::is_a<GiNaC::symbol>(node)) return 1;
    if (GiNaC::is_a<GiNaC::numeric>(node)) return 0;
    if (GiNaC::is_a<GiNaC::add>(node)) return *std::max_element(children.begin(), children.end());
    if (GiNaC::is_a<GiNaC::mul>(node)) {
      return std::min(2, std::accumulate(children.begin(), children.end(), 0));
    }
    if (GiNaC::is_a<GiNaC::power>(node) && children[0] == 0) return 0;
    if (is_elementary(node) && children[0] == 0) return 0;
    return node.nops() == 0 ? 0 : 2;
  };
  for (const ex& e : f.coordinates()) {
    if (fold<int>(e, kMaxNodes, degree) >= 2) return true;
  }
  return false;
}

// ---- points ----

Symbolic::Point Symbolic::apply(const Morphism& f, const Point& p) const {
  calculus::check(static_cast<int>(p.size()) == f.domain().dimension(),
                  "symbolic: a point of the wrong dimension");
  const auto lock = exclusive();
  return substituted(f.coordinates(), p, 0);
}

Symbolic::Point Symbolic::pair_point(const Point& p, const Point& q) const {
  const auto lock = exclusive();
  Point result = p;
  result.insert(result.end(), q.begin(), q.end());
  return result;
}

double Symbolic::real_value(const Point& p) const {
  calculus::check(p.size() == 1, "symbolic: real_value of a point that is not real");
  const auto lock = exclusive();
  return to_ball(p[0]).midpoint();
}

Symbolic::Point Symbolic::random_point(const Object& x, std::mt19937_64& rng) const {
  const auto lock = exclusive();
  Point result;
  for (int i = 0; i < x.dimension(); ++i)
    result.push_back(exact(calculus::random_real(rng, -2.0, 2.0)));
  return result;
}

bool Symbolic::approx_equal(const Object& x, const Point& p, const Point& q,
                            const semantics::Tolerance& tolerance, std::mt19937_64& rng) const {
  return compare(x, p, q, tolerance, rng) == semantics::Comparison::Equal;
}

semantics::Comparison Symbolic::compare(const Object& x, const Point& p, const Point& q,
                                        const semantics::Tolerance&, std::mt19937_64&) const {
  using semantics::Comparison;
  calculus::check(
      static_cast<int>(p.size()) == x.dimension() && static_cast<int>(q.size()) == x.dimension(),
      "symbolic: compared points of the wrong dimension");
  const auto lock = exclusive();
  Comparison result = Comparison::Equal;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const Comparison coordinate = compare_values(p[i], q[i]);
    if (coordinate == Comparison::Different) return coordinate;
    if (coordinate == Comparison::Undecided) result = coordinate;
  }
  return result;
}

std::optional<semantics::Difference> Symbolic::difference(const Object& x, const Point& p,
                                                          const Point& q,
                                                          const semantics::Tolerance&,
                                                          std::mt19937_64&) const {
  if (static_cast<int>(p.size()) != x.dimension() || static_cast<int>(q.size()) != x.dimension()) {
    return std::nullopt;
  }
  const auto lock = exclusive();
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (compare_values(p[i], q[i]) != semantics::Comparison::Different) continue;
    const Ball a = to_ball(p[i]), b = to_ball(q[i]);
    semantics::Difference result{{}, a.midpoint(), b.midpoint(), separation(a, b)};
    if (p.size() > 1) {
      result.steps.push_back({fmt::format("coordinate {} of {}", i + 1, p.size()),
                              fmt::format("{}", result.lhs), fmt::format("{}", result.rhs)});
    }
    return result;
  }
  return std::nullopt;
}

bool Symbolic::is_finite(const Object&, const Point&) const { return true; }

std::string Symbolic::describe_point(const Object& x, const Point& p) const {
  const auto lock = exclusive();
  const auto value = [&](std::size_t i) { return fmt::format("{}", to_ball(p[i]).midpoint()); };
  switch (x.kind()) {
    case Kind::Terminal:
      return "()";
    case Kind::Real:
      return value(0);
    case Kind::Atom: {
      std::string text = "[";
      for (std::size_t i = 0; i < p.size(); ++i) text += (i == 0 ? "" : ", ") + value(i);
      return text + "]";
    }
    case Kind::Product: {
      const auto [first, second] = *factors(x);
      const auto split = p.begin() + first.dimension();
      return "<" + describe_point(first, Point(p.begin(), split)) + ", " +
             describe_point(second, Point(split, p.end())) + ">";
    }
  }
  return "?";
}

std::string Symbolic::describe_morphism(const Morphism& f) const {
  const auto lock = exclusive();
  std::string text = "(";
  for (int i = 0; i < f.domain().dimension(); ++i) {
    text += fmt::format("{}x{}", i == 0 ? "" : ", ", i);
  }
  text += ") ↦ (";
  for (std::size_t i = 0; i < f.coordinates().size() && text.size() <= kMaxDescription; ++i) {
    text += (i == 0 ? "" : ", ") + describe_expression(f.coordinates()[i]);
  }
  return bounded(text + ")");
}

// ---- random morphisms, drawn as Smooth::random_morphism draws ----

Symbolic::Morphism Symbolic::random_morphism(const Object& x, const Object& y,
                                             std::mt19937_64& rng) const {
  return RandomFirstOrderMorphism<Symbolic>(*this, rng)(x, y);
}

}  // namespace perturb::models
