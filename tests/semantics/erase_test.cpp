// A model behind the model boundary (semantics/erase.h, any_model.h): the
// same values as the model itself, the same capabilities, objects compared by
// the model's equality, and a member the model lacks refused, never guessed.
#include "semantics/erase.h"

#include <catch2/catch.hpp>
#include <string>

#include "calculus/error.h"
#include "calculus/parse.h"
#include "models/registry.h"
#include "semantics/interpret.h"

using namespace perturb;

namespace {

template <class C>
std::string value_of(const C& c, const std::string& text) {
  auto program = calculus::parse_program(text);
  INFO(text);
  REQUIRE(program.ok());
  auto value = semantics::evaluate_closed(c, program->term, program->type);
  REQUIRE(value.ok());
  auto type = semantics::interpret_type(c, program->type);
  REQUIRE(type.ok());
  return c.describe_point(*type, *value);
}

}  // namespace

TEST_CASE("erase: the same values as the model itself", "[erase]") {
  const models::Closures closures{semantics::ModelConfig{}};
  const models::Smooth smooth{semantics::ModelConfig{}};
  const semantics::AnyModel erased_closures = semantics::erase(closures);
  const semantics::AnyModel erased_smooth = semantics::erase(smooth);
  for (const char* text : {"T (\\x:R. x * x + 1) <1, 3>", "D (\\x:R. x * D (\\y:R. x) 2) 1",
                           "(\\f:R -> R. T f <1, 0.5>) sin", "<exp 1, cos (2 * 3)>"}) {
    CHECK(value_of(erased_closures, text) == value_of(closures, text));
  }
  for (const char* text : {"T (\\x:R. x * x + 1) <1, 3>", "D (\\x:R. sin (x * x)) 0.5"}) {
    CHECK(value_of(erased_smooth, text) == value_of(smooth, text));
  }
}

TEST_CASE("erase: the model's capabilities, its equality of objects, and refusals", "[erase]") {
  const semantics::AnyModel smooth = semantics::erase(models::Smooth{semantics::ModelConfig{}});
  CHECK(smooth.capabilities() == semantics::capabilities_of<models::Smooth>());
  CHECK(smooth.name() == "smooth");
  CHECK(semantics::capabilities(smooth).via_normal_form);

  // Two handles on equal objects are equal; on different ones, not.
  CHECK(smooth.product(smooth.real(), smooth.real()) ==
        smooth.product(smooth.real(), smooth.real()));
  CHECK_FALSE(smooth.product(smooth.real(), smooth.real()) == smooth.real());
  CHECK(smooth.factors(smooth.product(smooth.real(), smooth.terminal()))->second ==
        smooth.terminal());

  // smooth is not closed: a member it lacks is an internal error naming it.
  CHECK_THROWS_AS(smooth.exponential(smooth.real(), smooth.real()), calculus::InternalError);
  CHECK_THROWS_WITH(smooth.curry(smooth.identity(smooth.real())),
                    Catch::Contains("smooth has no curry"));
}
