#include "lab/normalization_report.h"

#include <fmt/format.h>

#include "calculus/print.h"

namespace perturb::lab {
namespace {

std::string distribution_text(const Distribution& d, const char* unit) {
  if (d.count == 0) return "none";
  return fmt::format("median {:g}{}, 90 % {:g}{}, 99 % {:g}{}, max {:g}{}", d.median, unit, d.p90,
                     unit, d.p99, unit, d.max, unit);
}

std::string reasons_text(const OrderSummary& summary) {
  std::string out;
  for (const auto& [budget, count] : summary.gave_up) {
    out += fmt::format("{}{} on {}", out.empty() ? "" : ", ", count, budget);
  }
  return out.empty() ? "none" : out;
}

std::string worst_text(const WorstTerm& w, bool markdown) {
  const calculus::Context& context = w.original.term.context;
  const char* lead = markdown ? "* " : "    ";
  std::string out = markdown ? fmt::format("### {}\n\n", w.why) : fmt::format("  {}:\n", w.why);
  out += fmt::format("{}term ({} nodes, {}, shrunk in {} step{}): {}\n", lead,
                     w.shrunk->tree_size(), w.original.source, w.shrink_steps,
                     w.shrink_steps == 1 ? "" : "s", calculus::to_string(w.shrunk, context));
  out += fmt::format("{}along {}: {} steps, peak DAG {} nodes from {}{}\n", lead, w.order,
                     w.outcome.steps, w.outcome.peak_dag, calculus::dag_size(w.shrunk),
                     w.outcome.gave_up.empty() ? "" : "; " + w.outcome.gave_up);
  return out + (markdown ? "\n" : "");
}

std::string summary(const NormalizationResult& result, bool markdown) {
  const NormalizationOptions& options = result.options;
  std::string out = markdown ? "# Normalization probe\n\nCommand: " : "";
  out += normalization_command(options) + "\n";
  if (markdown) out += "\n";
  out += fmt::format(
      "{} terms ({} random, {} from the seed corpus): every order reached a normal form for "
      "{}, some order gave up for {}\n",
      result.terms, options.cases, result.terms - options.cases, result.all_normal,
      result.terms - result.all_normal);
  if (markdown) {
    out +=
        "\n| order | normal forms | gave up | steps to a normal form | growth (peak DAG / input "
        "DAG) |\n|---|---|---|---|---|\n";
  }
  for (const OrderSummary& s : result.per_order) {
    out += markdown ? fmt::format("| {} | {} | {} | {} | {} |\n", s.order, s.normal_forms,
                                  reasons_text(s), distribution_text(s.steps, ""),
                                  distribution_text(s.growth, "×"))
                    : fmt::format(
                          "  {}: {} normal forms, gave up: {}\n    steps: {}\n    "
                          "growth: {}\n",
                          s.order, s.normal_forms, reasons_text(s), distribution_text(s.steps, ""),
                          distribution_text(s.growth, "×"));
  }
  if (markdown) out += "\n";
  if (!result.worst.empty()) out += markdown ? "## Worst terms\n\n" : "worst terms:\n";
  for (const WorstTerm& w : result.worst) out += worst_text(w, markdown);
  return out;
}

nlohmann::json distribution_json(const Distribution& d) {
  return {{"count", d.count}, {"median", d.median}, {"p90", d.p90}, {"p99", d.p99}, {"max", d.max}};
}

nlohmann::json case_json(const NormalizationCase& c) {
  nlohmann::json orders = nlohmann::json::array();
  for (const OrderOutcome& o : c.orders) {
    orders.push_back({{"order", o.order},
                      {"normal_form", o.status == calculus::NormalizeStatus::NormalForm},
                      {"steps", o.steps},
                      {"peak_dag", o.peak_dag},
                      {"gave_up", o.gave_up}});
  }
  return {{"source", c.source},
          {"term", calculus::to_string(c.term.term, c.term.context)},
          {"type", calculus::to_string(c.term.type)},
          {"orders", orders}};
}

}  // namespace

std::string normalization_command(const NormalizationOptions& options) {
  return fmt::format(
      "perturb conjecture normalization --seed {} --cases {} --max-size {} --random-orders {} "
      "--max-steps {} --max-nodes {}{}",
      options.seed, options.cases, options.max_size, options.random_orders, options.max_steps,
      options.max_nodes, options.seed_corpus ? "" : " --no-corpus");
}

std::string normalization_text(const NormalizationResult& result) { return summary(result, false); }

std::string normalization_markdown(const NormalizationResult& result) {
  return summary(result, true);
}

nlohmann::json normalization_json(const NormalizationResult& result) {
  nlohmann::json orders = nlohmann::json::array();
  for (const OrderSummary& s : result.per_order) {
    nlohmann::json reasons = nlohmann::json::object();
    for (const auto& [budget, count] : s.gave_up) reasons[budget] = count;
    orders.push_back({{"order", s.order},
                      {"normal_forms", s.normal_forms},
                      {"gave_up", reasons},
                      {"steps", distribution_json(s.steps)},
                      {"growth", distribution_json(s.growth)}});
  }
  nlohmann::json exhausted = nlohmann::json::array();
  for (const NormalizationCase& c : result.exhausted) exhausted.push_back(case_json(c));
  nlohmann::json worst = nlohmann::json::array();
  for (const WorstTerm& w : result.worst) {
    worst.push_back(
        {{"why", w.why},
         {"order", w.order},
         {"source", w.original.source},
         {"original_term", calculus::to_string(w.original.term.term, w.original.term.context)},
         {"term", calculus::to_string(w.shrunk, w.original.term.context)},
         {"term_nodes", w.shrunk->tree_size()},
         {"steps", w.outcome.steps},
         {"peak_dag", w.outcome.peak_dag},
         {"gave_up", w.outcome.gave_up}});
  }
  const NormalizationOptions& options = result.options;
  return {{"format", "perturb-conjecture/1"},
          {"conjecture", "normalization"},
          {"command", normalization_command(options)},
          {"seed", options.seed},
          {"cases", options.cases},
          {"terms", result.terms},
          {"all_normal", result.all_normal},
          {"orders", orders},
          {"exhausted", exhausted},
          {"worst", worst}};
}

}  // namespace perturb::lab
