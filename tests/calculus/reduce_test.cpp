// Tests of the one-step rules (spec Fig. 3, §6), each individually with a
// hand-computed reduct, and of redex positions.
#include "calculus/reduce.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "calculus/mutation.h"
#include "calculus/tangent.h"

using namespace perturb::calculus;

namespace {

const Type R = real_type();
const Type RR = mk_product(R, R);
const Type RtoR = mk_arrow(R, R);
const Type TR = mk_tangent(R);
Term v(std::uint32_t index, const Type& type = R) { return mk_var(index, type); }
Term lit(double value) { return mk_lit(value); }
Term prim(Primitive p) { return mk_prim(p); }
Term app(Primitive p, const Term& arg) { return mk_app(mk_prim(p), arg); }
Term pi1(const Term& t) { return mk_proj(1, t); }
Term pi2(const Term& t) { return mk_proj(2, t); }

// The reduct of term at its root under rules, requiring the given rule.
Term contracted(const Term& term, std::string_view rule, Rules rules = {}) {
  const auto result = contract(term, rules);
  REQUIRE(result.has_value());
  CHECK(result->rule == rule);
  return result->result;
}

void check_no_redex_at_root(const Term& term, Rules rules = {}) {
  CHECK_FALSE(redex_rule(term, rules).has_value());
}

}  // namespace

TEST_CASE("(β) (λx.s) N → s[N/x]", "[reduce]") {
  // (λx:R. x * y) 2 → 2 * y, where y is index 1 under λx and 0 outside.
  const Term redex = mk_app(mk_lam("x", R, mk_mul(v(0), v(1))), lit(2));
  CHECK(contracted(redex, "beta") == mk_mul(lit(2), v(0)));
  // (λx. λy. x) y → λy'. y (no capture)
  const Term capture = mk_app(mk_lam("x", R, mk_lam("y", R, v(1))), v(0));
  CHECK(contracted(capture, "beta") == mk_lam("y", R, v(1)));
  // the argument may be a sum: (λx. x N) (a + b) → a N + b N
  const Term sum_arg =
      mk_app(mk_lam("x", RtoR, mk_app(v(0, RtoR), lit(3))), mk_add(v(0, RtoR), v(1, RtoR)));
  CHECK(contracted(sum_arg, "beta") ==
        mk_add(mk_app(v(0, RtoR), lit(3)), mk_app(v(1, RtoR), lit(3))));
}

TEST_CASE("(π) π_k(ι_k s) → s and π_k(ι_l s) → 0", "[reduce]") {
  CHECK(contracted(pi1(mk_inj(1, v(0), RtoR)), "pi") == v(0));
  CHECK(contracted(pi2(mk_inj(2, v(3), R)), "pi") == v(3));
  CHECK(is_zero(contracted(pi1(mk_inj(2, v(0), R)), "pi-zero")));
  CHECK(is_zero(contracted(pi2(mk_inj(1, v(0), R)), "pi-zero")));
  // π_k(ι_l s) → 0 at the type of the projection, not of s.
  CHECK(contracted(pi1(mk_inj(2, v(0), RtoR)), "pi-zero") == mk_zero(RtoR));
  CHECK(contracted(pi2(mk_inj(1, v(0, RtoR), RR)), "pi-zero") == mk_zero(RR));
  check_no_redex_at_root(pi1(v(0, RR)));
  SECTION("the ProjectionIgnoresInjection mutant keeps s") {
    ScopedMutant mutant(Mutant::ProjectionIgnoresInjection);
    CHECK(contracted(pi1(mk_inj(2, v(0), R)), "pi-zero") == v(0));
    // When the factors differ, s has the wrong type: a reduct of the wrong
    // type, which the typed constructors refuse to put back into a term.
    const Term redex = pi1(mk_inj(2, v(0, RtoR), R));
    CHECK(contracted(redex, "pi-zero")->type() != redex->type());
    CHECK_THROWS_AS(reduce_at(mk_app(mk_prim(Primitive::Sin), redex), {1}), IllTyped);
  }
}

TEST_CASE("(T) T(λx:σ. s) → λx:Tσ. T_x s", "[reduce]") {
  // x : R becomes x : T R.
  CHECK(contracted(mk_tan(mk_lam("x", R, v(0))), "T") == mk_lam("x", TR, v(0, TR)));
  const Term body = app(Primitive::Sin, v(0));
  CHECK(contracted(mk_tan(mk_lam("x", R, body)), "T") ==
        mk_lam("x", mk_tangent(R), tangent_of(body)));
  // y free: T(λx. y) → λx. ι2 y
  CHECK(contracted(mk_tan(mk_lam("x", R, v(1))), "T") == mk_lam("x", TR, mk_inj(2, v(1), R)));
  check_no_redex_at_root(mk_tan(v(0, RtoR)));
}

TEST_CASE("δ: T of each primitive as a term (spec §6)", "[reduce]") {
  const Term p = v(0, TR);  // for mul, p : T(R × R) (below)
  SECTION("T sin → λp. ⟨cos(π2 p) * π1 p, sin(π2 p)⟩") {
    CHECK(
        contracted(mk_tan(prim(Primitive::Sin)), "delta-T-sin") ==
        mk_lam("p", TR,
               mk_pair(mk_mul(app(Primitive::Cos, pi2(p)), pi1(p)), app(Primitive::Sin, pi2(p)))));
  }
  SECTION("T cos → λp. ⟨-1 * (sin(π2 p) * π1 p), cos(π2 p)⟩") {
    CHECK(contracted(mk_tan(prim(Primitive::Cos)), "delta-T-cos") ==
          mk_lam("p", TR,
                 mk_pair(mk_mul(lit(-1), mk_mul(app(Primitive::Sin, pi2(p)), pi1(p))),
                         app(Primitive::Cos, pi2(p)))));
  }
  SECTION("T exp → λp. ⟨exp(π2 p) * π1 p, exp(π2 p)⟩") {
    CHECK(
        contracted(mk_tan(prim(Primitive::Exp)), "delta-T-exp") ==
        mk_lam("p", TR,
               mk_pair(mk_mul(app(Primitive::Exp, pi2(p)), pi1(p)), app(Primitive::Exp, pi2(p)))));
  }
  SECTION("T mul as the spec writes it") {
    const Term p = v(0, mk_tangent(RR));
    const Term expected =
        mk_lam("p", mk_tangent(RR),
               mk_pair(mk_add(mk_mul(pi1(pi1(p)), pi2(pi2(p))), mk_mul(pi2(pi1(p)), pi1(pi2(p)))),
                       mk_mul(pi1(pi2(p)), pi2(pi2(p)))));
    CHECK(contracted(mk_tan(prim(Primitive::Mul)), "delta-T-mul") == expected);
  }
  SECTION("switched off with the δ group") {
    for (Primitive c : kPaperPrimitives) check_no_redex_at_root(mk_tan(prim(c)), {.delta = false});
  }
}

TEST_CASE("δ: arithmetic on literals", "[reduce]") {
  CHECK(contracted(mk_mul(lit(2), lit(3)), "delta-arith") == lit(6));
  CHECK(contracted(mk_mul(lit(-0.5), lit(3)), "delta-arith") == lit(-1.5));
  CHECK(is_zero(contracted(app(Primitive::Sin, mk_zero(R)), "delta-arith")));
  CHECK(contracted(app(Primitive::Cos, mk_zero(R)), "delta-arith") == lit(1));
  CHECK(contracted(app(Primitive::Exp, mk_zero(R)), "delta-arith") == lit(1));
  CHECK(contracted(app(Primitive::Sin, lit(2)), "delta-arith") == lit(std::sin(2.0)));
  CHECK(contracted(app(Primitive::Cos, lit(-1)), "delta-arith") == lit(std::cos(-1.0)));
  CHECK(contracted(app(Primitive::Exp, lit(0.5)), "delta-arith") == lit(std::exp(0.5)));
  SECTION("literals in one sum fold into one") {
    const Term sum = mk_sum(R, std::vector<Term>{lit(2), v(0), lit(3), lit(-0.5)});
    CHECK(contracted(sum, "delta-arith") == mk_add(lit(4.5), v(0)));
    CHECK(is_zero(contracted(mk_add(lit(1), lit(-1)), "delta-arith")));
  }
  SECTION("… also under the same injections and abstractions (linear, §3)") {
    CHECK(contracted(mk_add(mk_inj(2, lit(9), R), mk_inj(2, lit(1), R)), "delta-arith") ==
          mk_inj(2, lit(10), R));
    CHECK(contracted(mk_add(mk_inj(1, lit(9), RtoR), mk_inj(1, lit(-9), RtoR)), "delta-arith") ==
          mk_zero(mk_product(R, RtoR)));
    const Term pairs = mk_add(mk_pair(lit(1), lit(2)), mk_pair(lit(3), lit(4)));
    CHECK(contracted(pairs, "delta-arith") == mk_pair(lit(4), lit(6)));
    const Term consts = mk_add(mk_lam("x", R, lit(1)), mk_lam("y", R, lit(2)));
    CHECK(alpha_equal(contracted(consts, "delta-arith"), mk_lam("x", R, lit(3))));
    check_no_redex_at_root(mk_add(mk_inj(1, lit(9), R), mk_inj(2, lit(1), R)));
    // λx:R. 1 + λx:T R. 2 (different binder types) used to be a sum that must
    // not fold; with typed terms it is no term at all.
    CHECK_THROWS_AS(mk_add(mk_lam("x", R, lit(1)), mk_lam("x", TR, lit(2))), IllTyped);
  }
  SECTION("without rounded folds, only folds to the exact value") {
    const Rules exact{.rounded_folds = false};
    CHECK(contracted(mk_mul(lit(-0.5), lit(3)), "delta-arith", exact) == lit(-1.5));
    check_no_redex_at_root(mk_mul(lit(0.1), lit(0.3)), exact);  // 0.1 · 0.3 rounds
    CHECK(contracted(app(Primitive::Cos, mk_zero(R)), "delta-arith", exact) == lit(1));
    check_no_redex_at_root(app(Primitive::Sin, lit(2)), exact);  // sin 2 is irrational
    check_no_redex_at_root(app(Primitive::Exp, lit(0.5)), exact);
    CHECK(contracted(mk_add(lit(0.5), lit(0.25)), "delta-arith", exact) == lit(0.75));
    check_no_redex_at_root(mk_add(lit(0.1), lit(0.2)), exact);  // 0.1 + 0.2 rounds
    check_no_redex_at_root(mk_add(lit(1e16), lit(1)), exact);
    // With rounded folds, the same redexes fold to the nearest double.
    CHECK(contracted(mk_add(lit(0.1), lit(0.2)), "delta-arith") == lit(0.1 + 0.2));
  }
  SECTION("never folds to a non-finite value") {
    check_no_redex_at_root(app(Primitive::Exp, lit(1000)));
    check_no_redex_at_root(mk_mul(lit(1e200), lit(1e200)));
    check_no_redex_at_root(mk_add(lit(1.5e308), lit(1.5e308)));
  }
  SECTION("not on non-literals, not with δ off") {
    check_no_redex_at_root(mk_mul(lit(2), v(0)));
    check_no_redex_at_root(app(Primitive::Sin, v(0)));
    check_no_redex_at_root(mk_add(lit(2), v(0)));
    check_no_redex_at_root(mk_mul(lit(2), lit(3)), {.delta = false});
    check_no_redex_at_root(mk_add(lit(2), lit(3)), {.delta = false});
  }
}

TEST_CASE("δ: mul with a zero factor is 0 (bilinear)", "[reduce]") {
  CHECK(is_zero(contracted(mk_mul(v(0), mk_zero(R)), "delta-mul-zero")));
  CHECK(is_zero(contracted(mk_mul(mk_zero(R), lit(3)), "delta-mul-zero")));
  CHECK(is_zero(contracted(app(Primitive::Mul, mk_zero(RR)), "delta-mul-zero")));
  CHECK(is_zero(contracted(app(Primitive::Mul, mk_add(mk_inj(1, v(0), R), mk_inj(1, v(1), R))),
                           "delta-mul-zero")));
  CHECK(contracted(mk_mul(v(0), mk_zero(R)), "delta-mul-zero")->type() == R);
  check_no_redex_at_root(app(Primitive::Mul, v(0, RR)));  // a variable pair: unknown factors
  check_no_redex_at_root(mk_mul(v(0), v(1)));
  check_no_redex_at_root(mk_mul(v(0), mk_zero(R)), {.delta = false});
}

TEST_CASE("redex positions, pre-order, and reduce_at one occurrence", "[reduce]") {
  const Term r = pi1(mk_inj(1, v(0), R));  // shared: occurs twice as a tree
  const Term term = mk_app(v(4, mk_arrow(RR, R)), mk_pair(r, r));
  const auto redexes = find_redexes(term);
  REQUIRE(redexes.size() == 2);
  CHECK(redexes[0].rule == "pi");
  CHECK(redexes[0].position.size() == 3);  // argument, summand, operand
  CHECK(redexes[0].position[0] == 1);
  const auto step = reduce_at(term, redexes[0].position);
  REQUIRE(step.ok());
  CHECK(step->rule == "pi");
  CHECK(find_redexes(step->result).size() == 1);  // only that occurrence contracted
  CHECK(subterm_at(term, redexes[0].position).value() == r);
  SECTION("outermost first") {
    const Term nested = mk_app(mk_lam("x", R, pi1(mk_inj(1, v(0), R))), lit(2));
    const auto all = find_redexes(nested);
    REQUIRE(all.size() == 2);
    CHECK(all[0].rule == "beta");
    CHECK(all[0].position.empty());
    CHECK(all[1].position == Position{0, 0});
    CHECK(to_string(all[1].position) == "0.0");
    CHECK(to_string(all[0].position) == "ε");
  }
  SECTION("errors") {
    CHECK_FALSE(reduce_at(term, {0}).ok());     // v4 is no redex
    CHECK_FALSE(reduce_at(term, {0, 0}).ok());  // outside the term
    CHECK_THAT(reduce_at(term, {7}).error().message, Catch::Contains("outside"));
  }
  SECTION("has_redex on a DAG of exponential tree size") {
    Term t = v(0);
    for (int k = 0; k < 60; ++k) t = mk_mul(t, mk_add(t, v(1)));
    CHECK_FALSE(has_redex(t));
    CHECK(has_redex(mk_mul(t, mk_zero(R))));
  }
}
