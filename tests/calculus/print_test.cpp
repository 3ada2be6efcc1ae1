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
  const Term f = mk_var(2), x = mk_var(1), y = mk_var(0);
  CHECK(to_string(mk_add(mk_mul(sin_of(x), y), lit(1)), context).size() ==
        std::string("sin x * y + 1").size());
  CHECK(to_string(mk_mul(sin_of(x), y), context) == "sin x * y");
  CHECK(to_string(sin_of(mk_mul(x, y)), context) == "sin (x * y)");
  CHECK(to_string(mk_mul(mk_mul(x, y), x), context) == "x * y * x");
  CHECK(to_string(mk_mul(x, mk_mul(y, x)), context) == "x * (y * x)");
  CHECK(to_string(mk_app(f, mk_app(f, x)), context) == "f (f x)");
  CHECK(to_string(mk_app(mk_tan(f), mk_pair(x, y)), context) == "T f <x, y>");
  CHECK(to_string(mk_tan(mk_app(mk_var(0), x)), Context({{"x", R}, {"g", mk_arrow(R, RtoR)}})) ==
        "T (g x)");
  CHECK(to_string(mk_proj(1, mk_proj(2, mk_var(0))), Context({{"p", mk_product(R, RR)}})) ==
        "pi1 (pi2 p)");
  CHECK(to_string(mk_app(mk_lam("z", R, mk_var(0)), lit(1))) == "(\\z:R. z) 1");
  CHECK(to_string(mk_lam("z", R, mk_mul(mk_var(0), lit(2)))) == "\\z:R. z * 2");
  CHECK(to_string(mk_lam("h", mk_arrow(RR, RtoR), mk_var(0))) == "\\h:R * R -> R -> R. h");
  CHECK(to_string(mk_app(f, mk_lam("z", R, mk_var(0))), context) == "f (\\z:R. z)");
  CHECK(to_string(mk_zero()) == "0");
  CHECK(to_string(mk_inj(1, lit(2))) == "in1 2");
}

TEST_CASE("sugar is recovered: pairs, products, D", "[print]") {
  const Context context({{"f", RtoR}, {"x", R}});
  const Term f = mk_var(1), x = mk_var(0);
  CHECK(to_string(mk_pair(lit(1), lit(3))) == "<1, 3>");
  CHECK(to_string(mk_mul(x, lit(-1)), context) == "x * -1");
  CHECK(to_string(mk_app(mk_prim(Primitive::Mul), x), context) == "mul x");
  CHECK(to_string(mk_proj(1, mk_app(mk_tan(f), mk_pair(lit(1), x))), context) == "D f x");
  CHECK(to_string(mk_proj(1, mk_app(mk_tan(f), mk_pair(lit(2), x))), context) ==
        "pi1 (T f <2, x>)");
  CHECK(to_string(mk_app(mk_proj(1, mk_app(mk_tan(f), mk_inj(1, lit(1)))), x), context) ==
        "D f 0 x");
  // The paper's perturbation-confusion term reads back as written.
  CHECK(reprint("D (\\x:R. x * D (\\y:R. x) 2) 1") == "D (\\x:R. x * D (\\y:R. x) 2) 1");
  // T and λ are linear (§3): the sum under λ is a sum of two terms.
  CHECK(reprint("T (\\x:R. x * x + 1) <1, 3>") == "T (\\x:R. 1) <1, 3> + T (\\x:R. x * x) <1, 3>");
}

TEST_CASE("binders are renamed so that nothing is captured", "[print]") {
  // \x. \x. x: the inner binder would shadow the outer one.
  CHECK(to_string(mk_lam("x", R, mk_lam("x", R, mk_var(0)))) == "\\x:R. \\x1:R. x1");
  CHECK(to_string(mk_lam("x", R, mk_lam("x", R, mk_var(1)))) == "\\x:R. \\x1:R. x");
  CHECK(to_string(mk_lam("x", R, mk_lam("x1", R, mk_lam("x", R, mk_var(2))))) ==
        "\\x:R. \\x1:R. \\x2:R. x");
  // A binder named like a context variable.
  const Context context({{"y", R}});
  CHECK(to_string(mk_lam("y", R, mk_mul(mk_var(0), mk_var(1))), context) == "\\y1:R. y1 * y");
  // Keywords, primitives and non-identifiers are not names.
  CHECK(to_string(mk_lam("sin", R, mk_var(0))) == "\\x:R. x");
  CHECK(to_string(mk_lam("in1", R, mk_var(0))) == "\\x:R. x");
  CHECK(to_string(mk_lam("", R, mk_var(0))) == "\\x:R. x");
  CHECK(to_string(mk_lam("a b", R, mk_lam("x", R, mk_var(1)))) == "\\x:R. \\x1:R. x");
}

TEST_CASE("free variables without a usable name print as placeholders", "[print]") {
  CHECK(to_string(mk_var(0)) == "?0");
  CHECK(to_string(mk_lam("x", R, mk_var(3))) == "\\x:R. ?2");
  CHECK(to_string(mk_var(0), Context({{"", R}})) == "?0");
  // x at index 1 is shadowed by the later x.
  const Context shadowed({{"x", R}, {"x", R}});
  CHECK(to_string(mk_mul(mk_var(0), mk_var(1)), shadowed) == "x * ?1");
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
  const double values[] = {0.1,
                           1.0 / 3,
                           -2.0 / 3,
                           1e-300,
                           5e-324,
                           1.7976931348623157e308,
                           123456789.123,
                           -1e22,
                           std::numeric_limits<double>::infinity(),
                           std::numeric_limits<double>::quiet_NaN(),
                           -std::numeric_limits<double>::quiet_NaN()};
  for (double value : values) {
    auto program = parse_program(to_string(lit(value)));
    INFO(literal_to_string(value));
    REQUIRE(program.ok());
    REQUIRE(is_lit(program->term));
    const double back = lit_value(program->term);
    CHECK((std::isnan(value) ? std::isnan(back) && std::signbit(back) == std::signbit(value)
                             : back == value));
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
  };
  for (const char* text : texts) {
    auto first = parse_program(text);
    INFO(text);
    REQUIRE(first.ok());
    const std::string printed = to_string(first->term);
    INFO(printed);
    auto second = parse_program(printed, {}, first->type);
    REQUIRE(second.ok());
    CHECK(alpha_equal(second->term, first->term));
    CHECK(to_string(second->term) == printed);
  }
}

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
    auto parsed = parse_program(printed, context, type);
    keep_alive.push_back(term);
    if (!parsed || !alpha_equal(parsed->term, term) || parsed->type != type) {
      FAIL("seed " << seed << ": " << printed << " : " << to_string(type) << " -> "
                   << (parsed ? to_string(parsed->term, context) : parsed.error().to_string()));
    }
  }
}
