// The first phase in worker processes (proofs/run/worker_processes.h): the same
// tallies as threads, whether the workers report each case or each unit's
// tally, and a case that ends its worker counted under its own index
// although the worker reports a unit only at its end.
#include "proofs/run/worker_processes.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "proofs/binding/builtin_bindings.h"
#include "proofs/cases/case_generator.h"
#include "proofs/run/journal.h"
#include "proofs/run/runner.h"

using namespace perturb::proofs;

namespace {

// Some catalogue pairs, one of them failing (naive-dual on cdc.D6).
std::vector<LawBinding> some_bindings() {
  std::vector<LawBinding> chosen;
  for (LawBinding& binding : builtin_bindings()) {
    const bool law = binding.info.id == "cdc.D6" || binding.info.id == "sound.beta";
    const bool model = binding.model == "naive-dual" || binding.model == "smooth";
    if (law && model) chosen.push_back(std::move(binding));
  }
  return chosen;
}

// With a case timeout the workers report each case as it ends; without, a
// unit's tally at its end.
RunLedger run(const std::vector<LawBinding>& bindings, bool processes, double case_timeout = 0) {
  RunOptions options;
  options.engine.cases = 80;
  options.execution.jobs = 2;
  options.execution.worker_processes = processes;
  options.execution.case_timeout = case_timeout;
  RunLedger ledger;
  run_units(bindings, options.engine, options.execution, ledger);
  return ledger;
}

}  // namespace

TEST_CASE("worker processes count every unit as threads do", "[runner][processes]") {
  const std::vector<LawBinding> bindings = some_bindings();
  REQUIRE(bindings.size() == 4);
  const bool each_case = GENERATE(false, true);
  INFO((each_case ? "each case reported" : "each unit's tally reported"));
  const RunLedger threads = run(bindings, false),
                  processes = run(bindings, true, each_case ? 600 : 0);
  CHECK(processes.units == threads.units);
  REQUIRE(processes.pairs.size() == bindings.size());
  std::uint64_t failed = 0;
  for (std::size_t b = 0; b < bindings.size(); ++b) {
    INFO(bindings[b].info.id << " on " << bindings[b].model);
    CHECK(tally_json(processes.pairs[b]) == tally_json(threads.pairs[b]));
    CHECK(processes.pairs[b].cases() == 80);
    failed += processes.pairs[b].failed;
  }
  CHECK(failed > 0);  // the comparison covers failing cases too
}

TEST_CASE("a case that ends its worker fails as a crash under its own index",
          "[runner][processes]") {
  // Case 37 of the one binding ends the process it runs in. The worker
  // reports its unit (cases 32 to 63) at the end, so nothing of the unit is
  // heard before it dies; checked again case by case, the unit names 37.
  RunOptions options;
  options.engine.cases = 80;
  options.execution.jobs = 1;
  options.execution.worker_processes = true;
  LawBinding binding;
  binding.info.id = "law.dies";
  binding.model = "model";
  binding.generate = [](CaseGenerator&) { return Case{}; };
  const std::uint64_t dying =
      compare_seed_of(case_seed(options.engine.seed, "law.dies", "model", 37));
  binding.check = [dying](const Case&, const perturb::semantics::Tolerance&,
                          std::uint64_t compare_seed) {
    if (compare_seed == dying) _exit(70);
    return Outcome{};
  };
  RunLedger ledger;
  run_units({binding}, options.engine, options.execution, ledger);
  REQUIRE(ledger.pairs.size() == 1);
  const PairTally& tally = ledger.pairs[0];
  CHECK(tally.cases() == 80);
  CHECK(tally.passed == 79);
  CHECK(tally.failed == 1);
  CHECK(tally.discards.empty());
  REQUIRE(tally.first_failure);
  CHECK(*tally.first_failure == 37);
}
