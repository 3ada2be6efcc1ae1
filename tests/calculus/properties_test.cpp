// Property tests on random well-typed terms (spec Lemma 4.1): substitution
// typing (a), T_x typing (b), subject reduction (d) for every one-step
// reduction and for normal forms, and that normal forms hold no redex.
// 11 000 terms in all; each case is a function of its seed, printed on
// failure. PERTURB_SEED overrides the base seed.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <iostream>

#include "base_seed.h"
#include "calculus/normalize.h"
#include "calculus/random_term.h"
#include "calculus/reduce.h"
#include "calculus/substitution.h"
#include "calculus/tangent.h"
#include "calculus/typecheck.h"

using namespace perturb::calculus;

namespace {

std::uint64_t base_seed() { return perturb::testing::base_seed(20260101); }

const Type R = real_type();

// Γ with clashing names: the inner x shadows the outer one.
Context gamma() {
  return Context({{"x", R},
                  {"f", mk_arrow(R, R)},
                  {"g", mk_arrow(mk_arrow(R, R), mk_atom("A"))},
                  {"x", mk_tangent(R)}});
}

struct Case {
  Type type;
  Term term;
};

Case random_case(Rng& rng, const Context& context, std::uint32_t size = 16) {
  Type type = random_type(rng);
  Term term = random_term(rng, context, type, {.size = size});
  return {type, term};
}

// Γ ⊢ term : type (term's free variables have in context the types they
// carry, and term has type), with the error in the failure message otherwise.
bool has_type(const Context& context, const Term& term, const Type& type) {
  const ErrorOr<Type> found = type_of(context, term);
  if (!found.ok()) {
    UNSCOPED_INFO("ill-typed: " << found.error().message);
    return false;
  }
  if (found.value() != type) UNSCOPED_INFO("found " << to_string(found.value()));
  return found.value() == type;
}

}  // namespace

TEST_CASE("subject reduction for every one-step reduction (Lemma 4.1(d))", "[properties]") {
  const Context context = gamma();
  std::uint64_t steps = 0;
  for (std::uint64_t i = 0; i < 3500; ++i) {
    const std::uint64_t seed = base_seed() + i;
    Rng rng(seed);
    const Case c = random_case(rng, context);
    const Rules rules{.delta = i % 2 == 0};
    for (const Redex& redex : find_redexes(c.term, rules, 8)) {
      INFO("seed " << seed << ", rule " << redex.rule << " at " << to_string(redex.position));
      const ErrorOr<Contraction> step = reduce_at(c.term, redex.position, rules);
      REQUIRE(step.ok());
      CHECK(step->rule == redex.rule);
      CHECK(has_type(context, step->result, c.type));
      ++steps;
    }
  }
  std::cout << "subject reduction: " << steps << " one-step reductions checked\n";
  CHECK(steps > 1000);
}

TEST_CASE("normal forms are well typed and hold no redex (Lemma 4.1(d))", "[properties]") {
  const Context context = gamma();
  int normal = 0, gave_up = 0;
  for (std::uint64_t i = 0; i < 2500; ++i) {
    const std::uint64_t seed = base_seed() + 100000 + i;
    Rng rng(seed);
    const Case c = random_case(rng, context, 12);
    const Strategy strategy = static_cast<Strategy>(i % 3);
    const NormalizeOptions options{.rules = {.delta = i % 4 != 0},
                                   .strategy = strategy,
                                   .seed = seed,
                                   .max_steps = 300,
                                   .max_size = 5000};
    const NormalizeResult result = normalize(c.term, options);
    INFO("seed " << seed << ", strategy " << strategy_name(strategy) << ": " << describe(result));
    if (result.status != NormalizeStatus::NormalForm) {
      ++gave_up;
      continue;
    }
    ++normal;
    CHECK_FALSE(has_redex(result.term, options.rules));
    CHECK(find_redexes(result.term, options.rules).empty());
    CHECK(has_type(context, result.term, c.type));
  }
  std::cout << "normal forms: " << normal << " reached, " << gave_up << " gave up\n";
  CHECK(gave_up * 100 < normal);
}

TEST_CASE("Γ; x:σ ⊢ M : τ gives Γ; x:Tσ ⊢ T_x M : Tτ (Lemma 4.1(b))", "[properties]") {
  for (std::uint64_t i = 0; i < 2500; ++i) {
    const std::uint64_t seed = base_seed() + 200000 + i;
    INFO("seed " << seed);
    Rng rng(seed);
    const Type sigma = random_type(rng);
    // Small terms: T_x doubles the summands under each nested ι (§3), so
    // its DAG grows exponentially in that nesting.
    const Case c = random_case(rng, gamma().extended("x", sigma), 8);
    const Context tangent_context = gamma().extended("x", mk_tangent(sigma));
    CHECK(has_type(tangent_context, tangent_of(c.term), mk_tangent(c.type)));
  }
}

TEST_CASE("Γ; x:σ ⊢ M : τ and Γ ⊢ P : σ give Γ ⊢ M[P/x] : τ (Lemma 4.1(a))", "[properties]") {
  const Context context = gamma();
  for (std::uint64_t i = 0; i < 2500; ++i) {
    const std::uint64_t seed = base_seed() + 300000 + i;
    INFO("seed " << seed);
    Rng rng(seed);
    const Type sigma = random_type(rng);
    const Case body = random_case(rng, context.extended("y", sigma));
    const Term value = random_term(rng, context, sigma, {.size = 8});
    CHECK(has_type(context, substitute(body.term, value), body.type));
  }
}
