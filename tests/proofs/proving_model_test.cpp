// The proving model `symbolic` in the checker (issue 12): it hosts the laws
// `smooth` hosts; a pass is a proof for every point, never a numerical
// agreement; a false law is refuted with a certified separation; a true
// identity the simplifier does not reach is inconclusive (a discard that
// makes the pair unhealthy), not a pass; reports count the three.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "checker_support.h"
#include "proofs/cases/check_case.h"
#include "proofs/report/report.h"
#include "proofs/run/health.h"
#include "tests/report_schema.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

namespace {

const char* const kSymbolic = "symbolic";

std::set<std::string> laws_on(std::string_view model) {
  std::set<std::string> ids;
  for (const LawBinding& b : all_bindings())
    if (b.model == model) ids.insert(std::string(b.info.id));
  return ids;
}

std::uint64_t inconclusive(const LawResult& result) {
  std::uint64_t count = 0;
  for (const auto& [reason, tally] : result.discards)
    if (tally.kind == DiscardKind::Inconclusive) count += tally.count;
  return count;
}

bool is_proof_target(std::string_view id) {
  return id.starts_with("cdc.") || id.starts_with("tangent.");
}

}  // namespace

TEST_CASE("symbolic hosts exactly the laws smooth hosts, as a proving model", "[proving]") {
  // smooth also hosts the signature's laws of the primitives symbolic refuses.
  std::set<std::string> smooth_catalogue;
  for (const std::string& id : laws_on("smooth"))
    if (!id.starts_with("signature.")) smooth_catalogue.insert(id);
  CHECK(laws_on(kSymbolic) == smooth_catalogue);
  CHECK(laws_on(kSymbolic).size() == 70);
  for (const LawBinding& b : all_bindings()) {
    CHECK(b.capabilities.proving == (b.model == kSymbolic));
    if (b.model == kSymbolic) CHECK(b.capabilities.certified);
  }
}

TEST_CASE("symbolic's passes on D1–D7 and the tangent laws are proofs, and nearly all cases pass",
          "[proving]") {
  std::uint64_t cases = 0, proved = 0, with_primitive = 0;
  for (const LawBinding& b : all_bindings()) {
    if (b.model != kSymbolic || !is_proof_target(b.info.id)) continue;
    const RunOptions options = small_run(7, 20);
    for (std::uint64_t i = 0; i < options.engine.cases; ++i) {
      const Case k = generate_case(b, options.engine, i);
      const std::uint64_t seed = case_seed(options.engine.seed, b.info.id, b.model, i);
      const Outcome outcome = b.check(k, options.engine.tolerance, compare_seed_of(seed));
      INFO(b.info.id << " case " << i << ": " << outcome.detail);
      CHECK(outcome.verdict != Verdict::Failed);
      if (outcome.verdict == Verdict::Passed) {
        CHECK(outcome.detail == detail::kProved);
        ++proved;
      } else {
        CHECK((outcome.discard_kind == DiscardKind::Inconclusive ||
               outcome.discard_kind == DiscardKind::Budget));
      }
      ++cases;
      with_primitive += std::find(outcome.labels.begin(), outcome.labels.end(),
                                  "sides:primitive") != outcome.labels.end();
    }
  }
  INFO(proved << " proved of " << cases << ", " << with_primitive << " with a primitive");
  CHECK(cases > 30 * 20);
  CHECK(proved >= cases * 95 / 100);
  // The distribution is smooth's: a primitive contributes to the sides of
  // about a fifth of the cases (18.8 % at seed 7).
  CHECK(with_primitive >= cases / 10);
}

TEST_CASE("symbolic refutes a law off by a relative 1e-10 with a certified separation",
          "[proving]") {
  const LawBinding tiny = text_law_on("forall a : R. a * 1.0000000001 = a", kSymbolic);
  CHECK(run_laws({text_law_on("forall a : R. a * 1.0000000001 = a", "smooth")}, small_run(1, 50))
            .front()
            .failed == 0);
  const LawResult result = run_laws({tiny}, small_run(1, 50, /*shrink=*/true)).front();
  CHECK(result.failed > 45);
  CHECK(result.passed == 0);
  REQUIRE(result.counterexample);
  CHECK(result.counterexample->outcome.detail == detail::kCertifiedDifference);
  REQUIRE(result.counterexample->outcome.difference);
  CHECK(result.counterexample->outcome.difference->separation.value_or(0) > 0);
}

TEST_CASE("a true identity the expansion does not reach is inconclusive, never passed",
          "[proving]") {
  // sin² + cos² = 1 holds, but expanding does not show it: agreeing at every
  // point checked is not a proof.
  const LawResult result =
      run_laws({text_law_on("forall a : R. sin a * sin a + cos a * cos a = 1", kSymbolic)},
               small_run(1, 40))
          .front();
  CHECK(result.passed == 0);
  CHECK(result.failed == 0);
  CHECK(inconclusive(result) == 40);
  const auto problems = health_problems(result, DiscardLimits{});
  REQUIRE(problems.size() == 1);
  CHECK(problems.front().kind == DiscardKind::Inconclusive);
  // The same law with a polynomial identity is proved.
  const LawResult polynomial =
      run_laws(
          {text_law_on("forall a b : R. (a + b) * (a + b) = a * a + 2 * a * b + b * b", kSymbolic)},
          small_run(1, 40))
          .front();
  CHECK(polynomial.passed == 40);
}

TEST_CASE("reports count proved, refuted and inconclusive for a proving model", "[proving]") {
  RunOptions options = small_run(1, 20);
  const std::vector<LawResult> results =
      run_laws({binding("cdc.D5", kSymbolic), binding("cdc.D5", "smooth")}, options);
  const nlohmann::json report = report_json(results, options);
  const auto& proof = report.at("results")[0].at("proof");
  CHECK(proof.at("proved") == results[0].passed);
  CHECK(proof.at("refuted") == 0);
  CHECK(proof.at("inconclusive") == inconclusive(results[0]));
  CHECK_FALSE(report.at("results")[1].contains("proof"));
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("perturb_proving_" + std::to_string(::getpid()) + ".json");
  std::ofstream(path) << report.dump(2);
  report_schema::require_valid_report(path);
  std::filesystem::remove(path);
  const std::string markdown = report_markdown(results, options, false);
  CHECK_THAT(markdown, Catch::Contains("## Proofs"));
  CHECK_THAT(markdown, Catch::Contains("`cdc.D5` on symbolic: proved " +
                                       std::to_string(results[0].passed) + ", refuted 0"));
  // A line per model says what a proving model proved; --verbose, per pair.
  CHECK_THAT(summary_text(results, options),
             Catch::Contains("holds (proved " + std::to_string(results[0].passed)));
  options.record.verbose = true;
  CHECK_THAT(summary_text(results, options), Catch::Contains("    proved "));
}
