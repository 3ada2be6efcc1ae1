// `perturb draw INPUT | -e TERM | -f FILE [--tree] [--max-nodes N]`
#include <iostream>
#include <memory>

#include "app/commands.h"
#include "app/input.h"
#include "app/memory_budget.h"
#include "app/option_checks.h"
#include "calculus/dot.h"

namespace perturb::app {

void add_draw_command(CLI::App& app) {
  struct Options {
    ProgramSource source;
    bool tree = false;
    std::uint64_t max_nodes = 10000;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand(
      "draw",
      "Write the term as Graphviz DOT on stdout: one node per distinct subterm (the shared DAG "
      "the term is), or per occurrence with --tree; render with e.g. `dot -Tsvg`");
  add_memory_option(command);
  add_program_arguments(command, options->source);
  command->add_flag("--tree", options->tree,
                    "One node per occurrence (the term as a tree) instead of per distinct subterm");
  command
      ->add_option("--max-nodes", options->max_nodes,
                   "Refuse a drawing of more than this many nodes (a tree can be exponentially "
                   "larger than its DAG)")
      ->capture_default_str()
      ->check(unsigned_integer_check())
      ->check(CLI::PositiveNumber);
  command->callback([options] {
    const calculus::Program program = read_program(options->source);
    auto dot =
        calculus::to_dot(program.term, program.context,
                         options->tree ? calculus::DotLayout::Tree : calculus::DotLayout::Shared,
                         options->max_nodes);
    if (!dot.ok()) throw CLI::RuntimeError(report_error("", dot.error()));
    std::cout << *dot;
  });
}

}  // namespace perturb::app
