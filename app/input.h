// Reading the program a command works on, and reporting errors in it.
//
// The program comes from exactly one of
//   INPUT        a file if it names an existing file, contains '/' or ends in
//                ".pt"; standard input if it is "-"; otherwise the term itself
//   -e TERM      the term itself, whatever it looks like
//   -f FILE      the file, whatever it is called
// so that a mistyped path is "no such file", not a parse error in the path.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

#include "calculus/error.h"
#include "calculus/parse.h"

namespace perturb::app {

// A program text and where it came from.
struct Input {
  std::string origin;  // the file name, "<stdin>", or empty for a term given as the argument
  std::string text;
};

// The three ways of naming the program, as the command line gave them.
struct ProgramSource {
  std::string input;
  std::string term;
  std::string file;
};

// Adds INPUT, -e and -f to command, storing into source.
void add_program_arguments(CLI::App* command, ProgramSource& source);

// The text the source denotes, or why it cannot be read (exactly one of the
// three must be given).
calculus::ErrorOr<Input> read_input(const ProgramSource& source);

// The contents of the file at path: "no such file", "is a directory" and
// read failures are errors naming the path.
calculus::ErrorOr<std::string> read_file(const std::string& path);

// Adds --print-limit N: terms and types of more than N nodes print as their sizes.
void add_print_limit_option(CLI::App* command, std::uint64_t& limit);

// Prints "perturb: [origin: ]error" as one line on stderr and returns 2.
int report_error(const std::string& origin, const calculus::Error& error);

// Reads and elaborates the source; on failure reports the error and throws
// CLI::RuntimeError(2).
calculus::Program read_program(const ProgramSource& source);

// text, cut to at most kMaxMessageBytes with its size said, for one line of stderr.
inline constexpr std::size_t kMaxMessageBytes = 2000;
std::string bounded_for_message(std::string_view text);

}  // namespace perturb::app
