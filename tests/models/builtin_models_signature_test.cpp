// The signature in every built-in model (models/builtin_models.h): the known
// values of spec §6 and issue 49 where a model hosts the primitive, and a
// refusal that names the primitive where it does not.
#include <catch2/catch.hpp>
#include <string>

#include "calculus/parse.h"
#include "models/builtin_models.h"
#include "semantics/interpret.h"
#include "semantics/model_refusal.h"

using namespace perturb;

namespace {

// The value of a closed term of type R in the named built-in model.
double value_in(const std::string& model_name, const std::string& text) {
  const auto model = models::builtin_model(model_name, {});
  REQUIRE(model);
  auto program = calculus::parse_program(text);
  INFO(text);
  REQUIRE(program.ok());
  auto f = semantics::interpret(*model, program->context, program->term, program->type);
  REQUIRE(f.ok());
  return model->real_value(model->apply(*f, model->unit_point()));
}

// The refusal's message, or "" when the model evaluates the term.
std::string refusal_in(const std::string& model_name, const std::string& text) {
  try {
    value_in(model_name, text);
  } catch (const semantics::ModelRefusal& refusal) {
    return refusal.what();
  }
  return "";
}

// The n-th derivative of λx0. body at point: D (λx_{n−1}. … D (λx0. body) x1 …) point.
std::string nth_derivative(int n, const std::string& body, const std::string& point) {
  std::string function = "\\x0:R. " + body;
  for (int k = 1; k < n; ++k) {
    function = "\\x" + std::to_string(k) + ":R. D (" + function + ") x" + std::to_string(k);
  }
  return "D (" + function + ") " + point;
}

}  // namespace

TEST_CASE("known values of the signature in closures, smooth and their ball twins",
          "[models][signature]") {
  for (const char* model : {"closures", "closures@ball", "smooth", "smooth@ball"}) {
    INFO(model);
    CHECK(value_in(model, nth_derivative(1, "pow <x0, 2>", "0")) == 0);
    CHECK(value_in(model, nth_derivative(2, "pow <x0, 2>", "0")) == 2);
    CHECK(value_in(model, nth_derivative(3, "pow <x0, 2>", "0")) == 0);
    CHECK(value_in(model, nth_derivative(4, "pow <x0, 2>", "0")) == 0);
    CHECK(value_in(model, nth_derivative(3, "pow <x0, 3>", "0")) == 6);
    CHECK(value_in(model, "D (\\x:R. pow <x, 0>) 0") == 0);
    CHECK(value_in(model, "pow <0, 0>") == 1);
    // y ↦ 0^y is 0 near 2; smooth reads this through the δ-rule of pow, whose
    // 0^y · log 0 is 0 by the strong zeros of the models' products.
    CHECK(value_in(model, "D (\\y:R. pow <0, y>) 2") == 0);
    CHECK(value_in(model, "D (\\x:R. sqrt x) 4") == 0.25);
    CHECK(value_in(model, "D (\\y:R. atan2 <y, 1>) 0") == 1);
    CHECK(value_in(model, "pi1 (T sqrt <0, 0>)") == 0);
    CHECK(value_in(model, "pi2 (T sqrt <0, 0>)") == 0);
    CHECK(value_in(model, "D (\\x:R. log x - recip x) 2") == Approx(0.75));
    CHECK(value_in(model, "D (\\x:R. tanh x) 0") == 1);
    CHECK(value_in(model, "D (\\x:R. hypot <x, 4>) 3") == Approx(0.6));
  }
  for (const char* model :
       {"closures", "smooth", "closures@rational", "closures@ball", "smooth@ball"}) {
    INFO(model);
    CHECK(value_in(model, "D (\\x:R. max <x, 1>) 2") == 1);
    CHECK(value_in(model, "D (\\x:R. min <x, 1>) 2") == 0);
    CHECK(value_in(model, "D (\\x:R. abs x) -2") == -1);
    CHECK(value_in(model, "D (\\x:R. max <x, 1>) 1") == 0.5);
  }
}

TEST_CASE("a model that cannot host a primitive refuses it by name", "[models][signature]") {
  CHECK(refusal_in("closures@rational", "log 1").find("log is not a rational function") !=
        std::string::npos);
  CHECK(refusal_in("closures@ball", "abs 1").empty());
  CHECK(refusal_in("smooth@ball", "max <1, 2>").empty());
  CHECK(refusal_in("symbolic", "sqrt 4").find("sqrt: symbolic hosts the paper's four") !=
        std::string::npos);
  CHECK(refusal_in("closures", "sqrt 4").empty());
}
