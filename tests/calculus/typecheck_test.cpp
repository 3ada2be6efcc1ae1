// Tests of intrinsic typing (spec Fig. 1, §6): every constructor gives its
// node the type of the rule, refuses children that do not fit, and type_of
// checks a term's free variables against a context.
#include "calculus/typecheck.h"

#include <catch2/catch.hpp>

#include "calculus/random_term.h"

using namespace perturb::calculus;

template <>
struct Catch::StringMaker<Type> {
  static std::string convert(const Type& type) { return to_string(type); }
};

namespace {

const Type R = real_type();
const Type A = mk_atom("A");
const Type RR = mk_product(R, R);
const Type R_R = mk_arrow(R, R);

// Γ = x:R; f:R→R; p:R×A (p is index 0).
Context gamma() { return Context({{"x", R}, {"f", R_R}, {"p", mk_product(R, A)}}); }
Term x() { return mk_var(2, R); }
Term f() { return mk_var(1, R_R); }
Term p() { return mk_var(0, mk_product(R, A)); }

Type typed(const Term& term) {
  ErrorOr<Type> type = type_of(gamma(), term);
  INFO((type.ok() ? "" : type.error().to_string()));
  REQUIRE(type.ok());
  return type.value();
}

}  // namespace

TEST_CASE("variables, abstraction, application (Fig. 1)", "[typecheck]") {
  CHECK(typed(x()) == R);
  CHECK(typed(p()) == mk_product(R, A));
  CHECK(typed(mk_lam("y", A, mk_var(0, A))) == mk_arrow(A, A));
  CHECK(typed(mk_lam("y", A, mk_var(3, R))) == mk_arrow(A, R));  // x is index 3 under λy
  CHECK(typed(mk_app(f(), x())) == R);
  CHECK(typed(mk_app(mk_lam("g", R_R, mk_var(0, R_R)), f())) == R_R);  // higher-order argument
}

TEST_CASE("0 and sums carry their type", "[typecheck]") {
  CHECK(typed(mk_zero(mk_arrow(A, A))) == mk_arrow(A, A));
  CHECK(mk_zero(R) != mk_zero(RR));  // zeros of different types are different terms
  CHECK(typed(mk_add(x(), mk_lit(2))) == R);
  CHECK(typed(mk_add(f(), mk_prim(Primitive::Sin))) == R_R);
  CHECK_THROWS_AS(mk_add(x(), f()), IllTyped);
  const Term terms[] = {x(), mk_lit(1)};
  CHECK_THROWS_AS(mk_sum(RR, terms), IllTyped);
}

TEST_CASE("injections, pairs and projections", "[typecheck]") {
  CHECK(typed(mk_inj(1, x(), A)) == mk_product(R, A));
  CHECK(typed(mk_inj(2, f(), R)) == mk_product(R, R_R));
  CHECK(typed(mk_pair(x(), f())) == mk_product(R, R_R));
  CHECK(typed(mk_pair(x(), mk_zero(A))) == mk_product(R, A));
  CHECK(typed(mk_proj(1, p())) == R);
  CHECK(typed(mk_proj(2, p())) == A);
  CHECK(typed(mk_proj(1, mk_pair(f(), x()))) == R_R);
  // π2 (ι1 x : R × A) is a term of type A, though it reduces to 0.
  CHECK(typed(mk_proj(2, mk_inj(1, x(), A))) == A);
  // A summand split off a pair keeps the whole product type (the bug of
  // guessed types: ⟨M, N⟩ = ι1 M + ι2 N, and ι1 M alone lost N's type).
  const Term pair = mk_pair(mk_lit(3), mk_lam("y", R, mk_var(0, R)));
  for (const Term& summand : summands(pair)) CHECK(summand->type() == mk_product(R, R_R));
  CHECK_THROWS_AS(mk_proj(1, x()), IllTyped);
}

TEST_CASE("T s : Tσ → Tτ for s : σ → τ, through the linear extensions", "[typecheck]") {
  CHECK(typed(mk_tan(f())) == mk_arrow(mk_tangent(R), mk_tangent(R)));
  CHECK(typed(mk_tan(mk_prim(Primitive::Mul))) == mk_arrow(mk_tangent(RR), mk_tangent(R)));
  CHECK(typed(mk_tan(mk_tan(f()))) ==
        mk_arrow(mk_tangent(mk_tangent(R)), mk_tangent(mk_tangent(R))));
  CHECK(typed(mk_app(mk_tan(f()), mk_pair(mk_lit(1), x()))) == mk_tangent(R));
  // T of a sum of functions distributes, and T 0 is the zero of the tangent type.
  const Term lam_pair = mk_lam("y", R, mk_pair(mk_var(0, R), mk_zero(R_R)));
  CHECK(typed(mk_tan(lam_pair)) == mk_arrow(mk_tangent(R), mk_tangent(mk_product(R, R_R))));
  CHECK(mk_tan(mk_zero(R_R)) == mk_zero(mk_arrow(RR, RR)));
  CHECK_THROWS_AS(mk_tan(x()), IllTyped);
}

TEST_CASE("constants (spec §6)", "[typecheck]") {
  CHECK(typed(mk_lit(-2.5)) == R);
  CHECK(mk_lit(0) == mk_zero(R));
  CHECK(typed(mk_prim(Primitive::Mul)) == mk_arrow(RR, R));
  for (Primitive prim : {Primitive::Sin, Primitive::Cos, Primitive::Exp}) {
    CHECK(typed(mk_prim(prim)) == R_R);
  }
  CHECK(typed(mk_mul(x(), mk_app(mk_prim(Primitive::Exp), x()))) == R);
}

TEST_CASE("ill-typed constructions throw IllTyped naming the types", "[typecheck]") {
  SECTION("argument of the wrong type") {
    try {
      (void)mk_app(f(), p());
      FAIL("no IllTyped");
    } catch (const IllTyped& error) {
      CHECK_THAT(error.what(), Catch::Contains("R -> R") && Catch::Contains("R * A"));
    }
  }
  SECTION("applying a non-function") { CHECK_THROWS_AS(mk_app(x(), x()), IllTyped); }
  SECTION("a sum applied to the wrong argument") {
    CHECK_THROWS_AS(mk_app(mk_add(f(), f()), p()), IllTyped);
  }
}

TEST_CASE("type_of checks the free variables against the context", "[typecheck]") {
  CHECK(type_of({}, mk_pair(mk_lit(1), mk_lit(2))).value() == RR);
  CHECK_THAT(type_of(gamma(), mk_var(7, R)).error().message, Catch::Contains("unbound"));
  CHECK_THAT(type_of(gamma(), mk_var(2, A)).error().message,
             Catch::Contains("x has type R in the context but A in the term"));
  // Under a binder, index 0 is the binder, not the context's p.
  CHECK(type_of(gamma(), mk_lam("y", A, mk_var(0, A))).ok());
  CHECK_FALSE(type_of(gamma(), mk_lam("y", A, mk_var(1, A))).ok());
}

TEST_CASE("random terms have the type they were generated at", "[typecheck][random]") {
  const Context context({{"x", R}, {"g", mk_arrow(R_R, A)}, {"q", mk_tangent(R)}});
  for (std::uint64_t seed = 0; seed < 2000; ++seed) {
    Rng rng(seed);
    const Type type = random_type(rng);
    const Term term = random_term(rng, context, type, {.size = 20});
    ErrorOr<Type> found = type_of(context, term);
    INFO("seed " << seed << ": " << (found.ok() ? "" : found.error().message));
    REQUIRE(found.ok());
    CHECK(found.value() == type);
  }
}
