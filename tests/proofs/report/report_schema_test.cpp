// docs/report.schema.json against what proofs/report/report.cpp writes: a report
// with passing pairs, counterexamples, witnesses and discards is valid, and
// the schema is strict enough to reject a report with a key missing, an
// unknown key or a wrong kind (so that validating every report the suite
// writes, tests/report_schema.h, can fail).
#include "tests/report_schema.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "../checker_support.h"
#include "proofs/report/report.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

namespace {

namespace fs = std::filesystem;

fs::path written(const nlohmann::json& report, const std::string& name) {
  const fs::path path =
      fs::temp_directory_path() / ("perturb_schema_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(path) << report.dump(2);
  return path;
}

// A report of passing, failing (with witnesses) and discarding pairs.
nlohmann::json mixed_report() {
  RunOptions options = small_run(1, 60, true);
  const std::vector<LawResult> results =
      run_laws({binding("tangent.thm-3.10", "naive-dual"), binding("cdc.D6", "naive-dual"),
                binding("cdc.D5", "smooth"), binding("sound.lemma-5.5", "closures")},
               options);
  return report_json(results, options);
}

}  // namespace

TEST_CASE("report.json as the checker writes it is valid against docs/report.schema.json",
          "[report][schema]") {
  const nlohmann::json report = mixed_report();
  const auto& results = report.at("results");
  REQUIRE(results.size() == 4);
  CHECK_FALSE(results[0].at("counterexample").at("witness").is_null());
  CHECK(results[2].at("counterexample").is_null());
  const fs::path path = written(report, "valid.json");
  report_schema::require_valid_report(path);
  fs::remove(path);
}

TEST_CASE("docs/report.schema.json rejects a missing key, an unknown key and a wrong kind",
          "[report][schema]") {
  const nlohmann::json report = mixed_report();
  const auto rejected = [&](const std::string& name,
                            const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json copy = report;
    edit(copy);
    const fs::path path = written(copy, name);
    const std::string errors = report_schema::report_schema_errors(path);
    fs::remove(path);
    INFO(name << ": " << errors);
    CHECK_FALSE(errors.empty());
  };
  rejected("missing.json", [](nlohmann::json& r) { r.erase("discard_limits"); });
  rejected("unknown.json", [](nlohmann::json& r) { r["results"][0]["verdict"] = "ok"; });
  rejected("witness.json", [](nlohmann::json& r) {
    r["results"][0]["counterexample"]["witness"].erase("allowed");
  });
  rejected("kind.json", [](nlohmann::json& r) {
    r["results"][0]["discards"] = {
        {{"reason", "x"}, {"kind", "bogus"}, {"count", 1}, {"first_case", 0}}};
  });
  rejected("format.json", [](nlohmann::json& r) { r["format"] = "perturb-report/1"; });
}
