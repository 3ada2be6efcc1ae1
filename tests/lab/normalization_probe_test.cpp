// The normalization probe (lab/normalization_probe.h): the seed corpus, the
// orders, the distributions and the worst terms.
#include "lab/normalization_probe.h"

#include <catch2/catch.hpp>

#include "calculus/parse.h"
#include "calculus/print.h"

namespace {

using perturb::calculus::NormalizeStatus;
using perturb::lab::NormalizationOptions;

const perturb::lab::OrderOutcome& along(const std::vector<perturb::lab::OrderOutcome>& outcomes,
                                        const std::string& order) {
  for (const auto& outcome : outcomes) {
    if (outcome.order == order) return outcome;
  }
  FAIL("no order " << order);
  throw;
}

}  // namespace

TEST_CASE("the strategies normalize the seed corpus; T-first blows Manzyuk's term up",
          "[normalization]") {
  const NormalizationOptions options;
  const auto corpus = perturb::lab::normalization_corpus();
  REQUIRE(corpus.size() == 4);
  for (const auto& c : corpus) {
    INFO(c.source << ": " << perturb::calculus::to_string(c.term.term, c.term.context));
    const auto outcomes = perturb::lab::normalize_along_orders(c.term.term, options);
    CHECK(outcomes.size() == 5);  // applicative, normal, two random walks, T-first
    for (const char* order : {"applicative", "normal"}) {
      CHECK(along(outcomes, order).status == NormalizeStatus::NormalForm);
    }
  }
  // Contracting T before its body is normal copies the inner β-redex into
  // the three mentions of ⋄, where they multiply (docs/architecture.md).
  const auto manzyuk = perturb::lab::normalize_along_orders(corpus[0].term.term, options);
  const auto& t_first = along(manzyuk, "T-first");
  CHECK(t_first.status == NormalizeStatus::SizeBudget);
  CHECK(t_first.peak_dag > options.max_nodes);
  CHECK(t_first.gave_up.find("size budget") != std::string::npos);
}

TEST_CASE("a normalization probe counts every run and shrinks its worst terms", "[normalization]") {
  NormalizationOptions options;
  options.cases = 40;
  options.shrink_attempts = 20;
  const auto result = perturb::lab::probe_normalization(options);
  CHECK(result.terms == 44);  // 40 random and the 4 of the corpus
  REQUIRE(result.per_order.size() == 4);
  for (const auto& summary : result.per_order) {
    INFO(summary.order);
    std::uint64_t gave_up = 0;
    for (const auto& [budget, count] : summary.gave_up) gave_up += count;
    const std::uint64_t runs = summary.order == "random" ? 88 : 44;
    CHECK(summary.normal_forms + gave_up == runs);
    CHECK(summary.growth.count == runs);
    CHECK(summary.steps.count == summary.normal_forms);
  }
  // The report keeps the first 20 terms on which some order gave up.
  CHECK(result.exhausted.size() == std::min<std::uint64_t>(20, 44 - result.all_normal));
  REQUIRE_FALSE(result.worst.empty());
  for (const auto& worst : result.worst) {
    INFO(worst.why);
    CHECK(worst.shrunk->tree_size() <= worst.original.term.term->tree_size());
  }
}
