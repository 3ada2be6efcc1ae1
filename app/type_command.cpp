// `perturb type TERM|FILE|-`
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "app/commands.h"
#include "app/input.h"
#include "app/memory_budget.h"
#include "calculus/type.h"

namespace perturb::app {

void add_type_command(CLI::App& app) {
  auto argument = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand("type", "Print the type of a term");
  add_memory_option(command);
  command
      ->add_option("term", *argument,
                   "The term: a file name, - for standard input, or the term itself")
      ->required();
  command->callback([argument] {
    const calculus::Program program = read_program(*argument);
    std::cout << calculus::to_string(program.type) << '\n';
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
