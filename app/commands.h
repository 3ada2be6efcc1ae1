// The subcommands of `perturb`, one file each. A command's callback throws
// CLI::RuntimeError(status) for a non-zero exit status (2: bad input), after
// printing its one-line error to stderr.
#pragma once

#include <CLI/CLI.hpp>

namespace perturb::app {

// `perturb type TERM|FILE|-`: prints the type of the term.
void add_type_command(CLI::App& app);

// `perturb reduce TERM|FILE|- [options]`: normalizes the term.
void add_reduce_command(CLI::App& app);

// `perturb eval TERM|FILE|- [--model NAME] [--at x=VALUE …] [--json]`: the
// term's value in a model (app/eval_command.cpp).
void add_eval_command(CLI::App& app);

// `perturb draw TERM|FILE|- [--tree] [--max-nodes N]`: the term as Graphviz
// DOT (app/draw_command.cpp).
void add_draw_command(CLI::App& app);

// `perturb conjecture confluence [options]`: the conjecture lab
// (app/conjecture_command.cpp, lab/).
void add_conjecture_command(CLI::App& app);

}  // namespace perturb::app
