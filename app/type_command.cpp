// `perturb type INPUT | -e TERM | -f FILE`
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "app/commands.h"
#include "app/input.h"
#include "app/memory_budget.h"
#include "calculus/type.h"

namespace perturb::app {

void add_type_command(CLI::App& app) {
  struct Options {
    ProgramSource source;
    std::uint64_t print_limit = calculus::kDefaultPrintLimit;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("type", "Print the type of a term");
  add_memory_option(command);
  add_program_arguments(command, options->source);
  add_print_limit_option(command, options->print_limit);
  command->callback([options] {
    const calculus::Program program = read_program(options->source);
    std::cout << calculus::to_string(program.type, options->print_limit) << '\n';
    // Stdout stays the type alone, for scripts; the defaulting is a note on stderr.
    for (const calculus::SourcePosition& where : program.defaulted) {
      std::cerr << fmt::format(
          "perturb: note: line {}, column {}: nothing constrains a type here; it is taken to be "
          "R\n",
          where.line, where.column);
    }
  });
}

}  // namespace perturb::app
