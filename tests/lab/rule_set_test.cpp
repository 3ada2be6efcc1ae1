// The lab's rules (lab/rule_set.h): a user's rule from a rule file rewrites
// like a built-in one in the lab's normalizer, and is reported with its text.
#include "lab/rule_set.h"

#include <catch2/catch.hpp>

#include "calculus/print.h"
#include "lab/extended_normalize.h"
#include "tests/lab/program.h"

namespace {

using perturb::calculus::Term;
using perturb::lab::RuleSet;

RuleSet user_rules(const char* file) {
  auto rules = perturb::calculus::parse_rule_file(file);
  INFO(file);
  if (!rules) FAIL(rules.error().to_string());
  return RuleSet{.builtin = {}, .user = *rules};
}

std::string normalized(const char* text, const RuleSet& rules) {
  const Term term = perturb::lab::testing::program(text).term;
  const auto result = perturb::lab::normalize_extended(term, {.trace = true}, rules);
  REQUIRE(result.status == perturb::calculus::NormalizeStatus::NormalForm);
  return perturb::calculus::to_string(result.term);
}

}  // namespace

TEST_CASE("a user's rule joins the two normal forms of T (λx. (λy. y) x)", "[rule-set]") {
  // Normal order leaves pair-eta's λ-form; a closed rule at R * R joins it.
  const RuleSet rules = user_rules(
      "eta-lambda: (\\x:R * R. in1 (pi1 x)) + (\\x:R * R. in2 (pi2 x)) = \\x:R * R. x\n");
  CHECK(normalized("(\\x:R * R. in2 (pi2 x)) + (\\x:R * R. in1 (pi1 x))", rules) == "\\x:R * R. x");
  // Without it, both summands stay.
  CHECK(normalized("(\\x:R * R. in2 (pi2 x)) + (\\x:R * R. in1 (pi1 x))", {}) ==
        "(\\x:R * R. in1 (pi1 x)) + (\\x:R * R. in2 (pi2 x))");
}

TEST_CASE("rules are described with their names and statements, built-in ones first",
          "[rule-set]") {
  RuleSet rules = user_rules("twice: forall f : R -> R, x : R. f (f x) = f x\n");
  rules.builtin.push_back(perturb::calculus::CandidateRule::ZeroTangent);
  const auto described = perturb::lab::describe_rules(rules);
  REQUIRE(described.size() == 2);
  CHECK(described[0].name == "zero-tangent");
  CHECK(described[1].name == "twice");
  CHECK(described[1].statement == "forall f : R -> R, x : R. f (f x) = f x");
  CHECK(described[1].soundness.find("rule.twice") != std::string::npos);
  const auto contraction =
      perturb::lab::contract_rule(perturb::lab::testing::program("sin (sin 2)").term, rules);
  REQUIRE(contraction);
  CHECK(contraction->rule == "twice");
}
