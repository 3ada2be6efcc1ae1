// `perturb conjecture confluence|normalization`: the conjecture lab (spec §7, lab/).
#include <unistd.h>

#include <iostream>
#include <memory>

#include "app/commands.h"
#include "app/exit_status.h"
#include "app/input.h"
#include "app/memory_budget.h"
#include "app/option_checks.h"
#include "app/plugin_loader.h"
#include "app/report_files.h"
#include "lab/confluence_report.h"
#include "lab/normalization_report.h"

namespace perturb::app {
namespace {

// Progress on a terminal: "case N of M", every 50 cases.
std::function<void(std::uint64_t)> progress_of(std::uint64_t cases) {
  if (!isatty(STDERR_FILENO)) return {};
  return [cases](std::uint64_t index) {
    if ((index + 1) % 50 == 0 || index + 1 == cases) {
      std::cerr << "\rcase " << index + 1 << " of " << cases << "\x1b[K"
                << (index + 1 == cases ? "\n" : "") << std::flush;
    }
  };
}

struct ConfluenceArguments {
  lab::ConfluenceOptions options;
  std::vector<std::string> rules;
  std::string report_dir;
};

// The rules of --rule-file, or exit status 2 with the file's error.
std::vector<calculus::UserRule> read_rule_file(const std::string& path) {
  auto text = read_file(path);
  if (!text.ok()) {
    std::cerr << "perturb: " << text.error().to_string() << '\n';
    throw CLI::RuntimeError(kExitBadInput);
  }
  auto rules = calculus::parse_rule_file(*text);
  if (!rules.ok()) {
    std::cerr << "perturb: " << path << ": " << rules.error().to_string() << '\n';
    throw CLI::RuntimeError(kExitBadInput);
  }
  return *rules;
}

int run_confluence(ConfluenceArguments& arguments) {
  // The plugins first: the rule file may name primitives they declare.
  auto plugins = load_plugins(arguments.options.plugins);
  if (!plugins) return report_error("", plugins.error());
  for (const LoadedPlugin& plugin : *plugins) {
    for (const semantics::AnyModel& model : plugin.models)
      arguments.options.also_models.push_back(model);
  }
  for (const std::string& name : arguments.rules) {
    const auto rule = calculus::parse_rule(name);
    if (!rule) {
      std::cerr << "perturb: unknown rule '" << name << "' (rules: pair-eta, zero-tangent)\n";
      return kExitBadInput;
    }
    auto& rules = arguments.options.orders.rules.builtin;
    if (std::find(rules.begin(), rules.end(), *rule) == rules.end()) rules.push_back(*rule);
  }
  if (!arguments.options.rule_file.empty()) {
    arguments.options.orders.rules.user = read_rule_file(arguments.options.rule_file);
    for (const calculus::UserRule& rule : arguments.options.orders.rules.user) {
      if (calculus::parse_rule(rule.name)) {
        std::cerr << "perturb: " << arguments.options.rule_file << ": the rule " << rule.name
                  << " has the name of a built-in rule (use --rule " << rule.name << ")\n";
        return kExitBadInput;
      }
    }
  }
  if (!arguments.report_dir.empty()) prepare_report_dir(arguments.report_dir);
  arguments.options.orders.seed = arguments.options.seed;
  const lab::ConfluenceResult result =
      lab::probe_confluence(arguments.options, progress_of(arguments.options.cases));
  std::cout << lab::confluence_text(result);
  if (!arguments.report_dir.empty()) {
    write_report(arguments.report_dir, lab::confluence_json(result),
                 lab::confluence_markdown(result));
  }
  return lab::refutes_confluence(result) ? kExitFails : kExitHolds;
}

void add_confluence_command(CLI::App& conjecture) {
  auto arguments = std::make_shared<ConfluenceArguments>();
  CLI::App* command = conjecture.add_subcommand(
      "confluence",
      "Probe the conjecture that β, π and T are confluent (spec §7): random well-typed terms, "
      "open ones included, each reduced to normal form along several orders (applicative, "
      "normal, seeded random walks, each redex contracted first); two normal forms that differ "
      "modulo α and AC of + refute it. Each counterexample is classified (product-eta, "
      "zero-tangent, both, other), its normal forms compared in the sound models, and the "
      "smallest of each class shrunk. Exit status 1 when confluence is refuted (a divergence "
      "beyond rounding), 0 when none was found, 2 bad usage, 5 stopped at --max-memory.");
  add_memory_option(command);
  command->add_option("--cases", arguments->options.cases, "Random terms to probe")
      ->check(unsigned_integer_check())
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10000000}))
      ->capture_default_str();
  command->add_option("--seed", arguments->options.seed, "Seed of the run; same seed, same terms")
      ->check(unsigned_integer_check())
      ->capture_default_str();
  command
      ->add_option("--max-size", arguments->options.max_size,
                   "Largest generation size of a term (each term's is drawn from 2 to this)")
      ->check(CLI::Range(2u, 200u))
      ->capture_default_str();
  command->add_option("--rule", arguments->rules,
                      "Switch on a candidate rule on top of beta, pi, T and delta (repeatable): "
                      "pair-eta (ι1 (π1 s) + ι2 (π2 s) → s), zero-tangent (T s N → ι2 (s N') "
                      "when every summand of N is ι2 of something)");
  command->add_option("--rule-file", arguments->options.rule_file,
                      "Switch on the rules of this file too: lines NAME: EQUATION, read left to "
                      "right (docs/syntax.md \"Rules\"); perturb check --rule-file checks that "
                      "they are sound");
  command->add_option("--report", arguments->report_dir,
                      "Write report.json and report.md to this directory");
  command
      ->add_option("--plugin", arguments->options.plugins,
                   "Load a plugin library (repeatable): its sound models compare the normal "
                   "forms too, and --rule-file may name the primitives it declares")
      ->allow_extra_args(false);
  command->callback([arguments] {
    if (const int status = run_confluence(*arguments); status != 0) {
      throw CLI::RuntimeError(status);
    }
  });
}

struct NormalizationArguments {
  lab::NormalizationOptions options;
  bool no_corpus = false;
  std::string report_dir;
};

int run_normalization(NormalizationArguments& arguments) {
  if (!arguments.report_dir.empty()) prepare_report_dir(arguments.report_dir);
  arguments.options.seed_corpus = !arguments.no_corpus;
  const lab::NormalizationResult result =
      lab::probe_normalization(arguments.options, progress_of(arguments.options.cases));
  std::cout << lab::normalization_text(result);
  if (!arguments.report_dir.empty()) {
    write_report(arguments.report_dir, lab::normalization_json(result),
                 lab::normalization_markdown(result));
  }
  return result.all_normal == result.terms ? kExitHolds : kExitFails;
}

void add_normalization_command(CLI::App& conjecture) {
  auto arguments = std::make_shared<NormalizationArguments>();
  CLI::App* command = conjecture.add_subcommand(
      "normalization",
      "Probe strong normalization (spec §7): random terms and a seed corpus of hard ones, each "
      "reduced along applicative, normal, seeded random and the adversarial T-first order "
      "(outermost T-redex first, before its body is normal) with large budgets. Prints the "
      "distributions of steps and of growth (peak DAG size / input DAG size) per order and the "
      "worst terms, shrunk. Exit status 1 when some order exhausted a budget on some term (a "
      "candidate counterexample, not a proof), 0 when every order normalized every term, 2 bad "
      "usage, 5 stopped at --max-memory.");
  // The command's name before the code settled on one spelling.
  command->alias("normalisation");
  add_memory_option(command);
  auto& options = arguments->options;
  command->add_option("--cases", options.cases, "Random terms to probe (0: the seed corpus only)")
      ->check(unsigned_integer_check())
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{10000000}))
      ->capture_default_str();
  command->add_option("--seed", options.seed, "Seed of the run; same seed, same terms")
      ->check(unsigned_integer_check())
      ->capture_default_str();
  command
      ->add_option("--max-size", options.max_size,
                   "Largest generation size of a term (each term's is drawn from 2 to this)")
      ->check(CLI::Range(2u, 200u))
      ->capture_default_str();
  command->add_option("--random-orders", options.random_orders, "Seeded random walks per term")
      ->check(CLI::Range(1u, 100u))
      ->capture_default_str();
  command->add_option("--max-steps", options.max_steps, "Step budget per term and order")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000000}))
      ->capture_default_str();
  command->add_option("--max-nodes", options.max_nodes, "DAG size budget per term and order")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000000}))
      ->capture_default_str();
  command->add_flag("--no-corpus", arguments->no_corpus,
                    "Only random terms, without the seed corpus (spec §7's and the typed-core "
                    "issue's hard terms)");
  command->add_option("--report", arguments->report_dir,
                      "Write report.json and report.md to this directory");
  command->callback([arguments] {
    if (const int status = run_normalization(*arguments); status != 0) {
      throw CLI::RuntimeError(status);
    }
  });
}

}  // namespace

void add_conjecture_command(CLI::App& app) {
  CLI::App* conjecture = app.add_subcommand(
      "conjecture",
      "The conjecture lab: probe the paper's conjecture (spec §7) by machine. Subcommands: "
      "confluence, normalization.");
  conjecture->require_subcommand(1);
  add_confluence_command(*conjecture);
  add_normalization_command(*conjecture);
}

}  // namespace perturb::app
