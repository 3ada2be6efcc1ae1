// Tests of the term representation: hash-consing, the linear extensions of
// spec §3 applied by the smart constructors, canonical bags, cached data, and
// the types every node carries (constructions that do not fit throw IllTyped).
#include "calculus/term.h"

#include <catch2/catch.hpp>

#include "calculus/error.h"

using namespace perturb::calculus;

namespace {
const Type R = real_type();
const Type RR = mk_product(R, R);
const Type RtoR = mk_arrow(R, R);
Term x(const Type& type = R) { return mk_var(0, type); }
Term y(const Type& type = R) { return mk_var(1, type); }
}  // namespace

TEST_CASE("structurally equal terms are the same node", "[term]") {
  CHECK(mk_app(x(RtoR), y()) == mk_app(mk_var(0, RtoR), mk_var(1, R)));
  CHECK(mk_lam("x", real_type(), x()) == mk_lam("x", real_type(), x()));
  CHECK(mk_lit(2.5) == mk_lit(2.5));
  CHECK(mk_lit(2.5) != mk_lit(3.5));
  // A variable's type is part of the node.
  CHECK(x(R) != x(RtoR));
  CHECK_FALSE(alpha_equal(x(R), x(RtoR)));
}

TEST_CASE("every node has its type (Fig. 1)", "[term]") {
  CHECK(x(RtoR)->type() == RtoR);
  CHECK(mk_app(x(RtoR), y())->type() == R);
  CHECK(mk_lam("z", RR, x())->type() == mk_arrow(RR, R));
  CHECK(mk_tan(x(RtoR))->type() == mk_arrow(mk_tangent(R), mk_tangent(R)));
  CHECK(mk_inj(1, x(), RtoR)->type() == mk_product(R, RtoR));
  CHECK(mk_inj(2, x(), RtoR)->type() == mk_product(RtoR, R));
  CHECK(mk_proj(2, x(mk_product(R, RtoR)))->type() == RtoR);
  CHECK(mk_lit(2.5)->type() == R);
  CHECK(mk_prim(Primitive::Mul)->type() == mk_arrow(RR, R));
  CHECK(mk_prim(Primitive::Sin)->type() == RtoR);
  CHECK(mk_zero(RtoR)->type() == RtoR);
  CHECK(mk_add(x(), y())->type() == R);
  CHECK(mk_pair(x(), y(RtoR))->type() == mk_product(R, RtoR));
  CHECK(mk_mul(x(), y())->type() == R);
}

TEST_CASE("constructions whose types do not fit throw IllTyped", "[term]") {
  CHECK_THROWS_AS(mk_app(x(), y()), IllTyped);          // operator not a function
  CHECK_THROWS_AS(mk_app(x(RtoR), y(RtoR)), IllTyped);  // argument of the wrong type
  CHECK_THROWS_AS(mk_app(x(RtoR), mk_zero(RR)), IllTyped);
  CHECK_THROWS_AS(mk_tan(x()), IllTyped);  // T of a non-function
  CHECK_THROWS_AS(mk_proj(1, x()), IllTyped);
  CHECK_THROWS_AS(mk_add(x(), y(RtoR)), IllTyped);
  CHECK_THROWS_AS(mk_sum(R, std::vector<Term>{x(), y(RR)}), IllTyped);
  CHECK_THROWS_AS(mk_sum(RR, std::vector<Term>{x()}), IllTyped);
  CHECK_THROWS_AS(mk_mul(x(), y(RtoR)), IllTyped);
  // IllTyped is an internal error: a bug in Perturb, not in the user's input.
  CHECK_THROWS_AS(mk_tan(x()), InternalError);
}

TEST_CASE("binder names are hints: α-equal, distinct nodes", "[term]") {
  const Term lx = mk_lam("x", real_type(), x());
  const Term ly = mk_lam("y", real_type(), x());
  CHECK(lx != ly);
  CHECK(alpha_equal(lx, ly));
  CHECK(lx->hash() == ly->hash());
  CHECK_FALSE(alpha_equal(lx, mk_lam("x", RR, x(RR))));
}

TEST_CASE("sums are canonical bags (spec §3: terms modulo AC of +)", "[term]") {
  const Term a = mk_add(x(), mk_add(y(), mk_lit(1)));
  const Term b = mk_add(mk_add(mk_lit(1), x()), y());
  CHECK(a == b);
  CHECK(summands(a).size() == 3);
  CHECK(mk_add(x(), x()) != x());  // a bag, not a set
  CHECK(summands(mk_add(x(), x())).size() == 2);
  CHECK(mk_add(x(), mk_zero(R)) == x());
  CHECK(is_zero(mk_sum(R, std::span<const Term>{})));
  CHECK(mk_lit(0) == mk_zero(R));
  // 0 : σ is one empty bag per type.
  CHECK(mk_zero(R) != mk_zero(RR));
  CHECK(mk_sum(RR, std::span<const Term>{}) == mk_zero(RR));
  CHECK(mk_add(x(RR), mk_zero(RR)) == x(RR));
}

TEST_CASE("constructors extend linearly over bags (spec §3)", "[term]") {
  const Type r = real_type();
  const Term bag = mk_add(x(), y());
  SECTION("λx.0 = 0 and λx.(s+t) = λx.s + λx.t") {
    CHECK(is_zero(mk_lam("z", r, mk_zero(r))));
    CHECK(mk_lam("z", r, mk_zero(RR)) == mk_zero(mk_arrow(r, RR)));
    CHECK(mk_lam("z", r, bag) == mk_add(mk_lam("z", r, x()), mk_lam("z", r, y())));
  }
  SECTION("0 N = 0 and (s+t) N = s N + t N") {
    CHECK(is_zero(mk_app(mk_zero(RtoR), x())));
    CHECK(mk_app(mk_zero(mk_arrow(R, RR)), x()) == mk_zero(RR));
    const Term functions = mk_add(x(RtoR), y(RtoR));
    CHECK(mk_app(functions, mk_lit(2)) ==
          mk_add(mk_app(x(RtoR), mk_lit(2)), mk_app(y(RtoR), mk_lit(2))));
    // The operator bag is checked like a simple operator, also when it is 0.
    CHECK_THROWS_AS(mk_app(mk_zero(RtoR), x(RtoR)), IllTyped);
    CHECK_THROWS_AS(mk_app(mk_zero(R), x()), IllTyped);
    CHECK_THROWS_AS(mk_app(functions, x(RR)), IllTyped);
  }
  SECTION("the argument position is not linear") {
    const Term applied = mk_app(mk_var(2, RtoR), bag);
    CHECK(is_app(applied));
    CHECK(app_arg(applied) == bag);
  }
  SECTION("T, ι_k, π_k of a bag") {
    CHECK(is_zero(mk_tan(mk_zero(RtoR))));
    CHECK(mk_tan(mk_zero(RtoR))->type() == mk_arrow(mk_tangent(R), mk_tangent(R)));
    CHECK(is_zero(mk_inj(1, mk_zero(R), RtoR)));
    CHECK(mk_inj(1, mk_zero(R), RtoR) == mk_zero(mk_product(R, RtoR)));
    CHECK(is_zero(mk_proj(2, mk_zero(RR))));
    CHECK(mk_proj(2, mk_zero(mk_product(R, RtoR))) == mk_zero(RtoR));
    const Term functions = mk_add(x(RtoR), y(RtoR));
    CHECK(mk_tan(functions) == mk_add(mk_tan(x(RtoR)), mk_tan(y(RtoR))));
    CHECK(mk_inj(2, bag, RtoR) == mk_add(mk_inj(2, x(), RtoR), mk_inj(2, y(), RtoR)));
    const Term pairs = mk_add(x(RR), y(RR));
    CHECK(mk_proj(1, pairs) == mk_add(mk_proj(1, x(RR)), mk_proj(1, y(RR))));
    // The bag's type is checked even when it has no summands.
    CHECK_THROWS_AS(mk_tan(mk_zero(R)), IllTyped);
    CHECK_THROWS_AS(mk_proj(1, mk_zero(RtoR)), IllTyped);
  }
  SECTION("pairs are sugar: ⟨M, N⟩ = ι1 M + ι2 N") {
    CHECK(mk_pair(x(), mk_zero(R)) == mk_inj(1, x(), R));
    CHECK(mk_pair(x(), mk_zero(RtoR)) == mk_inj(1, x(), RtoR));
    CHECK(mk_pair(mk_zero(RtoR), x()) == mk_inj(2, x(), RtoR));
  }
}

TEST_CASE("cached data: size, depth, free-variable range", "[term]") {
  const Term t = mk_lam("z", RtoR, mk_app(mk_var(0, RtoR), mk_var(3, R)));
  CHECK(t->tree_size() == 4);
  CHECK(t->depth() == 3);
  CHECK(t->loose_bvar_range() == 3);
  CHECK(is_closed(mk_lam("z", real_type(), mk_var(0, R))));
  // (Self-application x x is ill-typed: the shared subterm is f x, used twice by g.)
  const Term shared = mk_app(y(RtoR), x());
  const Term doubled = mk_app(mk_app(mk_var(2, mk_arrow(R, RtoR)), shared), shared);
  CHECK(doubled->tree_size() == 9);
  CHECK(dag_size(doubled) == 6);
  // Shared: the nodes reached by two parent edges, f x and (below it) nothing else.
  const NodeKeySet twice = shared_subterms(doubled);
  CHECK(twice.size() == 1);
  CHECK(twice.contains(shared.get()));
  CHECK_FALSE(twice.contains(doubled.get()));
  CHECK(shared_subterms(shared).size() == 0);
}

TEST_CASE("cached data: T-nesting depth and the forms that occur", "[term]") {
  const auto bit = [](TermKind kind) { return 1u << static_cast<unsigned>(kind); };
  CHECK(x()->tangent_depth() == 0);
  CHECK(x()->forms() == bit(TermKind::Var));
  // π1 (π1 ((T (T f)) p)) + sin 2: T nested twice on one path, no T on the other.
  const Term f = x(RtoR);
  const Term ttf = mk_tan(mk_tan(f));
  const Term p = y(mk_tangent(mk_tangent(R)));
  const Term sum =
      mk_add(mk_proj(1, mk_proj(1, mk_app(ttf, p))), mk_app(mk_prim(Primitive::Sin), mk_lit(2)));
  CHECK(ttf->tangent_depth() == 2);
  CHECK(sum->tangent_depth() == 2);
  // T (λz:TR. π1 ((T f) z)), f now index 1 under the binder.
  const Term tf_under_lambda = mk_tan(mk_lam(
      "z", mk_tangent(R), mk_proj(1, mk_app(mk_tan(mk_var(1, RtoR)), mk_var(0, mk_tangent(R))))));
  CHECK(tf_under_lambda->tangent_depth() == 2);
  CHECK(sum->forms() ==
        (bit(TermKind::Sum) | bit(TermKind::Proj) | bit(TermKind::App) | bit(TermKind::Tan) |
         bit(TermKind::Var) | bit(TermKind::Prim) | bit(TermKind::Lit)));
  // 0 has its own bit instead of the sum's, also below other nodes.
  CHECK(mk_zero(R)->forms() == kZeroForm);
  CHECK(mk_app(f, mk_zero(R))->forms() == (bit(TermKind::App) | bit(TermKind::Var) | kZeroForm));
  CHECK(mk_lam("z", R, x())->forms() == (bit(TermKind::Lam) | bit(TermKind::Var)));
  CHECK(mk_inj(1, x(), R)->forms() == (bit(TermKind::Inj) | bit(TermKind::Var)));
}

TEST_CASE("constructors refuse terms deeper than the limit", "[term]") {
  // T (T (… f)) would nest its type T^n(R → R) past kMaxTypeDepth first, so
  // the depth is built by iterated application at type R, closed by a λ.
  const Term sin = mk_prim(Primitive::Sin);
  Term body = x();
  for (std::uint32_t i = 2; i < kMaxTermDepth; ++i) body = mk_app(sin, body);
  CHECK(body->depth() == kMaxTermDepth - 1);
  const Term t = mk_lam("x", R, body);
  CHECK(t->depth() == kMaxTermDepth);
  CHECK_THROWS_AS(mk_tan(t), TooDeep);
  CHECK_THROWS_AS(mk_app(sin, mk_app(sin, body)), TooDeep);
  SECTION("iterated T hits the type depth limit") {
    Term f = x(RtoR);
    const auto iterate = [&] {
      for (std::uint32_t i = 1; i < kMaxTermDepth; ++i) f = mk_tan(f);
    };
    CHECK_THROWS_AS(iterate(), TooDeep);
    CHECK(f->depth() < kMaxTermDepth);
  }
}
