// The runner's results and reports: byte-identical report.json whatever the
// number of threads (counterexamples included), cases that survive the
// JSON round trip, and Markdown that names every failing law.
#include <catch2/catch.hpp>

#include "../checker_support.h"
#include "calculus/random_term.h"
#include "proofs/report/report.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

namespace {

// A foil's failing laws next to passing ones, so that a report has both.
std::vector<LawBinding> mixed_bindings() {
  return {binding("tangent.thm-3.10", "naive-dual"), binding("cdc.D6", "naive-dual"),
          binding("cdc.D6", "closures"), binding("cdc.D5", "smooth")};
}

void require_same_case(const Case& expected, const Case& actual) {
  REQUIRE(actual.terms.size() == expected.terms.size());
  for (std::size_t i = 0; i < expected.terms.size(); ++i) {
    const CaseTerm& a = expected.terms[i];
    const CaseTerm& b = actual.terms[i];
    INFO("term " << a.role);
    CHECK(b.role == a.role);
    CHECK(b.type == a.type);
    REQUIRE(b.context.size() == a.context.size());
    for (std::size_t j = 0; j < a.context.size(); ++j) {
      CHECK(b.context.entries()[j].name == a.context.entries()[j].name);
      CHECK(b.context.entries()[j].type == a.context.entries()[j].type);
    }
    CHECK(calculus::alpha_equal(b.term, a.term));
  }
  REQUIRE(actual.point.size() == expected.point.size());
  for (std::size_t i = 0; i < expected.point.size(); ++i) {
    INFO("point " << expected.point_context.entries()[i].name);
    CHECK(actual.point_context.entries()[i].name == expected.point_context.entries()[i].name);
    CHECK(actual.point_context.entries()[i].type == expected.point_context.entries()[i].type);
    CHECK(calculus::alpha_equal(actual.point[i], expected.point[i]));
  }
}

}  // namespace

TEST_CASE("report.json is byte-identical for 1 and 2 threads, counterexamples included",
          "[report][determinism]") {
  const std::vector<LawBinding> bindings = mixed_bindings();
  RunOptions options = small_run(1, 70, /*shrink=*/true, /*jobs=*/1);
  const std::vector<LawResult> one = run_laws(bindings, options);
  const std::string one_text = report_json(one, options).dump(2);
  options.execution.jobs = 2;
  const std::vector<LawResult> two = run_laws(bindings, options);
  const std::string two_text = report_json(two, options).dump(2);
  CHECK(one_text == two_text);
  CHECK(report_markdown(one, options) == report_markdown(two, options));
  REQUIRE(one[0].counterexample);
  REQUIRE(one[1].counterexample);
  CHECK_FALSE(one[2].counterexample);
  CHECK(one_text.find("\"shrunk\"") != std::string::npos);
}

TEST_CASE("a case read back from its JSON is α-equal, contexts and points included", "[report]") {
  const RunOptions options = small_run(7, 1);
  for (const char* law : {"sound.lemma-5.4", "sound.lemma-5.5", "sound.beta", "sound.nf", "cdc.D5",
                          "tangent.thm-3.10", "ccc.eta"}) {
    for (const char* model : {"closures", "smooth"}) {
      const auto& bindings = all_bindings();
      const bool hosted = std::any_of(bindings.begin(), bindings.end(), [&](const LawBinding& b) {
        return b.info.id == law && b.model == model;
      });
      if (!hosted) continue;
      const LawBinding& bound = binding(law, model);
      for (std::uint64_t index = 0; index < 25; ++index) {
        const Case k = generate_case(bound, options.engine, index);
        const nlohmann::json json = case_to_json(k);
        INFO(law << " on " << model << ", seed 7, case " << index << ": " << json.dump());
        const auto parsed = case_from_json(json);
        REQUIRE(parsed.ok());
        require_same_case(k, *parsed);
      }
    }
  }
}

TEST_CASE("case_from_json names what is malformed", "[report]") {
  const auto missing = case_from_json(nlohmann::json::object());
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message.find("malformed case") != std::string::npos);
  nlohmann::json bad = {{"terms", nlohmann::json::array({{{"role", "M"},
                                                          {"context", nlohmann::json::array()},
                                                          {"term", "pi1"},
                                                          {"type", "R"}}})},
                        {"point", nlohmann::json::array()}};
  const auto unparsable = case_from_json(bad);
  REQUIRE_FALSE(unparsable.ok());
  CHECK(unparsable.error().message.starts_with("term M: "));
}

TEST_CASE("report.md tabulates every law and shows each counterexample", "[report]") {
  const std::vector<LawBinding> bindings = mixed_bindings();
  const RunOptions options = small_run(1, 40, /*shrink=*/true);
  const std::vector<LawResult> results = run_laws(bindings, options);
  const std::string markdown = report_markdown(results, options);
  for (const LawResult& result : results) {
    INFO(result.info.id << " on " << result.model << ": " << result.failed << " failed");
    CHECK(markdown.find("| `" + std::string(result.info.id) + "` | " + result.model) !=
          std::string::npos);
    const std::string heading = "## `" + std::string(result.info.id) + "` fails in " + result.model;
    CHECK((markdown.find(heading) != std::string::npos) == (result.failed > 0));
    if (result.failed > 0) {
      CHECK(markdown.find(repro_command(result, options)) != std::string::npos);
    }
  }
  CHECK(results[0].failed > 0);
  CHECK(results[2].failed == 0);
  const nlohmann::json json = report_json(results, options);
  CHECK(json.at("seed") == 1);
  CHECK(json.at("results").size() == bindings.size());
  CHECK(json.at("results")[2].at("counterexample").is_null());
  CHECK(json.at("results")[0].at("counterexample").at("law") == "tangent.thm-3.10");
}

TEST_CASE("with --no-shrink the summary and report.md do not call the case shrunk", "[report]") {
  const RunOptions unshrunk = small_run(1, 60, /*shrink=*/false);
  const std::vector<LawResult> results = {run_one("cdc.D6", "naive-dual", unshrunk)};
  REQUIRE(results[0].counterexample);
  const std::string summary = summary_text(results, unshrunk);
  CHECK(summary.find("    case f = ") != std::string::npos);
  CHECK(summary.find("shrunk") == std::string::npos);
  CHECK(report_markdown(results, unshrunk).find("not shrunk (--no-shrink)") != std::string::npos);
  const RunOptions shrunk = small_run(1, 60, /*shrink=*/true);
  CHECK(summary_text({run_one("cdc.D6", "naive-dual", shrunk)}, shrunk).find("    shrunk f = ") !=
        std::string::npos);
}

TEST_CASE("report.json names the context of every term when they differ", "[report]") {
  const calculus::Type real = calculus::real_type();
  const calculus::Context on_real = calculus::Context{}.extended("x", real);
  const calculus::Context on_pair =
      calculus::Context{}.extended("y", calculus::mk_product(real, real));
  LawResult result;
  result.info = binding("cdc.D5", "closures").info;
  result.model = "closures";
  result.failed = 1;
  Counterexample counterexample;
  const calculus::Type pair = calculus::mk_product(real, real);
  counterexample.shrunk.terms = {
      {"f", on_real, calculus::mk_var(0, real), real},
      {"g", on_pair, calculus::mk_proj(1, calculus::mk_var(0, pair)), real}};
  result.counterexample = counterexample;
  const RunOptions options = small_run(1, 1);
  const auto context_of = [&](const LawResult& r) -> std::string {
    return report_json({r}, options).at("results")[0].at("counterexample").at("context");
  };
  CHECK(context_of(result) == "f: x : R; g: y : R * R");
  result.counterexample->shrunk.terms[1] = {"g", on_real, calculus::mk_var(0, real), real};
  CHECK(context_of(result) == "x : R");
}

namespace {
// Recurses `depth` frames of about 256 bytes each; not a tail call.
std::uint64_t deep_recursion(std::uint64_t depth) {
  volatile unsigned char frame[256];
  frame[0] = static_cast<unsigned char>(depth);
  if (depth == 0) return frame[0];
  return deep_recursion(depth - 1) + frame[0];
}
}  // namespace

// Checks recurse along a term's depth; 64 MiB of stack would overflow a
// thread's 8 MiB default, and fits the runner's workers (kWorkerStack).
TEST_CASE("the runner's workers have deep stacks", "[runner]") {
  LawBinding deep = binding("sound.nf", "closures");
  deep.check = [](const Case&, const semantics::Tolerance&, std::uint64_t) {
    return Outcome{deep_recursion(std::uint64_t{1} << 18) > 0 ? Verdict::Passed : Verdict::Failed,
                   "", "", ""};
  };
  const LawResult result = run_laws({deep}, small_run(1, 2, false, 1)).front();
  CHECK(result.passed == 2);
}
