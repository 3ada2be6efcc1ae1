#include "app/input.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "app/option_checks.h"

namespace perturb::app {
namespace {

calculus::Error error(std::string message) { return {std::move(message), std::nullopt}; }

bool looks_like_path(const std::string& argument) {
  std::error_code ignored;
  return std::filesystem::exists(argument, ignored) || argument.find('/') != std::string::npos ||
         (argument.size() >= 3 && argument.ends_with(".pt"));
}

}  // namespace

void add_program_arguments(CLI::App* command, ProgramSource& source) {
  command->add_option("input", source.input,
                      "The program: a file (an existing file, or a name containing '/' or "
                      "ending in .pt), - for standard input, or else the term itself");
  command->add_option("-e,--expr", source.term, "The program given as text, never read as a file");
  command->add_option("-f,--file", source.file, "The file holding the program");
}

void add_print_limit_option(CLI::App* command, std::uint64_t& limit) {
  command
      ->add_option("--print-limit", limit,
                   "Print a term or type of more than this many nodes as its sizes instead")
      ->capture_default_str()
      ->check(unsigned_integer_check())
      ->check(CLI::PositiveNumber);
}

calculus::ErrorOr<std::string> read_file(const std::string& path) {
  std::error_code status;
  const auto kind = std::filesystem::status(path, status).type();
  if (kind == std::filesystem::file_type::not_found)
    return error(fmt::format("{}: no such file", bounded_for_message(path)));
  if (kind == std::filesystem::file_type::directory)
    return error(fmt::format("{}: is a directory, not a file", bounded_for_message(path)));
  std::ifstream file(path, std::ios::binary);
  if (!file) return error(fmt::format("{}: cannot open for reading", bounded_for_message(path)));
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  if (file.bad()) return error(fmt::format("{}: read failed", bounded_for_message(path)));
  return text;
}

calculus::ErrorOr<Input> read_input(const ProgramSource& source) {
  const int given = !source.input.empty() + !source.term.empty() + !source.file.empty();
  if (given != 1)
    return error(given == 0 ? "no program: give INPUT, -e TERM or -f FILE"
                            : "give the program once: INPUT, -e TERM or -f FILE");
  if (!source.term.empty()) return Input{"", source.term};
  const std::string& path = source.file.empty() ? source.input : source.file;
  if (source.file.empty() && path == "-") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    return Input{"<stdin>", buffer.str()};
  }
  if (source.file.empty() && !looks_like_path(path)) return Input{"", path};
  auto text = read_file(path);
  if (!text.ok()) return text.error();
  return Input{path, std::move(text).value()};
}

int report_error(const std::string& origin, const calculus::Error& error) {
  const std::string where = origin.empty() ? "" : bounded_for_message(origin) + ": ";
  std::cerr << "perturb: " << where << bounded_for_message(error.to_string()) << '\n';
  return 2;
}

calculus::Program read_program(const ProgramSource& source) {
  auto input = read_input(source);
  if (!input) throw CLI::RuntimeError(report_error("", input.error()));
  auto program = calculus::parse_program(input->text);
  if (!program) throw CLI::RuntimeError(report_error(input->origin, program.error()));
  return std::move(program).value();
}

std::string bounded_for_message(std::string_view text) {
  if (text.size() <= kMaxMessageBytes) return std::string(text);
  // Room for the suffix, so that the whole line stays within kMaxMessageBytes.
  return fmt::format("{}… ({} bytes in all)", calculus::utf8_prefix(text, kMaxMessageBytes - 200),
                     text.size());
}

}  // namespace perturb::app
