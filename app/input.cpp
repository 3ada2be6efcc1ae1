#include "app/input.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace perturb::app {

calculus::ErrorOr<Input> read_input(const std::string& argument) {
  if (argument == "-") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    return Input{"<stdin>", buffer.str()};
  }
  std::error_code ignored;
  if (std::filesystem::is_regular_file(argument, ignored)) {
    std::ifstream file(argument, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (!file && !file.eof())
      return calculus::Error{fmt::format("cannot read '{}'", argument), std::nullopt};
    return Input{argument, std::move(text)};
  }
  return Input{"", argument};
}

int report_error(const std::string& origin, const calculus::Error& error) {
  const std::string where = origin.empty() ? "" : origin + ": ";
  std::cerr << "perturb: " << where << error.to_string() << '\n';
  return 2;
}

calculus::Program read_program(const std::string& argument) {
  auto input = read_input(argument);
  if (!input) throw CLI::RuntimeError(report_error("", input.error()));
  auto program = calculus::parse_program(input->text);
  if (!program) throw CLI::RuntimeError(report_error(input->origin, program.error()));
  return std::move(program).value();
}

}  // namespace perturb::app
