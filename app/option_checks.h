// Validators for option values that CLI11's own checks let through: nan in a
// range (every comparison with nan is false), and negative or too large
// integers, which CLI11 wraps or saturates into an unsigned option.
#pragma once

#include <CLI/CLI.hpp>

namespace perturb::app {

// Decimal digits only, at most 2^64 - 1: a seed, an index, a count, a budget.
CLI::Validator unsigned_integer_check();

// A finite number in [0, 1].
CLI::Validator tolerance_check();

}  // namespace perturb::app
