#include "calculus/rule_file.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "calculus/metavariables.h"

namespace perturb::calculus {
namespace {

bool is_rule_name(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-')) return false;
  }
  return true;
}

// Which metavariables (declared order) term uses, and the most summands of
// one of its sums.
struct Survey {
  std::vector<bool> used;
  std::size_t widest_sum = 0;
};

Survey survey(const Term& term, std::size_t metavariables) {
  Survey out{std::vector<bool>(metavariables, false), 0};
  std::vector<std::pair<const Term*, std::uint32_t>> pending = {{&term, 0}};
  std::set<std::pair<const TermNode*, std::uint32_t>> visited;
  while (!pending.empty()) {
    const auto [t, depth] = pending.back();
    pending.pop_back();
    if (!visited.insert({t->get(), depth}).second) continue;
    if (is_var(*t) && var_index(*t) >= depth) {
      out.used[metavariables - 1 - (var_index(*t) - depth)] = true;
    }
    if (is_sum(*t)) out.widest_sum = std::max(out.widest_sum, (*t)->children().size());
    for (const Term& child : (*t)->children())
      pending.push_back({&child, is_lam(*t) ? depth + 1 : depth});
  }
  return out;
}

// error, on line `line` of the file, its column moved by `column` (where
// the equation begins on that line).
Error on_line(Error error, int line, int column) {
  if (error.position) {
    error.position->line = line;
    error.position->column += column - 1;
  } else {
    error.position = SourcePosition{line, column};
  }
  return error;
}

}  // namespace

ErrorOr<std::vector<UserRule>> parse_rule_file(std::string_view text) {
  std::vector<UserRule> rules;
  int line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || line[first] == '#') continue;
    const std::size_t colon = line.find(':');
    std::string_view name =
        line.substr(first, colon == std::string_view::npos ? line.npos : colon - first);
    name = name.substr(0, name.find_last_not_of(" \t") + 1);
    if (colon == std::string_view::npos || !is_rule_name(name)) {
      return Error{"expected NAME: EQUATION, NAME of letters, digits and '-'",
                   SourcePosition{line_number, static_cast<int>(first) + 1}};
    }
    const int column = static_cast<int>(colon) + 2;
    const std::string_view statement = line.substr(colon + 1);
    auto equation = parse_equation(statement);
    if (!equation) return on_line(equation.error(), line_number, column);
    const auto at_rule = [&](std::string message) {
      return Error{"rule " + std::string(name) + ": " + message,
                   SourcePosition{line_number, static_cast<int>(first) + 1}};
    };
    for (const UserRule& rule : rules) {
      if (rule.name == name) return at_rule("a second rule of this name");
    }
    const std::size_t count = equation->metavariables.size();
    if (is_var(equation->lhs) && var_index(equation->lhs) < count)
      return at_rule("the left side is a metavariable alone, which would match every term");
    const Survey left = survey(equation->lhs, count), right = survey(equation->rhs, count);
    for (std::size_t i = 0; i < count; ++i) {
      if (right.used[i] && !left.used[i]) {
        return at_rule("the right side uses " + equation->metavariables.entries()[i].name +
                       ", which the left side does not bind");
      }
    }
    if (left.widest_sum > kMaxRuleSummands) {
      return at_rule("the left side has a sum of " + std::to_string(left.widest_sum) +
                     " summands; at most " + std::to_string(kMaxRuleSummands));
    }
    const std::size_t trimmed = statement.find_first_not_of(" \t");
    rules.push_back(
        {std::string(name),
         std::string(trimmed == std::string_view::npos ? statement : statement.substr(trimmed)),
         *equation});
  }
  return rules;
}

std::optional<Term> contract_user_rule(const Term& term, const UserRule& rule) {
  auto found = match(rule.equation.lhs, rule.equation.metavariables, term);
  if (!found) return std::nullopt;
  Term result = instantiate(rule.equation.rhs, found->values);
  if (found->rest.empty()) return result;
  found->rest.push_back(result);
  return mk_sum(term->type(), found->rest);
}

}  // namespace perturb::calculus
