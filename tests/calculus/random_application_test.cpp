// Tests of the random applications of the signature's primitives
// (calculus/random_application.h): well-typed, and inside each primitive's
// smooth set wherever their arguments lie (abs, max and min at most at a
// kink).
#include "calculus/random_application.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "calculus/primitive_domain.h"
#include "calculus/random_term.h"
#include "calculus/typecheck.h"

using namespace perturb::calculus;

namespace {

// The value of a first-order term of type R or R × R in x (de Bruijn 0),
// built of what random_application and the draws below build.
struct Value {
  double first = 0;
  double second = 0;
};

Value value_of(const Term& term, double x) {
  switch (term->kind()) {
    case TermKind::Var:
      return {x};
    case TermKind::Lit:
      return {lit_value(term)};
    case TermKind::Sum: {
      Value sum;
      for (const Term& child : term->children()) {
        const Value v = value_of(child, x);
        sum.first += v.first;
        sum.second += v.second;
      }
      return sum;
    }
    case TermKind::Inj: {
      const double v = value_of(operand(term), x).first;
      return component(term) == 1 ? Value{v, 0} : Value{0, v};
    }
    case TermKind::App: {
      REQUIRE(is_prim(app_fn(term)));
      const Value argument = value_of(app_arg(term), x);
      return {evaluate_primitive(prim_of(app_fn(term)), argument.first, argument.second)};
    }
    default:
      FAIL("unexpected form in a random application");
      return {};
  }
}

// Whether term has x in it: then it moves along x's direction.
bool moves(const Term& term) {
  if (is_var(term)) return true;
  for (const Term& child : term->children()) {
    if (moves(child)) return true;
  }
  return false;
}

// The components of a pair ⟨M, N⟩ = ι1 M + ι2 N, each a sum (ι_k
// distributes over the summands of M, as every constructor of spec §3).
std::pair<Term, Term> components(const Term& pair) {
  Term first = mk_zero(real_type());
  Term second = mk_zero(real_type());
  for (const Term& summand : summands(pair)) {
    Term& into = component(summand) == 1 ? first : second;
    into = mk_add(into, operand(summand));
  }
  return {first, second};
}

// Where the outermost application of term lies at x, its arguments moving
// along x's direction where they contain x.
ApplicationPlace place_at(const Term& term, double x) {
  const Primitive p = prim_of(app_fn(term));
  const Term& argument = app_arg(term);
  if (spec_of(p).arity == 1) {
    return place_application(p, {.x = value_of(argument, x).first, .x_moves = moves(argument)});
  }
  const auto [first, second] = components(argument);
  return place_application(p, {.x = value_of(first, x).first,
                               .y = value_of(second, x).first,
                               .x_moves = moves(first),
                               .y_moves = moves(second)});
}

// Arguments as a term generator might draw them: x, a literal, x + c, c·x.
Term drawn_argument(Rng& rng, std::uint32_t) {
  const Term x = mk_var(0, real_type());
  switch (random_below(rng, 4)) {
    case 0:
      return x;
    case 1:
      return mk_lit(random_literal(rng));
    case 2:
      return mk_add(x, mk_lit(random_literal(rng)));
    default:
      return mk_mul(mk_lit(random_literal(rng)), x);
  }
}

}  // namespace

TEST_CASE("random applications are well-typed and inside the smooth set where they keep away",
          "[random-application]") {
  const Context context({{"x", real_type()}});
  for (const Primitive p : kStandardPrimitives) {
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      Rng rng(seed);
      const Term term = random_application(
          rng, p, 6, [&](std::uint32_t budget) { return drawn_argument(rng, budget); });
      INFO(primitive_name(p) << ", seed " << seed);
      const auto type = type_of(context, term);
      REQUIRE(type.ok());
      CHECK(*type == real_type());
      REQUIRE(is_app(term));
      CHECK(prim_of(app_fn(term)) == p);
      for (double x = -3; x <= 3; x += 0.25) {
        INFO("x = " << x);
        CHECK(place_at(term, x).placement != Placement::Outside);
      }
    }
  }
}

TEST_CASE("random applications aimed at a special point leave a unary argument x as it is",
          "[random-application]") {
  const Term x = mk_var(0, real_type());
  std::set<std::string> seen;
  for (const Primitive p : {Primitive::Log, Primitive::Sqrt, Primitive::Recip, Primitive::Sign}) {
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      Rng rng(seed);
      const Term aimed = random_application(
          rng, p, 4, [&](std::uint32_t) { return x; }, /*aimed=*/true);
      CHECK(aimed == mk_app(mk_prim(p), x));
      Rng again(seed);
      const Term kept = random_application(again, p, 4, [&](std::uint32_t) { return x; });
      CHECK_FALSE(kept == aimed);
    }
  }
  // A binary primitive keeps its arguments away as before: atan2 <x, x> would
  // meet the origin where x is aimed at 0.
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    Rng rng(seed);
    const Term aimed = random_application(
        rng, Primitive::Atan2, 4, [&](std::uint32_t) { return x; }, /*aimed=*/true);
    CHECK(place_at(aimed, 0).placement == Placement::Inside);
  }
}

TEST_CASE("pow's random applications take a natural exponent in about half of them",
          "[random-application]") {
  int natural = 0;
  constexpr int kDraws = 400;
  for (int seed = 0; seed < kDraws; ++seed) {
    Rng rng(static_cast<std::uint64_t>(seed));
    const Term term = random_application(
        rng, Primitive::Pow, 6, [&](std::uint32_t budget) { return drawn_argument(rng, budget); });
    const Term exponent = components(app_arg(term)).second;
    if (!moves(exponent)) {
      const double n = value_of(exponent, 0).first;
      if (n >= 0 && n <= 3 && n == static_cast<int>(n)) ++natural;
    }
  }
  CHECK(natural > kDraws / 3);
  CHECK(natural < 2 * kDraws / 3);
}
