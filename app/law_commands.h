// The checker's subcommands: `check`, `list`, `repro`.
#pragma once

#include <CLI/CLI.hpp>

namespace perturb::app {

// `perturb check [--law GLOB]… [--model NAME]… [options]`: runs the law catalogue.
void add_check_command(CLI::App& app);

// `perturb merge DIR… --report OUT`: the report of a run from its shards' journals.
void add_merge_command(CLI::App& app);

// `perturb list laws|models [--markdown]`.
void add_list_command(CLI::App& app);

// `perturb repro REPORT.json [--index I]`: replays a recorded counterexample.
void add_repro_command(CLI::App& app);

}  // namespace perturb::app
