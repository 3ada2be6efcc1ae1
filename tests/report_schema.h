// Validation of a report.json against the shipped schema,
// docs/report.schema.json, with Python's jsonschema (python3-jsonschema,
// installed by scripts/install-deps --tests): every test that writes a report
// checks it, so the schema and the writer cannot drift apart.
#pragma once

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/source_root.h"

namespace report_schema {

// The validator's message for `report` against docs/`schema_file`, "" when it is valid.
inline std::string report_schema_errors(const std::filesystem::path& report,
                                        const char* schema_file = "report.schema.json") {
  const std::filesystem::path schema = test_support::source_root() / "docs" / schema_file;
  const std::string command =
      "python3 -c 'import json, sys, jsonschema\n"
      "schema = json.load(open(sys.argv[1]))\n"
      "jsonschema.Draft7Validator.check_schema(schema)\n"
      "errors = "
      "list(jsonschema.Draft7Validator(schema).iter_errors(json.load(open(sys.argv[2]))))\n"
      "for e in errors[:5]: print(\"/\".join(map(str, e.absolute_path)) + \": \" + e.message)\n"
      "sys.exit(1 if errors else 0)' '" +
      schema.string() + "' '" + report.string() + "' 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string output;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
  const int raw = ::pclose(pipe);
  const bool valid = WIFEXITED(raw) && WEXITSTATUS(raw) == 0;
  return valid ? std::string() : (output.empty() ? std::string("python3 failed") : output);
}

// Fails the test unless `report` is valid against docs/`schema_file`.
inline void require_valid_report(const std::filesystem::path& report,
                                 const char* schema_file = "report.schema.json") {
  const std::string errors = report_schema_errors(report, schema_file);
  INFO(report.string() << " against docs/" << schema_file << ":\n" << errors);
  REQUIRE(errors.empty());
}

}  // namespace report_schema
