// The soundness laws on `smooth` (issue 9, item 4): every sound.* law whose
// equation needs no exponential binds to smooth, draws first-order
// judgements whose terms range over the whole calculus, passes, labels the
// cases smooth read through a normal form, and still catches a broken T_x
// (the Jacobian side of Lemma 5.5 does not go through the calculus).
#include <catch2/catch.hpp>
#include <string>

#include "calculus/mutation.h"
#include "checker_support.h"
#include "proofs/cases/law.h"

using namespace perturb;
using namespace perturb::proofs;
using perturb::proofs::testing::binding;
using perturb::proofs::testing::run_one;
using perturb::proofs::testing::small_run;

namespace {

std::uint64_t label_count(const LawResult& result, const std::string& label) {
  const auto it = result.labels.find(label);
  return it == result.labels.end() ? 0 : it->second;
}

}  // namespace

TEST_CASE("sound.* laws without exponentials run on smooth over the whole calculus",
          "[smooth][soundness]") {
  constexpr std::uint64_t kCases = 100;
  for (const char* law :
       {"sound.T", "sound.lemma-5.5", "sound.beta", "sound.delta", "sound.lemma-5.4", "sound.nf"}) {
    INFO(law << " on smooth, seed 1, " << kCases << " cases");
    const LawBinding& bound = binding(law, "smooth");
    CHECK_FALSE(bound.capabilities.higher_order());
    CHECK(generator_options(bound, 10).whole_calculus);
    const LawResult result = run_one(law, "smooth", small_run(1, kCases));
    INFO("passed " << result.passed << ", discarded " << result.discarded << " ("
                   << (result.discards.empty() ? "" : result.discards.begin()->first) << ")");
    CHECK(result.failed == 0);
    CHECK(result.discarded <= kCases / 100);
    CHECK(label_count(result, std::string(kViaNormalFormLabel)) > kCases / 4);
    CHECK(label_count(result, "form:λ") > 0);
  }
}

TEST_CASE("sound.lemma-5.3 needs T(ev) and does not bind to smooth", "[smooth][soundness]") {
  for (const LawBinding& bound : perturb::proofs::testing::all_bindings()) {
    CHECK_FALSE((bound.info.id == "sound.lemma-5.3" && bound.model == "smooth"));
  }
}

TEST_CASE("sound.lemma-5.5 on smooth catches T_x y = y", "[smooth][soundness][mutants]") {
  const calculus::ScopedMutant active(calculus::Mutant::TangentVarUntagged);
  const LawResult result = run_one("sound.lemma-5.5", "smooth", small_run(1, 100));
  CHECK(result.failed > 0);
}
