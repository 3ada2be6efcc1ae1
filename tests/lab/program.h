// Parsing a term for the lab's tests: Γ ⊢ text, or the test fails.
#pragma once

#include <catch2/catch.hpp>

#include "calculus/parse.h"

namespace perturb::lab::testing {

inline calculus::Program program(const char* text, const calculus::Context& free = {}) {
  auto parsed = calculus::parse_program(text, free);
  INFO(text);
  REQUIRE(parsed.ok());
  return *parsed;
}

}  // namespace perturb::lab::testing
