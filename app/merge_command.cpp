// `perturb merge DIR… --report OUT`: the report of a run from the journals of
// its shards (check --shard K/N --report DIR). The shards' tallies are
// folded, then the run is finished as if it had run in one piece: each
// pair's counterexample is its lowest failing index over all shards, shrunk
// once here, and health and coverage are judged on the merged counts. The
// report is byte for byte the unsharded run's (docs/distributed.md).
#include <filesystem>
#include <iostream>
#include <thread>

#include "app/check_run.h"
#include "app/law_commands.h"
#include "app/report_files.h"
#include "proofs/report/provenance.h"
#include "proofs/run/journal.h"

namespace perturb::app {
namespace {

using nlohmann::json;

struct MergeArguments {
  std::vector<std::string> shard_dirs;
  std::vector<std::string> plugins;
  CheckArguments check;
};

// The keys of two JSON objects whose values differ, for a message.
std::string differing_keys(const json& a, const json& b) {
  std::string keys;
  for (const auto& [key, value] : a.items()) {
    if (!b.contains(key) || b.at(key) != value) keys += (keys.empty() ? "" : ", ") + key;
  }
  return keys.empty() ? "options" : keys;
}

int run_merge(MergeArguments& arguments) {
  std::vector<proofs::Journal> journals;
  for (const std::string& dir : arguments.shard_dirs) {
    auto journal = proofs::read_journal(dir);
    if (!journal.ok()) fail_usage(journal.error().to_string());
    journals.push_back(std::move(*journal));
  }
  const json& first = journals.front().provenance;
  const std::uint32_t count = journals.front().shard.count;
  std::vector<std::string> shard_dir(count + 1);
  for (std::size_t i = 0; i < journals.size(); ++i) {
    const proofs::Journal& journal = journals[i];
    const std::string& dir = arguments.shard_dirs[i];
    if (journal.provenance.at("options") != first.at("options")) {
      fail_usage(dir + " is a shard of another run: it differs from " +
                 arguments.shard_dirs.front() + " in " +
                 differing_keys(journal.provenance.at("options"), first.at("options")));
    }
    require_same_build(journal.provenance, first, dir + "/journal.jsonl");
    if (journal.shard.count != count) {
      fail_usage(dir + " is a shard of " + std::to_string(journal.shard.count) + ", " +
                 arguments.shard_dirs.front() + " of " + std::to_string(count));
    }
    std::string& seen = shard_dir[journal.shard.index];
    if (!seen.empty()) {
      fail_usage(dir + " and " + seen + " are both shard " + std::to_string(journal.shard.index) +
                 "/" + std::to_string(count));
    }
    seen = dir;
  }
  for (std::uint32_t k = 1; k <= count; ++k) {
    if (shard_dir[k].empty())
      fail_usage("shard " + std::to_string(k) + "/" + std::to_string(count) +
                 " is missing: merge needs the --report directories of all " +
                 std::to_string(count) + " shards");
  }

  proofs::RunOptions& run = arguments.check.run;
  auto options = proofs::run_options_from_json(first.at("options"), run);
  if (!options.ok()) fail_usage(arguments.shard_dirs.front() + ": " + options.error().to_string());
  run = std::move(*options);
  if (!arguments.plugins.empty()) {
    if (arguments.plugins.size() != run.record.plugins.size())
      fail_usage("--plugin: the shards ran with " + std::to_string(run.record.plugins.size()) +
                 " plugins, " + std::to_string(arguments.plugins.size()) + " given");
    run.record.plugins = arguments.plugins;
  }
  // The plugins (found where the shards had them, or at --plugin) must be
  // the same libraries, and perturb the same build.
  json ours = proofs::provenance_json(run);
  for (std::size_t i = 0; i < run.record.plugins.size(); ++i)
    ours.at("plugins").at(i).at("path") = first.at("plugins").at(i).at("path");
  require_same_build(first, ours, "the shards' journals");
  if (run.execution.jobs == 0)
    run.execution.jobs = std::max(1u, std::thread::hardware_concurrency());

  run.execution.isolate_crashes = !run.record.plugins.empty();
  const std::vector<proofs::LawBinding> bindings = select_bindings(run);
  proofs::RunLedger ledger;
  ledger.pairs.resize(bindings.size());
  for (std::size_t i = 0; i < journals.size(); ++i) {
    const std::string& dir = arguments.shard_dirs[i];
    auto shard =
        proofs::ledger_of(journals[i].entries, bindings, run.engine.cases, journals[i].shard);
    if (!shard.ok()) fail_usage(dir + "/journal.jsonl: " + shard.error().to_string());
    if (!shard->complete(bindings.size(), run.engine.cases, journals[i].shard)) {
      fail_usage(dir + " holds an unfinished shard (" + std::to_string(shard->units.size()) +
                 " units counted): finish it with perturb check --resume " + dir);
    }
    for (std::size_t b = 0; b < bindings.size(); ++b)
      proofs::fold_into(ledger.pairs[b], shard->pairs[b]);
  }
  prepare_report_dir(arguments.check.report_dir);
  const auto results = proofs::finish_run(bindings, run.engine, run.execution,
                                          std::move(ledger.pairs), proofs::Completeness::Complete);
  return report_results(results, arguments.check, {});
}

}  // namespace

void add_merge_command(CLI::App& app) {
  auto arguments = std::make_shared<MergeArguments>();
  arguments->check.run.execution.jobs = 0;
  CLI::App* command = app.add_subcommand(
      "merge",
      "Merge the journals of a run's shards (check --shard K/N --report DIR, one DIR each) into "
      "the report of the whole run, the same byte for byte as the unsharded run's: the lowest "
      "failing case of each pair is shrunk here, health and coverage judged on the merged "
      "counts. Exit status as check's; 2 when the shards are not all of one run and build.");
  command->add_option("DIR", arguments->shard_dirs, "The --report directories of the shards")
      ->required();
  command
      ->add_option("--report", arguments->check.report_dir,
                   "Write the merged report.json and report.md to this directory")
      ->required();
  command->add_option("--plugin", arguments->plugins,
                      "Where the shards' plugin libraries are now, in their order, when not at "
                      "the paths they ran with; each must be the same library (its digest)");
  command
      ->add_option("--jobs", arguments->check.run.execution.jobs,
                   "Threads for shrinking and coverage (default: one per core)")
      ->check(CLI::Range(1u, 256u));
  command->add_option("--junit", arguments->check.junit_file,
                      "Also write the results as JUnit XML to this file");
  command->callback([arguments] {
    if (const int status = run_merge(*arguments); status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace perturb::app
