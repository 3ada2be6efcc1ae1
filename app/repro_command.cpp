// `perturb repro REPORT.json [--index I]`
#include <fstream>
#include <iostream>
#include <iterator>

#include "app/input.h"
#include "app/law_commands.h"
#include "app/memory_budget.h"
#include "app/option_checks.h"
#include "app/plugin_loader.h"
#include "proofs/binding/certified_twin.h"
#include "proofs/cases/witness.h"
#include "proofs/laws/reference_laws.h"
#include "proofs/report/recorded_case.h"
#include "proofs/report/report.h"
#include "proofs/run/runner.h"

namespace perturb::app {
namespace {

[[noreturn]] void fail_input(const std::string& message) {
  std::cerr << "perturb: " << bounded_for_message(message) << '\n';
  throw CLI::RuntimeError(2);
}

int replay(const std::string& path, std::size_t index, const std::vector<std::string>& plugins) {
  auto text = read_file(path);
  if (!text.ok()) fail_input(text.error().to_string());
  // The plugins first: the recorded terms may have primitives they declare.
  auto loaded = load_plugins(plugins);
  if (!loaded.ok()) fail_input(loaded.error().to_string());
  std::vector<LoadedPlugin> loaded_plugins = std::move(*loaded);
  auto recorded = proofs::read_recorded_case(*text, index);
  if (!recorded.ok()) fail_input(path + ": " + recorded.error().to_string());
  std::vector<proofs::LawBinding> bindings = catalogue_bindings(loaded_plugins);
  // A law of perturb check --equation or --rule-file, rebuilt from its
  // recorded statement.
  if (proofs::TextLaw::is_text_law_id(recorded->law)) {
    auto text_law = proofs::TextLaw::make(recorded->statement, recorded->law);
    if (!text_law.ok())
      fail_input(path + ": the statement of " + recorded->law + ": " +
                 text_law.error().to_string());
    proofs::TextLawBindings bound =
        bind_text_laws({std::make_shared<const proofs::TextLaw>(*text_law)}, loaded_plugins);
    for (proofs::LawBinding& binding : bound.bindings) bindings.push_back(std::move(binding));
  }
  proofs::certify_by_twins(bindings);
  // A law of perturb check --reference, against the model its statement names.
  if (const std::string reference = proofs::reference_of_statement(recorded->statement);
      recorded->law.starts_with("ref.") && !reference.empty()) {
    auto bound = bind_reference_laws(reference, loaded_plugins);
    if (!bound.ok()) fail_input(path + ": " + bound.error().to_string());
    for (proofs::LawBinding& binding : *bound) bindings.push_back(std::move(binding));
  }
  isolate_plugin_crashes(bindings, loaded_plugins);
  for (const proofs::LawBinding& binding : bindings) {
    if (binding.info.id != recorded->law || binding.model != recorded->model) continue;
    if (auto invalid = proofs::validate_recorded_case(binding, *recorded))
      fail_input(path + ": " + invalid->to_string());
    const proofs::Outcome outcome = binding.check(recorded->shrunk, recorded->tolerance,
                                                  proofs::compare_seed_of(recorded->case_seed));
    std::cout << recorded->law << " on " << recorded->model << ", recorded case "
              << recorded->case_index << ":\n"
              << proofs::case_text(recorded->shrunk, "  ") << "  left side  " << outcome.lhs
              << "\n  right side " << outcome.rhs << '\n';
    if (outcome.verdict == proofs::Verdict::Failed) {
      std::cout << "still fails: " << outcome.detail << '\n';
      if (outcome.difference)
        std::cout << proofs::witness_text(*outcome.difference, recorded->tolerance, "  ");
      return 1;
    }
    std::cout << (outcome.verdict == proofs::Verdict::Passed
                      ? "no longer fails\n"
                      : "discarded: " + outcome.detail + "\n");
    return 0;
  }
  fail_input(path + ": no law " + recorded->law + " on a model " + recorded->model +
             " in this build" +
             (plugins.empty() ? " (a plugin's model needs --plugin)" : " or its plugins"));
}

}  // namespace

void add_repro_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto index = std::make_shared<std::size_t>(0);
  auto plugins = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand(
      "repro",
      "Replay a counterexample recorded in a report.json from its recorded (shrunk) case, after "
      "checking that it is the case check recorded. Exit status 1 when it still fails, 0 when it "
      "no longer does, 2 when the report is malformed or was edited.");
  add_memory_option(command);
  command->add_option("report", *path, "The report.json written by perturb check --report")
      ->required();
  command->add_option("--index", *index, "Which counterexample of the report (0 is the first)")
      ->check(unsigned_integer_check())
      ->capture_default_str();
  command->add_option(
      "--plugin", *plugins,
      "Load the models and primitives a plugin library registers, as perturb check --plugin "
      "did");
  command->callback([path, index, plugins] {
    if (const int status = replay(*path, *index, *plugins); status != 0) {
      throw CLI::RuntimeError(status);
    }
  });
}

}  // namespace perturb::app
