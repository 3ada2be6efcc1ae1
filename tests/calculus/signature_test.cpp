// Tests of the signature (calculus/signature.h): every primitive is data
// that the rest of the calculus reads — its name is a keyword, its δ-rule
// reads as a term of the type of T f, its equations read as equations.
#include "calculus/signature.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <set>
#include <string>

#include "calculus/lexer.h"
#include "calculus/parse.h"
#include "calculus/parse_equation.h"
#include "calculus/reduce.h"

using namespace perturb::calculus;

TEST_CASE("the signature lists each primitive once, in the order of Primitive", "[signature]") {
  std::set<std::string> names;
  std::size_t index = 0;
  for (const PrimitiveSpec& spec : standard_signature()) {
    INFO(spec.name);
    CHECK(static_cast<std::size_t>(spec.primitive) == index++);
    CHECK(names.insert(std::string(spec.name)).second);
    CHECK(&spec_of(spec.primitive) == &spec);
    CHECK(primitive_named(spec.name) == spec.primitive);
    CHECK(is_keyword(spec.name));
    CHECK((spec.arity == 1 || spec.arity == 2));
    CHECK(primitive_type(spec.primitive) ==
          (spec.arity == 1 ? mk_arrow(real_type(), real_type())
                           : mk_arrow(mk_product(real_type(), real_type()), real_type())));
    // Where f is not smooth everywhere, the table says what lies outside.
    CHECK(spec.smooth_set.empty() == false);
    CHECK((spec.smooth_set == "everywhere") == spec.outside.empty());
  }
  CHECK(names.size() == 15);
  CHECK(std::size(kStandardPrimitives) == standard_signature().size());
  CHECK_FALSE(primitive_named("erf"));
  CHECK(std::string(primitive_name(Primitive::Atan2)) == "atan2");
}

TEST_CASE("every δ-rule reads as a term of the type of T f and is the reduct of T f",
          "[signature]") {
  for (const PrimitiveSpec& spec : standard_signature()) {
    INFO(spec.name);
    const auto rule = parse_program(spec.delta_rule);
    REQUIRE(rule.ok());
    const Term tangent = mk_tan(mk_prim(spec.primitive));
    CHECK(rule->type == tangent->type());
    const auto step = contract(tangent);
    REQUIRE(step);
    CHECK(step->result == rule->term);
    CHECK(step->rule == "delta-T-" + std::string(spec.name));
  }
}

TEST_CASE("the primitives' equations read as equations", "[signature]") {
  std::size_t equations = 0;
  for (const PrimitiveSpec& spec : standard_signature()) {
    for (const PrimitiveEquation& e : spec.equations) {
      const std::string text = "forall " + std::string(e.variables) + " : R. " +
                               std::string(e.lhs) + " = " + std::string(e.rhs);
      INFO(text);
      const auto equation = parse_equation(text);
      CHECK(equation.ok());
      ++equations;
    }
  }
  // max symmetric, min by max, abs by max, hypot symmetric (spec §6).
  CHECK(equations == 4);
}

TEST_CASE("special points: single points, families and ties", "[signature]") {
  CHECK(special_point_at(Primitive::Max, 2.5, 2.5) == "tie");
  CHECK_FALSE(special_point_at(Primitive::Max, 2.5, 3));
  CHECK(special_point_at(Primitive::Pow, 7, 0) == "exponent-0");
  CHECK(special_point_at(Primitive::Pow, 0, 2.5) == "zero-base");
  CHECK(special_point_at(Primitive::Pow, -1, 2) == "negative-base");
  CHECK_FALSE(special_point_at(Primitive::Pow, -1, 3));
  CHECK(special_point_at(Primitive::Atan2, 0, -1) == "cut");
  CHECK(special_point_at(Primitive::Atan2, -0.0, -1) == "cut");
  CHECK(special_point_at(Primitive::Hypot, 3, 0) == "axis");
  CHECK(special_point_at(Primitive::Sqrt, 4) == "square");
  CHECK(special_point_at(Primitive::Recip, -0.0) == "zero");
  CHECK(special_point_at(Primitive::Abs, 0) == "kink");
  // The paper's four have none.
  for (const Primitive p : kPaperPrimitives) CHECK(spec_of(p).special_points.empty());
}

TEST_CASE("evaluate_primitive: values and the conventions at kinks", "[signature]") {
  CHECK(evaluate_primitive(Primitive::Mul, 3, 4) == 12);
  CHECK(evaluate_primitive(Primitive::Recip, 4) == 0.25);
  CHECK(evaluate_primitive(Primitive::Log, 1) == 0);
  CHECK(evaluate_primitive(Primitive::Sqrt, 4) == 2);
  CHECK(evaluate_primitive(Primitive::Tanh, 0) == 0);
  CHECK(evaluate_primitive(Primitive::Abs, -2.5) == 2.5);
  CHECK(evaluate_primitive(Primitive::Pow, 0, 0) == 1);
  CHECK(evaluate_primitive(Primitive::Pow, 2, 3) == 8);
  CHECK(evaluate_primitive(Primitive::Atan2, 1, 0) == std::atan2(1.0, 0.0));
  CHECK(evaluate_primitive(Primitive::Atan2, 0.0, -1) == std::atan2(0.0, -1.0));
  CHECK(evaluate_primitive(Primitive::Atan2, -0.0, -1) == -std::atan2(0.0, -1.0));
  CHECK(evaluate_primitive(Primitive::Hypot, 3, 4) == 5);
  CHECK(evaluate_primitive(Primitive::Max, 1, 2) == 2);
  CHECK(evaluate_primitive(Primitive::Min, 1, 2) == 1);
  CHECK(std::isnan(evaluate_primitive(Primitive::Log, -1)));
}
