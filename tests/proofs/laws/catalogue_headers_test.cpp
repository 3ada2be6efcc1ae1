// The law catalogue is the single source of the law ids (issue 11): the "Laws"
// sections of the headers in semantics/ must list exactly the ids the checker
// runs, each with the statement the checker prints, so that the concept
// headers, `perturb list laws` and docs/laws.md (generated from it, checked by
// tests/app/docs_test.cpp) cannot disagree.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "../checker_support.h"
#include "tests/source_root.h"

namespace {

namespace fs = std::filesystem;

std::string collapse_spaces(const std::string& text) {
  return std::regex_replace(text, std::regex(" +"), " ");
}

struct Listed {
  std::string statement;
  std::string header;
};

// id → statement of every entry "//   ID  STATEMENT" in a "// Laws" section
// of a header in semantics/; a section ends at two empty comment lines.
std::map<std::string, Listed> header_laws() {
  const std::regex entry(R"(^//   ([a-z]+(?:\.[A-Za-z0-9-]+)+)  +(\S.*)$)");
  std::map<std::string, Listed> laws;
  for (const fs::directory_entry& file :
       fs::directory_iterator(test_support::source_root() / "semantics")) {
    if (file.path().extension() != ".h") continue;
    std::ifstream in(file.path());
    std::string line, previous;
    bool in_laws = false;
    while (std::getline(in, line)) {
      if (line == "// Laws") in_laws = true;
      if (in_laws && ((line == "//" && previous == "//") || !line.starts_with("//"))) {
        in_laws = false;
      }
      std::smatch match;
      if (in_laws && std::regex_match(line, match, entry)) {
        const auto [entry_in_laws, first] = laws.emplace(
            match[1], Listed{collapse_spaces(match[2]), file.path().filename().string()});
        INFO(match[1] << " is listed twice, in " << entry_in_laws->second.header << " and "
                      << file.path().filename());
        CHECK(first);
      }
      previous = line;
    }
  }
  return laws;
}

}  // namespace

TEST_CASE("the headers' law sections list exactly the catalogue's ids and statements",
          "[catalogue]") {
  const std::map<std::string, Listed> listed = header_laws();
  std::map<std::string, std::string> catalogue;
  for (const perturb::proofs::LawBinding& binding : perturb::proofs::testing::all_bindings()) {
    // The signature's laws are its equations (calculus/signature.h), not a header's.
    if (binding.info.id.starts_with("signature.")) continue;
    catalogue[std::string(binding.info.id)] = collapse_spaces(std::string(binding.info.statement));
  }
  REQUIRE(catalogue.size() > 50);
  for (const auto& [id, statement] : catalogue) {
    INFO("law " << id << " of the catalogue");
    REQUIRE(listed.count(id) == 1);
    INFO("in " << listed.at(id).header);
    CHECK(listed.at(id).statement == statement);
  }
  for (const auto& [id, entry] : listed) {
    INFO(entry.header << " lists " << id << ", which perturb list laws does not have");
    CHECK(catalogue.count(id) == 1);
  }
}

TEST_CASE("every law id is one equation: no statement joins equations with a comma",
          "[catalogue]") {
  // A fused law reads "a = b,  c = d" (two spaces after the comma); a
  // statement may still contain commas inside ⟨f, g⟩ or a side condition.
  for (const perturb::proofs::LawBinding& binding : perturb::proofs::testing::all_bindings()) {
    INFO(binding.info.id << ": " << binding.info.statement);
    CHECK(std::string(binding.info.statement).find(",  ") == std::string::npos);
  }
}
