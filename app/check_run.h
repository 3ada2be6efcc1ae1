// What `perturb check` and `perturb merge` share: the arguments that decide
// a run, the bindings they select, and how a run's results end the command
// (the summary, report.json and report.md, JUnit, the exit status).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "proofs/binding/binding.h"
#include "proofs/report/report.h"
#include "proofs/run/runner.h"

namespace perturb::app {

struct CheckArguments {
  // The sources of laws and models are run.record.law_patterns, run.record.model_names,
  // run.record.plugins, run.record.equations and run.record.rule_file.
  proofs::RunOptions run;
  std::string report_dir;
  std::string junit_file;
  std::vector<std::string> discard_limits;  // KIND=SHARE
  bool no_shrink = false;
};

// The reference model of perturb check --reference without a model name.
inline constexpr const char* kDefaultReference = "closures@ball";

// Prints "perturb: message" to stderr and ends the command with status 2.
[[noreturn]] void fail_usage(const std::string& message);

// The bindings the run's options select: by default every law on every
// sound model; with equations or a rule file, those laws instead of the
// catalogue. A pair the selection names but cannot run (a model that cannot
// read a text law, a law nesting derivatives deeper than its model
// supports) gets a note on stderr and a sentence in run.record.not_run, for
// the summary and the reports. Bad usage (an unknown model, a bad equation)
// ends the command.
std::vector<proofs::LawBinding> select_bindings(proofs::RunOptions& run);

// Refuses (bad usage) a journal that another build wrote, or whose plugins
// changed since: its units would not be this build's. `what` names the
// journal in the message; recorded and ours are provenance_json objects.
void require_same_build(const nlohmann::json& recorded, const nlohmann::json& ours,
                        const std::string& what);

// Sets the limit of each --discard-limit KIND=SHARE.
void apply_discard_limits(const std::vector<std::string>& settings, proofs::DiscardLimits& limits);

// Prints the summary, writes the report and the JUnit file that the
// arguments ask for, and returns the exit status: 5 when the run stopped at
// a deadline; else 1 when a law fails; else 4 when a pair is unhealthy
// (judged on complete runs only: a shard's discards say nothing of the run's
// health); else 0.
int report_results(const std::vector<proofs::LawResult>& results, const CheckArguments& arguments,
                   const proofs::RunExtent& extent);

}  // namespace perturb::app
