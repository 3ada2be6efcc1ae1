// The perturb command line: parses arguments, calls the library, maps results
// to exit statuses (0 success, 1 a law failed, 2 bad usage or input).
#include <iostream>

#include "app/commands.h"
#include "app/law_commands.h"
#include "app/memory_budget.h"

int main(int argc, char** argv) {
  CLI::App app{"Perturb: the perturbative λ-calculus of forward-mode AD", "perturb"};
  app.require_subcommand(1);
  perturb::app::add_type_command(app);
  perturb::app::add_reduce_command(app);
  perturb::app::add_eval_command(app);
  perturb::app::add_check_command(app);
  perturb::app::add_list_command(app);
  perturb::app::add_repro_command(app);
  try {
    app.parse(argc, argv);
  } catch (const perturb::app::MemoryBudgetExceeded&) {
    std::cerr << "perturb: " << perturb::app::memory_budget_message() << '\n';
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "perturb: out of memory (the system refused an allocation below --max-memory)\n";
    return 2;
  } catch (const CLI::RuntimeError& status) {
    return status.get_exit_code();
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(error);
    std::cerr << "perturb: " << error.what() << " (see perturb --help)\n";
    return 2;
  }
  return 0;
}
