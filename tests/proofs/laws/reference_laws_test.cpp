// The reference laws (proofs/laws/reference_laws.h): the sound models pass
// them against closures@ball; a second derivative that is wrong at one
// point only fails them, shrunk to that point; the foils fail them.
#include "proofs/laws/reference_laws.h"

#include <catch2/catch.hpp>

#include "../checker_support.h"
#include "../signature_mutant.h"
#include "models/builtin_models.h"
#include "models/scalars/elementary.h"
#include "proofs/binding/reference_law_binding.h"
#include "proofs/run/health.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

namespace {

semantics::AnyModel model_named(const std::string& name) {
  const auto model = models::builtin_model(name);
  REQUIRE(model);
  return *model;
}

// The reference laws of model against closures@ball, closures deciding.
std::vector<LawBinding> reference_bindings(const semantics::AnyModel& model) {
  return bind_reference_laws(model, model_named("closures@ball"), model_named("closures"));
}

// mul whose product drops its perturbation where its value is 0, as an
// AD library's x² through fabs (x * x) with sign 0 = 0 does: every first
// derivative is right (2x·dx is 0 at 0), the second derivative of x² at 0 is
// 0 instead of 2.
models::Tagged<double> mul_flat_at_zero(const models::Tagged<double>& x,
                                        const models::Tagged<double>& y) {
  const models::Tagged<double> product = x * y;
  return product.primal_value() == 0 ? models::Tagged<double>(0.0) : product;
}

// pow with the same flaw where its value is 0 and its exponent at least 2:
// pow <x, 2> has the right value and first derivative at 0 (2·0 = 0) and
// the second derivative 0 instead of 2; pow <x, 3> the third 0 instead of
// 6. Everywhere else, and at every first derivative, it is pow.
models::Tagged<double> pow_flat_at_zero(const models::Tagged<double>& x,
                                        const models::Tagged<double>& y) {
  const models::Tagged<double> power = models::apply_binary(calculus::Primitive::Pow, x, y);
  const bool flat = power.primal_value() == 0 && y.primal_value() >= 2;
  return flat ? models::Tagged<double>(0.0) : power;
}

// f with its first derivative along its first argument off by half its
// direction, its value right: f(x) + 0.5·(x − x₀).
models::Tagged<double> derivative_off(calculus::Primitive p, const models::Tagged<double>& x,
                                      const models::Tagged<double>& y) {
  using Scalar = models::Tagged<double>;
  const Scalar value =
      calculus::spec_of(p).arity == 1 ? models::apply_unary(p, x) : models::apply_binary(p, x, y);
  return value + Scalar(0.5) * (x - Scalar(x.primal_value()));
}

}  // namespace

TEST_CASE("the reference laws state the derivatives up to order 4", "[reference]") {
  CHECK(reference_law(0, "closures@ball")->statement ==
        "forall f : R -> R, a : R. f a, against closures@ball");
  CHECK(reference_law(2, "closures@ball")->statement ==
        "forall f : R -> R, a : R. D (\\y1:R. D f y1) a, against closures@ball");
  CHECK(reference_law(4, "smooth@ball")->info().id == "ref.order-4");
  CHECK(reference_of_statement(reference_law(3, "closures@ball")->statement) == "closures@ball");
  CHECK(reference_of_statement("forall a : R. a = a").empty());
  // Against itself a reference law could not fail: it is not bound.
  CHECK(bind_reference_laws(model_named("closures@ball"), model_named("closures@ball"),
                            model_named("closures"))
            .empty());
  CHECK(reference_bindings(model_named("closures")).size() == kHighestReferenceOrder + 1);
}

TEST_CASE("the sound models pass the reference laws", "[reference]") {
  for (const char* name : {"smooth", "closures", "smooth@ball", "closures@rational", "symbolic"}) {
    for (const LawBinding& binding : reference_bindings(model_named(name))) {
      const LawResult result = run_laws({binding}, small_run(1, 300)).front();
      INFO(binding.info.id << " on " << name << ": " << result.failed << " failed, "
                           << result.discarded << " discarded");
      CHECK(result.failed == 0);
      CHECK(health_problems(result, DiscardLimits{}).empty());
    }
  }
}

TEST_CASE("a wrong second derivative consistent with itself fails ref.order-2, shrunk to 0",
          "[reference]") {
  const BasicSignatureMutant<double> mutant("mul-flat-at-zero", calculus::Primitive::Mul,
                                            mul_flat_at_zero);
  const auto erased = semantics::erase(mutant);
  const auto bindings = reference_bindings(erased);
  REQUIRE(bindings.size() == kHighestReferenceOrder + 1);
  for (std::uint64_t seed : {1, 2, 3}) {
    const LawResult result = run_laws({bindings[2]}, small_run(seed, 1000, true)).front();
    INFO("seed " << seed << ": " << result.failed << " of 1000 fail");
    CHECK(result.failed > 0);
    REQUIRE(result.counterexample);
    CHECK(result.counterexample->outcome.failure == FailureKind::SidesDiffer);
    const calculus::Term& a = result.counterexample->shrunk.point.back();
    CHECK((calculus::is_zero(a) || calculus::lit_value(a) == 0));
  }
  // Its values are right: ref.order-0 holds.
  CHECK(run_laws({bindings[0]}, small_run(1, 300)).front().failed == 0);
}

TEST_CASE(
    "a pow whose higher derivatives are wrong at 0 only fails the reference laws, shrunk to 0",
    "[reference]") {
  const BasicSignatureMutant<double> mutant("pow-flat-at-zero", calculus::Primitive::Pow,
                                            pow_flat_at_zero);
  const auto bindings = reference_bindings(semantics::erase(mutant));
  REQUIRE(bindings.size() == kHighestReferenceOrder + 1);
  for (std::uint64_t seed : {1, 2, 3}) {
    // Its values and first derivatives are right.
    for (int order : {0, 1})
      CHECK(run_laws({bindings[order]}, small_run(seed, 1000)).front().failed == 0);
    std::uint64_t failed = 0;
    for (const LawBinding& binding : bindings) {
      const LawResult result = run_laws({binding}, small_run(seed, 1000, true)).front();
      failed += result.failed;
      if (!result.counterexample) continue;
      INFO("seed " << seed << ", " << binding.info.id << ": " << result.failed << " of 1000 fail");
      const calculus::Term& a = result.counterexample->shrunk.point.back();
      CHECK((calculus::is_zero(a) || calculus::lit_value(a) == 0));
    }
    INFO("seed " << seed << ": " << failed << " failing cases over the orders, 1000 each");
    CHECK(failed > 0);
  }
}

TEST_CASE("a wrong first derivative of any primitive the reference hosts fails ref.order-1",
          "[reference]") {
  const semantics::Capabilities reference = model_named("closures@ball").capabilities();
  for (const calculus::Primitive p : calculus::kStandardPrimitives) {
    if (!reference.hosts(p)) continue;
    const BasicSignatureMutant<double> mutant(
        std::string(calculus::primitive_name(p)) + "-derivative-off", p,
        [p](const models::Tagged<double>& x, const models::Tagged<double>& y) {
          return derivative_off(p, x, y);
        });
    const auto bindings = reference_bindings(semantics::erase(mutant));
    const LawResult first = run_laws({bindings[1]}, small_run(1, 300)).front();
    INFO(calculus::primitive_name(p) << ": ref.order-1 " << first.failed << " of 300 fail");
    CHECK(first.failed > 0);
  }
}

TEST_CASE("the foils fail the reference laws of the orders they get wrong", "[reference]") {
  for (const char* foil : {"naive-dual", "finite-difference"}) {
    const auto bindings = reference_bindings(model_named(foil));
    const LawResult first = run_laws({bindings[1]}, small_run(1, 300)).front();
    INFO(foil << ": ref.order-1 " << first.failed << " of 300 fail");
    CHECK(first.failed > 0);
  }
}

TEST_CASE("a convention at a kink the reference reproduces by a branch is discarded, not failed",
          "[reference]") {
  // tie-by-order takes max's and min's first argument at a tie: an
  // admissible convention, which the reference reproduces with its first
  // branch.
  const auto tie_by_order = reference_bindings(model_named("tie-by-order"));
  const LawResult taken = run_laws({tie_by_order[1]}, small_run(1, 1000)).front();
  CHECK(taken.failed == 0);
  std::uint64_t conventions = 0;
  for (const auto& [reason, discard] : taken.discards) {
    if (discard.kind == DiscardKind::KinkConvention) conventions += discard.count;
  }
  CHECK(conventions > 0);
  // A first derivative of abs, max or min off by half its direction is no
  // convention: it still fails ref.order-1 (the test above).
}
