// Reports (design.md "Reports"): the results of a run as JSON (schema in
// docs/report-format.md) and as Markdown for people. Terms appear in surface
// syntax that `perturb` parses back, so `perturb repro` replays a recorded
// case from its text, not only from its seed. Nothing that varies between
// runs with the same options (timings, thread count) is in report.json.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "calculus/error.h"
#include "proofs/run/law_result.h"
#include "proofs/run/run_options.h"

namespace perturb::proofs {

// The command line that reruns a result's law on its model with these options.
std::string repro_command(const LawResult& result, const RunOptions& options);

// "x : R, y : R * R", or "∅" for the empty context.
std::string context_text(const calculus::Context& context);

// A case as lines of text, each starting with indent: "f = in1 x : R * R in
// x : R" per term, then "point p = in1 1" ("point none (a closed case)"
// when it has none).
std::string case_text(const Case& k, std::string_view indent);

// A case as JSON: {"terms": [{role, context, term, type}], "point": [{name, type, term}]}.
nlohmann::json case_to_json(const Case& k);
// The case a case_to_json wrote, parsed back; an error names the field that failed.
calculus::ErrorOr<Case> case_from_json(const nlohmann::json& json);

// What part of a run a report covers: all its cases, or those counted before
// it stopped at check --max-time, or those of one shard (check --shard).
struct RunExtent {
  enum class Kind { Complete, Deadline, Shard };
  Kind kind = Kind::Complete;
  double max_time = 0;  // Deadline: the --max-time, in seconds
  Shard shard;          // Shard: which
  std::string resume;   // the command that goes on with the run, if any

  bool complete() const { return kind == Kind::Complete; }
};

// report.json; it has "partial" when extent is not complete, and "hangs"
// when a case ran past --case-timeout (docs/report-format.md).
nlohmann::json report_json(const std::vector<LawResult>& results, const RunOptions& options,
                           const RunExtent& extent = {});
// The picture of the law × model matrix beside report.md and report.json
// (proofs/report/law_matrix.h), which report.md links.
inline constexpr const char* kMatrixFile = "matrix.svg";

// report.md: the summary, the matrix, then each pair; with_drawings links drawing_path(…) + ".svg"
// of each shrunk term of each counterexample (app/report_drawings.h renders them).
std::string report_markdown(const std::vector<LawResult>& results, const RunOptions& options,
                            bool with_drawings = false, const RunExtent& extent = {});

// What a partial report says of itself, one sentence: "Stopped at the
// --max-time 10 s deadline: 4200 of 21000 cases counted; …". Empty when complete.
std::string extent_text(const std::vector<LawResult>& results, const RunOptions& options,
                        const RunExtent& extent);

// The number of cases that hung (discards of kind hang) over all results.
std::uint64_t hung_cases(const std::vector<LawResult>& results);

// Where, relative to the report directory, the drawing of the shrunk term
// `role` of result's counterexample goes, without extension:
// "drawings/cdc.D6-naive-dual-f".
std::string drawing_path(const LawResult& result, const std::string& role);

// What the terminal shows under a pair's line: its discards by reason, its
// health problems and its shrunk counterexample, each line indented by four.
std::string pair_details_text(const LawResult& result, const RunOptions& options);

// For the terminal: a line per model (proofs/report/model_summary.h), then
// every pair that needs attention (it fails, is unhealthy or hung) with its
// details, then the final count; with options.record.verbose or stats, a
// line per law × model pair instead of the models' lines.
std::string summary_text(const std::vector<LawResult>& results, const RunOptions& options,
                         const RunExtent& extent = {});

}  // namespace perturb::proofs
