// The size budget of derived terms (proofs/laws/laws_soundness.h,
// kMaxDerivedNodes): a case whose T_x M would be too large to check is
// discarded, with the budget as its reason, instead of costing seconds and
// hundreds of MB.
#include <catch2/catch.hpp>

#include "calculus/substitution.h"
#include "calculus/tangent.h"
#include "proofs/binding/builtin_bindings.h"
#include "proofs/laws/laws_soundness.h"
#include "proofs/run/runner.h"

namespace perturb::proofs {
namespace {

const LawBinding& binding_of(const std::vector<LawBinding>& bindings, std::string_view law,
                             std::string_view model) {
  for (const LawBinding& binding : bindings) {
    if (binding.info.id == law && binding.model == model) return binding;
  }
  FAIL("no binding " << law << " on " << model);
  throw;
}

TEST_CASE("sound.lemma-5.5 discards a case whose T_x M exceeds the size budget",
          "[proofs][budget]") {
  const std::vector<LawBinding> bindings = builtin_bindings();
  const LawBinding& lemma = binding_of(bindings, "sound.lemma-5.5", "closures");
  // Case 4452 of seed 1: M has 222 DAG nodes and T_x M about 2·10⁶ (16·10⁶
  // as a tree); checking it took 33 s and 412 MB before the budget.
  const RunOptions options;
  const Case k = generate_case(lemma, options.engine, 4452);
  CHECK(calculus::dag_size(k.term("M").term) < 1000);
  CHECK_THROWS_AS(calculus::tangent_of(k.term("M").term, laws::detail::kMaxDerivedNodes),
                  calculus::TooLarge);
  const Outcome outcome = lemma.check(k, options.engine.tolerance, 0);
  CHECK(outcome.verdict == Verdict::Discarded);
  CHECK(outcome.detail ==
        "T_x M would build more than 100000 nodes (size budget of derived terms)");
}

TEST_CASE("sound.lemma-5.5 checks cases within the size budget", "[proofs][budget]") {
  const std::vector<LawBinding> bindings = builtin_bindings();
  const LawBinding& lemma = binding_of(bindings, "sound.lemma-5.5", "closures");
  const RunOptions options;
  std::uint64_t discarded = 0;
  for (std::uint64_t index = 0; index < 200; ++index) {
    const Outcome outcome =
        lemma.check(generate_case(lemma, options.engine, index), options.engine.tolerance, 0);
    INFO("case " << index << ": " << outcome.detail);
    CHECK(outcome.verdict != Verdict::Failed);
    discarded += outcome.verdict == Verdict::Discarded;
  }
  CHECK(discarded == 0);
}

TEST_CASE("sound.lemma-5.5 evaluates a T_x M of a 4.5·10⁸-node tree in few steps",
          "[proofs][budget]") {
  // Case 809 of seed 1 on closures@rational: T_x M has 11 595 DAG nodes and a
  // tree of 454 164 865. The environments its shared subterms are applied to
  // are rebuilt at every application of a λ, so an evaluation memo that told
  // arguments apart by object missed and took 86·10⁶ steps (8 s); by value it
  // takes a few thousand (models/closures/evaluation_memo.h).
  const std::vector<LawBinding> bindings = builtin_bindings({.max_evaluation_steps = 1'000'000});
  const LawBinding& lemma = binding_of(bindings, "sound.lemma-5.5", "closures@rational");
  const RunOptions options;
  const Case k = generate_case(lemma, options.engine, 809);
  const calculus::Term tangent = calculus::tangent_of(k.term("M").term);
  CHECK(calculus::dag_size(tangent) < 20000);
  CHECK(tangent->tree_size() > 100'000'000);
  const Outcome outcome = lemma.check(k, options.engine.tolerance, 0);
  INFO(outcome.detail);
  CHECK(outcome.verdict == Verdict::Passed);
}

}  // namespace
}  // namespace perturb::proofs
