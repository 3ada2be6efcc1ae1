// Rewrite rules written by a user (`perturb conjecture confluence
// --rule-file F`, `perturb check --rule-file F`; docs/syntax.md "Rules"):
// each an equation with metavariables (calculus/parse_equation.h), read
// from left to right,
//
//   file  ::= (line '\n')*
//   line  ::= NAME ':' equation  |  '#' comment  |  empty
//
// e.g. "pair-eta-rr: forall s : R * R. in1 (pi1 s) + in2 (pi2 s) = s". A
// rule fires where its left side matches (calculus/metavariables.h: up to the
// order of summands, at the declared types); at a sum, on some of its
// summands, keeping the others.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "calculus/error.h"
#include "calculus/parse_equation.h"
#include "calculus/term.h"

namespace perturb::calculus {

struct UserRule {
  std::string name;       // letters, digits and '-'
  std::string statement;  // the equation's text
  TextEquation equation;
};

// Most summands one sum of a rule's left side may have: matching a sum up to
// order backtracks over the ways to assign them.
inline constexpr std::size_t kMaxRuleSummands = 8;

// The rules of a rule file, or its first error, positioned in the file.
// Names are unique; the right side uses no metavariable the left side does
// not bind; the left side is not a metavariable alone.
ErrorOr<std::vector<UserRule>> parse_rule_file(std::string_view text);

// term rewritten at its root by rule, if its left side matches there.
std::optional<Term> contract_user_rule(const Term& term, const UserRule& rule);

}  // namespace perturb::calculus
