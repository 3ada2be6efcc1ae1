// The four outcomes of spec §6 as check_case decides them
// (proofs/cases/check_case.h): a case with a primitive applied outside its
// smooth set is an outside-domain discard whatever its sides, a kink is
// decided and labelled, and an overflow in double is told apart from a
// defect by the twin over balls.
#include <catch2/catch.hpp>

#include "../checker_support.h"
#include "calculus/declared_primitive.h"
#include "models/registry.h"
#include "proofs/binding/certified_twin.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

namespace {

// The result of a text law on a model, composed with its twin as perturb
// check composes it.
LawResult run_certified(std::string_view equation, std::string_view model, std::uint64_t cases) {
  std::vector<LawBinding> bindings = {text_law_on(equation, model),
                                      text_law_on(equation, std::string(model) + "@ball")};
  certify_by_twins(bindings);
  return run_laws({bindings[0]}, small_run(1, cases)).front();
}

// The result of a text law on one model, as it is.
LawResult run_one_text(std::string_view equation, std::string_view model, std::uint64_t cases) {
  return run_laws({text_law_on(equation, model)}, small_run(1, cases)).front();
}

}  // namespace

TEST_CASE("a case with an application outside its domain is not decided", "[edges]") {
  // Equal sides (0 · log … = 0 by strong zeros), but log is applied below 0.
  for (const char* equation : {"forall a : R. log (-1 - a * a) = log (-1 - a * a)",
                               "forall a : R. 0 * log (-1 - a * a) = 0"}) {
    INFO(equation);
    const LawResult result = run_certified(equation, "closures", 50);
    CHECK(result.passed == 0);
    CHECK(result.failed == 0);
    REQUIRE(result.discards.size() == 1);
    CHECK(result.discards.begin()->first == "outside the domain: log: x <= 0");
    CHECK(result.discards.begin()->second.kind == DiscardKind::OutsideDomain);
  }
}

TEST_CASE("sqrt at 0 is inside along the zero direction only", "[edges]") {
  const LawResult along_zero =
      run_certified("forall d : R. T sqrt <0 * d, 0> = <0, 0>", "closures", 50);
  CHECK(along_zero.passed == 50);
  const LawResult along_d =
      run_certified("forall d : R. T sqrt <d * d + 1, 0> = T sqrt <d * d + 1, 0>", "closures", 50);
  CHECK(along_d.discarded == 50);
  REQUIRE(along_d.discards.size() == 1);
  CHECK(along_d.discards.begin()->first ==
        "outside the domain: sqrt: boundary 0 along a nonzero direction");
}

TEST_CASE("a value that is not finite where an enclosure straddles a boundary is undecided",
          "[edges]") {
  // sin π is 0 in the reals, 1.2e-16 in double and a ball around 0: pow's
  // base there, along a moving exponent, is inside by its midpoint and
  // outside by the rest of its enclosure, where the log of the derivative
  // is not finite.
  const std::string_view equation =
      "forall d : R. T pow <<0, d * d + 1>, <sin (atan2 <0, -1>), 0>> = "
      "T pow <<0, d * d + 1>, <sin (atan2 <0, -1>), 0>>";
  const LawResult result = run_one_text(equation, "closures@ball", 20);
  CHECK(result.failed == 0);
  CHECK(result.discarded == 20);
  REQUIRE(result.discards.size() == 1);
  CHECK(result.discards.begin()->first ==
        "undecided: an enclosure reaches where a primitive is not smooth (pow: base 0, exponent "
        "<= 0)");
  CHECK(result.discards.begin()->second.kind == DiscardKind::Rounding);
  // A base whose enclosure is off 0 stays decided.
  CHECK(run_one_text("forall d : R. T pow <<0, d * d + 1>, <sin 1, 0>> = "
                     "T pow <<0, d * d + 1>, <sin 1, 0>>",
                     "closures@ball", 20)
            .passed == 20);
}

TEST_CASE("a kink is decided, with the models' convention, and labelled", "[edges]") {
  const LawResult result = run_one("signature.abs-by-max.T", "closures", small_run(1, 300));
  CHECK(result.failed == 0);
  CHECK(result.discarded == 0);
  REQUIRE(result.labels.count("kink:abs"));
  CHECK(result.labels.at("kink:abs") > 10);
}

TEST_CASE("an overflow of double is a discard, even where the true value is within range",
          "[edges]") {
  // exp (exp 2 + a) ≥ 221 for a ≥ −2: exp of it overflows double, not balls
  // (a = −2.5 is within range).
  const LawResult overflow = run_certified(
      "forall a : R. exp (exp (exp 2 + a)) * 0.5 = 0.5 * exp (exp (exp 2 + a))", "closures", 50);
  CHECK(overflow.failed == 0);
  CHECK(overflow.discarded > 25);
  REQUIRE(overflow.discards.size() == 1);
  CHECK(overflow.discards.begin()->second.kind == DiscardKind::Overflow);
  // ∞ − ∞ where the true value, 0, is within range: double's overflow again,
  // not the law's failure.
  const LawResult cancelled = run_certified(
      "forall a : R. exp (exp (exp 2 + a)) - exp (exp (exp 2 + a)) = 0", "closures", 50);
  CHECK(cancelled.failed == 0);
  CHECK(cancelled.discarded == overflow.discarded);
}

TEST_CASE("a non-finite value the twin cannot evaluate is an undecided discard, not a failure",
          "[edges]") {
  // A primitive declared without a series: a double model hosts it, its twin
  // over balls does not, so the twin cannot tell an overflow from a defect.
  auto declared = calculus::declare_primitive(
      {.name = "twinless", .value = [](double x) { return x; }, .derivative = "1"});
  REQUIRE(declared.ok());
  const auto non_finite = [](const Case&, const semantics::Tolerance&, std::uint64_t) {
    Outcome outcome;
    outcome.verdict = Verdict::Failed;
    outcome.failure = FailureKind::NonFinite;
    outcome.detail = "a value is not finite";
    return outcome;
  };
  const auto refusing = [](const Case&, const semantics::Tolerance&, std::uint64_t) {
    Outcome outcome;
    outcome.verdict = Verdict::Failed;
    outcome.failure = FailureKind::Error;
    outcome.detail = "error: twinless was declared without a Taylor series";
    return outcome;
  };
  const LawInfo info{"test.twinless", "none", "f = f"};
  std::vector<LawBinding> bindings = {
      {.info = info,
       .model = "m",
       .capabilities = semantics::capabilities_of<models::Closures>(),
       .generate = {},
       .check = non_finite},
      {.info = info,
       .model = "m@ball",
       .capabilities = semantics::capabilities_of<models::ClosuresOverBalls>(),
       .generate = {},
       .check = refusing}};
  certify_by_twins(bindings);
  const calculus::Context x({{"x", calculus::real_type()}});
  const auto check = [&](const calculus::Term& f) {
    Case k;
    k.terms.push_back({"f", x, f, calculus::real_type()});
    return bindings[0].check(k, semantics::Tolerance{}, 0);
  };
  // With the primitive in the case: undecided, as without a twin.
  const Outcome with = check(
      calculus::mk_app(calculus::mk_prim(*declared), calculus::mk_var(0, calculus::real_type())));
  CHECK(with.verdict == Verdict::Discarded);
  CHECK(with.discard_kind == DiscardKind::NonFinite);
  CHECK_THAT(with.detail, Catch::Contains("m@ball does not host twinless"));
  // Without it, the twin's error leaves the failure standing, uncertified.
  const Outcome without = check(calculus::mk_var(0, calculus::real_type()));
  CHECK(without.verdict == Verdict::Failed);
  CHECK_THAT(without.detail, Catch::Contains("uncertified: m@ball could not check it"));
}
