// Tests of elaboration: inference by unification (elaborate.h), types of the
// spec's known terms, defaulting and annotations, and the exact wording of
// type errors (position, found and expected type, offending subterm).
#include "calculus/elaborate.h"

#include <catch2/catch.hpp>

#include "calculus/parse.h"

using namespace perturb::calculus;

namespace {

const Type R = real_type();
const Type RR = mk_product(R, R);
const Type RtoR = mk_arrow(R, R);

Type type_ok(std::string_view text, const Context& context = {}) {
  auto program = parse_program(text, context);
  INFO(text);
  if (!program) FAIL(program.error().to_string());
  return program->type;
}

std::string type_error(std::string_view text, const Context& context = {},
                       const Type& expected = nullptr) {
  auto program = parse_program(text, context, expected);
  INFO(text);
  REQUIRE_FALSE(program.ok());
  return program.error().to_string();
}

}  // namespace

TEST_CASE("types of the spec's known terms (§6)", "[elaborate]") {
  CHECK(type_ok("T (\\x:R. x * x + 1) <1, 3>") == RR);
  CHECK(type_ok("D (\\x:R. x * D (\\y:R. x) 2) 1") == R);
  CHECK(type_ok("let s = \\u:R. \\f:R -> R. \\x:R. f (x + u) in "
                "let d = D s 0 in d (d (\\x:R. x * x * x)) 2") == R);
  CHECK(type_ok("D (\\u:R. \\f:R -> R. \\x:R. f (x + u)) 0") == mk_arrow(RtoR, RtoR));
}

TEST_CASE("primitives and T of them (spec §6)", "[elaborate]") {
  CHECK(type_ok("sin") == RtoR);
  CHECK(type_ok("mul") == mk_arrow(RR, R));
  CHECK(type_ok("T sin") == mk_arrow(RR, RR));
  CHECK(type_ok("T mul") == mk_arrow(mk_product(RR, RR), RR));
  CHECK(type_ok("T (T exp)") == mk_arrow(mk_product(RR, RR), mk_product(RR, RR)));
  CHECK(type_ok("D sin 1") == R);
}

TEST_CASE("0 and sums check against the expected type", "[elaborate]") {
  CHECK(type_ok("(0 : R * R)") == RR);
  CHECK(type_ok("0 + 1") == R);
  CHECK(type_ok("1 + 0") == R);
  CHECK(type_ok("in1 1 + in2 (\\x:R. x)") == mk_product(R, RtoR));
  CHECK(type_ok("<0, 1> + <1, 0>") == RR);
  CHECK(type_ok("(\\x:R. 0) 1 + 2") == R);
  CHECK(type_ok("sin 0") == R);
  CHECK(type_ok("pi1 (in1 1)") == R);
  CHECK(type_ok("(pi2 (in1 1) : R)") == R);
  CHECK(type_ok("T (0 : R -> R)") == mk_arrow(RR, RR));
  CHECK(type_ok("(T 0 : R * R -> R * R)") == mk_arrow(RR, RR));
  CHECK(type_ok("(T 0 <1, 2> : R * R)") == RR);
  // With an expected type, a lone 0 elaborates.
  auto zero = parse_program("0", {}, RtoR);
  REQUIRE(zero.ok());
  CHECK(is_zero(zero->term));
  CHECK(zero->type == RtoR);
}

TEST_CASE("what nothing constrains is R, once, at the end; Program::defaulted says where",
          "[elaborate]") {
  const auto defaulted = [](std::string_view text) {
    auto program = parse_program(text);
    INFO(text);
    if (!program) FAIL(program.error().to_string());
    return program->defaulted.size();
  };
  CHECK(type_ok("0") == R);
  CHECK(defaulted("0") == 1);
  CHECK(type_ok("<0, 1>") == RR);
  CHECK(type_ok("\\x:R. 0") == RtoR);
  CHECK(type_ok("let z = 0 in 1") == R);
  CHECK(type_ok("in1 1") == RR);
  CHECK(defaulted("in1 1 + in1 2") == 1);  // one variable: both summands share the sum's type
  CHECK(defaulted("1 + 0") == 0);
  CHECK(defaulted("(0 : R)") == 0);
  auto program = parse_program("<1,\n 0>");
  REQUIRE(program.ok());
  REQUIRE(program->defaulted.size() == 1);
  CHECK(program->defaulted[0] == SourcePosition{2, 2});
}

TEST_CASE("unification finds types that only a later use fixes", "[elaborate]") {
  // The second factor of the pair is fixed by its use as a function.
  CHECK(type_ok("let p = D (\\x:R. <\\y:R. x * y, \\y:R. y>) 2 in pi1 p 3") == R);
  CHECK(type_ok("pi1 (T (pi2 <1, (\\y:R. \\z:R. y * z)>) <2.5, 0.5>) 1") == R);
  // A let-bound 0 takes the type of its use.
  CHECK(type_ok("let z = 0 in z 1") == R);
  auto program = parse_program("let z = 0 in z (1 : R)");
  REQUIRE(program.ok());
  CHECK(lam_domain(app_fn(program->term)) == RtoR);
  // A definition's type is fixed by all its uses.
  CHECK(type_ok("z = 0;\n<z, 1> + <1, 0>") == RR);
  CHECK(type_ok("z = in2 0;\npi1 z sin") == R);
  CHECK(type_error("z = 0;\n<z 1, z + 1>") ==
        "line 2, column 11: '1' has type R, expected a function type R -> ?");
  // Occurs check: no infinite type.
  CHECK(type_error("\\f:R -> R. let g = 0 in g g") ==
        "line 1, column 27: 'g' has type ? -> ?, expected ?");
}

TEST_CASE("golden type errors", "[elaborate][errors]") {
  // Ill-typed application: the argument is named with its type and the wanted one.
  CHECK(type_error("(\\x:R. x) <1, 2>") ==
        "line 1, column 11: '<1, 2>' has type R * R, expected R");
  CHECK(type_error("sin\n  (1 +\n   <1, 2>)") ==
        "line 3, column 4: '<1, 2>' has type R * R, expected R");
  CHECK(type_error("1 2") == "line 1, column 1: '1' has type R, expected a function type ? -> ?");
  CHECK(type_error("pi1 1") == "line 1, column 5: '1' has type R, expected a product type ? * ?");
  CHECK(type_error("T 1") == "line 1, column 3: '1' has type R, expected a function type ? -> ?");
  CHECK(type_error("T sin 1") == "line 1, column 7: '1' has type R, expected R * R");
  CHECK(type_error("D mul 1") == "line 1, column 3: 'mul' has type R * R -> R, expected R -> ?");
  CHECK(type_error("((\\x:R. x) : R * R -> R)") ==
        "line 1, column 3: '\\x:R. x' has type R -> R, expected R * R -> R");
  CHECK(type_error("((1 : R) : R * R)") ==
        "line 1, column 2: '(1 : R)' has type R, expected R * R");
  CHECK(type_error("<1, 2> * 3") == "line 1, column 1: '<1, 2>' has type R * R, expected R");
  CHECK(type_error("(1 * 2 : R -> R)") == "line 1, column 2: '1 * 2' has type R, expected R -> R");
  CHECK(type_error("\\f:R -> R. f + 1") == "line 1, column 16: '1' has type R, expected R -> R");
  CHECK(type_error("in1 1 + 2") ==
        "line 1, column 9: '2' has type R, expected a product type R * ?");
  CHECK(type_error("\\x:A. sin x") == "line 1, column 11: 'x' has type A, expected R");
  CHECK(type_error("x", Context({{"x", R}}), RR) ==
        "line 1, column 1: 'x' has type R, expected R * R");
  // The offending subterm is shown on one line, without comments, shortened when long.
  CHECK(type_error("sin (\\a_long_name:R. # comment\n a_long_name * a_long_name + 1)") ==
        "line 1, column 6: '\\a_long_name:R. a_long_name * a_long_name + 1' has type R -> R, "
        "expected R");
  CHECK(type_error("sin (\\x:R. x + x + x + x + x + x + x + x + x + x + x + x + x + x + x + x)") ==
        "line 1, column 6: '\\x:R. x + x + x + x + x + x + x + x + x + x + x + x + x + x ...' "
        "has type R -> R, expected R");
}

TEST_CASE("free variables come from the context, innermost first", "[elaborate]") {
  const Context context({{"x", R}, {"x", RR}});
  auto program = parse_program("x", context);
  REQUIRE(program.ok());
  CHECK(program->term == mk_var(0, RR));
  CHECK(program->type == RR);
  CHECK(program->context.size() == 2);
}

TEST_CASE("an unknown name is an error of its own kind", "[elaborate]") {
  const auto unknown = parse_program("\\x:R. x + y");
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().kind == ErrorKind::UnknownName);
  CHECK(unknown.error().message == "unknown name 'y'");
  const auto mistyped = parse_program("sin 1 2");
  REQUIRE_FALSE(mistyped.ok());
  CHECK(mistyped.error().kind == ErrorKind::Other);
}
