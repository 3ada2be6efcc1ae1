// Rules written by a user (calculus/rule_file.h) and the matching under them
// (calculus/metavariables.h): where a rule fires, what it builds, where it
// must not fire, and the exact wording of rule-file errors.
#include "calculus/rule_file.h"

#include <catch2/catch.hpp>

#include "calculus/metavariables.h"
#include "calculus/parse.h"
#include "calculus/print.h"

using namespace perturb::calculus;

namespace {

std::vector<UserRule> rules_ok(std::string_view text) {
  auto rules = parse_rule_file(text);
  INFO(text);
  if (!rules) FAIL(rules.error().to_string());
  return *rules;
}

std::string rules_error(std::string_view text) {
  auto rules = parse_rule_file(text);
  INFO(text);
  REQUIRE_FALSE(rules.ok());
  return rules.error().to_string();
}

Context free_variables() {
  Context context;
  context.push("s", *parse_type("R * R"));
  context.push("t", *parse_type("R * R"));
  context.push("g", *parse_type("R -> R"));
  context.push("a", *parse_type("R"));
  return context;
}

Term term_of(std::string_view text) {
  auto program = parse_program(text, free_variables());
  INFO(text);
  if (!program) FAIL(program.error().to_string());
  return program->term;
}

// term rewritten once at its root by rule, printed; "no match" otherwise.
std::string rewritten(const UserRule& rule, std::string_view term) {
  const auto result = contract_user_rule(term_of(term), rule);
  return result ? to_string(*result, free_variables()) : "no match";
}

}  // namespace

TEST_CASE("a rule file: named equations, comments and blank lines", "[rule-file]") {
  const auto rules = rules_ok(
      "# pair-eta at R * R\n"
      "\n"
      "eta-rr: forall s : R * R. in1 (pi1 s) + in2 (pi2 s) = s\n"
      "  zero-sin : forall a : R. T sin (in2 a : R * R) = in2 (sin a)\n");
  REQUIRE(rules.size() == 2);
  CHECK(rules[0].name == "eta-rr");
  CHECK(rules[0].statement == "forall s : R * R. in1 (pi1 s) + in2 (pi2 s) = s");
  CHECK(rules[1].name == "zero-sin");
}

TEST_CASE("a rule fires where its left side matches, up to the order of summands", "[rule-file]") {
  const auto rules = rules_ok(
      "eta: forall s : R * R. in1 (pi1 s) + in2 (pi2 s) = s\n"
      "twice: forall f : R -> R, x : R. f (f x) = f x\n"
      "under-lambda: forall y : R. \\x:R. x * y = \\x:R. y * x\n");
  CHECK(rewritten(rules[0], "in2 (pi2 t) + in1 (pi1 t)") == "t");
  // Part of a sum: the other summands stay.
  CHECK(rewritten(rules[0], "in1 (pi1 s) + <a, a> + in2 (pi2 s)") == "s + <a, a>");
  // Not the same s; not at the declared type.
  CHECK(rewritten(rules[0], "in1 (pi1 s) + in2 (pi2 t)") == "no match");
  CHECK(rewritten(rules[1], "g (g a)") == "g a");
  CHECK(rewritten(rules[1], "sin (sin (a * a))") == "sin (a * a)");
  CHECK(rewritten(rules[1], "g (sin a)") == "no match");
  // A metavariable does not take a variable the pattern binds.
  CHECK(rewritten(rules[2], "\\x:R. x * a") == "\\x:R. a * x");
  CHECK(rewritten(rules[2], "\\x:R. x * x") == "no match");
}

TEST_CASE("instantiate lifts a value under the pattern's binders", "[rule-file]") {
  // forall y : R. \x:R. y, with y := a (index 0 of the free variables).
  const Term pattern = mk_lam("x", real_type(), mk_var(1, real_type()));
  const Term value = mk_var(0, real_type());
  const Term result = instantiate(pattern, {value});
  CHECK(to_string(result, free_variables()) == "\\x:R. a");
}

TEST_CASE("rule-file errors say which line and why", "[rule-file]") {
  CHECK(rules_error("forall s : R. s = s\n") ==
        "line 1, column 1: expected NAME: EQUATION, NAME of letters, digits and '-'");
  CHECK(rules_error("\nr: forall a : R. a + a\n") ==
        "line 2, column 23: expected '=' between the two sides of the equation");
  CHECK(rules_error("r: forall a : R. a * 1 = a\nr: forall a : R. a + a = a\n") ==
        "line 2, column 1: rule r: a second rule of this name");
  CHECK(rules_error("any: forall a : R. a = 0\n") ==
        "line 1, column 1: rule any: the left side is a metavariable alone, which would match "
        "every term");
  CHECK(rules_error("new: forall a b : R. a * 0 = b\n") ==
        "line 1, column 1: rule new: the right side uses b, which the left side does not bind");
  CHECK(rules_error("wide: forall a : R. a + a + a + a + a + a + a + a + a = a\n")
            .find("at most 8") != std::string::npos);
}
