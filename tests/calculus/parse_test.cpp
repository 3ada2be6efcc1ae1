// Tests of the parser: every construct of the surface syntax, precedence and
// associativity, let, definitions, comments, and the exact wording of syntax
// errors (golden strings: they are what users see).
#include "calculus/parse.h"

#include <catch2/catch.hpp>

using namespace perturb::calculus;

namespace {

const Type R = real_type();
const Type RR = mk_product(R, R);
const Type RtoR = mk_arrow(R, R);

Term parse_ok(std::string_view text, const Context& context = {}) {
  auto program = parse_program(text, context);
  INFO(text);
  if (!program) FAIL(program.error().to_string());
  return program->term;
}

std::string parse_error(std::string_view text, const Context& context = {}) {
  auto program = parse_program(text, context);
  INFO(text);
  REQUIRE_FALSE(program.ok());
  return program.error().to_string();
}

Term lit(double value) { return mk_lit(value); }
Term prim(Primitive p) { return mk_prim(p); }

}  // namespace

TEST_CASE("atoms: literals, zero, primitives, variables", "[parse]") {
  CHECK(parse_ok("2.5") == lit(2.5));
  CHECK(parse_ok("-1") == lit(-1));
  CHECK(parse_ok("(0 : R)") == mk_zero(R));
  CHECK(parse_ok("(-0 : R)") == mk_zero(R));
  CHECK(parse_ok("(0 : R * R)") == mk_zero(RR));
  CHECK(parse_ok("(0 : R -> R)") == mk_zero(RtoR));
  CHECK(parse_ok("sin") == prim(Primitive::Sin));
  CHECK(parse_ok("mul") == prim(Primitive::Mul));
  const Context context({{"x", R}, {"y", RR}});
  CHECK(parse_ok("x", context) == mk_var(1, R));
  CHECK(parse_ok("y", context) == mk_var(0, RR));
}

TEST_CASE("abstraction with \\ and λ, application left associative", "[parse]") {
  const Term id = mk_lam("x", R, mk_var(0, R));
  CHECK(parse_ok("\\x:R. x") == id);
  CHECK(parse_ok("λx:R. x") == id);
  CHECK(parse_ok("\\f:R -> R -> R. \\x:R. f x x") ==
        mk_lam("f", mk_arrow(R, RtoR),
               mk_lam("x", R,
                      mk_app(mk_app(mk_var(1, mk_arrow(R, RtoR)), mk_var(0, R)), mk_var(0, R)))));
  // λ extends as far right as possible.
  CHECK(parse_ok("\\x:R. x * x + 1") ==
        mk_lam("x", R, mk_add(mk_mul(mk_var(0, R), mk_var(0, R)), lit(1))));
}

TEST_CASE("types: * binds tighter than right-associative ->, T tightest", "[parse]") {
  CHECK(parse_type("R * R -> R").value() == mk_arrow(RR, R));
  CHECK(parse_type("R -> R -> R").value() == mk_arrow(R, RtoR));
  CHECK(parse_type("(R -> R) -> R").value() == mk_arrow(RtoR, R));
  CHECK(parse_type("R * R * R").value() == mk_product(RR, R));
  CHECK(parse_type("R * (R * R)").value() == mk_product(R, RR));
  CHECK(parse_type("T R * R").value() == mk_product(RR, R));
  CHECK(parse_type("T T A").value() == mk_tangent(mk_tangent(mk_atom("A"))));
  CHECK(parse_type("T (R -> R)").value() == mk_product(RtoR, RtoR));
  CHECK(parse_type("x").error().to_string() ==
        "line 1, column 1: expected a type (R, a capitalised name, T σ or (σ)), found 'x'");
  CHECK(parse_type("R R").error().to_string() ==
        "line 1, column 3: expected end of input after the type, found 'R'");
}

TEST_CASE("precedence: application > * > + (design.md)", "[parse]") {
  const Context context({{"x", R}, {"y", R}});
  const Term x = mk_var(1, R), y = mk_var(0, R);
  // sin x * y + 1 = ((sin x) * y) + 1
  CHECK(parse_ok("sin x * y + 1", context) ==
        mk_add(mk_mul(mk_app(prim(Primitive::Sin), x), y), lit(1)));
  CHECK(parse_ok("x + y * x", context) == mk_add(x, mk_mul(y, x)));
  // * is left associative.
  CHECK(parse_ok("x * y * x", context) == mk_mul(mk_mul(x, y), x));
  CHECK(parse_ok("x * (y * x)", context) == mk_mul(x, mk_mul(y, x)));
  CHECK(parse_ok("(x + y) * x", context) == mk_mul(mk_add(x, y), x));
}

TEST_CASE("minus: M - N is M + -1 * N, -M is -1 * M, and -1 is a literal", "[parse]") {
  const Context context({{"x", R}, {"y", R}, {"f", RtoR}});
  const Term x = mk_var(2, R), y = mk_var(1, R), f = mk_var(0, RtoR);
  const auto negated = [](const Term& t) { return mk_mul(lit(-1), t); };
  CHECK(parse_ok("x - y", context) == mk_add(x, negated(y)));
  CHECK(parse_ok("x - y + x", context) == mk_add(mk_add(x, negated(y)), x));
  CHECK(parse_ok("x - y - x", context) == mk_add(mk_add(x, negated(y)), negated(x)));
  // Infix '-' negates the product after it, prefix '-' a factor.
  CHECK(parse_ok("x - y * x", context) == mk_add(x, negated(mk_mul(y, x))));
  CHECK(parse_ok("-y * x", context) == mk_mul(negated(y), x));
  CHECK(parse_ok("-x", context) == negated(x));
  CHECK(parse_ok("- -x", context) == negated(negated(x)));
  CHECK(parse_ok("-sin x", context) == negated(mk_app(prim(Primitive::Sin), x)));
  CHECK(parse_ok("x - 1", context) == mk_add(x, negated(lit(1))));
  // A '-' before a digit begins a literal, as before: f -1 applies f to −1.
  CHECK(parse_ok("f -1", context) == mk_app(f, lit(-1)));
  CHECK(parse_ok("x + -1", context) == mk_add(x, lit(-1)));
  // Minus is on R only.
  CHECK(parse_error("(\\z:R. z) - (\\z:R. z)").find("expected") != std::string::npos);
  CHECK(parse_error("x -", context) == "line 1, column 4: expected a term, found end of input");
}

TEST_CASE("the signature's primitives are atoms of their types", "[parse]") {
  for (const PrimitiveSpec& spec : standard_signature()) {
    INFO(spec.name);
    CHECK(parse_ok(spec.name) == prim(spec.primitive));
  }
  CHECK(parse_ok("pow <2, 3>") == mk_app(prim(Primitive::Pow), mk_pair(lit(2), lit(3))));
  CHECK(parse_ok("max <2, 3> - abs -1") ==
        mk_add(mk_app(prim(Primitive::Max), mk_pair(lit(2), lit(3))),
               mk_mul(lit(-1), mk_app(prim(Primitive::Abs), lit(-1)))));
}

TEST_CASE("prefix operators parse like functions of one argument, D of two", "[parse]") {
  const Term f = mk_var(2, RtoR), p = mk_var(1, mk_product(R, RtoR)),
             g = mk_var(0, mk_arrow(R, RtoR));
  const Context context({{"f", RtoR}, {"p", mk_product(R, RtoR)}, {"g", mk_arrow(R, RtoR)}});
  const Context with_x = context.extended("x", RR);
  // T f x = (T f) x
  CHECK(parse_ok("T f x", with_x) == mk_app(mk_tan(mk_var(3, RtoR)), mk_var(0, RR)));
  CHECK(parse_ok("T (f 1)", Context({{"f", mk_arrow(R, RtoR)}})) ==
        mk_tan(mk_app(mk_var(0, mk_arrow(R, RtoR)), lit(1))));
  // pi2 p q = (pi2 p) q
  CHECK(parse_ok("pi2 p 1", context) == mk_app(mk_proj(2, p), lit(1)));
  CHECK(parse_ok("pi1 (pi2 (in1 1 + in2 (in2 1 + in1 2)))") ==
        mk_proj(1, mk_proj(2, mk_pair(lit(1), mk_pair(lit(2), lit(1))))));
  CHECK(parse_ok("in2 1 + in1 2") == mk_pair(lit(2), lit(1)));
  // D f x y = (D f x) y, D M N = pi1 (T M <1, N>)
  const Term d = mk_proj(1, mk_app(mk_tan(g), mk_pair(lit(1), lit(2))));
  CHECK(parse_ok("D g 2 3", context) == mk_app(d, lit(3)));
  CHECK(parse_ok("D f 2", context) == mk_proj(1, mk_app(mk_tan(f), mk_pair(lit(1), lit(2)))));
  CHECK(parse_ok("D f 2 + 1", context) ==
        mk_add(mk_proj(1, mk_app(mk_tan(f), mk_pair(lit(1), lit(2)))), lit(1)));
}

TEST_CASE("pairs and products are sugar", "[parse]") {
  CHECK(parse_ok("<1, 2>") == mk_add(mk_inj(1, lit(1), R), mk_inj(2, lit(2), R)));
  CHECK(parse_ok("2 * 3") == mk_app(prim(Primitive::Mul), mk_pair(lit(2), lit(3))));
  CHECK(parse_ok("<<1, 2>, \\x:R. x>") ==
        mk_pair(mk_pair(lit(1), lit(2)), mk_lam("x", R, mk_var(0, R))));
  // ⟨0, N⟩ is ι2 N: the zero component vanishes, its type stays.
  CHECK(parse_ok("(<0, 2> : R * R)") == mk_inj(2, lit(2), R));
  CHECK(parse_ok("(<0, 2> : (R -> R) * R)") == mk_inj(2, lit(2), RtoR));
}

TEST_CASE("let is sugar for an applied abstraction with the inferred type", "[parse]") {
  CHECK(parse_ok("let x = 2 in x * x") ==
        mk_app(mk_lam("x", R, mk_mul(mk_var(0, R), mk_var(0, R))), lit(2)));
  CHECK(parse_ok("let f = \\x:R. x in let y = f 1 in f y") ==
        mk_app(mk_lam("f", RtoR,
                      mk_app(mk_lam("y", R, mk_app(mk_var(1, RtoR), mk_var(0, R))),
                             mk_app(mk_var(0, RtoR), lit(1)))),
               mk_lam("x", R, mk_var(0, R))));
}

TEST_CASE("comments run to the end of the line", "[parse]") {
  CHECK(parse_ok("# a comment\n1 + # another\n 2 # trailing") == mk_add(lit(1), lit(2)));
}

TEST_CASE("definitions are substituted where used", "[parse]") {
  const Term square = mk_lam("x", R, mk_mul(mk_var(0, R), mk_var(0, R)));
  CHECK(parse_ok("sq = \\x:R. x * x; sq 3") == mk_app(square, lit(3)));
  // A definition ends where the next `name =` begins.
  CHECK(parse_ok("sq = \\x:R. x * x\nnine = sq 3;\nnine + nine") ==
        mk_add(mk_app(square, lit(3)), mk_app(square, lit(3))));
  // Used under binders, a definition's free variables are lifted past them.
  const Context context({{"a", R}});
  CHECK(parse_ok("aa = a * a; \\y:R. \\z:R. aa * y", context) ==
        mk_lam("y", R, mk_lam("z", R, mk_mul(mk_mul(mk_var(2, R), mk_var(2, R)), mk_var(1, R)))));
  // Local binders shadow definitions.
  CHECK(parse_ok("y = 2; \\y:R. y") == mk_lam("y", R, mk_var(0, R)));
  CHECK(parse_error("f = 1; f = 2; f") ==
        "line 1, column 8: 'f' is already defined at line 1, column 1");
  // A definition's type is fixed by its uses (elaborate.h), no annotation needed.
  CHECK(parse_ok("z = 0; (z : R)") == mk_zero(R));
  CHECK(parse_ok("z = 0; (z : R * R)") == mk_zero(RR));
  // … and it is one type: a definition is not polymorphic.
  CHECK_FALSE(parse_program("z = 0; <(z : R), (z : R * R)>").ok());
  CHECK(parse_error("f = 1;") ==
        "line 1, column 7: expected a term after the definitions (end the last definition with "
        "';'), found end of input");
}

TEST_CASE("shadowing: the innermost binder wins", "[parse]") {
  CHECK(parse_ok("\\x:R. \\x:R. x") == mk_lam("x", R, mk_lam("x", R, mk_var(0, R))));
  CHECK(parse_ok("\\x:R. \\x:R * R. x") == mk_lam("x", R, mk_lam("x", RR, mk_var(0, RR))));
  const Context context({{"x", RR}});
  CHECK(parse_ok("\\x:R. x", context) == mk_lam("x", R, mk_var(0, R)));
}

TEST_CASE("golden syntax errors", "[parse][errors]") {
  CHECK(parse_error("((1)") == "line 1, column 5: expected ')' to close '(' at line 1, column 1");
  CHECK(parse_error("1 +\n(2 *\n  (3 + 4)") ==
        "line 3, column 10: expected ')' to close '(' at line 2, column 1");
  CHECK(parse_error("(1))") == "line 1, column 4: unmatched ')'");
  CHECK(parse_error("<1, 2") == "line 1, column 6: expected '>' to close '<' at line 1, column 1");
  CHECK(parse_error("<1 2>") ==
        "line 1, column 5: expected ',' between the components of '<' at line 1, column 1");
  CHECK(parse_error("<1>") ==
        "line 1, column 3: expected ',' between the components of '<' at line 1, column 1");
  CHECK(parse_error("") == "line 1, column 1: expected a term, found end of input");
  CHECK(parse_error("  # only a comment\n") ==
        "line 2, column 1: expected a term, found end of input");
  CHECK(parse_error("\\1") == "line 1, column 2: expected a variable name after '\\', found '1'");
  CHECK(parse_error("\\x. x") == "line 1, column 3: expected ':' and the type of 'x', found '.'");
  CHECK(parse_error("\\x:R x") ==
        "line 1, column 6: expected '.' after the type of 'x', found 'x'");
  CHECK(parse_error("let x = 1") ==
        "line 1, column 10: expected 'in' after the value of 'x' (let at line 1, column 1), "
        "found end of input");
  CHECK(parse_error("pi1 pi2 1") ==
        "line 1, column 5: 'pi2' cannot be an argument of 'pi1'; write pi1 (pi2 …)");
  CHECK(parse_error("sin T sin") == "line 1, column 5: 'T' cannot be an argument; write (T …)");
  CHECK(parse_error("D sin") ==
        "line 1, column 6: expected two arguments of 'D', found end of input");
  CHECK(parse_error("sin \\x:R. x") ==
        "line 1, column 5: expected end of input, found '\\' (put a λ or let that is an "
        "argument in parentheses)");
  CHECK(parse_error("1 + \\x:R. x") ==
        "line 1, column 5: expected a term, found '\\' (put a λ or let that is an operand in "
        "parentheses)");
  CHECK(parse_error("1 : R") ==
        "line 1, column 3: expected end of input, found ':' (write annotations in parentheses: "
        "(M : σ))");
  CHECK(parse_error("1; f = 2") ==
        "line 1, column 4: expected end of input, found the definition of 'f' after the final "
        "term");
  CHECK(parse_error("foo + 1") == "line 1, column 1: unknown name 'foo'");
  CHECK(parse_error("\\x:R. y") == "line 1, column 7: unknown name 'y'");
  CHECK(parse_error(std::string("\x7f"
                                "ELF\x02\x01",
                                6)) == "line 1, column 1: unexpected byte 0x7F");
}

TEST_CASE("nesting beyond the limit is a positioned error, not a crash", "[parse][errors]") {
  const std::size_t deep = 100000;
  SECTION("parentheses") {
    const std::string text = std::string(deep, '(') + "1" + std::string(deep, ')');
    CHECK(parse_error(text) == "line 1, column 1001: term nested deeper than 1000 levels");
  }
  SECTION("abstractions") {
    std::string text;
    for (std::size_t i = 0; i < deep; ++i) text += "\\x:R. ";
    text += "x";
    CHECK(parse_error(text) == "line 1, column 6001: term nested deeper than 1000 levels");
  }
  SECTION("a long left-associative application") {
    std::string text = "sin";
    for (std::size_t i = 0; i < deep; ++i) text += " 1";
    CHECK(parse_error(text) == "line 1, column 1: term nested deeper than 1000 levels");
  }
  SECTION("negations") {
    std::string text;
    for (std::size_t i = 0; i < deep; ++i) text += "- ";
    text += "1";
    CHECK(parse_error(text).find("term nested deeper than 1000 levels") != std::string::npos);
  }
  SECTION("types") {
    std::string text = "\\x:";
    for (std::size_t i = 0; i < deep; ++i) text += "R -> ";
    text += "R. x";
    CHECK(parse_error(text) == "line 1, column 5004: type nested deeper than 1000 levels");
    std::string tangents;
    for (std::size_t i = 0; i < deep; ++i) tangents += "T ";
    CHECK(parse_type(tangents + "R").error().to_string() ==
          "line 1, column 2001: type nested deeper than 1000 levels");
  }
  SECTION("a core term deeper than kMaxTermDepth within the parser's limit") {
    std::string text = "1";
    for (int i = 0; i < 999; ++i) text = "sin (" + text + ")";
    // 999 levels of application: within both limits.
    CHECK(parse_ok(text)->depth() == 1000);
    // D M N expands to four levels of core term around N.
    std::string derivatives = "1";
    for (int i = 0; i < 999; ++i) derivatives = "D sin (" + derivatives + ")";
    const std::string message = parse_error(derivatives);
    CHECK(message.find("term nested deeper than 3000 levels") != std::string::npos);
  }
}

TEST_CASE("long flat sums are not nesting", "[parse]") {
  std::string text = "1";
  for (int i = 0; i < 20000; ++i) text += " + 1";
  CHECK(summands(parse_ok(text)).size() == 20001);
}
