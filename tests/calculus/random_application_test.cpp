// Tests of the random applications of the signature's primitives
// (calculus/random_application.h): well-typed, and inside each primitive's
// smooth set wherever their arguments lie (abs, max and min at most at a
// kink).
#include "calculus/random_application.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "calculus/primitive_domain.h"
#include "calculus/print.h"
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

// Whether term's value changes with x near x: 0 * x does not move, whatever
// its syntax.
bool moves_at(const Term& term, double x) {
  const double here = value_of(term, x).first;
  return value_of(term, x + 1e-3).first != here || value_of(term, x - 1e-3).first != here;
}

// The outermost application of term at x: the special point it is at, if
// any, and where it lies, its arguments moving where their values do.
struct Applied {
  std::optional<std::string_view> why;
  ApplicationPlace place;
};

Applied applied_at(const Term& term, double x) {
  const Primitive p = prim_of(app_fn(term));
  const Term& argument = app_arg(term);
  if (spec_of(p).arity == 1) {
    const double at = value_of(argument, x).first;
    return {special_point_at(p, at, 0),
            place_application(p, {.x = at, .x_moves = moves_at(argument, x)})};
  }
  const auto [first, second] = components(argument);
  const double at_x = value_of(first, x).first;
  const double at_y = value_of(second, x).first;
  return {special_point_at(p, at_x, at_y),
          place_application(p, {.x = at_x,
                                .y = at_y,
                                .x_moves = moves_at(first, x),
                                .y_moves = moves_at(second, x),
                                .same_direction = first == second})};
}

// Whether term has a factor 0 * N: the mark of a coordinate placed at a
// special point (the random literals are never 0).
bool has_zero_factor(const Term& term) {
  if (is_app(term) && is_prim(app_fn(term)) && prim_of(app_fn(term)) == Primitive::Mul &&
      summands(components(app_arg(term)).first).empty())
    return true;
  for (const Term& child : term->children()) {
    if (has_zero_factor(child)) return true;
  }
  return false;
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
        CHECK(applied_at(term, x).place.placement != Placement::Outside);
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
    CHECK(applied_at(aimed, 0).place.placement == Placement::Inside);
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
    if (!moves_at(exponent, 0)) {
      const double n = value_of(exponent, 0).first;
      if (n >= 0 && n <= 3 && n == static_cast<int>(n)) ++natural;
    }
  }
  CHECK(natural > kDraws / 3);
  CHECK(natural < 2 * kDraws / 3);
}

TEST_CASE("special applications lie at one of the primitive's special points, inside, at every x",
          "[random-application]") {
  const Context context({{"x", real_type()}});
  const std::map<Primitive, std::set<std::string_view>> expected = {
      {Primitive::Recip, {"one"}},  // its zero is its pole
      {Primitive::Log, {"one"}},
      {Primitive::Sqrt, {"zero", "one", "square"}},
      {Primitive::Pow, {"zero-base", "exponent-0", "exponent-1", "negative-base"}},
      {Primitive::Tanh, {"zero"}},
      {Primitive::Atan2, {"axis", "cut"}},
      {Primitive::Hypot, {"axis", "tie"}},
      {Primitive::Abs, {"kink", "one"}},
      {Primitive::Max, {"tie"}},
      {Primitive::Min, {"tie"}},
      {Primitive::Sign, {"zero"}},
  };
  for (const Primitive p : kStandardPrimitives) {
    std::set<std::string_view> seen;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      Rng rng(seed);
      const std::optional<Term> term = special_application(
          rng, p, 6, [&](std::uint32_t budget) { return drawn_argument(rng, budget); });
      INFO(primitive_name(p) << ", seed " << seed);
      if (is_paper_primitive(p)) {
        CHECK_FALSE(term);
        continue;
      }
      REQUIRE(term);
      const auto type = type_of(context, *term);
      REQUIRE(type.ok());
      CHECK(*type == real_type());
      for (double x = -3; x <= 3; x += 0.25) {
        INFO(to_string(*term, context) << " at x = " << x);
        const Applied at = applied_at(*term, x);
        REQUIRE(at.why);
        CHECK(at.place.placement == Placement::Inside);
        // A fixed coordinate at 0 is +0 (atan2's cut tells −0 from it), x < 0 too.
        const Term& argument = app_arg(*term);
        const auto [first, second] = spec_of(p).arity == 1
                                         ? std::pair(argument, mk_zero(real_type()))
                                         : components(argument);
        for (const Term& coordinate : {first, second}) {
          const double value = value_of(coordinate, x).first;
          if (value == 0 && !moves_at(coordinate, x)) CHECK_FALSE(std::signbit(value));
        }
        seen.insert(*at.why);
      }
    }
    if (!is_paper_primitive(p)) CHECK(seen == expected.at(p));
  }
}

TEST_CASE("a random term's application is special in about one case in kSpecialApplicationOdds",
          "[random-application]") {
  int special = 0;
  constexpr int kDraws = 400;
  for (int seed = 0; seed < kDraws; ++seed) {
    Rng rng(static_cast<std::uint64_t>(seed));
    const Term term = random_term_application(
        rng, Primitive::Sqrt, 6, [&](std::uint32_t budget) { return drawn_argument(rng, budget); });
    if (has_zero_factor(term)) {
      ++special;
      CHECK(applied_at(term, 2.5).why);
    }
  }
  CHECK(special > kDraws / static_cast<int>(kSpecialApplicationOdds) * 2 / 3);
  CHECK(special < kDraws / static_cast<int>(kSpecialApplicationOdds) * 4 / 3);
}
