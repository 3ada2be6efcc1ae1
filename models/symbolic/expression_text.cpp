#include "models/symbolic/expression_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <sstream>
#include <tuple>
#include <utility>
#include <vector>

#include "models/symbolic/expression_budget.h"
#include "models/symbolic/expression_tree.h"

namespace perturb::models::expressions {

std::string bounded(std::string text, std::size_t length) {
  if (text.size() > length) {
    text.resize(length);
    text += "…";
  }
  return text;
}

namespace {

// Intermediate strings are cut too, so that printing costs O(nodes).
constexpr std::size_t kMaxPrinted = 2 * kMaxDescription;

std::string describe_number(const GiNaC::numeric& number) {
  const double value = number.to_double();
  if (std::isfinite(value) && exact_number(value).is_equal(number)) {
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

}  // namespace

std::string describe_expression(const ex& e) {
  return fold<Printed>(e, kMaxNodes, printed_node).text;
}

}  // namespace perturb::models::expressions
