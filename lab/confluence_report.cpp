#include "lab/confluence_report.h"

#include <fmt/format.h>

#include "calculus/print.h"

namespace perturb::lab {
namespace {

std::string percent(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? "0 %" : fmt::format("{:.1f} %", 100.0 * part / whole);
}

// "1 step", "7 steps".
std::string steps_text(std::uint64_t count) {
  return fmt::format("{} step{}", count, count == 1 ? "" : "s");
}

std::string context_text(const calculus::Context& context) {
  std::string out;
  for (const calculus::Binding& binding : context.entries()) {
    out += (out.empty() ? "" : ", ") + binding.name + " : " + calculus::to_string(binding.type);
  }
  return out.empty() ? "(empty)" : out;
}

std::string sequence_text(const ReductionRun& run, std::size_t max_steps, const char* indent) {
  if (run.result.trace.empty() && run.result.steps > 0) {
    return fmt::format("{}(not traced: the traced run ran out of its memory budget)\n", indent);
  }
  std::string out;
  const std::size_t shown = std::min(max_steps, run.result.trace.size());
  for (std::size_t i = 0; i < shown; ++i) {
    const LabStep& step = run.result.trace[i];
    out += fmt::format(
        "{}{:>3}. {} at {}{}\n", indent, i + 1, step.rule, calculus::to_string(step.position),
        step.occurrences > 1 ? fmt::format(" (and its other {} occurrences)", step.occurrences - 1)
                             : "");
  }
  if (shown < run.result.trace.size()) {
    out += fmt::format("{}… {} more (all in report.md)\n", indent,
                       steps_text(run.result.trace.size() - shown));
  }
  return out;
}

std::string divergence_text(const Divergence& d, std::size_t max_trace, bool markdown) {
  const calculus::Context& context = d.original.context;
  const char* indent = markdown ? "    " : "      ";
  std::string out;
  const std::string term = calculus::to_string(d.shrunk, context);
  out += markdown ? fmt::format("### {}\n\n", class_name(d.divergence_class))
                  : fmt::format("  smallest {} counterexample:\n", class_name(d.divergence_class));
  const char* lead = markdown ? "* " : "    ";
  out += fmt::format("{}term ({} nodes, shrunk in {} from case {}): {}\n", lead,
                     d.shrunk->tree_size(), steps_text(d.shrink_steps), d.original.index, term);
  out += fmt::format("{}context: {}; type: {}\n", lead, context_text(context),
                     calculus::to_string(d.original.type));
  out += fmt::format("{}original term: {}\n", lead, calculus::to_string(d.original.term, context));
  for (const ReductionRun* run : {&d.first, &d.second}) {
    out +=
        fmt::format("{}normal form along {} ({}): {}\n", lead, run->order,
                    steps_text(run->result.steps), calculus::to_string(run->result.term, context));
    if (markdown) out += "\n";
    out += sequence_text(*run, max_trace, indent);
    if (markdown) out += "\n";
  }
  for (const ModelVerdict& verdict : d.models) {
    out += fmt::format("{}in {}: {}{}{}\n", lead, verdict.model, status_name(verdict.status),
                       verdict.status == ModelVerdict::Status::Equal
                           ? fmt::format(" at {} random points", verdict.points)
                           : "",
                       verdict.detail.empty() ? "" : " (" + verdict.detail + ")");
  }
  return out;
}

std::string summary(const ConfluenceResult& result, std::size_t max_trace, bool markdown) {
  const ConfluenceOptions& options = result.options;
  std::string rules;
  for (const RuleDescription& rule : describe_rules(options.orders.rules)) {
    rules += (rules.empty() ? "" : ", ") + rule.name;
  }
  std::string out;
  const std::uint64_t cases = options.cases;
  out += markdown ? "# Confluence probe\n\n" : "";
  out += fmt::format("{}{}\n", markdown ? "Command: " : "", confluence_command(options));
  if (markdown) out += "\n";
  out += fmt::format("rules: beta, pi, T, delta{}\n", rules.empty() ? "" : "; candidate: " + rules);
  out += fmt::format("{} cases: {} confluent ({}), {} divergent ({}), {} undecided ({})\n", cases,
                     result.confluent, percent(result.confluent, cases), result.divergent,
                     percent(result.divergent, cases), result.undecided,
                     percent(result.undecided, cases));
  for (const auto& [reason, count] : result.undecided_reasons) {
    out += fmt::format("  undecided, some order gave up on its {} budget: {}\n", reason, count);
  }
  if (markdown) out += "\n| class | divergent cases | per 1000 cases |\n|---|---|---|\n";
  for (std::size_t i = 0; i < std::size(kDivergenceClasses); ++i) {
    const auto count = result.per_class[i];
    const double per_mille = cases == 0 ? 0.0 : 1000.0 * count / cases;
    out += markdown ? fmt::format("| {} | {} | {:.1f} |\n", class_name(kDivergenceClasses[i]),
                                  count, per_mille)
                    : fmt::format("  class {}: {} ({:.1f} per 1000 cases)\n",
                                  class_name(kDivergenceClasses[i]), count, per_mille);
  }
  if (markdown) out += "\n";
  out += fmt::format(
      "the two normal forms in the sound models: joined (equal in some model, different in "
      "none) {}, not interpreted by any model {}, different in some model (a soundness bug) {}\n",
      result.joined_semantically, result.not_interpreted, result.soundness_bugs);
  out += refutes_confluence(result)
             ? "confluence is refuted: some term has two normal forms that differ beyond rounding\n"
         : result.divergent > 0
             ? "no counterexample to confluence beyond rounding (literals folded in floating point "
               "in different orders)\n"
             : "no counterexample to confluence in these cases\n";
  if (!result.smallest.empty()) out += markdown ? "\n## Smallest counterexamples\n\n" : "";
  for (const Divergence& d : result.smallest) {
    out += divergence_text(d, max_trace, markdown);
    if (markdown) out += "\n";
  }
  if (result.first_soundness_bug) {
    out += markdown ? "## First soundness bug\n\n" : "  first soundness bug:\n";
    out += divergence_text(*result.first_soundness_bug, max_trace, markdown);
  }
  return out;
}

nlohmann::json run_json(const ReductionRun& run, const calculus::Context& context) {
  nlohmann::json trace = nlohmann::json::array();
  for (const LabStep& step : run.result.trace) {
    trace.push_back({{"rule", step.rule},
                     {"position", calculus::to_string(step.position)},
                     {"occurrences", step.occurrences}});
  }
  return {{"order", run.order},
          {"normal_form", calculus::to_string(run.result.term, context)},
          {"steps", run.result.steps},
          {"trace", trace}};
}

nlohmann::json divergence_json(const Divergence& d) {
  const calculus::Context& context = d.original.context;
  nlohmann::json entries = nlohmann::json::array();
  for (const calculus::Binding& binding : context.entries()) {
    entries.push_back({{"name", binding.name}, {"type", calculus::to_string(binding.type)}});
  }
  nlohmann::json models = nlohmann::json::array();
  for (const ModelVerdict& verdict : d.models) {
    models.push_back({{"model", verdict.model},
                      {"status", status_name(verdict.status)},
                      {"detail", verdict.detail},
                      {"points_equal", verdict.points}});
  }
  return {{"class", class_name(d.divergence_class)},
          {"case_index", d.original.index},
          {"context", entries},
          {"type", calculus::to_string(d.original.type)},
          {"original_term", calculus::to_string(d.original.term, context)},
          {"term", calculus::to_string(d.shrunk, context)},
          {"term_nodes", d.shrunk->tree_size()},
          {"shrink_steps", d.shrink_steps},
          {"first", run_json(d.first, context)},
          {"second", run_json(d.second, context)},
          {"models", models}};
}

}  // namespace

std::string confluence_command(const ConfluenceOptions& options) {
  std::string command =
      fmt::format("perturb conjecture confluence --seed {} --cases {} --max-size {}", options.seed,
                  options.cases, options.max_size);
  for (calculus::CandidateRule rule : options.orders.rules.builtin)
    command += " --rule " + std::string(calculus::rule_name(rule));
  if (!options.rule_file.empty()) command += " --rule-file " + options.rule_file;
  for (const std::string& plugin : options.plugins) command += " --plugin " + plugin;
  return command;
}

std::string confluence_text(const ConfluenceResult& result, std::size_t max_trace) {
  return summary(result, max_trace, false);
}

std::string confluence_markdown(const ConfluenceResult& result) {
  return summary(result, SIZE_MAX, true);
}

nlohmann::json confluence_json(const ConfluenceResult& result) {
  const ConfluenceOptions& options = result.options;
  nlohmann::json rules = nlohmann::json::array();
  for (const RuleDescription& rule : describe_rules(options.orders.rules)) {
    rules.push_back(
        {{"name", rule.name}, {"statement", rule.statement}, {"soundness", rule.soundness}});
  }
  nlohmann::json classes = nlohmann::json::object();
  for (std::size_t i = 0; i < std::size(kDivergenceClasses); ++i) {
    classes[std::string(class_name(kDivergenceClasses[i]))] = result.per_class[i];
  }
  nlohmann::json reasons = nlohmann::json::object();
  for (const auto& [reason, count] : result.undecided_reasons) reasons[reason] = count;
  nlohmann::json smallest = nlohmann::json::array();
  for (const Divergence& d : result.smallest) smallest.push_back(divergence_json(d));
  return {{"format", "perturb-conjecture/1"},
          {"conjecture", "confluence"},
          {"command", confluence_command(options)},
          {"seed", options.seed},
          {"cases", options.cases},
          {"max_size", options.max_size},
          {"rules", rules},
          {"refuted", refutes_confluence(result)},
          {"confluent", result.confluent},
          {"divergent", result.divergent},
          {"undecided", result.undecided},
          {"undecided_reasons", reasons},
          {"classes", classes},
          {"semantics",
           {{"joined", result.joined_semantically},
            {"not_interpreted", result.not_interpreted},
            {"soundness_bugs", result.soundness_bugs}}},
          {"counterexamples", smallest},
          {"first_soundness_bug", result.first_soundness_bug
                                      ? divergence_json(*result.first_soundness_bug)
                                      : nlohmann::json(nullptr)}};
}

}  // namespace perturb::lab
