// The confluence probe (lab/confluence_probe.h) on the two divergences of
// spec §7, on random terms, and its semantic check (lab/semantic_join.h).
#include "lab/confluence_probe.h"

#include <catch2/catch.hpp>

#include "calculus/parse.h"
#include "calculus/print.h"
#include "tests/lab/program.h"

namespace {

using perturb::calculus::Context;
using perturb::calculus::Program;
using perturb::lab::DivergenceClass;
using perturb::lab::ModelVerdict;

using perturb::lab::testing::program;

// The class of the first divergence of term along the default orders.
DivergenceClass divergence_class(const Program& p) {
  const perturb::lab::Probe probe = perturb::lab::probe_term(p.term, {});
  for (const auto& run : probe.runs) {
    INFO(run.order << ": " << perturb::calculus::to_string(run.result.term, p.context));
    CHECK(run.result.status == perturb::calculus::NormalizeStatus::NormalForm);
  }
  REQUIRE(probe.divergence);
  const auto [i, j] = *probe.divergence;
  return perturb::lab::classify(probe.runs[i].result.term, probe.runs[j].result.term, {});
}

const ModelVerdict& verdict_of(const std::vector<ModelVerdict>& verdicts, const char* model) {
  for (const ModelVerdict& verdict : verdicts) {
    if (verdict.model == model) return verdict;
  }
  FAIL("no verdict of " << model);
  throw;
}

}  // namespace

TEST_CASE("T (λx. (λy. y) x) diverges by surjective pairing (spec §7)", "[confluence]") {
  CHECK(divergence_class(program("T (\\x:R. (\\y:R. y) x)")) == DivergenceClass::ProductEta);
}

TEST_CASE("Manzyuk's T (λx. (λy. f x y) x) diverges by zero-direction tangents (spec §7)",
          "[confluence]") {
  Context free;
  free.push("f", *perturb::calculus::parse_type("R -> R -> R"));
  const DivergenceClass found = divergence_class(program("T (\\x:R. (\\y:R. f x y) x)", free));
  CHECK(found == DivergenceClass::ZeroTangent);
}

TEST_CASE("a term without T has one normal form along every order", "[confluence]") {
  const perturb::lab::Probe probe =
      perturb::lab::probe_term(program("(\\x:R. (\\y:R. y * x) x) ((\\z:R. z) 2)").term, {});
  CHECK(probe.runs.size() >= 5);
  CHECK_FALSE(probe.divergence);
  CHECK_FALSE(probe.gave_up);
}

TEST_CASE("the semantic check tells equal normal forms from different ones", "[confluence]") {
  const Program identity = program("\\x:R * R. x");
  const Program split = program("(\\x:R * R. in1 (pi1 x)) + (\\x:R * R. in2 (pi2 x))");
  const Program doubled = program("\\x:R * R. x + x");
  const auto equal =
      perturb::lab::compare_in_models({}, identity.type, identity.term, split.term, 1);
  CHECK(verdict_of(equal, "closures").status == ModelVerdict::Status::Equal);
  CHECK(verdict_of(equal, "closures").points == 5);
  // A different pair is reported different, with where: the check can fail.
  const auto different =
      perturb::lab::compare_in_models({}, identity.type, identity.term, doubled.term, 1);
  CHECK(verdict_of(different, "closures").status == ModelVerdict::Status::Different);
  CHECK(verdict_of(different, "closures").detail.find(" vs ") != std::string::npos);
  // smooth is first-order: it says why it cannot compare these.
  CHECK(verdict_of(equal, "smooth").status == ModelVerdict::Status::CannotInterpret);
  CHECK_FALSE(verdict_of(equal, "smooth").detail.empty());
}

TEST_CASE("a probe of 300 random terms refutes confluence, with small shrunk counterexamples",
          "[confluence]") {
  perturb::lab::ConfluenceOptions options;
  options.cases = 300;
  const perturb::lab::ConfluenceResult result = perturb::lab::probe_confluence(options);
  INFO("seed " << options.seed);
  CHECK(result.confluent + result.divergent + result.undecided == 300);
  CHECK(result.divergent > 0);
  CHECK(result.soundness_bugs == 0);
  CHECK(result.joined_semantically == result.divergent);
  REQUIRE_FALSE(result.smallest.empty());
  for (const perturb::lab::Divergence& d : result.smallest) {
    INFO(perturb::lab::class_name(d.divergence_class)
         << ": " << perturb::calculus::to_string(d.shrunk, d.original.context));
    CHECK(d.shrunk->tree_size() <= 12);
    CHECK(d.shrunk->tree_size() <= d.original.term->tree_size());
    CHECK_FALSE(perturb::calculus::alpha_equal(d.first.result.term, d.second.result.term));
    CHECK(verdict_of(d.models, "closures").status == ModelVerdict::Status::Equal);
  }
}

TEST_CASE("the same seed gives the same cases", "[confluence]") {
  for (std::uint64_t index : {0u, 7u, 99u}) {
    const auto a = perturb::lab::confluence_case(5, index, 12);
    const auto b = perturb::lab::confluence_case(5, index, 12);
    CHECK(perturb::calculus::alpha_equal(a.term, b.term));
    CHECK(a.type == b.type);
  }
}

TEST_CASE("normal forms that differ only in a literal's last bits are of class rounding",
          "[confluence]") {
  // The δ-rules fold literals in floating point: the order of folding shows.
  const auto a = perturb::calculus::mk_lit(-0.41791500137610116);
  const auto b = perturb::calculus::mk_lit(-0.4179150013761012);
  REQUIRE_FALSE(perturb::calculus::alpha_equal(a, b));
  CHECK(perturb::lab::classify(a, b, {}) == DivergenceClass::Rounding);
  CHECK(perturb::lab::classify(a, perturb::calculus::mk_lit(-0.42), {}) == DivergenceClass::Other);
}
