// Tests of declared primitives (calculus/declared_primitive.h): a declared
// primitive joins the signature as data the calculus reads (a keyword, a
// type, a δ-rule, a place for each application), and a declaration that
// cannot be read is refused with its reason and leaves the signature as it was.
#include "calculus/declared_primitive.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "calculus/lexer.h"
#include "calculus/parse.h"
#include "calculus/primitive_domain.h"
#include "calculus/print.h"
#include "calculus/typecheck.h"

using namespace perturb::calculus;

namespace {

double log1p_value(double x) { return std::log1p(x); }
double square_value(double x) { return x * x; }

}  // namespace

TEST_CASE("a declared primitive is a keyword with a type, a δ-rule and a domain", "[declared]") {
  const std::size_t before = declared_primitives().size();
  auto declared = declare_primitive({.name = "softlog",
                                     .value = log1p_value,
                                     .derivative = "recip (1 + x)",
                                     .domain = DeclaredDomain::Positive,
                                     .special_points = {{"one", 1.0}}});
  REQUIRE(declared.ok());
  const Primitive p = *declared;
  CHECK(is_declared(p));
  CHECK(declared_primitives().size() == before + 1);
  CHECK(primitive_named("softlog") == p);
  CHECK(is_keyword("softlog"));
  CHECK(std::string(primitive_name(p)) == "softlog");
  CHECK(primitive_type(p) == mk_arrow(real_type(), real_type()));
  CHECK(signature_primitives().back() == p);
  CHECK(evaluate_primitive(p, 2.0) == Approx(std::log(3.0)));
  CHECK(special_point_at(p, 1.0) == std::optional<std::string_view>("one"));
  CHECK(!special_point_at(p, 2.0));

  // Terms read and print it; its δ-rule reads as a term of type T R → T R.
  const auto program = parse_program("softlog 0.5");
  REQUIRE(program.ok());
  CHECK(to_string(program->term) == "softlog 0.5");
  const auto rule = parse_program(spec_of(p).delta_rule);
  REQUIRE(rule.ok());
  CHECK(rule->type == mk_arrow(mk_tangent(real_type()), mk_tangent(real_type())));

  // Its derivative is kept as a normal form in x.
  const Term& derivative = declared_derivative(p);
  CHECK(derivative->tangent_depth() == 0);
  CHECK(derivative->type() == real_type());

  // x > 0: an application at 0 or below is outside, with the primitive's reason.
  const ApplicationPlace outside = place_application(p, {.x = 0.0});
  CHECK(outside.placement == Placement::Outside);
  CHECK(outside.why == "softlog: x <= 0");
  CHECK(place_application(p, {.x = 0.5, .x_moves = true}).placement == Placement::Inside);
}

TEST_CASE("a derivative may mention the primitive it belongs to", "[declared]") {
  // tanh′ = 1 − tanh², written for a copy of tanh.
  auto declared = declare_primitive({.name = "mytanh",
                                     .value = [](double x) { return std::tanh(x); },
                                     .derivative = "1 - mytanh x * mytanh x"});
  REQUIRE(declared.ok());
}

TEST_CASE("a declaration that cannot be read is refused and leaves no trace", "[declared]") {
  const std::size_t before = declared_primitives().size();
  const auto refused = [&](PrimitiveDeclaration declaration, const std::string& reason) {
    INFO(declaration.name << ": " << reason);
    if (declaration.value == nullptr && reason != "no value") declaration.value = square_value;
    const auto declared = declare_primitive(declaration);
    REQUIRE(!declared.ok());
    CHECK_THAT(declared.error().message, Catch::Contains(reason));
    CHECK(declared_primitives().size() == before);
  };
  refused({.name = "sin", .derivative = "cos x"}, "a primitive of that name exists");
  refused({.name = "let", .derivative = "x"}, "must be a new identifier");
  refused({.name = "x", .derivative = "1"}, "must be a new identifier");
  refused({.name = "9lives", .derivative = "1"}, "must be a new identifier");
  refused({.name = "novalue", .derivative = "2 * x"}, "no value");
  refused({.name = "badtype", .derivative = "<x, x>"}, "does not read as a term of type R");
  refused({.name = "unknown", .derivative = "2 * y"}, "does not read as a term of type R");
  refused({.name = "tangent", .derivative = "pi1 (T sin <1, x>)"}, "has a T");
  refused({.name = "nanpoint", .derivative = "1", .special_points = {{"nan", NAN}}}, "not finite");
  // A refused name stays free.
  CHECK(!primitive_named("badtype"));
  CHECK(!is_keyword("badtype"));
}
