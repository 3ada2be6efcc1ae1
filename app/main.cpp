// The perturb command line: parses arguments, calls the library, and maps
// every way a command can end to one of the exit statuses of app/exit_status.h.
#include <algorithm>
#include <cctype>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/exit_status.h"
#include "app/input.h"
#include "app/law_commands.h"
#include "app/memory_budget.h"
#include "calculus/error.h"

namespace {

int internal_error(const char* what) {
  std::cerr << "perturb: internal error: " << perturb::app::bounded_for_message(what)
            << "\nThis is a bug in perturb; please report it with the command that caused it.\n";
  return perturb::app::kExitInternalError;
}

// CLI11 lists the arguments it did not expect grouped by subcommand, so an
// unknown option can come last, after the values it made unexpected. The
// one to fix is the first unknown option in the command line, else the first
// unexpected argument: it is named first.
std::string unexpected_arguments(const CLI::App& app, const CLI::ParseError& error, int argc,
                                 char** argv) {
  const std::vector<std::string> remaining = app.remaining(true);
  const auto is_remaining = [&](const std::string& argument) {
    return std::find(remaining.begin(), remaining.end(), argument) != remaining.end();
  };
  std::string command = "perturb";
  for (const CLI::App* sub = &app; !sub->get_subcommands().empty();) {
    sub = sub->get_subcommands().front();
    command += " " + sub->get_name();
  }
  std::optional<std::string> first;  // the argument to name first
  bool option = false;               // whether it is an option (-1 is a number)
  for (int i = 1; i < argc && !option; ++i) {
    const std::string argument = argv[i];
    if (!is_remaining(argument)) continue;
    option = argument.size() > 1 && argument[0] == '-' &&
             !std::isdigit(static_cast<unsigned char>(argument[1]));
    if (option || !first) first = argument;
  }
  if (!first) return std::string(error.what()) + " (see perturb --help)";
  std::string message = option ? "unknown option " + *first + " for " + command
                               : "unexpected argument '" + *first + "' for " + command;
  std::string others;
  for (const std::string& argument : remaining) {
    if (argument != *first) others += (others.empty() ? "" : ", ") + argument;
  }
  if (!others.empty()) message += "; not expected either: " + others;
  return message + " (see " + command + " --help)";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace perturb::app;
  try {
    CLI::App app{"Perturb: the perturbative λ-calculus of forward-mode AD", "perturb"};
    app.footer(
        "Exit status: 0 holds, 1 a counterexample (reduce/eval: gave up on a budget), 2 bad "
        "usage or input, 3 internal error, 4 unhealthy run, 5 stopped at --max-memory or a "
        "deadline (docs/exit-status.md).");
    // The version of the CMake project; a plugin is built against the same.
    app.set_version_flag("--version", "perturb " PERTURB_VERSION);
    app.require_subcommand(1);
    add_type_command(app);
    add_reduce_command(app);
    add_eval_command(app);
    add_draw_command(app);
    add_check_command(app);
    add_merge_command(app);
    add_list_command(app);
    add_repro_command(app);
    add_conjecture_command(app);
    try {
      app.parse(argc, argv);
    } catch (const CLI::RuntimeError& status) {
      return status.get_exit_code();
    } catch (const CLI::ExtrasError& error) {
      std::cerr << "perturb: " << bounded_for_message(unexpected_arguments(app, error, argc, argv))
                << '\n';
      return kExitBadInput;
    } catch (const CLI::ParseError& error) {
      if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success))
        return app.exit(error);
      std::cerr << "perturb: " << bounded_for_message(error.what()) << " (see perturb --help)\n";
      return kExitBadInput;
    }
  } catch (const MemoryBudgetExceeded&) {
    std::cerr << "perturb: " << memory_budget_message() << '\n';
    return kExitStopped;
  } catch (const std::bad_alloc&) {
    std::cerr << "perturb: out of memory (the system refused an allocation below --max-memory)\n";
    return kExitStopped;
  } catch (const perturb::calculus::InternalError& error) {
    return internal_error(error.what());
  } catch (const std::exception& error) {
    return internal_error(error.what());
  } catch (...) {
    return internal_error("an exception that is not a std::exception");
  }
  return kExitHolds;
}
