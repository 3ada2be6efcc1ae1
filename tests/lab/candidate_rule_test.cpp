// The candidate rules of spec §7 (calculus/candidate_rule.h) in the lab's normalizer: where each
// fires, what it builds, and where it must not fire.
#include "calculus/candidate_rule.h"

#include <catch2/catch.hpp>

#include "calculus/parse.h"
#include "calculus/print.h"
#include "lab/extended_normalize.h"
#include "tests/lab/program.h"

namespace {

using perturb::calculus::CandidateRule;
using perturb::calculus::Context;
using perturb::calculus::Term;

Term parse(const char* text, const Context& free) {
  return perturb::lab::testing::program(text, free).term;
}

Context free_variables() {
  Context context;
  context.push("s", *perturb::calculus::parse_type("R * A"));
  context.push("t", *perturb::calculus::parse_type("R * A"));
  context.push("g", *perturb::calculus::parse_type("R -> R"));
  context.push("a", *perturb::calculus::parse_type("R"));
  return context;
}

// term normalized by §4's rules and rule, printed in free_variables().
std::string with_rule(const char* text, CandidateRule rule) {
  const Context context = free_variables();
  const perturb::lab::RuleSet rules{.builtin = {rule}, .user = {}};
  const auto result = perturb::lab::normalize_extended(parse(text, context), {}, rules);
  REQUIRE(result.status == perturb::calculus::NormalizeStatus::NormalForm);
  return perturb::calculus::to_string(result.term, context);
}

}  // namespace

TEST_CASE("pair-eta: ι1 (π1 s) + ι2 (π2 s) → s, also under a common linear context",
          "[candidate-rule]") {
  CHECK(with_rule("in1 (pi1 s) + in2 (pi2 s)", CandidateRule::PairEta) == "s");
  CHECK(with_rule("(\\x:R * R. in1 (pi1 x)) + (\\x:R * R. in2 (pi2 x))", CandidateRule::PairEta) ==
        "\\x:R * R. x");
  CHECK(with_rule("in1 (pi1 s) + in2 (pi2 s) + s", CandidateRule::PairEta) == "s + s");
  // Not the same s; not a pair of components; not the same s under a λ.
  CHECK(with_rule("in1 (pi1 s) + in2 (pi2 t)", CandidateRule::PairEta) == "<pi1 s, pi2 t>");
  CHECK(with_rule("in1 (pi1 s) + in1 (pi1 s)", CandidateRule::PairEta) ==
        "in1 (pi1 s) + in1 (pi1 s)");
  CHECK(with_rule("(\\x:R * A. in1 (pi1 x)) + (\\x:R * A. in2 (pi2 t))", CandidateRule::PairEta) ==
        "(\\x:R * A. (in1 (pi1 x) : R * A)) + (\\x:R * A. in2 (pi2 t))");
}

TEST_CASE("zero-tangent: T s N → ι2 (s N') when every summand of N is an ι2", "[candidate-rule]") {
  CHECK(with_rule("T g (in2 a : R * R)", CandidateRule::ZeroTangent) == "in2 (g a)");
  // T s 0 → ι2 (s 0), never 0 (the point is 0, not the value).
  CHECK(with_rule("T g (0 : R * R)", CandidateRule::ZeroTangent) == "in2 (g 0)");
  CHECK(with_rule("T g ((in2 a : R * R) + (in2 1 : R * R))", CandidateRule::ZeroTangent) ==
        "in2 (g (1 + a))");
  // A non-zero direction: no rule applies.
  CHECK(with_rule("T g <1, a>", CandidateRule::ZeroTangent) == "T g <1, a>");
}

TEST_CASE("candidate rules have names, statements and reasons, and parse back",
          "[candidate-rule]") {
  for (CandidateRule rule : perturb::calculus::kCandidateRules) {
    CHECK(perturb::calculus::parse_rule(perturb::calculus::rule_name(rule)) == rule);
    CHECK_FALSE(perturb::calculus::rule_statement(rule).empty());
    CHECK(perturb::calculus::rule_soundness(rule).find("spec §7") != std::string_view::npos);
  }
  CHECK_FALSE(perturb::calculus::parse_rule("eta"));
}
