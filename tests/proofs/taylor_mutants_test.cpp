// The generators reach every primitive's second and third Taylor
// coefficients (issue 11): each mutant of tests/plugins/taylor_mutants_plugin
// (closures with one wrong coefficient of order 2 or 3 of one primitive) is
// killed by the default run, seen through sound.delta, whose family of
// primitives under nested T checks each order against the δ-rule one order
// lower (proofs/laws/laws_soundness.h). The run is `perturb check` as a user types
// it, with the default seed and number of cases: the same cases as the
// default run's sound.delta on that model.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "tests/app/run_perturb.h"

namespace {

const std::string kPlugin = std::string(PERTURB_TEST_PLUGIN_DIR) + "/libtaylor_mutants.so";

// The failed count of `law`'s row in check's table ("… 905 passed  94 failed …"),
// or -1 when there is no such row.
long failed_cases(const std::string& output, const std::string& law) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with(law + " ")) continue;
    std::istringstream words(line);
    std::string previous;
    for (std::string word; words >> word; previous = word) {
      if (word == "failed") return std::stol(previous);
    }
  }
  return -1;
}

}  // namespace

TEST_CASE("every wrong Taylor coefficient of order 2 and 3 is killed by the default run",
          "[mutants][taylor]") {
  for (const char* primitive : {"mul", "sin", "cos", "exp"}) {
    for (const char* order : {"2", "3"}) {
      const std::string model = std::string("mutant-") + primitive + "-order-" + order;
      const perturb::test::PerturbRun run = perturb::test::run_perturb(
          {"check", "--plugin", kPlugin, "--model", model, "--law", "sound.delta", "--no-shrink"});
      INFO(model << ":\n" << run.out << run.err);
      CHECK(run.status == 1);
      const long failed = failed_cases(run.out, "sound.delta");
      CHECK(failed > 0);
      // Show the counts with -s.
      SUCCEED(model << ": sound.delta fails in " << failed << " of 1000 cases");
    }
  }
}
