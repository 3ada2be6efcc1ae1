// docs/model-reference.md is checked against the concept headers: for each
// concept the page quotes (a `<!-- quote: semantics/….h -->` block, itself
// checked verbatim by docs_quotes_test.cpp), the member table of its section
// names every member the concept's `requires` expression calls, `c.NAME(…)`,
// and names no required member that the concept does not call. So the
// reference cannot drift from what the compiler checks.
#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/source_root.h"

namespace {

struct Section {
  std::string heading;
  std::vector<std::string> first_table;  // the rows of its first member table
  std::string quoted_header;             // the file its concept is quoted from
  std::string quoted_code;
};

// The `### ` sections of the page, with their first table and concept quote.
std::vector<Section> sections_of(const std::string& markdown) {
  std::vector<Section> sections;
  std::istringstream lines(markdown);
  bool in_table = false, table_done = false, in_quote = false, quote_next = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("### ")) {
      sections.push_back({line.substr(4), {}, "", ""});
      in_table = table_done = false;
      continue;
    }
    if (sections.empty()) continue;
    Section& section = sections.back();
    if (line.starts_with("<!-- quote: ")) {
      section.quoted_header = line.substr(12, line.find(" -->") - 12);
      quote_next = true;
      continue;
    }
    if (line.starts_with("```")) {
      in_quote = quote_next && !in_quote;
      quote_next = false;
      continue;
    }
    if (in_quote) {
      section.quoted_code += line + "\n";
      continue;
    }
    if (line.starts_with("| `") && !table_done) {
      in_table = true;
      section.first_table.push_back(line);
    } else if (in_table && !line.starts_with("|")) {
      in_table = false;
      table_done = true;
    }
  }
  return sections;
}

// The first group of every match of pattern in text.
std::set<std::string> first_groups(const std::string& text, const std::regex& pattern) {
  std::set<std::string> found;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern);
       it != std::sregex_iterator(); ++it)
    found.insert((*it)[1]);
  return found;
}

// The members a requires expression calls: c.NAME(.
std::set<std::string> members_called(const std::string& code) {
  return first_groups(code, std::regex(R"(\bc\.(\w+)\()"));
}

// The members a table row's first cell names: `NAME(…)` or `NAME`.
std::set<std::string> members_named(const std::string& row) {
  return first_groups(row.substr(1, row.find('|', 1) - 1), std::regex(R"(`(\w+))"));
}

}  // namespace

TEST_CASE("the model reference's tables name exactly the members each concept requires", "[docs]") {
  std::ifstream file(test_support::source_root() / "docs" / "model-reference.md");
  REQUIRE(file);
  std::stringstream markdown;
  markdown << file.rdbuf();
  const std::vector<Section> sections = sections_of(markdown.str());
  std::set<std::string> concepts_checked;
  for (const Section& section : sections) {
    if (section.quoted_header.empty()) continue;
    INFO(section.heading << " (" << section.quoted_header << ")");
    const std::set<std::string> required = members_called(section.quoted_code);
    REQUIRE(!required.empty());
    std::set<std::string> documented;
    for (const std::string& row : section.first_table) {
      const std::set<std::string> named = members_named(row);
      documented.insert(named.begin(), named.end());
      // A required row (not marked optional) names members of the concept,
      // or its member types.
      if (row.find("(optional)") != std::string::npos) continue;
      for (const std::string& name : named) {
        INFO("the table names " << name);
        CHECK((required.count(name) > 0 || name == "Object" || name == "Morphism" ||
               name == "Point"));
      }
    }
    for (const std::string& name : required) {
      INFO("the concept requires " << name);
      CHECK(documented.count(name) > 0);
    }
    concepts_checked.insert(section.heading);
  }
  CHECK(concepts_checked == std::set<std::string>{"CartesianLeftAdditiveCategory",
                                                  "CartesianDifferentialCategory",
                                                  "CartesianClosedCategory", "TestableModel"});
}
