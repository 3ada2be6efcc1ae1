#include "proofs/report/provenance.h"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <iterator>

#include "calculus/hash.h"
#include "perturb_build_info.h"

namespace perturb::proofs {
namespace {

using nlohmann::json;

#define PERTURB_STRINGIFY_(x) #x
#define PERTURB_STRINGIFY(x) PERTURB_STRINGIFY_(x)

std::string compiler() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "gcc " __VERSION__;
#else
  return "unknown";
#endif
}

std::string standard_library() {
#if defined(_LIBCPP_VERSION)
  return "libc++ " PERTURB_STRINGIFY(_LIBCPP_VERSION);
#elif defined(__GLIBCXX__)
  return "libstdc++ " PERTURB_STRINGIFY(_GLIBCXX_RELEASE) " (" PERTURB_STRINGIFY(__GLIBCXX__) ")";
#else
  return "unknown";
#endif
}

}  // namespace

const BuildInfo& this_build() {
  // __clang_version__ ends in a space.
  static const BuildInfo build{PERTURB_BUILD_VERSION, PERTURB_BUILD_COMMIT,
                               compiler().erase(compiler().find_last_not_of(' ') + 1),
                               standard_library()};
  return build;
}

json discard_limits_json(const DiscardLimits& limits) {
  json entries = json::object();
  for (DiscardKind kind : kDiscardKinds) entries[discard_kind_name(kind)] = limits.of(kind);
  return entries;
}

json build_json(const BuildInfo& build) {
  return {{"compiler", build.compiler}, {"standard_library", build.standard_library}};
}

json engine_options_json(const EngineOptions& engine) {
  return {{"seed", engine.seed},
          {"cases", engine.cases},
          {"max_size", engine.max_size},
          {"signature", engine.paper_signature ? "paper" : "standard"},
          {"tolerance",
           {{"relative", engine.tolerance.relative}, {"absolute", engine.tolerance.absolute}}},
          {"discard_limits", discard_limits_json(engine.discard_limits)}};
}

json run_options_json(const RunOptions& options) {
  json record = engine_options_json(options.engine);
  record.update({{"case_memory", options.engine.case_memory},
                 {"shrink", options.engine.shrink},
                 {"laws", options.record.law_patterns},
                 {"models", options.record.model_names},
                 {"equations", options.record.equations},
                 {"rule_file", options.record.rule_file},
                 {"reference", options.record.reference},
                 {"plugins", options.record.plugins}});
  return record;
}

calculus::ErrorOr<RunOptions> run_options_from_json(const json& record, RunOptions options) {
  try {
    options.engine.seed = record.at("seed").get<std::uint64_t>();
    options.engine.cases = record.at("cases").get<std::uint64_t>();
    options.engine.max_size = record.at("max_size").get<std::uint32_t>();
    // Runs before the open signature drew the paper's four and said nothing.
    const std::string signature = record.value("signature", std::string("paper"));
    if (signature != "paper" && signature != "standard")
      return calculus::Error{
          "the run's options: signature is \"" + signature + "\", not \"paper\" or \"standard\"",
          std::nullopt};
    options.engine.paper_signature = signature == "paper";
    options.engine.tolerance.relative = record.at("tolerance").at("relative").get<double>();
    options.engine.tolerance.absolute = record.at("tolerance").at("absolute").get<double>();
    for (DiscardKind kind : kDiscardKinds) {
      options.engine.discard_limits.set(
          kind, record.at("discard_limits").at(std::string(discard_kind_name(kind))).get<double>());
    }
    options.engine.case_memory = record.at("case_memory").get<std::uint64_t>();
    options.engine.shrink = record.at("shrink").get<bool>();
    options.record.law_patterns = record.at("laws").get<std::vector<std::string>>();
    options.record.model_names = record.at("models").get<std::vector<std::string>>();
    options.record.equations = record.at("equations").get<std::vector<std::string>>();
    options.record.rule_file = record.at("rule_file").get<std::string>();
    options.record.reference = record.at("reference").get<std::string>();
    options.record.plugins = record.at("plugins").get<std::vector<std::string>>();
  } catch (const json::exception& error) {
    return calculus::Error{std::string("the run's options: ") + error.what(), std::nullopt};
  }
  // The ranges of perturb check's options: a journal is input like a command line.
  const auto share = [](double x) { return std::isfinite(x) && x >= 0 && x <= 1; };
  bool limits_ok = true;
  for (DiscardKind kind : kDiscardKinds)
    limits_ok = limits_ok && share(options.engine.discard_limits.of(kind));
  if (options.engine.cases == 0 || options.engine.cases > 100000000 ||
      options.engine.max_size == 0 || options.engine.max_size > 200 ||
      !share(options.engine.tolerance.relative) || !share(options.engine.tolerance.absolute) ||
      !limits_ok) {
    return calculus::Error{
        "the run's options: cases, max_size, tolerance or a discard limit is outside the range "
        "perturb check allows",
        std::nullopt};
  }
  return options;
}

std::string file_digest(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return "unreadable";
  const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  return fmt::format("{:016x}", calculus::hash_string(bytes));
}

json provenance_json(const RunOptions& options) {
  json plugins = json::array();
  for (const std::string& path : options.record.plugins)
    plugins.push_back({{"path", path}, {"digest", file_digest(path)}});
  const BuildInfo& build = this_build();
  json provenance = {{"perturb", build.version},
                     {"commit", build.commit},
                     {"build", build_json(build)},
                     {"options", run_options_json(options)},
                     {"plugins", plugins}};
  // The rules' text decides the laws as much as the path names them.
  if (!options.record.rule_file.empty())
    provenance["rule_file_digest"] = file_digest(options.record.rule_file);
  return provenance;
}

}  // namespace perturb::proofs
