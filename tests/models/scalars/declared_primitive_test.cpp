// Tests of declared primitives on tagged scalars
// (models/scalars/declared_primitive.h): over doubles every order of the
// derivative comes from the declared derivative term, over balls from the
// declared series, and the two agree on erf; the models host a declared
// primitive where they can evaluate it.
#include "models/scalars/declared_primitive.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "calculus/declared_primitive.h"
#include "examples/erf/erf_series.h"
#include "models/scalars/elementary.h"
#include "semantics/evaluation_record.h"

using namespace perturb::models;
using perturb::calculus::Primitive;

namespace {

Primitive declare(const std::string& name, const std::string& derivative, bool with_series) {
  auto declared =
      perturb::calculus::declare_primitive({.name = name,
                                            .value = [](double x) { return std::erf(x); },
                                            .derivative = derivative,
                                            .special_points = {{"zero", 0.0}},
                                            .has_series = with_series});
  REQUIRE(declared.ok());
  if (with_series) set_ball_series(*declared, erf_series);
  return *declared;
}

constexpr const char* kErfDerivative = "2 * recip (sqrt (4 * atan2 <1, 1>)) * exp (-(x * x))";

// f(a + ε1 + ε2 + ε3)'s coefficients of 1, ε1, ε1ε2 and ε1ε2ε3: f(a) … f‴(a).
template <class F>
std::array<double, 4> derivatives(Primitive p, double a) {
  const Tag t1 = fresh_tag(), t2 = fresh_tag(), t3 = fresh_tag();
  const Tagged<F> x = Tagged<F>(F(a)) + Tagged<F>::infinitesimal(t1) +
                      Tagged<F>::infinitesimal(t2) + Tagged<F>::infinitesimal(t3);
  const Tagged<F> y = apply_unary(p, x);
  return {to_double(y.primal_value()), to_double(y.tangent(t1).primal_value()),
          to_double(y.tangent(t1).tangent(t2).primal_value()),
          to_double(y.tangent(t1).tangent(t2).tangent(t3).primal_value())};
}

}  // namespace

TEST_CASE(
    "erf's derivatives up to order 3: the derivative term over doubles, the series over "
    "balls, the closed forms",
    "[declared]") {
  const Primitive erf = declare("erf_t", kErfDerivative, true);
  const double c = 2 / std::sqrt(M_PI);
  for (const double a : {0.0, 0.3, -1.25}) {
    INFO("a = " << a);
    const double e = std::exp(-a * a);
    const std::array<double, 4> exact = {std::erf(a), c * e, -2 * a * c * e,
                                         (4 * a * a - 2) * c * e};
    const std::array<double, 4> by_term = derivatives<double>(erf, a);
    const std::array<double, 4> by_series = derivatives<Ball>(erf, a);
    for (std::size_t k = 0; k < 4; ++k) {
      INFO("order " << k);
      CHECK(by_term[k] == Approx(exact[k]).margin(1e-15));
      CHECK(by_series[k] == Approx(exact[k]).margin(1e-15));
    }
  }
  // erf″(0) = 0 exactly by the series; erf‴(0) = −4/√π.
  CHECK(derivatives<Ball>(erf, 0.0)[2] == 0.0);
  CHECK(derivatives<double>(erf, 0.0)[3] == Approx(-2 * c));
}

TEST_CASE("a declared primitive's application is noted, its derivative term's are not",
          "[declared]") {
  const Primitive erf = declare("erf_noted", kErfDerivative, true);
  perturb::semantics::EvaluationRecord record;
  {
    const perturb::semantics::EvaluationRecording recording(record);
    const Tag t = fresh_tag();
    (void)apply_unary(erf, Tagged<double>(0.0) + Tagged<double>::infinitesimal(t));
  }
  CHECK(record.special_points == std::vector<std::string_view>{"zero"});
  CHECK(record.outside.empty());
}

TEST_CASE("balls host a declared primitive only with a series; rationals never", "[declared]") {
  const Primitive with = declare("erf_with", kErfDerivative, true);
  const Primitive without = declare("erf_without", kErfDerivative, false);
  CHECK(hosts_primitive<double>(with));
  CHECK(hosts_primitive<double>(without));
  CHECK(hosts_primitive<Ball>(with));
  CHECK_FALSE(hosts_primitive<Ball>(without));
  CHECK_FALSE(hosts_primitive<Rational>(with));
  CHECK_THAT(why_not_hosted<Ball>(without), Catch::Contains("without a Taylor series"));
}

TEST_CASE("under DerivativesFromSeries the double models take the series' derivatives",
          "[declared]") {
  // A wrong derivative term (half of erf′) with the right series.
  const Primitive half =
      declare("erf_half", "recip (sqrt (4 * atan2 <1, 1>)) * exp (-(x * x))", true);
  const double c = 2 / std::sqrt(M_PI);
  CHECK(derivatives<double>(half, 0.5)[1] == Approx(c * std::exp(-0.25) / 2));
  const DerivativesFromSeries from_series;
  CHECK(derivatives<double>(half, 0.5)[1] == Approx(c * std::exp(-0.25)));
  CHECK(derivatives<double>(half, 0.5)[3] == Approx((4 * 0.25 - 2) * c * std::exp(-0.25)));
}
