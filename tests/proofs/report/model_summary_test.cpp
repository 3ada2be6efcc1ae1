// A run at a glance (proofs/report/model_summary.h): a row per model, its
// verdict from its pairs' failures and health, and which pairs a summarised
// run shows in full.
#include "proofs/report/model_summary.h"

#include <catch2/catch.hpp>

namespace perturb::proofs {
namespace {

LawResult pair(const std::string& law, const std::string& model, std::uint64_t passed,
               std::uint64_t failed) {
  LawResult r;
  r.info = {law, "§1", "a = a"};
  r.model = model;
  r.cases = 100;
  r.passed = passed;
  r.failed = failed;
  r.discarded = 100 - passed - failed;
  return r;
}

}  // namespace

TEST_CASE("model_summaries: a row per model in order, counts summed, the verdict of its pairs",
          "[report][summary]") {
  LawResult unhealthy = pair("law.c", "m", 50, 0);
  unhealthy.discards["typed wrong"] = {DiscardKind::Typing, 50, 3};
  LawResult proved = pair("law.a", "p", 97, 0);
  proved.proving = true;
  proved.discards["no proof"] = {DiscardKind::Inconclusive, 3, 7};
  LawResult foil = pair("law.a", "f", 90, 10);
  foil.foil = true;
  const std::vector<LawResult> results = {pair("law.a", "m", 100, 0), proved, foil,
                                          pair("law.b", "m", 99, 1), unhealthy};
  const std::vector<ModelSummary> s = model_summaries(results, DiscardLimits{});
  REQUIRE(s.size() == 3);
  CHECK(s[0].model == "m");
  CHECK(s[0].pairs == 3);
  CHECK(s[0].cases == 300);
  CHECK(s[0].passed == 249);
  CHECK(s[0].failed == 1);
  CHECK(s[0].discarded == 50);
  CHECK(s[0].verdict() == "fails in 1 pair, 1 unhealthy");
  CHECK(s[1].verdict() == "holds (proved 97, inconclusive 3)");
  CHECK(s[2].foil);
  CHECK(s[2].verdict() == "fails in 1 pair");
  ModelSummary only_unhealthy = s[0];
  only_unhealthy.failing = 0;
  only_unhealthy.unhealthy = 2;
  CHECK(only_unhealthy.verdict() == "unhealthy in 2 pairs");
  CHECK(model_summaries({pair("law.a", "m", 100, 0)}, DiscardLimits{})[0].verdict() == "holds");

  const std::string text = model_summary_text(s);
  CHECK(text ==
        "model     pairs     cases    passed  failed discarded  verdict\n"
        "m             3       300       249       1        50  fails in 1 pair, 1 unhealthy\n"
        "p             1       100        97       0         3  holds (proved 97, inconclusive 3)\n"
        "f (foil)      1       100        90      10         0  fails in 1 pair\n");
  CHECK(model_summary_markdown(s).find(
            "| f (foil) | 1 | 100 | 90 | 10 | 0 | **fails in 1 pair** |\n") != std::string::npos);
}

TEST_CASE("needs_attention: a pair that fails, is unhealthy or hung; not one that holds",
          "[report][summary]") {
  CHECK_FALSE(needs_attention(pair("law.a", "m", 100, 0), DiscardLimits{}));
  CHECK(needs_attention(pair("law.a", "m", 99, 1), DiscardLimits{}));
  LawResult unhealthy = pair("law.a", "m", 50, 0);
  unhealthy.discards["typed wrong"] = {DiscardKind::Typing, 50, 3};
  CHECK(needs_attention(unhealthy, DiscardLimits{}));
  LawResult hung = pair("law.a", "m", 99, 0);
  hung.discards["ran past --case-timeout"] = {DiscardKind::Hang, 1, 5};
  DiscardLimits lenient;
  lenient.set(DiscardKind::Hang, 1.0);
  CHECK(needs_attention(hung, lenient));
}

}  // namespace perturb::proofs
