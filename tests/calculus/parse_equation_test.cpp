// Tests of the equation notation of `perturb check --equation`
// (calculus/parse_equation.h): metavariables, the equation's '=' among
// let's, and the exact wording and position of its errors (golden strings).
#include "calculus/parse_equation.h"

#include <catch2/catch.hpp>

#include "calculus/print.h"

using namespace perturb::calculus;

namespace {

TextEquation parse_ok(std::string_view text) {
  auto equation = parse_equation(text);
  INFO(text);
  if (!equation) FAIL(equation.error().to_string());
  return *equation;
}

std::string parse_error(std::string_view text) {
  auto equation = parse_equation(text);
  INFO(text);
  REQUIRE_FALSE(equation.ok());
  return equation.error().to_string();
}

}  // namespace

TEST_CASE("an equation declares its metavariables, in order, with their types", "[equation]") {
  const TextEquation e =
      parse_ok("forall f g : R -> R, a : R. D (\\x:R. f x + g x) a = D f a + D g a");
  REQUIRE(e.metavariables.size() == 3);
  CHECK(e.metavariables.entries()[0].name == "f");
  CHECK(e.metavariables.entries()[1].name == "g");
  CHECK(e.metavariables.entries()[2].name == "a");
  CHECK(e.metavariables.entries()[1].type == mk_arrow(real_type(), real_type()));
  CHECK(e.metavariables.entries()[2].type == real_type());
  CHECK(e.type == real_type());
  // (a sum's summands are kept in the calculus's canonical order)
  CHECK(to_string(e.rhs, e.metavariables) == "D g a + D f a");
}

TEST_CASE("a closed equation needs no forall, and a let keeps its own '='", "[equation]") {
  const TextEquation e = parse_ok("let y = 2 in y * y = 4");
  CHECK(e.metavariables.empty());
  CHECK(e.type == real_type());
  CHECK(to_string(e.rhs) == "4");
  const TextEquation nested = parse_ok("forall a : R. let b = let c = a in c in b = a");
  CHECK(to_string(nested.rhs, nested.metavariables) == "a");
}

TEST_CASE("the sides have one type, at products and functions too", "[equation]") {
  CHECK(parse_ok("forall s : R * R. in1 (pi1 s) + in2 (pi2 s) = s").type ==
        mk_product(real_type(), real_type()));
  CHECK(parse_ok("forall f : R -> R. \\x:R. f x = f").type == mk_arrow(real_type(), real_type()));
}

TEST_CASE("equation errors say what and where, in the whole text", "[equation]") {
  CHECK(parse_error("forall a : R. a + a") ==
        "line 1, column 20: expected '=' between the two sides of the equation");
  CHECK(parse_error("forall a : R. = a") == "line 1, column 15: expected a term before '='");
  CHECK(parse_error("forall a : R. a =") == "line 1, column 18: expected a term after '='");
  CHECK(parse_error("forall : R. a = a") ==
        "line 1, column 8: expected a metavariable name, found ':'");
  CHECK(parse_error("forall a b = a") ==
        "line 1, column 12: expected ':' and the type of b, found '='");
  CHECK(parse_error("forall a : . a = a") == "line 1, column 12: expected a type, found '.'");
  CHECK(parse_error("forall a : R a = a") ==
        "line 1, column 19: expected ',' or '.' after the type of a, found end of input");
  CHECK(parse_error("forall a, a : R. a = a") ==
        "line 1, column 9: expected ':' and the type of a, found ','");
  CHECK(parse_error("forall a a : R. a = a") ==
        "line 1, column 10: the metavariable a is declared twice");
  // Errors inside a type or a side are positioned in the whole text.
  CHECK(parse_error("forall a : R -> . a = a") ==
        "line 1, column 17: expected a type (R, a capitalised name, T σ or (σ)), found '.'");
  CHECK(parse_error("forall a : R. a = b") == "line 1, column 19: unknown name 'b'");
  CHECK(parse_error("forall a : R. a = <a, a>") ==
        "line 1, column 19: '<a, a>' has type R * R, expected R");
}
