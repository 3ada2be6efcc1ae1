// A model that is only a cartesian left-additive category (no derivative)
// hosts the cla.* laws (spec §1) and nothing else: its cases contain no T,
// the interpretation refuses T with a message, and a broken sum still fails.
#include <catch2/catch.hpp>

#include "calculus/parse.h"
#include "calculus/random_term.h"
#include "models/smooth/smooth.h"
#include "proofs/cases/first_order_term.h"
#include "proofs/check.h"
#include "semantics/interpret.h"

namespace {

using perturb::models::Smooth;
using perturb::proofs::LawResult;

// `smooth` without its derivative: a cartesian left-additive category only.
struct SmoothWithoutDerivative : Smooth {
  std::string name() const { return "smooth-without-derivative"; }
  void derivative() const = delete;
};

// A left-additive-only model whose sum is f + 2g: not commutative.
struct LopsidedSum : SmoothWithoutDerivative {
  std::string name() const { return "lopsided-sum"; }
  bool is_foil() const { return true; }
  Morphism add(const Morphism& f, const Morphism& g) const {
    return Smooth::add(f, Smooth::add(g, g));
  }
};

static_assert(perturb::proofs::CheckableModel<SmoothWithoutDerivative>);
static_assert(!perturb::semantics::CartesianDifferentialCategory<SmoothWithoutDerivative>);

bool contains_tangent(const perturb::calculus::Term& term) {
  if (perturb::calculus::is_tan(term)) return true;
  for (const perturb::calculus::Term& child : term->children()) {
    if (contains_tangent(child)) return true;
  }
  return false;
}

perturb::proofs::CheckOptions run_of(std::uint64_t cases) {
  perturb::proofs::CheckOptions options;
  options.run.engine.cases = cases;
  options.run.execution.jobs = 1;
  options.run.engine.shrink = false;
  return options;
}

}  // namespace

TEST_CASE("a left-additive-only model hosts every cla.* law and passes them", "[left-additive]") {
  const auto results = perturb::proofs::check(SmoothWithoutDerivative(), run_of(200));
  // The 21 cla.* ids of semantics/cartesian_left_additive_category.h, the
  // one soundness law that needs no derivative, sound.rule.pair-eta (§7),
  // and the signature's four equations without their T-images.
  CHECK(results.size() == 26);
  for (const LawResult& result : results) {
    INFO(result.info.id << ": " << result.passed << " passed, " << result.failed << " failed, "
                        << result.discarded << " discarded"
                        << (result.counterexample ? "; " + result.counterexample->outcome.detail
                                                  : ""));
    CHECK((result.info.id.starts_with("cla.") || result.info.id == "sound.rule.pair-eta" ||
           (result.info.id.starts_with("signature.") && !result.info.id.ends_with(".T"))));
    CHECK(result.failed == 0);
    // A T in a case would be refused by the interpretation: a failure, not a pass.
    CHECK(result.passed + result.discarded == 200);
    CHECK(result.discarded <= 10);  // non-finite values only (exp of large arguments)
  }
  CHECK(perturb::proofs::all_hold(results));
}

TEST_CASE("its cases contain no T", "[left-additive]") {
  const auto bindings = perturb::proofs::bind_model(SmoothWithoutDerivative());
  REQUIRE_FALSE(bindings.empty());
  perturb::proofs::RunOptions options;
  std::uint64_t terms = 0;
  for (const auto& binding : bindings) {
    CHECK_FALSE(binding.capabilities.differential);
    for (std::uint64_t i = 0; i < 30; ++i) {
      const auto k = perturb::proofs::generate_case(binding, options.engine, i);
      for (const auto& entry : k.terms) {
        INFO(binding.info.id << " case " << i << ": " << entry.role);
        CHECK_FALSE(contains_tangent(entry.term));
        ++terms;
      }
    }
  }
  CHECK(terms > 500);
}

TEST_CASE("random first-order terms without tangents have no T; with them, some do",
          "[left-additive]") {
  using namespace perturb::calculus;
  const Context context({{"x", mk_product(real_type(), real_type())}});
  int with_t = 0;
  for (std::uint64_t seed = 0; seed < 500; ++seed) {
    Rng rng(seed);
    INFO("seed " << seed);
    CHECK_FALSE(contains_tangent(perturb::proofs::random_first_order_term(
        rng, context, real_type(), 12, {.tangents = false})));
    Rng again(seed);
    with_t +=
        contains_tangent(perturb::proofs::random_first_order_term(again, context, real_type(), 12));
  }
  CHECK(with_t > 50);  // the option is what removes T, not the sizes
}

TEST_CASE("interpreting T in a model without a derivative is an error that says so",
          "[left-additive]") {
  using namespace perturb::calculus;
  const Term term = mk_app(mk_tan(mk_prim(Primitive::Sin)), mk_pair(mk_lit(1), mk_lit(2)));
  const auto result = perturb::semantics::interpret(SmoothWithoutDerivative(), Context{}, term,
                                                    mk_product(real_type(), real_type()));
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().to_string() ==
        "smooth-without-derivative has no derivative: cannot interpret T (it is not a cartesian "
        "differential category)");
}

TEST_CASE("cla.* laws fail on a left-additive-only model with a wrong sum", "[left-additive]") {
  auto options = run_of(100);
  options.laws = {"cla.monoid.*"};
  const auto results = perturb::proofs::check(LopsidedSum(), options);
  REQUIRE(results.size() == 3);
  for (const LawResult& result : results) {
    INFO(result.info.id << ": " << result.failed << " failed");
    // f + 0 = f + 2·0 still holds; f + g ≠ g + f and the associativity break.
    if (result.info.id == "cla.monoid.zero") {
      CHECK(result.failed == 0);
    } else {
      CHECK(result.failed > 20);
    }
  }
}
