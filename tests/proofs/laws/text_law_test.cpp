// Laws stated as text (proofs/laws/text_law.h, `perturb check --equation`): a
// true equation holds on the sound models, a false one is refuted and
// shrunk, metavariables get values by the shape of their type, and a model
// that cannot read an equation is told apart from one that fails it.
#include "proofs/laws/text_law.h"

#include <catch2/catch.hpp>

#include "../checker_support.h"
#include "calculus/print.h"
#include "proofs/binding/builtin_text_law_bindings.h"
#include "proofs/cases/case_generator.h"
#include "proofs/report/report.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

namespace {

std::shared_ptr<const TextLaw> law_of(std::string_view text) {
  auto law = TextLaw::make(text, "equation.1");
  INFO(text);
  if (!law.ok()) FAIL(law.error().to_string());
  return std::make_shared<const TextLaw>(*law);
}

TextLawBindings bound(std::string_view text) { return builtin_text_law_bindings({law_of(text)}); }

const LawResult* on_model(const std::vector<LawResult>& results, std::string_view model) {
  for (const LawResult& result : results) {
    if (result.model == model) return &result;
  }
  return nullptr;
}

constexpr const char* kSumRule =
    "forall f g : R -> R, a : R. D (\\x:R. f x + g x) a = D f a + D g a";
constexpr const char* kWrongProductRule =
    "forall f g : R -> R, a : R. D (\\x:R. f x * g x) a = D f a * D g a";

}  // namespace

TEST_CASE("metavariables: ground types are points, σ → τ morphisms, others closed terms",
          "[text-law]") {
  const auto law =
      law_of("forall a : R * R, f : R -> R * R, h : (R -> R) -> R. h (\\x:R. pi1 (f x)) = pi2 a");
  CHECK(law->id == "equation.1");
  CHECK(law->shapes == std::vector<MetavariableShape>{MetavariableShape::Point,
                                                      MetavariableShape::Morphism,
                                                      MetavariableShape::ClosedTerm});
  CHECK(law->needs_closed_model);
  CHECK_FALSE(law->needs_derivative);
  CaseGenerator gen(7, {.higher_order = true});
  const Case k = generate_text_law_case(*law, gen);
  REQUIRE(k.point_context.size() == 1);
  CHECK(k.point_context.at(0).name == "a");
  CHECK(k.term("f").context.size() == 1);
  CHECK(k.term("h").context.empty());
  // The sides are terms in the point context: f and h replaced, a a variable.
  const auto [lhs, rhs] = instantiate_sides(*law, k);
  CHECK(lhs->loose_bvar_range() == 0);
  CHECK(calculus::to_string(rhs, k.point_context) == "pi2 a");
  CHECK(law_of(kSumRule)->needs_derivative);
  CHECK_FALSE(law_of(kSumRule)->needs_closed_model);
}

TEST_CASE("D of a sum is the sum of the D's: holds on every sound model", "[text-law]") {
  const TextLawBindings laws = bound(kSumRule);
  CHECK(laws.refusals.empty());
  std::vector<LawBinding> sound;
  for (const LawBinding& binding : laws.bindings) {
    if (!binding.foil) sound.push_back(binding);
  }
  // smooth, closures, smooth@ball, closures@ball, closures@rational, symbolic
  REQUIRE(sound.size() == 6);
  for (const LawResult& result : run_laws(sound, small_run(1, 300))) {
    INFO(result.model << ": " << result.passed << " passed, " << result.failed << " failed, "
                      << result.discarded << " discarded");
    CHECK(result.failed == 0);
    CHECK(result.passed >= 290);
  }
}

TEST_CASE("D of a product is not the product of the D's: refuted and shrunk", "[text-law]") {
  const TextLawBindings laws = bound(kWrongProductRule);
  std::vector<LawBinding> closures;
  for (const LawBinding& binding : laws.bindings) {
    if (binding.model == "closures") closures.push_back(binding);
  }
  REQUIRE(closures.size() == 1);
  const auto results = run_laws(closures, small_run(1, 100, /*shrink=*/true));
  const LawResult* result = on_model(results, "closures");
  REQUIRE(result);
  CHECK(result->failed > 20);  // 44 of 100 at seed 1
  REQUIRE(result->counterexample);
  const Counterexample& c = *result->counterexample;
  INFO(case_text(c.shrunk, "  "));
  CHECK(c.outcome.verdict == Verdict::Failed);
  // Shrinking keeps every metavariable and makes the case smaller.
  CHECK(c.shrunk.terms.size() == 2);
  CHECK(c.shrunk.point.size() == 1);
  std::uint64_t before = 0, after = 0;
  for (const CaseTerm& t : c.original.terms) before += t.term->tree_size();
  for (const CaseTerm& t : c.shrunk.terms) after += t.term->tree_size();
  CHECK(after <= before);
  CHECK(after <= 6);
}

TEST_CASE("a model that cannot read an equation is refused with the reason, not failed",
          "[text-law]") {
  // A metavariable of higher-order type: only the closed models take it.
  const TextLawBindings laws = bound("forall h : (R -> R) -> R. h (\\x:R. x) = h (\\y:R. y)");
  std::vector<std::string> models;
  for (const LawBinding& binding : laws.bindings) models.push_back(binding.model);
  CHECK(std::count(models.begin(), models.end(), "smooth") == 0);
  CHECK(std::count(models.begin(), models.end(), "closures") == 1);
  // The first-order models: smooth, smooth@ball and symbolic.
  REQUIRE(laws.refusals.size() == 3);
  CHECK(laws.refusals[0].to_string() ==
        "equation.1 is not run on smooth: it is not closed, and the equation has a metavariable "
        "of higher-order type or sides of a function type");
  CHECK(laws.refusals[1].model == "smooth@ball");
  CHECK(laws.refusals[2].model == "symbolic");
}

TEST_CASE("a model that reads first-order terms only runs an equation whose sides have no λ",
          "[text-law]") {
  // smooth's capabilities without its reading through normal forms: a
  // plain first-order model, as a plugin backed by an AD library is.
  semantics::Capabilities first_order = binding("cdc.D1.sum", "smooth").capabilities;
  first_order.via_normal_form = false;
  CHECK(text_law_refusal(*law_of("forall a : R. a * a = a * a"), first_order) == std::nullopt);
  CHECK(text_law_refusal(*law_of("forall a b : R. T exp <b, a> = <exp a * b, exp a>"),
                         first_order) == std::nullopt);
  CHECK(text_law_refusal(*law_of("forall a : R. (\\x:R. x) a = a"), first_order) ==
        "it reads first-order terms only, and a side has a λ");
  CHECK(text_law_refusal(*law_of(kSumRule), first_order) ==
        "it reads first-order terms only, and a side has a λ");
  CHECK(
      text_law_refusal(*law_of("forall f g : R -> R, a : R. f a + g a = g a + f a"), first_order) ==
      "it reads first-order terms only, and a side has a λ once f, g are replaced by one");
  CHECK(text_law_refusal(*law_of("forall f : R -> R, a : R. f a = f a"), first_order) ==
        "it reads first-order terms only, and a side has a λ once f is replaced by one");
  first_order.via_normal_form = true;  // smooth itself reads them all
  CHECK(text_law_refusal(*law_of(kSumRule), first_order) == std::nullopt);
}

TEST_CASE("a metavariable of an atom type has no values: an error", "[text-law]") {
  const auto law = TextLaw::make("forall a : A. a = a", "equation.1");
  REQUIRE_FALSE(law.ok());
  CHECK(law.error().to_string() ==
        "the metavariable a has type A, which has an atom: atoms have no random values, use R");
}
