// The perturb command line: parses arguments, calls the library, and maps
// every way a command can end to one of the exit statuses of app/exit_status.h.
#include <exception>
#include <iostream>

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
