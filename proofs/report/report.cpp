#include "proofs/report/report.h"

#include <fmt/format.h>

#include <algorithm>

#include "calculus/parse.h"
#include "calculus/print.h"
#include "proofs/cases/witness.h"
#include "proofs/report/law_matrix.h"
#include "proofs/report/model_summary.h"
#include "proofs/report/provenance.h"
#include "proofs/report/recorded_case.h"
#include "proofs/run/health.h"

namespace perturb::proofs {
namespace {

// What a declared primitive was checked against (calculus/declared_primitive.h).
std::string declared_checked_against(calculus::Primitive p) {
  return calculus::spec_of(p).has_series
             ? "its Taylor series over balls (ref.*, the certified models) and its δ-rule"
             : "its own δ-rule only (declared without a Taylor series: ref.* does not draw it)";
}

// The pairs the selection named that the run did not check, with why, for
// the summary and report.md.
std::string not_run_text(const RunOptions& options) {
  if (options.record.not_run.empty()) return {};
  std::string text = fmt::format("{} pair{} not run:\n", options.record.not_run.size(),
                                 options.record.not_run.size() == 1 ? "" : "s");
  for (const std::string& sentence : options.record.not_run) text += "  " + sentence + "\n";
  return text;
}

// One line per declared primitive, for the summary and report.md.
std::string declared_primitives_text() {
  std::string text;
  for (const calculus::Primitive p : calculus::declared_primitives()) {
    text += fmt::format("declared primitive {} (smooth {}): checked against {}\n",
                        calculus::primitive_name(p), calculus::spec_of(p).smooth_set,
                        declared_checked_against(p));
  }
  return text;
}

using nlohmann::json;

std::string point_text(const Case& k) {
  std::string text;
  for (std::size_t i = 0; i < k.point.size(); ++i) {
    if (!text.empty()) text += ", ";
    text += k.point_context.entries()[i].name + " = " + calculus::to_string(k.point[i]);
  }
  return text;
}

// The point as people read it: "p = 1", or that the case has none.
std::string shown_point(const Case& k) {
  return k.point.empty() ? "none (a closed case)" : point_text(k);
}

json context_json(const calculus::Context& context) {
  json entries = json::array();
  for (const calculus::Binding& binding : context.entries()) {
    entries.push_back({{"name", binding.name}, {"type", calculus::to_string(binding.type)}});
  }
  return entries;
}

calculus::ErrorOr<calculus::Context> context_from_json(const json& entries) {
  calculus::Context context;
  for (const json& entry : entries) {
    auto type = calculus::parse_type(entry.at("type").get<std::string>());
    if (!type.ok()) return type.error();
    context.push(entry.at("name").get<std::string>(), *type);
  }
  return context;
}

// The context of each term of the case: "x:R" when there is one term (or all
// share one context), else "f: x:R; g: x:R × R"; "∅" for none.
std::string contexts_text(const Case& k) {
  if (k.terms.empty()) return "∅";
  const std::string first = context_text(k.terms.front().context);
  const bool shared = std::all_of(k.terms.begin(), k.terms.end(), [&](const CaseTerm& entry) {
    return context_text(entry.context) == first;
  });
  if (shared) return first;
  std::string text;
  for (const CaseTerm& entry : k.terms) {
    text +=
        fmt::format("{}{}: {}", text.empty() ? "" : "; ", entry.role, context_text(entry.context));
  }
  return text;
}

json counterexample_json(const LawResult& result, const RunOptions& options) {
  const Counterexample& c = *result.counterexample;
  return {{"law", result.info.id},
          {"statement", result.info.statement},
          {"reference", result.info.reference},
          {"model", result.model},
          {"seed", options.engine.seed},
          {"case", c.case_index},
          {"case_seed", c.case_seed},
          {"original", case_to_json(c.original)},
          {"original_outcome", {{"lhs", c.original_outcome.lhs}, {"rhs", c.original_outcome.rhs}}},
          {"shrunk", case_to_json(c.shrunk)},
          {"digest", case_digest(result.info.id, result.model, c.case_seed, c.shrunk)},
          {"context", contexts_text(c.shrunk)},
          {"point", point_text(c.shrunk)},
          {"lhs", c.outcome.lhs},
          {"rhs", c.outcome.rhs},
          {"error", c.outcome.detail},
          {"failure", failure_kind_name(c.outcome.failure)},
          {"certified", c.outcome.certified},
          {"witness", c.outcome.difference
                          ? witness_json(*c.outcome.difference, options.engine.tolerance)
                          : json(nullptr)},
          {"shrink_steps", c.shrink_steps},
          {"repro", repro_command(result, options)}};
}

json discards_json(const LawResult& result) {
  json entries = json::array();
  for (const auto& [reason, tally] : result.discards) {
    entries.push_back({{"reason", reason},
                       {"kind", discard_kind_name(tally.kind)},
                       {"count", tally.count},
                       {"first_case", tally.first_case}});
  }
  return entries;
}

json health_json(const LawResult& result, const DiscardLimits& limits) {
  json problems = json::array();
  for (const HealthProblem& problem : health_problems(result, limits)) {
    problems.push_back({{"kind", discard_kind_name(problem.kind)},
                        {"discarded", problem.discarded},
                        {"lower_bound", problem.lower_bound},
                        {"limit", problem.limit},
                        {"text", describe(problem)}});
  }
  return {{"healthy", healthy(result, limits)}, {"problems", problems}};
}

json coverage_json(const LawResult& result) {
  json entries = json::array();
  for (const CoverageResult& coverage : result.coverage) {
    entries.push_back({{"label", coverage.label},
                       {"required", coverage.required},
                       {"count", coverage.count},
                       {"cases", coverage.cases},
                       {"verdict", coverage_verdict_name(coverage.verdict)},
                       {"text", describe(coverage)}});
  }
  return entries;
}

// "form:λ 212 (70.7 %)": a label's count and share of the cases checked.
std::string label_text(const std::string& label, std::uint64_t count, std::uint64_t cases) {
  return fmt::format(
      "{} {} ({})", label, count,
      percent_text(cases == 0 ? 0 : static_cast<double>(count) / static_cast<double>(cases)));
}

// What a pair's discards were, one line per reason: "3 budget: T_x M would …".
std::vector<std::string> discard_lines(const LawResult& result) {
  std::vector<std::string> lines;
  for (const auto& [reason, tally] : result.discards) {
    lines.push_back(fmt::format("{} {} (first case {}): {}", tally.count,
                                discard_kind_name(tally.kind), tally.first_case, reason));
  }
  return lines;
}

}  // namespace

std::string case_text(const Case& k, std::string_view indent) {
  std::string text;
  for (const CaseTerm& entry : k.terms) {
    text += fmt::format("{}{} = {} : {} in {}\n", indent, entry.role,
                        calculus::to_string(entry.term, entry.context),
                        calculus::to_string(entry.type), context_text(entry.context));
  }
  text += fmt::format("{}point {}\n", indent, shown_point(k));
  return text;
}

std::string context_text(const calculus::Context& context) {
  std::string text;
  for (const calculus::Binding& binding : context.entries()) {
    if (!text.empty()) text += ", ";
    text += binding.name + " : " + calculus::to_string(binding.type);
  }
  return text.empty() ? "∅" : text;
}

namespace {

// text as one word of a POSIX shell.
std::string shell_quoted(std::string_view text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

namespace {

// "perturb check … --law L --model M --seed S --cases N --max-size Z": the
// run of the pair's first `cases` cases with the run's sources of laws and models.
std::string check_command_of(const LawResult& result, const RunOptions& options,
                             std::uint64_t cases) {
  std::string sources;
  for (const std::string& plugin : options.record.plugins) sources += " --plugin " + plugin;
  for (const std::string& equation : options.record.equations)
    sources += " --equation " + shell_quoted(equation);
  if (!options.record.rule_file.empty())
    sources += " --rule-file " + shell_quoted(options.record.rule_file);
  if (!options.record.reference.empty())
    sources += " --reference " + shell_quoted(options.record.reference);
  return fmt::format("perturb check{} --law {} --model {} --seed {} --cases {} --max-size {}{}",
                     sources, result.info.id, result.model, options.engine.seed, cases,
                     options.engine.max_size,
                     options.engine.paper_signature ? " --paper-signature" : "");
}

// The command that reaches a hung case again: under the run's --case-timeout,
// or a minute when the report is written without one (perturb merge, a
// --resume without it), which a case that never ends exceeds as well.
std::string hang_repro_command(const LawResult& result, const RunOptions& options,
                               std::uint64_t case_index) {
  return fmt::format("{} --case-timeout {}", check_command_of(result, options, case_index + 1),
                     options.execution.case_timeout > 0 ? options.execution.case_timeout : 60.0);
}

}  // namespace

std::string repro_command(const LawResult& result, const RunOptions& options) {
  return check_command_of(
      result, options,
      result.counterexample ? result.counterexample->case_index + 1 : options.engine.cases);
}

json case_to_json(const Case& k) {
  json terms = json::array();
  for (const CaseTerm& entry : k.terms) {
    terms.push_back({{"role", entry.role},
                     {"context", context_json(entry.context)},
                     {"term", calculus::to_string(entry.term, entry.context)},
                     {"type", calculus::to_string(entry.type)}});
  }
  json point = json::array();
  for (std::size_t i = 0; i < k.point.size(); ++i) {
    point.push_back({{"name", k.point_context.entries()[i].name},
                     {"type", calculus::to_string(k.point_context.entries()[i].type)},
                     {"term", calculus::to_string(k.point[i])}});
  }
  return {{"terms", terms}, {"point", point}};
}

calculus::ErrorOr<Case> case_from_json(const json& json_case) {
  try {
    Case k;
    for (const json& entry : json_case.at("terms")) {
      auto context = context_from_json(entry.at("context"));
      if (!context.ok()) return context.error();
      auto type = calculus::parse_type(entry.at("type").get<std::string>());
      if (!type.ok()) return type.error();
      auto program = calculus::parse_program(entry.at("term").get<std::string>(), *context, *type);
      if (!program.ok()) {
        return calculus::Error{
            "term " + entry.at("role").get<std::string>() + ": " + program.error().to_string(),
            std::nullopt};
      }
      k.terms.push_back({entry.at("role").get<std::string>(), *context, program->term, *type});
    }
    for (const json& entry : json_case.at("point")) {
      auto type = calculus::parse_type(entry.at("type").get<std::string>());
      if (!type.ok()) return type.error();
      auto program = calculus::parse_program(entry.at("term").get<std::string>(), {}, *type);
      if (!program.ok()) {
        return calculus::Error{
            "point " + entry.at("name").get<std::string>() + ": " + program.error().to_string(),
            std::nullopt};
      }
      k.point_context.push(entry.at("name").get<std::string>(), *type);
      k.point.push_back(program->term);
    }
    return k;
  } catch (const json::exception& error) {
    return calculus::Error{std::string("malformed case: ") + error.what(), std::nullopt};
  }
}

namespace {

// "proved 297, refuted 0, inconclusive 3" for a proving model's pair.
std::string proof_text(const LawResult& result) {
  return fmt::format("proved {}, refuted {}, inconclusive {}", result.passed, result.failed,
                     discarded_as(result, DiscardKind::Inconclusive));
}

}  // namespace

std::string extent_text(const std::vector<LawResult>& results, const RunOptions& options,
                        const RunExtent& extent) {
  if (extent.complete()) return "";
  std::uint64_t counted = 0;
  for (const LawResult& r : results) counted += r.cases;
  const std::uint64_t all = options.engine.cases * results.size();
  const std::string resume =
      extent.resume.empty() ? std::string() : fmt::format("; `{}` goes on with it", extent.resume);
  if (extent.kind == RunExtent::Kind::Shard) {
    return fmt::format(
        "Shard {} of {}: {} of the run's {} cases, the others are in the other shards; "
        "`perturb merge` of all {} gives the run's report{}.",
        extent.shard.index, extent.shard.count, counted, all, extent.shard.count, resume);
  }
  return fmt::format(
      "Stopped at the --max-time {} s deadline: {} of {} cases counted, each pair's below; "
      "counterexamples are not shrunk and coverage is judged on the counted cases{}.",
      extent.max_time, counted, all, resume);
}

std::uint64_t hung_cases(const std::vector<LawResult>& results) {
  std::uint64_t hung = 0;
  for (const LawResult& r : results) hung += discarded_as(r, DiscardKind::Hang);
  return hung;
}

namespace {

// Each pair's first hung case with the command that reaches it again.
json hangs_json(const std::vector<LawResult>& results, const RunOptions& options) {
  json hangs = json::array();
  for (const LawResult& r : results) {
    for (const auto& [reason, tally] : r.discards) {
      if (tally.kind != DiscardKind::Hang) continue;
      hangs.push_back({{"law", r.info.id},
                       {"model", r.model},
                       {"count", tally.count},
                       {"first_case", tally.first_case},
                       {"repro", hang_repro_command(r, options, tally.first_case)}});
    }
  }
  return hangs;
}

}  // namespace

json report_json(const std::vector<LawResult>& results, const RunOptions& options,
                 const RunExtent& extent) {
  json entries = json::array();
  for (const LawResult& result : results) {
    entries.push_back(
        {{"law", result.info.id},
         {"reference", result.info.reference},
         {"statement", result.info.statement},
         {"model", result.model},
         {"foil", result.foil},
         {"cases", result.cases},
         {"passed", result.passed},
         {"failed", result.failed},
         {"discarded", result.discarded},
         {"discards", discards_json(result)},
         {"health", health_json(result, options.engine.discard_limits)},
         {"confidence",
          confidence_text(result).empty() ? json(nullptr) : json(confidence_text(result))},
         {"labels", result.labels},
         {"coverage", coverage_json(result)},
         {"counterexample",
          result.counterexample ? counterexample_json(result, options) : json(nullptr)}});
    if (result.proving) {
      entries.back()["proof"] = {{"proved", result.passed},
                                 {"refuted", result.failed},
                                 {"inconclusive", discarded_as(result, DiscardKind::Inconclusive)}};
    }
  }
  json report = engine_options_json(options.engine);
  report.update({{"format", "perturb-report/2"},
                 {"provenance", provenance_json(options)},
                 {"results", entries}});
  if (!extent.complete()) {
    std::uint64_t counted = 0;
    for (const LawResult& r : results) counted += r.cases;
    report["partial"] = {{"reason", extent.kind == RunExtent::Kind::Shard ? "shard" : "deadline"},
                         {"counted", counted},
                         {"text", extent_text(results, options, extent)}};
    if (extent.kind == RunExtent::Kind::Shard)
      report["partial"]["shard"] = {{"index", extent.shard.index}, {"count", extent.shard.count}};
    else
      report["partial"]["max_time"] = extent.max_time;
  }
  if (hung_cases(results) > 0) report["hangs"] = hangs_json(results, options);
  for (const std::string& sentence : options.record.not_run) report["not_run"].push_back(sentence);
  for (const calculus::Primitive p : calculus::declared_primitives()) {
    report["declared_primitives"].push_back({{"name", calculus::primitive_name(p)},
                                             {"smooth_set", calculus::spec_of(p).smooth_set},
                                             {"series", calculus::spec_of(p).has_series},
                                             {"checked_against", declared_checked_against(p)}});
  }
  return report;
}

std::string drawing_path(const LawResult& result, const std::string& role) {
  return fmt::format("drawings/{}-{}-{}", result.info.id, result.model, role);
}

std::string report_markdown(const std::vector<LawResult>& results, const RunOptions& options,
                            bool with_drawings, const RunExtent& extent) {
  std::string text = fmt::format(
      "# Perturb law report\n\nSeed {}, {} cases per law and model, term size {}{}, tolerance "
      "{}.\n\n",
      options.engine.seed, options.engine.cases, options.engine.max_size,
      options.engine.paper_signature ? " (the paper's four primitives only)" : "",
      semantics::to_string(options.engine.tolerance));
  if (!extent.complete())
    text += "**Partial report.** " + extent_text(results, options, extent) + "\n\n";
  if (const std::string declared = declared_primitives_text(); !declared.empty())
    text += declared + "\n";
  if (const std::string not_run = not_run_text(options); !not_run.empty()) text += not_run + "\n";
  if (const std::uint64_t hung = hung_cases(results); hung > 0) {
    text += fmt::format(
        "**{} case{} hung**: ran longer than --case-timeout and {} discarded as kind hang; "
        "see [Hung cases](#hung-cases). A report with a hang depends on timing.\n\n",
        hung, hung == 1 ? "" : "s", hung == 1 ? "was" : "were");
  }
  text += "## Summary\n\n" +
          model_summary_markdown(model_summaries(results, options.engine.discard_limits)) +
          fmt::format(
              "\n## Laws × models\n\n![The verdict of each law × model pair]({})\n\n{}\n"
              "## Each pair\n\n",
              kMatrixFile, law_matrix_markdown(law_matrix(report_json(results, options, extent))));
  text +=
      "| law | model | passed | failed | discarded | healthy | failure rate (95 %) | reference "
      "|\n|---|---|---|---|---|---|---|---|\n";
  std::string discards, health, coverage, labels, proofs;
  for (const LawResult& r : results) {
    if (r.proving) proofs += fmt::format("* `{}` on {}: {}\n", r.info.id, r.model, proof_text(r));
    const std::vector<std::string> reasons = unhealthy_reasons(r, options.engine.discard_limits);
    const std::optional<double> rate = failure_rate_bound(r);
    const std::string bound = rate ? "< " + percent_text(*rate) : std::string("–");
    text += fmt::format("| `{}` | {}{} | {} | {} | {} | {} | {} | {} |\n", r.info.id, r.model,
                        r.foil ? " (foil)" : "", r.passed, r.failed, r.discarded,
                        reasons.empty() ? "yes" : "**no**", bound, r.info.reference);
    for (const std::string& line : discard_lines(r))
      discards += fmt::format("* `{}` on {}: {}\n", r.info.id, r.model, line);
    for (const std::string& reason : reasons)
      health += fmt::format("* `{}` on {}: {}\n", r.info.id, r.model, reason);
    for (const CoverageResult& c : r.coverage) {
      coverage +=
          fmt::format("| `{}` | {} | `{}` | {} of {} | {} | {} |\n", r.info.id, r.model, c.label,
                      c.count, c.cases, percent_text(c.required), coverage_verdict_name(c.verdict));
    }
    std::string pair_labels;
    for (const auto& [label, count] : r.labels)
      pair_labels += (pair_labels.empty() ? "" : ", ") + label_text(label, count, r.cases);
    labels += fmt::format("* `{}` on {}: {}\n", r.info.id, r.model, pair_labels);
  }
  text += fmt::format("\nDiscard limits: {}.\n", limits_text(options.engine.discard_limits));
  if (!proofs.empty()) {
    text +=
        "\n## Proofs\n\nA proving model's pass is a proof for every point, its failure a "
        "certified refutation; the rest are inconclusive (docs/models.md).\n\n" +
        proofs;
  }
  if (!health.empty()) text += "\n## Unhealthy pairs\n\n" + health;
  if (hung_cases(results) > 0) {
    text += "\n## Hung cases\n\n";
    for (const json& hang : hangs_json(results, options)) {
      text += fmt::format("* `{}` on {}: {} hung, the first case {}; reproduce: `{}`\n",
                          hang.at("law").get<std::string>(), hang.at("model").get<std::string>(),
                          hang.at("count").get<std::uint64_t>(),
                          hang.at("first_case").get<std::uint64_t>(),
                          hang.at("repro").get<std::string>());
    }
  }
  if (!discards.empty()) text += "\n## Discarded cases by reason\n\n" + discards;
  if (!coverage.empty()) {
    text +=
        "\n## Coverage\n\nEach requirement is decided on the cases checked and, while "
        "undecided, on more cases generated\n(not checked) from the same seed "
        "(docs/checker.md).\n\n| law | model | label | cases | required | verdict |\n"
        "|---|---|---|---|---|---|\n" +
        coverage;
  }
  text += "\n## Labels of the cases checked\n\n" + labels;
  for (const LawResult& r : results) {
    if (!r.counterexample) continue;
    const Counterexample& c = *r.counterexample;
    text += fmt::format("\n## `{}` fails in {}{}\n\n{} ({})\n\nCase {} (case seed {}), {}.\n\n",
                        r.info.id, r.model, r.foil ? " (foil)" : "", r.info.statement,
                        r.info.reference, c.case_index, c.case_seed,
                        options.engine.shrink ? fmt::format("shrunk in {} steps", c.shrink_steps)
                                              : std::string("not shrunk (--no-shrink)"));
    for (const CaseTerm& entry : c.shrunk.terms) {
      text += fmt::format("* `{}` = `{}` : `{}` in context `{}`{}\n", entry.role,
                          calculus::to_string(entry.term, entry.context),
                          calculus::to_string(entry.type), context_text(entry.context),
                          with_drawings
                              ? fmt::format(" ([drawing]({}.svg))", drawing_path(r, entry.role))
                              : std::string());
    }
    text += fmt::format("* point: `{}`\n* left side: `{}`\n* right side: `{}`\n* {}\n",
                        shown_point(c.shrunk), c.outcome.lhs, c.outcome.rhs, c.outcome.detail);
    if (c.outcome.difference) {
      text += "* witness:\n";
      for (const std::string& line : witness_lines(*c.outcome.difference, options.engine.tolerance))
        text += "  * " + line + "\n";
    }
    text += "\nBefore shrinking:\n\n";
    for (const CaseTerm& entry : c.original.terms) {
      text += fmt::format("* `{}` = `{}`\n", entry.role,
                          calculus::to_string(entry.term, entry.context));
    }
    text += fmt::format("* point: `{}`\n\nReproduce: `{}`\n", shown_point(c.original),
                        repro_command(r, options));
  }
  return text;
}

std::string pair_details_text(const LawResult& result, const RunOptions& options) {
  std::string text;
  if (result.proving) text += "    " + proof_text(result) + "\n";
  for (const std::string& line : discard_lines(result)) text += "    discarded " + line + "\n";
  for (const std::string& reason : unhealthy_reasons(result, options.engine.discard_limits))
    text += "    unhealthy: " + reason + "\n";
  for (const CoverageResult& coverage : result.coverage) {
    if (coverage.verdict == CoverageVerdict::Undecided || options.record.stats)
      text += "    coverage: " + describe(coverage) + "\n";
  }
  if (options.record.stats) {
    for (const auto& [label, count] : result.labels)
      text += "    label " + label_text(label, count, result.cases) + "\n";
  }
  if (result.counterexample) {
    const Counterexample& c = *result.counterexample;
    for (const CaseTerm& entry : c.shrunk.terms) {
      text += fmt::format("    {} {} = {}\n", options.engine.shrink ? "shrunk" : "case", entry.role,
                          calculus::to_string(entry.term, entry.context));
    }
    text += fmt::format("    point {}\n    lhs {}\n    rhs {}\n    {}\n", shown_point(c.shrunk),
                        c.outcome.lhs, c.outcome.rhs, c.outcome.detail);
    if (c.outcome.difference)
      text += witness_text(*c.outcome.difference, options.engine.tolerance, "    ");
  }
  return text;
}

namespace {

// A pair's line in the terminal: its counts, FAILS, its failure rate bound
// and UNHEALTHY, then its details.
std::string pair_text(const LawResult& r, const RunOptions& options) {
  const std::optional<double> rate = failure_rate_bound(r);
  return fmt::format("{:<28} {:<18} {:>7} passed {:>6} failed {:>6} discarded{}{}{}\n", r.info.id,
                     r.model + (r.foil ? " (foil)" : ""), r.passed, r.failed, r.discarded,
                     r.failed > 0 ? "   FAILS" : "",
                     rate ? "   failure rate < " + percent_text(*rate) : std::string(),
                     healthy(r, options.engine.discard_limits) ? "" : "   UNHEALTHY") +
         pair_details_text(r, options);
}

}  // namespace

std::string summary_text(const std::vector<LawResult>& results, const RunOptions& options,
                         const RunExtent& extent) {
  const DiscardLimits& limits = options.engine.discard_limits;
  const bool every_pair = options.record.verbose || options.record.stats;
  std::string text;
  if (!every_pair) text = model_summary_text(model_summaries(results, limits));
  std::uint64_t passed = 0, failed = 0, discarded = 0, failing_laws = 0, unhealthy_laws = 0;
  std::size_t attention = 0;
  for (const LawResult& r : results) {
    passed += r.passed;
    failed += r.failed;
    discarded += r.discarded;
    if (r.failed > 0) ++failing_laws;
    if (!healthy(r, limits)) ++unhealthy_laws;
    if (every_pair || needs_attention(r, limits)) {
      // Apart from the models' table, so that the table reads as a whole.
      if (!every_pair && attention++ == 0) text += "\n";
      text += pair_text(r, options);
    }
  }
  // A partial run (a deadline, a shard) did not count every pair's cases.
  const std::string asked = extent.complete()
                                ? fmt::format("{} cases each", options.engine.cases)
                                : fmt::format("{} cases each asked, {} counted",
                                              options.engine.cases, passed + failed + discarded);
  text += fmt::format(
      "{} law × model pairs, seed {}, {}, tolerance {}: {} passed, {} failed, {} "
      "discarded; {} pairs fail, {} unhealthy (failure rates: 95 % upper confidence bounds)\n",
      results.size(), options.engine.seed, asked, semantics::to_string(options.engine.tolerance),
      passed, failed, discarded, failing_laws, unhealthy_laws);
  if (!extent.complete()) text += extent_text(results, options, extent) + "\n";
  if (const std::uint64_t hung = hung_cases(results); hung > 0)
    text += fmt::format("{} case(s) hung past --case-timeout: see the discards above\n", hung);
  text += declared_primitives_text();
  text += not_run_text(options);
  return text;
}

}  // namespace perturb::proofs
