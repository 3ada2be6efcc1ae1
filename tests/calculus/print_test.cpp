// Tests of the printer: exact output for hand-built terms (minimal
// parentheses, recovered sugar, renaming that never captures, literals), and
// the print/parse round trip on hand-written and on random well-typed terms.
#include "calculus/print.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "calculus/parse.h"
#include "calculus/random_term.h"

using namespace perturb::calculus;

namespace {

const Type R = real_type();
const Type RR = mk_product(R, R);
const Type RtoR = mk_arrow(R, R);

Term lit(double value) { return mk_lit(value); }
Term sin_of(const Term& t) { return mk_app(mk_prim(Primitive::Sin), t); }

// Parses text in context against expected and prints the result again.
std::string reprint(std::string_view text, const Context& context = {}) {
  auto program = parse_program(text, context);
  INFO(text);
  if (!program) FAIL(program.error().to_string());
  return to_string(program->term, context);
}

}  // namespace

TEST_CASE("precedence: parentheses only where needed", "[print]") {
  const Context context({{"f", RtoR}, {"x", R}, {"y", R}});
  const Term f = mk_var(2, RtoR), x = mk_var(1, R), y = mk_var(0, R);
  CHECK(to_string(mk_add(mk_mul(sin_of(x), y), lit(1)), context).size() ==
        std::string("sin x * y + 1").size());
  CHECK(to_string(mk_mul(sin_of(x), y), context) == "sin x * y");
  CHECK(to_string(sin_of(mk_mul(x, y)), context) == "sin (x * y)");
  CHECK(to_string(mk_mul(mk_mul(x, y), x), context) == "x * y * x");
  CHECK(to_string(mk_mul(x, mk_mul(y, x)), context) == "x * (y * x)");
  CHECK(to_string(mk_app(f, mk_app(f, x)), context) == "f (f x)");
  CHECK(to_string(mk_app(mk_tan(f), mk_pair(x, y)), context) == "T f <x, y>");
  CHECK(to_string(mk_tan(mk_app(mk_var(0, mk_arrow(R, RtoR)), mk_var(1, R))),
                  Context({{"x", R}, {"g", mk_arrow(R, RtoR)}})) == "T (g x)");
  CHECK(to_string(mk_proj(1, mk_proj(2, mk_var(0, mk_product(R, RR)))),
                  Context({{"p", mk_product(R, RR)}})) == "pi1 (pi2 p)");
  CHECK(to_string(mk_app(mk_lam("z", R, mk_var(0, R)), lit(1))) == "(\\z:R. z) 1");
  CHECK(to_string(mk_lam("z", R, mk_mul(mk_var(0, R), lit(2)))) == "\\z:R. z * 2");
  const Type h = mk_arrow(RR, RtoR);
  CHECK(to_string(mk_lam("h", h, mk_var(0, h))) == "\\h:R * R -> R -> R. h");
  CHECK(to_string(mk_app(mk_var(2, mk_arrow(RtoR, R)), mk_lam("z", R, mk_var(0, R))), context) ==
        "f (\\z:R. z)");
}

TEST_CASE("types the syntax leaves open are annotated, R is not", "[print]") {
  CHECK(to_string(mk_zero(R)) == "0");
  CHECK(to_string(mk_zero(RR)) == "(0 : R * R)");
  CHECK(to_string(mk_app(mk_zero(RtoR), lit(2))) == "0");  // (0 N) is 0 (§3)
  CHECK(to_string(mk_inj(1, lit(2), R)) == "in1 2");
  CHECK(to_string(mk_inj(1, lit(2), RtoR)) == "(in1 2 : R * (R -> R))");
  CHECK(to_string(mk_add(mk_inj(2, lit(2), RtoR), mk_inj(2, lit(3), RtoR))) ==
        "(in2 2 : (R -> R) * R) + (in2 3 : (R -> R) * R)");
  // A pair fixes both factors: nothing to annotate; but ⟨0, M⟩ is ι2 M (ι1 0 = 0).
  CHECK(to_string(mk_pair(mk_lit(2), mk_lam("z", R, mk_var(0, R)))) == "<2, \\z:R. z>");
  CHECK(to_string(mk_pair(mk_zero(RR), mk_lam("z", R, mk_var(0, R)))) ==
        "(in2 (\\z:R. z) : R * R * (R -> R))");
  CHECK(to_string(mk_pair(lit(1), mk_zero(RtoR))) == "(in1 1 : R * (R -> R))");
}

TEST_CASE("sugar is recovered: pairs, products, D", "[print]") {
  const Context context({{"f", RtoR}, {"x", R}});
  const Term f = mk_var(1, RtoR), x = mk_var(0, R);
  CHECK(to_string(mk_pair(lit(1), lit(3))) == "<1, 3>");
  CHECK(to_string(mk_mul(x, lit(-1)), context) == "x * -1");
  CHECK(to_string(mk_app(mk_prim(Primitive::Mul), mk_var(0, RR)), Context({{"x", RR}})) == "mul x");
  CHECK(to_string(mk_proj(1, mk_app(mk_tan(f), mk_pair(lit(1), x))), context) == "D f x");
  CHECK(to_string(mk_proj(1, mk_app(mk_tan(f), mk_pair(lit(2), x))), context) ==
        "pi1 (T f <2, x>)");
  const Term g = mk_var(1, mk_arrow(R, RtoR));
  CHECK(to_string(mk_app(mk_proj(1, mk_app(mk_tan(g), mk_inj(1, lit(1), R))), x),
                  Context({{"g", mk_arrow(R, RtoR)}, {"x", R}})) == "D g 0 x");
  // The paper's perturbation-confusion term reads back as written.
  CHECK(reprint("D (\\x:R. x * D (\\y:R. x) 2) 1") == "D (\\x:R. x * D (\\y:R. x) 2) 1");
  // T and λ are linear (§3): the sum under λ is a sum of two terms.
  CHECK(reprint("T (\\x:R. x * x + 1) <1, 3>") == "T (\\x:R. x * x) <1, 3> + T (\\x:R. 1) <1, 3>");
}

TEST_CASE("binders are renamed so that nothing is captured", "[print]") {
  // \x. \x. x: the inner binder would shadow the outer one.
  CHECK(to_string(mk_lam("x", R, mk_lam("x", R, mk_var(0, R)))) == "\\x:R. \\x1:R. x1");
  CHECK(to_string(mk_lam("x", R, mk_lam("x", R, mk_var(1, R)))) == "\\x:R. \\x1:R. x");
  CHECK(to_string(mk_lam("x", R, mk_lam("x1", R, mk_lam("x", R, mk_var(2, R))))) ==
        "\\x:R. \\x1:R. \\x2:R. x");
  // A binder named like a context variable.
  const Context context({{"y", R}});
  CHECK(to_string(mk_lam("y", R, mk_mul(mk_var(0, R), mk_var(1, R))), context) == "\\y1:R. y1 * y");
  // Keywords, primitives and non-identifiers are not names.
  CHECK(to_string(mk_lam("sin", R, mk_var(0, R))) == "\\x:R. x");
  CHECK(to_string(mk_lam("in1", R, mk_var(0, R))) == "\\x:R. x");
  CHECK(to_string(mk_lam("", R, mk_var(0, R))) == "\\x:R. x");
  CHECK(to_string(mk_lam("a b", R, mk_lam("x", R, mk_var(1, R)))) == "\\x:R. \\x1:R. x");
}

TEST_CASE("free variables without a usable name print as placeholders", "[print]") {
  CHECK(to_string(mk_var(0, R)) == "?0");
  CHECK(to_string(mk_lam("x", R, mk_var(3, R))) == "\\x:R. ?2");
  CHECK(to_string(mk_var(0, R), Context({{"", R}})) == "?0");
  // x at index 1 is shadowed by the later x.
  const Context shadowed({{"x", R}, {"x", R}});
  CHECK(to_string(mk_mul(mk_var(0, R), mk_var(1, R)), shadowed) == "x * ?1");
  CHECK_FALSE(parse_program("?1").ok());
}

TEST_CASE("literals print in the shortest form that reads back exactly", "[print]") {
  CHECK(literal_to_string(2.5) == "2.5");
  CHECK(literal_to_string(-1) == "-1");
  CHECK(literal_to_string(0.1) == "0.1");
  CHECK(literal_to_string(1e20) == "1e+20");
  CHECK(literal_to_string(std::numeric_limits<double>::infinity()) == "inf");
  CHECK(literal_to_string(-std::numeric_limits<double>::infinity()) == "-inf");
  CHECK(literal_to_string(std::numeric_limits<double>::quiet_NaN()) == "nan");
  const double values[] = {0.1,           1.0 / 3, -2.0 / 3, 1e-300, 5e-324, 1.7976931348623157e308,
                           123456789.123, -1e22};
  for (double value : values) {
    auto program = parse_program(to_string(lit(value)));
    INFO(literal_to_string(value));
    REQUIRE(program.ok());
    REQUIRE(is_lit(program->term));
    const double back = lit_value(program->term);
    CHECK(back == value);
  }
}

TEST_CASE("round trip on hand-written terms", "[print]") {
  const char* texts[] = {
      "\\x:R. \\x:R. x",
      "\\f:R -> R. \\x:R. f (f x) + pi1 (T f <x, 1>)",
      "let s = \\u:R. \\f:R -> R. \\x:R. f (x + u) in let d = D s 0 in d (d (\\x:R. x * x * x)) 2",
      "<in1 1 + in2 2, \\p:R * R. pi1 p * pi2 p + sin (cos (exp 1))>",
      "\\g:(R -> R) -> R. \\x:T R. g (\\y:R. y * pi2 x) + -2.5e-3",
      "T mul <<1, 2>, <3, 4>> + <0, 1>",
      "D (\\x:R. x * D (\\y:R. x * y) 2) 1",
      "\\p:R * (R -> R). pi2 p 1",
      "let p = D (\\x:R. <\\y:R. x * y, \\y:R. y>) 2 in pi1 p 3",
      "pi1 (T (pi2 <1, (\\y:R. \\z:R. y * z)>) <2.5, 0.5>) 1",
      "T (\\x:R. in1 x + (0 : R * (R -> R)))",
  };
  for (const char* text : texts) {
    auto first = parse_program(text);
    INFO(text);
    REQUIRE(first.ok());
    const std::string printed = to_string(first->term);
    INFO(printed);
    auto second = parse_program(printed);
    REQUIRE(second.ok());
    CHECK(alpha_equal(second->term, first->term));
    CHECK(to_string(second->term) == printed);
  }
}

// The printed text alone, without the expected type, elaborates to the same
// term: alpha_equal compares the type of every variable, binder, injection
// and sum, so the types agree at every node.
TEST_CASE("print/parse round trip on 10 000 random well-typed terms", "[print][property]") {
  const std::uint64_t base_seed = 20240601;
  const Context context({{"x", R}, {"f", RtoR}, {"p", RR}});
  TermShape shape;
  shape.size = 16;
  // Keeping every term alive keeps the hash-consing tables free of expired
  // duplicates, which would otherwise slow every later lookup.
  std::vector<Term> keep_alive;
  for (std::uint64_t i = 0; i < 10000; ++i) {
    const std::uint64_t seed = base_seed + i;
    Rng rng(seed);
    const Type type = random_type(rng);
    const Term term = random_term(rng, context, type, shape);
    const std::string printed = to_string(term, context);
    auto parsed = parse_program(printed, context);
    keep_alive.push_back(term);
    if (!parsed || !alpha_equal(parsed->term, term) || parsed->type != type) {
      FAIL("seed " << seed << ": " << printed << " : " << to_string(type) << " -> "
                   << (parsed ? to_string(parsed->term, context) : parsed.error().to_string()));
    }
  }
}
