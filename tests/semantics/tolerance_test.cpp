// Tests of the numerical tolerance used to compare points (semantics/tolerance.h),
// and that every concept header and the registry compile on their own.
#include "semantics/tolerance.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "models/registry.h"
#include "semantics/category_error.h"
#include "semantics/differential_lambda_category.h"
#include "semantics/testable_model.h"

using namespace perturb::semantics;

TEST_CASE("tolerance is relative plus absolute", "[tolerance]") {
  const Tolerance tolerance{.relative = 1e-6, .absolute = 1e-9};
  CHECK(approx_equal(1.0, 1.0, tolerance));
  CHECK(approx_equal(1e6, 1e6 + 0.5, tolerance));      // within relative 1e-6 of 1e6
  CHECK_FALSE(approx_equal(1e6, 1e6 + 2, tolerance));  // beyond it
  CHECK(approx_equal(0.0, 5e-10, tolerance));          // absolute part near 0
  CHECK_FALSE(approx_equal(0.0, 1e-8, tolerance));
}

TEST_CASE("NaN equals nothing, infinities only themselves", "[tolerance]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const Tolerance tolerance;
  CHECK_FALSE(approx_equal(nan, nan, tolerance));
  CHECK(approx_equal(inf, inf, tolerance));
  CHECK_FALSE(approx_equal(inf, -inf, tolerance));
  CHECK_FALSE(approx_equal(inf, 1e300, tolerance));
}

TEST_CASE("tolerance prints both parts", "[tolerance]") {
  CHECK(to_string(Tolerance{.relative = 1e-7, .absolute = 1e-9}) ==
        "relative 1e-07, absolute 1e-09");
}

TEST_CASE("mismatch names both objects", "[category-error]") {
  const CategoryError error = mismatch("compose", "R × R", "R");
  CHECK(std::string(error.what()) == "compose: object R × R does not match R");
}
