#include "app/check_run.h"

#include <CLI/CLI.hpp>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <set>

#include "app/exit_status.h"
#include "app/input.h"
#include "app/plugin_loader.h"
#include "app/report_drawings.h"
#include "app/report_files.h"
#include "calculus/rule_file.h"
#include "proofs/binding/certified_twin.h"
#include "proofs/depth/depth_limits.h"
#include "proofs/laws/law_selection.h"
#include "proofs/report/junit.h"
#include "proofs/report/law_matrix.h"
#include "proofs/run/health.h"

namespace perturb::app {
namespace {

// Whether --model selects the model: by default the sound models.
bool model_selected(const proofs::RunOptions& run, const std::string& model, bool foil) {
  return run.record.model_names.empty()
             ? !foil
             : std::count(run.record.model_names.begin(), run.record.model_names.end(), model) > 0;
}

// The text laws of the --equation arguments and of the --rule-file's rules.
std::vector<std::shared_ptr<const proofs::TextLaw>> text_laws_of(const proofs::RunOptions& run) {
  std::vector<std::shared_ptr<const proofs::TextLaw>> laws;
  const std::vector<std::string>& equations = run.record.equations;
  for (std::size_t i = 0; i < equations.size(); ++i) {
    auto law = proofs::TextLaw::make(equations[i], "equation." + std::to_string(i + 1));
    if (!law.ok()) {
      fail_usage("--equation " + calculus::quoted(equations[i]) + ": " + law.error().to_string());
    }
    laws.push_back(std::make_shared<const proofs::TextLaw>(*law));
  }
  if (!run.record.rule_file.empty()) {
    auto text = read_file(run.record.rule_file);
    if (!text.ok()) fail_usage(text.error().to_string());
    auto rules = calculus::parse_rule_file(*text);
    if (!rules.ok()) fail_usage(run.record.rule_file + ": " + rules.error().to_string());
    for (const calculus::UserRule& rule : *rules) {
      auto law = proofs::TextLaw::make(rule.statement, "rule." + rule.name);
      if (!law.ok()) {
        fail_usage(run.record.rule_file + ": rule " + rule.name + ": " + law.error().to_string());
      }
      laws.push_back(std::make_shared<const proofs::TextLaw>(*law));
    }
  }
  return laws;
}

// "perturb V, commit C, gcc …, libstdc++ …": a build, for messages.
std::string build_text(const nlohmann::json& provenance) {
  return provenance.at("perturb").get<std::string>() + ", commit " +
         provenance.at("commit").get<std::string>() + ", " +
         provenance.at("build").at("compiler").get<std::string>() + ", " +
         provenance.at("build").at("standard_library").get<std::string>();
}

}  // namespace

void require_same_build(const nlohmann::json& recorded, const nlohmann::json& ours,
                        const std::string& what) {
  if (recorded.at("perturb") != ours.at("perturb") || recorded.at("commit") != ours.at("commit") ||
      recorded.at("build") != ours.at("build")) {
    fail_usage(what + " was written by another build (" + build_text(recorded) + "); this is " +
               build_text(ours));
  }
  if (recorded.value("rule_file_digest", "") != ours.value("rule_file_digest", ""))
    fail_usage(what + " was written with another version of the rule file");
  if (recorded.at("plugins") != ours.at("plugins"))
    fail_usage(what + " was written with other plugins: " + recorded.at("plugins").dump() +
               "; now: " + ours.at("plugins").dump());
}

void fail_usage(const std::string& message) {
  std::cerr << "perturb: " << message << '\n';
  throw CLI::RuntimeError(kExitBadInput);
}

namespace {

// A pair the selection names but the run does not check: a note now, and a
// line of the summary and the reports later.
void note_not_run(proofs::RunOptions& run, std::string sentence) {
  std::cerr << "perturb: note: " << sentence << '\n';
  run.record.not_run.push_back(std::move(sentence));
}

}  // namespace

std::vector<proofs::LawBinding> select_bindings(proofs::RunOptions& run) {
  auto loaded = load_plugins(run.record.plugins);
  if (!loaded.ok()) fail_usage(loaded.error().to_string());
  std::vector<LoadedPlugin> plugins = std::move(*loaded);
  // Every model, whatever it hosts: --model names one of these.
  std::set<std::string> known_models;
  std::vector<proofs::LawBinding> all = catalogue_bindings(plugins);
  for (const proofs::LawBinding& binding : all) known_models.insert(binding.model);
  for (const std::string& model : run.record.model_names) {
    if (!known_models.count(model)) {
      std::string names;
      for (const std::string& name : known_models) names += (names.empty() ? "" : ", ") + name;
      fail_usage("unknown model '" + model + "' (models: " + names + ")");
    }
  }
  if (!run.record.equations.empty() || !run.record.rule_file.empty()) {
    const auto laws = text_laws_of(run);
    proofs::TextLawBindings bound = bind_text_laws(laws, plugins);
    for (const proofs::TextLawRefusal& refusal : bound.refusals) {
      if (model_selected(run, refusal.model, refusal.foil)) note_not_run(run, refusal.to_string());
    }
    all = std::move(bound.bindings);
  }
  proofs::certify_by_twins(all);
  if (!run.record.reference.empty()) {
    auto reference = bind_reference_laws(run.record.reference, plugins);
    if (!reference.ok()) fail_usage(reference.error().to_string());
    for (proofs::LawBinding& binding : *reference) all.push_back(std::move(binding));
  }
  // A model's depth: the laws that nest deeper are refused, by name.
  std::size_t depth_refused = 0;
  for (const proofs::DepthRefusal& refusal : proofs::apply_depth_limits(all)) {
    const bool law_ok = run.record.law_patterns.empty() ||
                        proofs::law_selected_by_any(refusal.law, run.record.law_patterns);
    if (!model_selected(run, refusal.model, refusal.foil) || !law_ok) continue;
    note_not_run(run, refusal.to_string());
    ++depth_refused;
  }
  std::vector<proofs::LawBinding> selected;
  for (proofs::LawBinding& binding : all) {
    const bool model_ok = model_selected(run, binding.model, binding.foil);
    const bool law_ok = run.record.law_patterns.empty() ||
                        proofs::law_selected_by_any(binding.info.id, run.record.law_patterns);
    if (model_ok && law_ok) selected.push_back(std::move(binding));
  }
  if (selected.empty() && depth_refused > 0)
    fail_usage("every law selected nests derivatives deeper than its model supports (above)");
  if (selected.empty() && !run.record.not_run.empty())
    fail_usage("no law selected can run on the models selected (the notes above say why)");
  if (selected.empty())
    fail_usage("no law matches the --law and --model arguments (see perturb list laws)");
  if (run.execution.isolate_crashes) isolate_plugin_crashes(selected, plugins);
  return selected;
}

void apply_discard_limits(const std::vector<std::string>& settings, proofs::DiscardLimits& limits) {
  for (const std::string& setting : settings) {
    const std::size_t equals = setting.find('=');
    const auto kind = proofs::parse_discard_kind(setting.substr(0, equals));
    double share = 0;
    if (equals == std::string::npos || !kind) {
      fail_usage("--discard-limit " + calculus::quoted(setting) +
                 ": expected KIND=SHARE with KIND one of " + proofs::discard_kind_names());
    }
    if (!CLI::detail::lexical_cast(setting.substr(equals + 1), share) || !std::isfinite(share) ||
        share < 0 || share > 1) {
      fail_usage("--discard-limit " + calculus::quoted(setting) +
                 ": the share is a number in [0, 1], e.g. 0.05 for 5 %");
    }
    limits.set(*kind, share);
  }
}

int report_results(const std::vector<proofs::LawResult>& results, const CheckArguments& arguments,
                   const proofs::RunExtent& extent) {
  const proofs::RunOptions& run = arguments.run;
  std::cout << proofs::summary_text(results, run, extent);
  if (!arguments.report_dir.empty()) {
    const std::filesystem::path dir(arguments.report_dir);
    const bool drawings = write_report_drawings(results, dir);
    const nlohmann::json report = proofs::report_json(results, run, extent);
    write_file(dir / proofs::kMatrixFile, proofs::law_matrix_svg(proofs::law_matrix(report)));
    write_report(dir, report, proofs::report_markdown(results, run, drawings, extent));
  }
  if (!arguments.junit_file.empty()) {
    write_file(arguments.junit_file, proofs::junit_xml(results, run));
    std::cout << "JUnit XML written to " << arguments.junit_file << '\n';
  }
  if (extent.kind == proofs::RunExtent::Kind::Deadline) return kExitStopped;
  for (const proofs::LawResult& result : results) {
    if (result.failed > 0) return kExitFails;
  }
  if (!extent.complete()) return kExitHolds;
  return proofs::all_healthy(results, run.engine.discard_limits) ? kExitHolds : kExitUnhealthy;
}

}  // namespace perturb::app
