// (a) and (d): checks the linear-maps model, or with --broken its broken
// variant (D(f) = 2·(f∘π1)), through the library entry point, prints the
// summary and writes report.json and report.md to the directory given last.
//
//   check_linear_maps [--broken] [REPORT_DIR]
//
// Exit status: 0 when every law holds, 1 when one fails (like perturb check).
#include <iostream>
#include <string>

#include "linear_maps.h"
#include "proofs/check.h"
#include "proofs/report/report.h"

int main(int argc, char** argv) {
  bool broken = false;
  perturb::proofs::CheckOptions options;
  options.run.engine.cases = 300;
  options.run.execution.jobs = 2;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument == "--broken") {
      broken = true;
    } else {
      options.report_dir = argument;
    }
  }
  const linear_maps::LinearMaps model =
      broken ? linear_maps::broken_linear_maps() : linear_maps::LinearMaps();
  const auto results = perturb::proofs::check(model, options);
  std::cout << perturb::proofs::summary_text(results, options.run);
  return perturb::proofs::all_hold(results) ? 0 : 1;
}
