// Reading the TERM|FILE|- argument of a command, and reporting errors in it.
#pragma once

#include <string>

#include "calculus/error.h"
#include "calculus/parse.h"

namespace perturb::app {

// A program text and where it came from.
struct Input {
  std::string origin;  // the file name, "<stdin>", or empty for a term given as the argument
  std::string text;
};

// The text argument denotes: the contents of the file of that name if one
// exists, standard input for "-", else the argument itself.
calculus::ErrorOr<Input> read_input(const std::string& argument);

// Prints "perturb: [origin: ]error" as one line on stderr and returns 2.
int report_error(const std::string& origin, const calculus::Error& error);

// Reads and elaborates the argument; on failure reports the error and throws
// CLI::RuntimeError(2).
calculus::Program read_program(const std::string& argument);

}  // namespace perturb::app
