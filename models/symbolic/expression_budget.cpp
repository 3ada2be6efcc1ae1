#include "models/symbolic/expression_budget.h"

#include <cln/integer.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <span>

#include "models/symbolic/coordinate_symbols.h"
#include "models/symbolic/expression_tree.h"

namespace perturb::models::expressions {

namespace {

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
  return fold<Size>(e, kMaxNodes, [&](const ex& node, auto children) {
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
  if (size.nodes > kMaxNodes) {
    throw budget(fmt::format("{} of {:.3g} nodes (more than {})", what, size.nodes, kMaxNodes));
  }
  if (size.numbers.widest > kMaxNumberBits) {
    throw budget(fmt::format("{} with numbers of up to {:.3g} bits (more than {})", what,
                             size.numbers.widest, kMaxNumberBits));
  }
}

// The size of e, an expression in the first `dimension` coordinates, after
// checking that it is within the budgets.
Size checked_size(const ex& e, int dimension) {
  const Size size = substituted_size(e, {}, dimension);
  check_budget(size, "an expression");
  return size;
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
  return fold<ExpandedSize>(e, kMaxIntermediateNodes, [](const ex& node, auto children) {
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

}  // namespace

ex checked(ex e, int dimension) {
  checked_size(e, dimension);
  return e;
}

std::vector<ex> substituted(const std::vector<ex>& expressions, const std::vector<ex>& values,
                            int dimension) {
  std::vector<Size> replacements;
  GiNaC::exmap map;
  for (std::size_t i = 0; i < values.size(); ++i) {
    replacements.push_back(checked_size(values[i], dimension));
    map[coordinate_symbol(static_cast<int>(i))] = values[i];
  }
  std::vector<ex> result;
  for (const ex& e : expressions) {
    check_budget(substituted_size(e, replacements, static_cast<int>(values.size())), "a composite");
    result.push_back(checked(e.subs(map, GiNaC::subs_options::no_pattern), dimension));
  }
  return result;
}

double derivative_work(const ex& e) {
  return fold<double>(e, kMaxNodes, [](const ex& node, auto children) {
    double work = 1;
    for (const double child : children) work += child;
    if (GiNaC::is_exactly_a<GiNaC::mul>(node)) {
      work += static_cast<double>(children.size()) * static_cast<double>(children.size());
    }
    return work;
  });
}

bool expansion_within_budget(const ex& e) {
  ExpandedSize estimate;
  try {
    estimate = expanded_size(e);
  } catch (const semantics::EvaluationBudgetExceeded&) {
    return false;
  }
  return estimate.nodes() <= kMaxIntermediateNodes && estimate.numbers.widest <= kMaxNumberBits;
}

}  // namespace perturb::models::expressions
