// Coverage requirements (proofs/run/coverage.h): the sequential decision after
// QuickCheck's checkCoverage, more generated cases while a requirement is
// undecided, and a missed requirement making a pair unhealthy.
#include "proofs/run/coverage.h"

#include <unistd.h>

#include <algorithm>
#include <stdexcept>

#include "../checker_support.h"
#include "proofs/report/report.h"
#include "proofs/run/health.h"

namespace perturb::proofs {
namespace {

using testing::all_bindings;
using testing::binding;
using testing::small_run;

// The result of requirement `label` in a run's result.
const CoverageResult* coverage_of(const LawResult& result, std::string_view label) {
  for (const CoverageResult& coverage : result.coverage) {
    if (coverage.label == label) return &coverage;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("coverage_verdict: met, missed or undecided at an error probability of 1e-9",
          "[coverage]") {
  // The Wilson interval at z = 6.1094 (computed independently): 300 of 1000
  // is at least 22.0 %, 100 of 1000 at most 17.3 %, 150 of 1000 within [9.4, 23.1] %.
  CHECK(coverage_verdict(300, 1000, 0.20) == CoverageVerdict::Met);
  CHECK(coverage_verdict(100, 1000, 0.20) == CoverageVerdict::Missed);
  CHECK(coverage_verdict(150, 1000, 0.20) == CoverageVerdict::Undecided);
  // None in 1000 cannot yet rule out 1 %; none in 5000 can.
  CHECK(coverage_verdict(0, 1000, 0.01) == CoverageVerdict::Undecided);
  CHECK(coverage_verdict(0, 5000, 0.01) == CoverageVerdict::Missed);
  // Within 0.9 of the requirement counts as meeting it: 30 of 1000 for 1 %.
  CHECK(coverage_verdict(30, 1000, 0.01) == CoverageVerdict::Met);
  CHECK(coverage_verdict(20, 4000, 0.02) == CoverageVerdict::Missed);
}

TEST_CASE(
    "a requirement applies by its scope: closed models, models with primitives, models "
    "that read λ's, T's a model's depth leaves",
    "[coverage]") {
  // sound.T requires structure:T-under-λ on closed models only.
  const auto has = [](const LawBinding& bound, std::string_view label) {
    const auto requirements = coverage_requirements(bound);
    return std::any_of(requirements.begin(), requirements.end(),
                       [&](const CoverageRequirement& r) { return r.label == label; });
  };
  CHECK(has(binding("sound.T", "closures"), "structure:T-under-λ"));
  CHECK_FALSE(has(binding("sound.T", "smooth"), "structure:T-under-λ"));
  CHECK(has(binding("sound.T", "smooth"), "structure:primitive-under-T:2"));
  CHECK(coverage_requirements(binding("cla.terminal", "closures")).empty());
  // λ's are asked of models that read them: smooth reads whole-calculus
  // terms through normal forms; a plain first-order model reads none.
  CHECK(has(binding("sound.lemma-5.4", "smooth"), "form:λ"));
  CHECK(has(binding("sound.lemma-5.4", "smooth"),
            "structure:last-variable-under-λ-in-context-of-3+"));
  CHECK(has(binding("sound.beta", "smooth"), "structure:shared-derivative-on-own-output"));
  LawBinding first_order = binding("sound.lemma-5.4", "smooth");
  first_order.capabilities.via_normal_form = false;
  CHECK_FALSE(has(first_order, "form:λ"));
  CHECK_FALSE(has(first_order, "structure:function-argument"));
  CHECK_FALSE(has(first_order, "structure:last-variable-under-λ-in-context-of-3+"));
  // A model whose derivatives nest to a fixed depth leaves the law's terms
  // that many T's fewer (proofs/depth/depth_limits.h): no more are asked.
  LawBinding shallow = binding("sound.T", "smooth");
  shallow.max_tangent_depth = 1;
  CHECK(has(shallow, "structure:primitive-under-T:1"));
  CHECK_FALSE(has(shallow, "structure:primitive-under-T:2"));
  CHECK_FALSE(has(shallow, "structure:primitive-under-T:3+"));
  shallow.max_tangent_depth = 0;
  CHECK_FALSE(has(shallow, "structure:primitive-under-T:1"));
  CHECK(has(shallow, "form:λ"));
}

TEST_CASE("every built-in sound pair meets its coverage at seeds 1, 2 and 3 (100 cases)",
          "[coverage]") {
  // With 100 cases most requirements are undecided and are decided on more
  // generated cases: this exercises the sequential part on every law.
  for (std::uint64_t seed : {1, 2, 3}) {
    std::vector<LawBinding> with_requirements;
    for (const LawBinding& bound : all_bindings()) {
      if (!bound.foil && !coverage_requirements(bound).empty()) with_requirements.push_back(bound);
    }
    REQUIRE(with_requirements.size() >= 20);
    RunOptions options = small_run(seed, 100);
    for (const LawResult& result : run_laws(with_requirements, options)) {
      for (const CoverageResult& coverage : result.coverage) {
        INFO("seed " << seed << ", " << result.info.id << " on " << result.model << ": "
                     << describe(coverage));
        CHECK(coverage.verdict == CoverageVerdict::Met);
        CHECK(coverage.cases >= 100);
      }
    }
  }
}

TEST_CASE("an undecided requirement is decided on more generated cases", "[coverage]") {
  // sound.T on closures needs primitives under three T's in 0.5 % of its
  // cases; 100 cases cannot show that, so the runner generates more.
  const std::vector<LawResult> results =
      run_laws({binding("sound.T", "closures")}, small_run(1, 100));
  const CoverageResult* deep = coverage_of(results[0], "structure:primitive-under-T:3+");
  REQUIRE(deep != nullptr);
  CHECK(deep->cases > 100);
  CHECK(deep->verdict == CoverageVerdict::Met);
  // The cases checked and their labels are still the 100 of the run.
  CHECK(results[0].passed + results[0].failed + results[0].discarded == 100);
}

TEST_CASE("coverage decided in worker processes is the coverage threads decide",
          "[coverage][processes]") {
  // At --jobs 2 with worker processes coverage is decided in forked
  // processes too (proofs/run/process_map.h), which send their verdicts as
  // counts. There the bindings generate no case in this process: coverage
  // decided here instead would count no label of the cases generated for it.
  const std::vector<LawBinding> bindings = {binding("sound.T", "closures"),
                                            binding("sound.beta", "smooth"),
                                            binding("cdc.D1.sum", "smooth")};
  std::vector<LawBinding> not_here = bindings;
  for (LawBinding& bound : not_here) {
    bound.generate = [generate = bound.generate, caller = getpid()](CaseGenerator& gen) {
      if (getpid() == caller) throw std::runtime_error("a case generated in the runner");
      return generate(gen);
    };
  }
  RunOptions threads = small_run(1, 100);
  RunOptions processes = threads;
  processes.execution.worker_processes = true;
  const std::vector<LawResult> by_threads = run_laws(bindings, threads),
                               by_processes = run_laws(not_here, processes);
  REQUIRE(by_processes.size() == by_threads.size());
  bool generated_more = false;
  for (std::size_t b = 0; b < bindings.size(); ++b) {
    INFO(bindings[b].info.id << " on " << bindings[b].model);
    REQUIRE(by_processes[b].coverage.size() == by_threads[b].coverage.size());
    for (std::size_t r = 0; r < by_threads[b].coverage.size(); ++r) {
      CHECK(describe(by_processes[b].coverage[r]) == describe(by_threads[b].coverage[r]));
      generated_more = generated_more || by_threads[b].coverage[r].cases > 100;
    }
  }
  CHECK(generated_more);  // the comparison covers the cases generated for coverage
}

TEST_CASE("a missed requirement makes the pair unhealthy, named with its shares", "[coverage]") {
  // cdc.D1.sum on smooth never has a λ (smooth's cases are first-order).
  static constexpr CoverageRequirement kImpossible[] = {{"form:λ", 0.5, CoverageScope::Any}};
  LawBinding bound = binding("cdc.D1.sum", "smooth");
  bound.info.coverage = kImpossible;
  const RunOptions options = small_run(1, 200);
  const std::vector<LawResult> results = run_laws({bound}, options);
  REQUIRE(results[0].coverage.size() == 1);
  CHECK(results[0].coverage[0].verdict == CoverageVerdict::Missed);
  CHECK(results[0].coverage[0].count == 0);
  CHECK_FALSE(all_healthy(results, options.engine.discard_limits));
  const std::string summary = summary_text(results, options);
  INFO(summary);
  CHECK(summary.find("UNHEALTHY") != std::string::npos);
  CHECK(summary.find("    unhealthy: coverage: form:λ in 0 of 200 cases (0 %), required 50 %: "
                     "missed\n") != std::string::npos);
  const std::string markdown = report_markdown(results, options);
  CHECK(markdown.find("| `cdc.D1.sum` | smooth | `form:λ` | 0 of 200 | 50 % | missed |") !=
        std::string::npos);
  CHECK(report_json(results, options)["results"][0]["coverage"][0]["verdict"] == "missed");
}

}  // namespace perturb::proofs
