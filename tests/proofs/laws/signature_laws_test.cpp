// The signature's equations as laws (proofs/laws/signature_laws.h): their ids
// and T-images, which models run them, that the sound models pass them, and
// that the tie-by-order foil, whose max is right in value but breaks ties by
// the order of its arguments, fails the T-image of max's symmetry.
#include "proofs/laws/signature_laws.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "../checker_support.h"
#include "../signature_mutant.h"
#include "models/closures/closures.h"
#include "models/scalars/elementary.h"
#include "proofs/binding/bind_laws.h"
#include "proofs/binding/certified_twin.h"
#include "proofs/binding/text_law_binder.h"
#include "proofs/laws/text_law.h"
#include "proofs/run/health.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

namespace {

using calculus::Primitive;
using Scalar = models::closures::Scalar;
using Value = models::closures::Value;

using testing::BasicSignatureMutant;
using SignatureMutant = BasicSignatureMutant<double>;

// pow's tangent by the textbook formula y·x^(y−1)·dx + log x·x^y·dy in IEEE
// arithmetic, as forward-mode libraries write it: at x = 0 the second term is
// (−∞)·0·0 = NaN even where pow is a polynomial in x and dy = 0. Right on
// first-order values; others go to the models' pow.
template <class F>
models::Tagged<F> pow_by_formula(const models::Tagged<F>& x, const models::Tagged<F>& y) {
  using std::log;
  using std::pow;
  for (const auto& term : x.perturbation())
    if (term.monomial.size() != 1) return models::pow(x, y);
  for (const auto& term : y.perturbation())
    if (term.monomial.size() != 1) return models::pow(x, y);
  const F a = x.primal_value(), b = y.primal_value();
  const F value = pow(a, b);
  const F by_x = b * pow(a, b - F(1));
  const F by_y = log(a) * value;
  models::Tagged<F> result(value);
  std::vector<models::Tag> tags;
  for (const auto& term : x.perturbation()) tags.push_back(term.monomial.front());
  for (const auto& term : y.perturbation()) tags.push_back(term.monomial.front());
  std::sort(tags.begin(), tags.end());
  tags.erase(std::unique(tags.begin(), tags.end()), tags.end());
  for (const models::Tag tag : tags) {
    const F dx = x.tangent(tag).primal_value(), dy = y.tangent(tag).primal_value();
    result = result + models::Tagged<F>::first_order(F(0), tag, by_x * dx + by_y * dy);
  }
  return result;
}

}  // namespace

TEST_CASE("each equation of the signature is a law, with its T-image", "[signature-laws]") {
  std::set<std::string> ids;
  for (const auto& law : signature_laws()) {
    ids.insert(law->id);
    CHECK(law->reference == "§6 signature");
    CHECK(law->info().reference == "§6 signature");
  }
  CHECK(ids == std::set<std::string>{"signature.max-symmetric", "signature.max-symmetric.T",
                                     "signature.min-by-max", "signature.min-by-max.T",
                                     "signature.abs-by-max", "signature.abs-by-max.T",
                                     "signature.hypot-symmetric", "signature.hypot-symmetric.T"});
  const auto law = [](std::string_view id) -> const TextLaw& {
    for (const auto& candidate : signature_laws()) {
      if (candidate->id == id) return *candidate;
    }
    FAIL("no law " << id);
    return *signature_laws().front();
  };
  const TextLaw& max_image = law("signature.max-symmetric.T");
  CHECK(max_image.statement ==
        "forall dx dy x y : R. "
        "T (\\q : R * R. let x = pi1 q in let y = pi2 q in max <x, y>) <<dx, dy>, <x, y>> = "
        "T (\\q : R * R. let x = pi1 q in let y = pi2 q in max <y, x>) <<dx, dy>, <x, y>>");
  const TextLaw& abs_image = law("signature.abs-by-max.T");
  CHECK(abs_image.statement ==
        "forall dx x : R. T (\\q : R. let x = q in abs x) <dx, x> = "
        "T (\\q : R. let x = q in max <x, -x>) <dx, x>");
}

TEST_CASE("the signature's laws run where their primitives are hosted", "[signature-laws]") {
  std::set<std::string> models_of_max, models_of_hypot;
  for (const LawBinding& b : all_bindings()) {
    if (b.info.id == "signature.max-symmetric.T") models_of_max.insert(b.model);
    if (b.info.id == "signature.hypot-symmetric") models_of_hypot.insert(b.model);
  }
  CHECK(models_of_max.count("closures"));
  CHECK(models_of_max.count("smooth"));
  CHECK(models_of_max.count("closures@rational"));
  CHECK(models_of_max.count("tie-by-order"));
  CHECK(models_of_max.count("closures@ball"));
  CHECK_FALSE(models_of_max.count("symbolic"));
  CHECK(models_of_hypot.count("closures@ball"));
  CHECK(models_of_hypot.count("smooth@ball"));
  CHECK_FALSE(models_of_hypot.count("closures@rational"));
}

TEST_CASE("the sound models pass the signature's laws", "[signature-laws]") {
  const RunOptions options = small_run(1, 300);
  for (const LawBinding& b : all_bindings()) {
    if (b.foil || !b.info.id.starts_with("signature.")) continue;
    const LawResult result = run_laws({b}, options).front();
    INFO(b.info.id << " on " << b.model << ": " << result.failed << " failed, " << result.discarded
                   << " discarded");
    CHECK(result.failed == 0);
    CHECK(health_problems(result, DiscardLimits{}).empty());
  }
}

TEST_CASE("cases that evaluate a primitive at a special point are labelled so",
          "[signature-laws]") {
  // Ties come from the evaluation, not from the literals: x and y are random
  // points, equal in value in some cases.
  const LawResult result = run_one("signature.max-symmetric.T", "closures", small_run(1, 1000));
  INFO("special:tie in " << result.labels.count("special:tie") << " label kinds");
  REQUIRE(result.labels.count("special:tie") == 1);
  CHECK(result.labels.at("special:tie") > 20);
  CHECK(result.labels.at("special:tie") < 1000);
  // The paper's four primitives have no special points: with them alone a
  // catalogue law's cases meet none; with the whole signature some do.
  RunOptions paper_signature = small_run(1, 300);
  paper_signature.engine.paper_signature = true;
  const LawResult paper = run_one("cdc.D5", "closures", paper_signature);
  for (const auto& [label, count] : paper.labels) CHECK_FALSE(label.starts_with("special:"));
  CHECK(run_one("cdc.D5", "closures", small_run(1, 300)).labels.count("special") == 1);
}

TEST_CASE("every signature law fails on some mutant of its primitive", "[signature-laws]") {
  using models::max;
  const SignatureMutant mutants[] = {
      // max that returns its first argument: not symmetric.
      {"max-first", Primitive::Max, [](const Scalar& x, const Scalar&) { return x; }},
      // min that is max: min <x, y> ≠ -max <-x, -y>.
      {"min-as-max", Primitive::Min, [](const Scalar& x, const Scalar& y) { return max(x, y); }},
      // abs that is the identity: abs x ≠ max <x, -x> below 0.
      {"abs-identity", Primitive::Abs, [](const Scalar& x, const Scalar&) { return x; }},
      // hypot that weighs its first argument twice: not symmetric.
      {"hypot-lopsided", Primitive::Hypot,
       [](const Scalar& x, const Scalar& y) { return models::hypot(x * Scalar(2.0), y); }},
  };
  std::map<std::string, std::uint64_t> failures;
  for (const SignatureMutant& mutant : mutants) {
    std::vector<LawBinding> bindings;
    bind_laws(semantics::erase(mutant), bindings);
    for (const LawBinding& b : bindings) {
      if (!b.info.id.starts_with("signature.")) continue;
      failures[std::string(b.info.id)] += run_laws({b}, small_run(1, 300)).front().failed;
    }
  }
  REQUIRE(failures.size() == signature_laws().size());
  for (const auto& [id, failed] : failures) {
    INFO(id << ": " << failed << " failing cases over the mutants, 300 cases each");
    CHECK(failed > 0);
  }
}

TEST_CASE("tie-by-order fails max's symmetry under T, not in value", "[signature-laws]") {
  for (std::uint64_t seed : {1, 2, 3}) {
    const RunOptions options = small_run(seed, 1000, /*shrink=*/true);
    const LawResult image = run_one("signature.max-symmetric.T", "tie-by-order", options);
    INFO("seed " << seed << ": " << image.failed << " of 1000 fail");
    CHECK(image.failed > 0);
    REQUIRE(image.counterexample);
    CHECK(run_one("signature.max-symmetric", "tie-by-order", options).failed == 0);
  }
}

TEST_CASE("a NaN tangent where pow is smooth is a non-finite failure, certified and shrunk",
          "[signature-laws][edges]") {
  // D (λx. pow ⟨x, 2⟩) = 2x everywhere; the mutant gives NaN at x ≤ 0, where
  // log x is NaN or −∞, as a library that always differentiates in both
  // arguments computes it.
  const char* const equation = "forall x : R. D (\\x:R. pow <x, 2>) x = 2 * x";
  const BasicSignatureMutant<double> in_double("pow-by-formula", Primitive::Pow,
                                               pow_by_formula<double>);
  const BasicSignatureMutant<models::Ball> over_balls("pow-by-formula", Primitive::Pow,
                                                      pow_by_formula<models::Ball>);
  auto law = TextLaw::make(equation, "equation.1");
  REQUIRE(law.ok());
  const auto shared_law = std::make_shared<const TextLaw>(*law);
  TextLawBindings bound;
  text_law_binder(std::make_shared<const BasicSignatureMutant<double>>(in_double))(shared_law,
                                                                                   bound);
  text_law_binder(std::make_shared<const BasicSignatureMutant<models::Ball>>(over_balls))(
      shared_law, bound);
  for (std::uint64_t seed : {1, 2, 3}) {
    std::vector<LawBinding> bindings = bound.bindings;
    REQUIRE(bindings.size() == 2);
    certify_by_twins(bindings);
    const LawResult result = run_laws({bindings[0]}, small_run(seed, 1000, true)).front();
    INFO("seed " << seed << ": " << result.failed << " of 1000 fail");
    CHECK(result.failed > 0);
    REQUIRE(result.counterexample);
    const Outcome& outcome = result.counterexample->outcome;
    CHECK(outcome.failure == FailureKind::NonFinite);
    CHECK(outcome.certified);
    // NaN wherever log x is: x ≤ 0 (pow ⟨x, 2⟩ is smooth there too).
    REQUIRE(result.counterexample->shrunk.point.size() == 1);
    const calculus::Term& x = result.counterexample->shrunk.point[0];
    CHECK((calculus::is_zero(x) || calculus::lit_value(x) <= 0));
  }
}
