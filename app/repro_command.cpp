// `perturb repro REPORT.json [--index I]`
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/law_commands.h"
#include "app/memory_budget.h"
#include "app/plugin_loader.h"
#include "proofs/builtin_bindings.h"
#include "proofs/report.h"

namespace perturb::app {
namespace {

[[noreturn]] void fail_input(const std::string& message) {
  std::cerr << "perturb: " << message << '\n';
  throw CLI::RuntimeError(2);
}

int replay(const std::string& path, std::size_t index, const std::vector<std::string>& plugins) {
  std::ifstream in(path);
  if (!in) fail_input("cannot read " + path);
  nlohmann::json report;
  try {
    report = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& error) {
    fail_input(path + ": not JSON: " + error.what());
  }
  std::vector<nlohmann::json> counterexamples;
  try {
    for (const auto& result : report.at("results")) {
      if (!result.at("counterexample").is_null())
        counterexamples.push_back(result.at("counterexample"));
    }
  } catch (const nlohmann::json::exception& error) {
    fail_input(path + ": not a perturb report: " + error.what());
  }
  if (counterexamples.empty()) fail_input(path + ": the report records no counterexample");
  if (index >= counterexamples.size()) {
    fail_input(path + ": --index " + std::to_string(index) + " but the report has " +
               std::to_string(counterexamples.size()) + " counterexample(s)");
  }
  const nlohmann::json& recorded = counterexamples[index];
  std::string law, model;
  std::uint64_t case_seed = 0;
  semantics::Tolerance tolerance;
  try {
    law = recorded.at("law").get<std::string>();
    model = recorded.at("model").get<std::string>();
    case_seed = recorded.at("case_seed").get<std::uint64_t>();
    tolerance.relative = report.at("tolerance").at("relative").get<double>();
    tolerance.absolute = report.at("tolerance").at("absolute").get<double>();
  } catch (const nlohmann::json::exception& error) {
    fail_input(path + ": malformed counterexample: " + error.what());
  }
  auto shrunk = proofs::case_from_json(recorded.at("shrunk"));
  if (!shrunk.ok()) fail_input(path + ": " + shrunk.error().to_string());
  std::vector<proofs::LawBinding> bindings = proofs::builtin_bindings();
  for (const std::string& plugin : plugins) {
    auto loaded = load_plugin(plugin);
    if (!loaded.ok()) fail_input(loaded.error().to_string());
    for (proofs::LawBinding& binding : *loaded) bindings.push_back(std::move(binding));
  }
  for (const proofs::LawBinding& binding : bindings) {
    if (binding.info.id != law || binding.model != model) continue;
    const proofs::Outcome outcome =
        binding.check(*shrunk, tolerance, proofs::compare_seed_of(case_seed));
    std::cout << law << " on " << model << ", recorded case " << recorded.value("case", 0) << ":\n"
              << "  left side  " << outcome.lhs << "\n  right side " << outcome.rhs << '\n';
    if (outcome.verdict == proofs::Verdict::Failed) {
      std::cout << "still fails: " << outcome.detail << '\n';
      return 1;
    }
    std::cout << (outcome.verdict == proofs::Verdict::Passed
                      ? "no longer fails\n"
                      : "discarded: " + outcome.detail + "\n");
    return 0;
  }
  fail_input(path + ": no law " + law + " on a model " + model + " in this build" +
             (plugins.empty() ? " (a plugin's model needs --plugin)" : " or its plugins"));
}

}  // namespace

void add_repro_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto index = std::make_shared<std::size_t>(0);
  auto plugins = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand(
      "repro",
      "Replay a counterexample recorded in a report.json from its recorded (shrunk) case. Exit "
      "status 1 when it still fails, 0 when it no longer does.");
  add_memory_option(command);
  command->add_option("report", *path, "The report.json written by perturb check --report")
      ->required();
  command->add_option("--index", *index, "Which counterexample of the report (0 is the first)")
      ->capture_default_str();
  command->add_option("--plugin", *plugins,
                      "Load the models a plugin library registers, as perturb check --plugin did");
  command->callback([path, index, plugins] {
    if (const int status = replay(*path, *index, *plugins); status != 0) {
      throw CLI::RuntimeError(status);
    }
  });
}

}  // namespace perturb::app
