// `perturb check`
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <set>
#include <thread>

#include "app/exit_status.h"
#include "app/input.h"
#include "app/law_commands.h"
#include "app/memory_budget.h"
#include "app/option_checks.h"
#include "app/plugin_loader.h"
#include "app/report_drawings.h"
#include "app/report_files.h"
#include "calculus/rule_file.h"
#include "proofs/builtin_bindings.h"
#include "proofs/certified_twin.h"
#include "proofs/health.h"
#include "proofs/junit.h"
#include "proofs/law_selection.h"
#include "proofs/report.h"

namespace perturb::app {
namespace {

struct CheckArguments {
  std::vector<std::string> laws;
  std::vector<std::string> models;
  std::vector<std::string> plugins;
  std::vector<std::string> equations;
  std::string rule_file;
  proofs::RunOptions run;
  std::string report_dir;
  std::string junit_file;
  std::vector<std::string> discard_limits;  // KIND=SHARE
  bool no_shrink = false;
};

[[noreturn]] void fail_usage(const std::string& message) {
  std::cerr << "perturb: " << message << '\n';
  throw CLI::RuntimeError(2);
}

// Whether --model selects the model: by default the sound models.
bool model_selected(const CheckArguments& arguments, const std::string& model, bool foil) {
  return arguments.models.empty()
             ? !foil
             : std::count(arguments.models.begin(), arguments.models.end(), model) > 0;
}

// The text laws of the --equation arguments and of the --rule-file's rules.
std::vector<std::shared_ptr<const proofs::TextLaw>> text_laws_of(const CheckArguments& arguments) {
  std::vector<std::shared_ptr<const proofs::TextLaw>> laws;
  const std::vector<std::string>& equations = arguments.equations;
  for (std::size_t i = 0; i < equations.size(); ++i) {
    auto law = proofs::TextLaw::make(equations[i], "equation." + std::to_string(i + 1));
    if (!law.ok()) {
      fail_usage("--equation " + calculus::quoted(equations[i]) + ": " + law.error().to_string());
    }
    laws.push_back(std::make_shared<const proofs::TextLaw>(*law));
  }
  if (!arguments.rule_file.empty()) {
    auto text = read_file(arguments.rule_file);
    if (!text.ok()) fail_usage(text.error().to_string());
    auto rules = calculus::parse_rule_file(*text);
    if (!rules.ok()) fail_usage(arguments.rule_file + ": " + rules.error().to_string());
    for (const calculus::UserRule& rule : *rules) {
      auto law = proofs::TextLaw::make(rule.statement, "rule." + rule.name);
      if (!law.ok()) {
        fail_usage(arguments.rule_file + ": rule " + rule.name + ": " + law.error().to_string());
      }
      laws.push_back(std::make_shared<const proofs::TextLaw>(*law));
    }
  }
  return laws;
}

// The bindings the arguments select: by default every law on every sound
// model; with --equation or --rule-file, those laws instead of the
// catalogue, with a note on stderr for each selected model that cannot read
// one of them.
std::vector<proofs::LawBinding> select(const CheckArguments& arguments) {
  std::vector<LoadedPlugin> plugins;
  for (const std::string& path : arguments.plugins) {
    auto loaded = load_plugin(path);
    if (!loaded.ok()) fail_usage(loaded.error().to_string());
    plugins.push_back(std::move(*loaded));
  }
  // Every model, whatever it hosts: --model names one of these.
  std::set<std::string> known_models;
  std::vector<proofs::LawBinding> all = proofs::builtin_bindings();
  for (LoadedPlugin& plugin : plugins) {
    for (proofs::LawBinding& binding : plugin.bindings) all.push_back(std::move(binding));
  }
  for (const proofs::LawBinding& binding : all) known_models.insert(binding.model);
  for (const std::string& model : arguments.models) {
    if (!known_models.count(model)) {
      std::string names;
      for (const std::string& name : known_models) names += (names.empty() ? "" : ", ") + name;
      fail_usage("unknown model '" + model + "' (models: " + names + ")");
    }
  }
  if (!arguments.equations.empty() || !arguments.rule_file.empty()) {
    const auto laws = text_laws_of(arguments);
    proofs::TextLawBindings bound = bind_text_laws(laws, plugins);
    for (const proofs::TextLawRefusal& refusal : bound.refusals) {
      if (model_selected(arguments, refusal.model, refusal.foil))
        std::cerr << "perturb: note: " << refusal.to_string() << '\n';
    }
    all = std::move(bound.bindings);
  }
  proofs::certify_by_twins(all);
  std::vector<proofs::LawBinding> selected;
  for (proofs::LawBinding& binding : all) {
    const bool model_ok = model_selected(arguments, binding.model, binding.foil);
    const bool law_ok =
        arguments.laws.empty() || proofs::law_selected_by_any(binding.info.id, arguments.laws);
    if (model_ok && law_ok) selected.push_back(std::move(binding));
  }
  if (selected.empty())
    fail_usage("no law matches the --law and --model arguments (see perturb list laws)");
  return selected;
}

// Sets the limit of each --discard-limit KIND=SHARE.
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

// Makes sure the --junit file can be written, before the run.
void prepare_output_file(const std::filesystem::path& file) {
  std::error_code error;
  if (std::filesystem::is_directory(file, error))
    fail_usage("--junit " + file.string() + " is a directory");
  const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : ".";
  if (!std::filesystem::is_directory(dir, error) || access(dir.c_str(), W_OK) != 0)
    fail_usage("cannot write --junit " + file.string() + ": " + dir.string() +
               " is not a writable directory");
}

int run_check(CheckArguments& arguments) {
  const std::vector<proofs::LawBinding> bindings = select(arguments);
  apply_discard_limits(arguments.discard_limits, arguments.run.discard_limits);
  if (!arguments.report_dir.empty()) prepare_report_dir(arguments.report_dir);
  if (!arguments.junit_file.empty()) prepare_output_file(arguments.junit_file);
  arguments.run.shrink = !arguments.no_shrink;
  arguments.run.plugins = arguments.plugins;
  arguments.run.equations = arguments.equations;
  arguments.run.rule_file = arguments.rule_file;
  if (arguments.run.jobs == 0)
    arguments.run.jobs = std::max(1u, std::thread::hardware_concurrency());
  std::mutex progress_mutex;
  if (isatty(STDERR_FILENO)) {
    const auto start = std::chrono::steady_clock::now();
    arguments.run.progress = [&, start](const proofs::RunProgress& progress) {
      std::lock_guard<std::mutex> lock(progress_mutex);
      // "\x1b[K" clears what a longer previous line left to the right.
      std::cerr << '\r' << proofs::progress_line(progress, std::chrono::steady_clock::now() - start)
                << "\x1b[K" << (progress.done == progress.total ? "\n" : "") << std::flush;
    };
  }
  const std::vector<proofs::LawResult> results = proofs::run_laws(bindings, arguments.run);
  std::cout << proofs::summary_text(results, arguments.run);
  if (!arguments.report_dir.empty()) {
    const std::filesystem::path dir(arguments.report_dir);
    const bool drawings = write_report_drawings(results, dir);
    write_report(dir, proofs::report_json(results, arguments.run),
                 proofs::report_markdown(results, arguments.run, drawings));
  }
  if (!arguments.junit_file.empty()) {
    write_file(arguments.junit_file, proofs::junit_xml(results, arguments.run));
    std::cout << "JUnit XML written to " << arguments.junit_file << '\n';
  }
  for (const proofs::LawResult& result : results) {
    if (result.failed > 0) return kExitFails;
  }
  return proofs::all_healthy(results, arguments.run.discard_limits) ? kExitHolds : kExitUnhealthy;
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto arguments = std::make_shared<CheckArguments>();
  arguments->run.jobs = 0;  // one per core unless --jobs says otherwise
  CLI::App* command = app.add_subcommand(
      "check",
      "Check the laws of the theory (axioms, lemmas, reduction rules) on random cases in each "
      "model. Exit status 0 when every law holds, 1 when one fails, 2 bad usage, 4 when a law "
      "discarded more of its cases than --discard-limit allows (unhealthy), 5 stopped at "
      "--max-memory.");
  add_memory_option(command);
  command->add_option(
      "--law", arguments->laws,
      "Only laws whose id matches this glob, e.g. 'cdc.*', or that this name is a dotted "
      "prefix of: 'cdc.D1' selects cdc.D1.sum and cdc.D1.zero (repeatable; default all)");
  command->add_option(
      "--model", arguments->models,
      "Only this model (repeatable; default every sound model; foils only when named)");
  command->add_option(
      "--equation", arguments->equations,
      "Check this equation instead of the catalogue, e.g. 'forall f g : R -> R, a : R. D "
      "(\\x:R. f x + g x) a = D f a + D g a' (docs/syntax.md \"Equations\"; repeatable: "
      "equation.1, equation.2, …)");
  command->add_option("--rule-file", arguments->rule_file,
                      "Check that the rules of this file (lines NAME: EQUATION, docs/syntax.md "
                      "\"Rules\") are sound: each is the law rule.NAME, instead of the catalogue");
  command->add_option(
      "--plugin", arguments->plugins,
      "Load the models a plugin library registers (repeatable; proofs/plugin_api.h)");
  command->add_option("--cases", arguments->run.cases, "Random cases per law and model")
      ->check(unsigned_integer_check())
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000000}))
      ->capture_default_str();
  command->add_option("--seed", arguments->run.seed, "Seed of the run; same seed, same cases")
      ->check(unsigned_integer_check())
      ->capture_default_str();
  command->add_option("--max-size", arguments->run.max_size, "Approximate size of random terms")
      ->check(CLI::Range(1u, 200u))
      ->capture_default_str();
  command->add_option("--jobs", arguments->run.jobs, "Threads (default: one per core)")
      ->check(CLI::Range(1u, 256u));
  command->add_option("--report", arguments->report_dir,
                      "Write report.json and report.md to this directory");
  command
      ->add_option("--tolerance", arguments->run.tolerance.relative,
                   "Relative tolerance when comparing the two sides")
      ->check(tolerance_check())
      ->capture_default_str();
  command
      ->add_option("--absolute-tolerance", arguments->run.tolerance.absolute,
                   "Absolute tolerance when comparing the two sides")
      ->check(tolerance_check())
      ->capture_default_str();
  command->add_flag("--no-shrink", arguments->no_shrink, "Report counterexamples unshrunk");
  command->add_flag("--stats", arguments->run.stats,
                    "Under each pair, list its labels (count and share of the cases checked) "
                    "and every coverage requirement with its verdict (docs/checker.md)");
  command
      ->add_option("--case-memory", arguments->run.case_memory,
                   "Discard a case (counted, with this reason) when generating and checking it "
                   "takes more than this many bytes of heap; 0: no limit but --max-memory "
                   "(semantics/case_memory.h)")
      ->check(unsigned_integer_check())
      ->capture_default_str();
  command->add_option("--junit", arguments->junit_file,
                      "Also write the results as JUnit XML to this file: one testcase per law "
                      "and model, a failure with its counterexample per failing pair");
  command->add_option(
      "--discard-limit", arguments->discard_limits,
      "KIND=SHARE: the share of a law's cases it may discard for KIND (" +
          proofs::discard_kind_names() +
          ") before it is unhealthy, judged by the 95 % lower confidence bound (repeatable; "
          "defaults typing=0 internal=0 non-finite=0.05 budget=0.01 rounding=0.01 "
          "inconclusive=0.05)");
  command->callback([arguments] {
    if (const int status = run_check(*arguments); status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace perturb::app
