// Tests of the bidirectional type checker against spec Fig. 1 and §6.
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
const Type hole = mk_hole();

// Γ = x:R; f:R→R; p:R×A (p is index 0).
Context gamma() { return Context({{"x", R}, {"f", R_R}, {"p", mk_product(R, A)}}); }
Term x() { return mk_var(2); }
Term f() { return mk_var(1); }
Term p() { return mk_var(0); }

Type infer_ok(const Term& term, const Type& expected = mk_hole()) {
  ErrorOr<Type> type = infer(gamma(), term, expected);
  INFO((type.ok() ? "" : type.error().to_string()));
  REQUIRE(type.ok());
  return type.value();
}

std::string infer_error(const Term& term, const Type& expected = mk_hole()) {
  ErrorOr<Type> type = infer(gamma(), term, expected);
  REQUIRE_FALSE(type.ok());
  return type.error().message;
}

}  // namespace

TEST_CASE("variables, abstraction, application (Fig. 1)", "[typecheck]") {
  CHECK(infer_ok(x()) == R);
  CHECK(infer_ok(p()) == mk_product(R, A));
  CHECK(infer_ok(mk_lam("y", A, mk_var(0))) == mk_arrow(A, A));
  CHECK(infer_ok(mk_lam("y", A, mk_var(3))) == mk_arrow(A, R));  // x is index 3 under λy
  CHECK(infer_ok(mk_app(f(), x())) == R);
  CHECK(infer_ok(mk_app(mk_lam("g", R_R, mk_var(0)), f())) == R_R);  // higher-order argument
}

TEST_CASE("0 and sums check against any type", "[typecheck]") {
  CHECK(infer_ok(mk_zero()) == hole);
  CHECK(infer_ok(mk_zero(), mk_arrow(A, A)) == mk_arrow(A, A));
  CHECK(infer_ok(mk_add(x(), mk_lit(2))) == R);
  CHECK(infer_ok(mk_add(f(), mk_prim(Primitive::Sin))) == R_R);
  CHECK_THAT(infer_error(mk_add(x(), f())), Catch::Contains("expected R"));
}

TEST_CASE("injections, pairs and projections", "[typecheck]") {
  CHECK(infer_ok(mk_inj(1, x())) == mk_product(R, hole));
  CHECK(infer_ok(mk_inj(2, f())) == mk_product(hole, R_R));
  CHECK(infer_ok(mk_inj(1, x()), mk_product(hole, A)) == mk_product(R, A));
  CHECK(infer_ok(mk_pair(x(), f())) == mk_product(R, R_R));
  CHECK(infer_ok(mk_pair(x(), mk_zero())) == mk_product(R, hole));
  CHECK(infer_ok(mk_proj(1, p())) == R);
  CHECK(infer_ok(mk_proj(2, p())) == A);
  CHECK(infer_ok(mk_proj(1, mk_pair(f(), x()))) == R_R);
  // π2 of ι2 y + ι1 0: the hole stays where 0 leaves it.
  CHECK(infer_ok(mk_proj(2, mk_inj(1, x()))) == hole);
}

TEST_CASE("T s : Tσ → Tτ for s : σ → τ", "[typecheck]") {
  CHECK(infer_ok(mk_tan(f())) == mk_arrow(mk_tangent(R), mk_tangent(R)));
  CHECK(infer_ok(mk_tan(mk_prim(Primitive::Mul))) == mk_arrow(mk_tangent(RR), mk_tangent(R)));
  CHECK(infer_ok(mk_tan(mk_tan(f()))) ==
        mk_arrow(mk_tangent(mk_tangent(R)), mk_tangent(mk_tangent(R))));
  CHECK(infer_ok(mk_app(mk_tan(f()), mk_pair(mk_lit(1), x()))) == mk_tangent(R));
  const Term lam_pair = mk_lam("y", R, mk_inj(1, mk_var(0)));  // λy. ι1 y : R → R × ?
  CHECK(infer_ok(mk_tan(lam_pair)) == mk_arrow(mk_tangent(R), mk_tangent(mk_product(R, hole))));
  CHECK(infer_ok(mk_tan(lam_pair), mk_arrow(hole, mk_tangent(mk_product(hole, A)))) ==
        mk_arrow(mk_tangent(R), mk_tangent(mk_product(R, A))));
}

TEST_CASE("constants (spec §6)", "[typecheck]") {
  CHECK(infer_ok(mk_lit(-2.5)) == R);
  CHECK(infer_ok(mk_prim(Primitive::Mul)) == mk_arrow(RR, R));
  for (Primitive prim : {Primitive::Sin, Primitive::Cos, Primitive::Exp}) {
    CHECK(infer_ok(mk_prim(prim)) == R_R);
  }
  CHECK(infer_ok(mk_mul(x(), mk_app(mk_prim(Primitive::Exp), x()))) == R);
}

TEST_CASE("ill-typed terms give errors with expected, found and the subterm", "[typecheck]") {
  SECTION("argument of the wrong type") {
    const std::string message = infer_error(mk_app(f(), p()));
    CHECK_THAT(message, Catch::Contains("expected R"));
    CHECK_THAT(message, Catch::Contains("R * A"));
  }
  SECTION("applying a non-function") {
    CHECK_THAT(infer_error(mk_app(x(), x())), Catch::Contains("? -> ?"));
  }
  SECTION("projection of a non-product") {
    CHECK_THAT(infer_error(mk_proj(1, f())), Catch::Contains("R -> R"));
  }
  SECTION("T of a non-function") {
    CHECK_THAT(infer_error(mk_tan(x())), Catch::Contains("expected ? -> ? but `x` has type R"));
  }
  SECTION("T against a non-tangent expected type") {
    CHECK_THAT(infer_error(mk_tan(f()), mk_arrow(RR, mk_product(R, A))),
               Catch::Contains("expected R * R -> R * A but `"));
  }
  SECTION("a λ against a product") {
    CHECK_THAT(infer_error(mk_lam("y", R, mk_var(0)), RR), Catch::Contains("expected R * R"));
  }
  SECTION("a literal of an atom type") {
    CHECK_THAT(infer_error(mk_lit(3), A), Catch::Contains("has type R"));
  }
  SECTION("unbound variable") { CHECK_THAT(infer_error(mk_var(7)), Catch::Contains("unbound")); }
}

TEST_CASE("type_of requires a complete type", "[typecheck]") {
  CHECK_FALSE(type_of({}, mk_zero()).ok());
  CHECK_FALSE(type_of({}, mk_inj(1, mk_lit(1))).ok());
  CHECK(type_of({}, mk_pair(mk_lit(1), mk_lit(2))).value() == RR);
}

TEST_CASE("random terms have the type they were generated at", "[typecheck][random]") {
  const Context context({{"x", R}, {"g", mk_arrow(R_R, A)}, {"q", mk_tangent(R)}});
  for (std::uint64_t seed = 0; seed < 2000; ++seed) {
    Rng rng(seed);
    const Type type = random_type(rng);
    const Term term = random_term(rng, context, type, {.size = 20});
    ErrorOr<Type> found = infer(context, term, type);
    INFO("seed " << seed << ": " << (found.ok() ? "" : found.error().message));
    REQUIRE(found.ok());
    CHECK(found.value() == type);
  }
}
