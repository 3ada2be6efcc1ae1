// Where a report comes from (report.json "provenance", docs/report-format.md):
// the build that ran it and every option that decides its results, so that
// a run can be repeated, resumed (check --resume) and its shards merged
// (perturb merge) only with the same build and options. Options that do not
// change the results (--jobs, --shard, --max-time, --case-timeout, --report)
// are not in it: a sharded run's merged report is the unsharded one's.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "calculus/error.h"
#include "proofs/run/run_options.h"

namespace perturb::proofs {

struct BuildInfo {
  std::string version;           // the CMake project's version
  std::string commit;            // git commit, "-dirty" appended when changed; or "unknown"
  std::string compiler;          // "gcc 12.2.0", "clang 14.0.6"
  std::string standard_library;  // "libstdc++ 12 (20220819)", "libc++ 14000"
};

// The build of this executable.
const BuildInfo& this_build();

// {"compiler", "standard_library"}: the part of the provenance that differs
// between builds of one commit (and so between reports that must be equal).
nlohmann::json build_json(const BuildInfo& build);

// {"typing": 0, …}: each discard kind's limit, as report.json has them.
nlohmann::json discard_limits_json(const DiscardLimits& limits);

// {"seed", "cases", "max_size", "tolerance", "discard_limits"}: the engine's
// options that report.json states at its top.
nlohmann::json engine_options_json(const EngineOptions& engine);

// The options that decide a run's results, as JSON, and back: seed, cases,
// max_size, tolerance, discard_limits, case_memory, shrink, laws, models,
// equations, rule_file, plugins (paths). run_options_from_json sets those
// fields of `options` and leaves the others.
nlohmann::json run_options_json(const RunOptions& options);
calculus::ErrorOr<RunOptions> run_options_from_json(const nlohmann::json& json,
                                                    RunOptions options = {});

// {"perturb": version, "commit", "build": build_json, "options":
// run_options_json, "plugins": [{"path", "digest"}]}, and "rule_file_digest"
// with a rule file; a digest (64-bit FNV-1a of the file's bytes, hex) tells
// whether a plugin or the rules changed.
nlohmann::json provenance_json(const RunOptions& options);

// The digest of a file's bytes as provenance_json writes it; "unreadable"
// when it cannot be read.
std::string file_digest(const std::string& path);

}  // namespace perturb::proofs
