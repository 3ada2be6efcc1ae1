// normalize_innermost against normalize under applicative order
// (calculus/innermost_normalize.h): the same normal form on random
// well-typed terms and on the terms that once stalled, in at most as many
// steps on the whole, and exactly normalize's outcome when a budget runs out. Each case is a
// function of its seed, printed on failure; PERTURB_SEED overrides the base
// seed.
#include "calculus/innermost_normalize.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <iostream>
#include <string>

#include "base_seed.h"
#include "calculus/normalize.h"
#include "calculus/parse.h"
#include "calculus/print.h"
#include "calculus/random_term.h"
#include "calculus/tangent.h"

using namespace perturb::calculus;

namespace {

std::uint64_t base_seed() { return perturb::testing::base_seed(20261204); }

NormalizeOptions applicative(NormalizeOptions options) {
  options.strategy = Strategy::ApplicativeOrder;
  return options;
}

// Both normalizers on term reach the same normal form.
void check_same_normal_form(const Term& term, const NormalizeOptions& options) {
  const NormalizeResult stepwise = normalize(term, applicative(options));
  const NormalizeResult innermost = normalize_innermost(term, options);
  INFO("stepwise: " << describe(stepwise) << "; innermost: " << describe(innermost));
  REQUIRE(stepwise.status == NormalizeStatus::NormalForm);
  CHECK(innermost.status == NormalizeStatus::NormalForm);
  CHECK(innermost.term == stepwise.term);
}

// normalize_innermost gives exactly normalize's result.
void check_identical(const Term& term, const NormalizeOptions& options) {
  const NormalizeResult stepwise = normalize(term, applicative(options));
  const NormalizeResult innermost = normalize_innermost(term, options);
  INFO("stepwise: " << describe(stepwise) << "; innermost: " << describe(innermost));
  CHECK(innermost.status == stepwise.status);
  CHECK(innermost.steps == stepwise.steps);
  CHECK(innermost.term == stepwise.term);
  CHECK(innermost.exhausted_limit == stepwise.exhausted_limit);
}

Term parsed(const std::string& text) {
  ErrorOr<Program> program = parse_program(text);
  INFO(text);
  REQUIRE(program.ok());
  return program->term;
}

}  // namespace

TEST_CASE("innermost normalization reaches applicative order's normal form, in fewer steps in all",
          "[normalize][innermost]") {
  const Context context({{"x", real_type()},
                         {"f", mk_arrow(real_type(), real_type())},
                         {"p", mk_product(real_type(), real_type())}});
  constexpr int kTerms = 3000;
  int normal = 0;
  int only_innermost = 0;
  int gave_up = 0;
  std::uint64_t stepwise_steps = 0;
  std::uint64_t innermost_steps = 0;
  for (int i = 0; i < kTerms; ++i) {
    const std::uint64_t seed = base_seed() + static_cast<std::uint64_t>(i);
    INFO("seed " << seed);
    Rng rng(seed);
    const Type type = random_type(rng, {.max_depth = 2, .atoms = {"R"}});
    const Term m =
        random_term(rng, context, type, {.size = 8 + static_cast<std::uint32_t>(i % 24)});
    INFO("M = " << to_string(m, context));
    const NormalizeOptions options{.rules = {.delta = i % 3 != 0, .rounded_folds = i % 2 == 0},
                                   .max_steps = 2000,
                                   .max_size = 50000};
    const NormalizeResult stepwise = normalize(m, applicative(options));
    const NormalizeResult innermost = normalize_innermost(m, options);
    INFO("stepwise: " << describe(stepwise) << "; innermost: " << describe(innermost));
    if (stepwise.status == NormalizeStatus::NormalForm) {
      REQUIRE(innermost.status == NormalizeStatus::NormalForm);
      REQUIRE(innermost.term == stepwise.term);
      ++normal;
      stepwise_steps += stepwise.steps;
      innermost_steps += innermost.steps;
    } else if (innermost.status == NormalizeStatus::NormalForm) {
      ++only_innermost;  // fewer steps or nodes than the stepwise budget allows
    } else {
      ++gave_up;
      // It gave up too: the outcome is normalize's own.
      REQUIRE(innermost.status == stepwise.status);
      REQUIRE(innermost.term == stepwise.term);
    }
  }
  std::cout << "innermost vs applicative: " << kTerms << " random terms, " << normal
            << " normal forms by both (" << stepwise_steps << " steps stepwise, " << innermost_steps
            << " innermost), " << only_innermost << " by innermost only, " << gave_up
            << " by neither\n";
  // Most terms reach a normal form and take steps: the comparison is about
  // reductions, not about terms already normal.
  CHECK(normal * 100 > 95 * kTerms);
  CHECK(stepwise_steps > 2 * kTerms);
  CHECK(innermost_steps <= stepwise_steps);
}

TEST_CASE("innermost normalization reaches the normal form of T_y M (Lemma 5.5's terms)",
          "[normalize][innermost]") {
  // T_y triples subterms through ⋄, so these are the large shared terms the
  // interpreters read through their normal forms.
  const Context context({{"x", real_type()}, {"f", mk_arrow(real_type(), real_type())}});
  constexpr int kTerms = 1000;
  int normal = 0;
  int other = 0;
  for (int i = 0; i < kTerms; ++i) {
    const std::uint64_t seed = base_seed() + 100000 + static_cast<std::uint64_t>(i);
    INFO("seed " << seed);
    Rng rng(seed);
    const TypeShape shape{.max_depth = 1, .atoms = {"R"}};
    const Type sigma = random_type(rng, shape);
    const Context inner = context.extended("y", sigma);
    const Term m = random_term(rng, inner, random_type(rng, shape),
                               {.size = 6 + static_cast<std::uint32_t>(i % 12)});
    INFO("M = " << to_string(m, inner));
    Term tangent;
    try {
      tangent = tangent_of(m, 20000);
    } catch (const TooLarge&) {
      ++other;
      continue;
    }
    const NormalizeOptions options{.rules = {.rounded_folds = i % 2 == 0}, .max_steps = 5000};
    const NormalizeResult stepwise = normalize(tangent, applicative(options));
    const NormalizeResult innermost = normalize_innermost(tangent, options);
    INFO("stepwise: " << describe(stepwise) << "; innermost: " << describe(innermost));
    if (stepwise.status != NormalizeStatus::NormalForm) {
      ++other;
      continue;
    }
    REQUIRE(innermost.status == NormalizeStatus::NormalForm);
    REQUIRE(innermost.term == stepwise.term);
    ++normal;
  }
  std::cout << "innermost vs applicative on T_y M: " << normal << " of " << kTerms
            << " normal forms compared\n";
  CHECK(normal * 100 > 90 * kTerms);
}

TEST_CASE("innermost normalization agrees on the terms that used to stall",
          "[normalize][innermost]") {
  for (const char* text :
       {"D (\\y:R. D (\\x:R. x*x*x) y) 2", "\\f:R->R->R. T (\\x:R. (\\y:R. f x y) x)",
        "D (\\x:R. D (\\y:R. sin (x*y)) 0.5) 0.7",
        "D (\\x:R. D (\\y:R. D (\\z:R. x*y*z*z) 0.3) 0.5) 0.7"}) {
    INFO(text);
    const Term term = parsed(text);
    check_same_normal_form(term, {});
    check_same_normal_form(term, {.rules = {.delta = false}});
  }
}

TEST_CASE("innermost normalization reports exactly what normalize reports when it gives up",
          "[normalize][innermost]") {
  const Term term = parsed("D (\\x:R. D (\\y:R. sin (x*y)) 0.5) 0.7");
  const NormalizeResult full = normalize_innermost(term);
  REQUIRE(full.status == NormalizeStatus::NormalForm);
  REQUIRE(full.steps > 4);
  SECTION("steps") { check_identical(term, {.max_steps = full.steps - 1}); }
  SECTION("size") { check_identical(term, {.max_size = 20}); }
  SECTION("memory") { check_identical(term, {.max_memory = 20 * kBytesPerNode}); }
  SECTION("its own step count is enough") {
    const NormalizeResult exact = normalize_innermost(term, {.max_steps = full.steps});
    CHECK(exact.status == NormalizeStatus::NormalForm);
    CHECK(exact.term == full.term);
  }
}

TEST_CASE("innermost normalization of terms nested near the depth limit",
          "[normalize][innermost]") {
  const Type R = real_type();
  const Term sin = mk_prim(Primitive::Sin);
  SECTION("sin (sin (… ((λx. x) 0.5))), 2900 deep: the recursion follows the term's depth") {
    Term term = mk_app(mk_lam("x", R, mk_var(0, R)), mk_lit(0.5));
    for (int k = 0; k < 2900; ++k) term = mk_app(sin, term);
    REQUIRE(term->depth() < kMaxTermDepth);
    const NormalizeResult result = normalize_innermost(term);
    INFO(describe(result));
    REQUIRE(result.status == NormalizeStatus::NormalForm);
    CHECK(result.steps == 2901);  // the β-step, then one δ-fold per sin
    CHECK(is_lit(result.term));
    check_same_normal_form(term, {});
  }
  SECTION("T_x of sin^1000 x nests past kMaxTermDepth: normalize's TooDeep") {
    Term body = mk_var(0, R);
    for (int k = 0; k < 1000; ++k) body = mk_app(sin, body);
    const Term term = mk_tan(mk_lam("x", R, body));
    check_identical(term, {});
    CHECK(normalize_innermost(term).status == NormalizeStatus::TooDeep);
  }
}
