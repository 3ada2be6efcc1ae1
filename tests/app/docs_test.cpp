// The user documentation cannot rot: docs/laws.md must be exactly what
// `perturb list laws --markdown` prints today, and every ```perturb-example
// block of README.md and docs/*.md is run and its output compared.
//
// An example block holds commands and their expected output:
//
//   ```perturb-example
//   $ perturb type 'sin 1'
//   R
//   ```
//
// Each "$ " line is run by /bin/sh with the leading word `perturb` replaced
// by $PERTURB_BIN; its standard output and standard error, merged, must be
// the lines up to the next "$ " line or the end of the block. A non-zero exit
// status must be announced by a last line "[exit status N]". The blocks of
// one file run in order in one fresh working directory (so a report written
// by one block can be replayed by the next) in which `examples` and `docs`
// link to the repository's folders of that name and `build` to the built
// plugins of examples/linear_maps (docs_files.h), so that
// `perturb check --plugin ./build/liblinear.so` runs as shown.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "app/docs_files.h"
#include "tests/report_schema.h"

namespace {

using namespace perturb::docs_test;

const std::string kFence = "```perturb-example";
const std::string kPrompt = "$ ";
const std::string kStatusPrefix = "[exit status ";

struct Example {
  std::string command;   // what follows "$ "
  std::string expected;  // the expected output, exit status line included when non-zero
  int line = 0;          // of the command, 1-based
};

std::string shell_quoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// The examples of every ```perturb-example block of a Markdown text, in order.
std::vector<Example> examples_of(const std::string& markdown) {
  std::vector<Example> examples;
  std::istringstream lines(markdown);
  std::string line;
  bool in_block = false;
  for (int number = 1; std::getline(lines, line); ++number) {
    if (!in_block) {
      in_block = line == kFence;
      continue;
    }
    if (line.starts_with("```")) {
      in_block = false;
    } else if (line.starts_with(kPrompt)) {
      examples.push_back({line.substr(kPrompt.size()), "", number});
    } else {
      INFO("line " << number << ": output before the first '$ ' line of a block");
      REQUIRE(!examples.empty());
      examples.back().expected += line + "\n";
    }
  }
  INFO("an unclosed " << kFence << " block");
  REQUIRE(!in_block);
  return examples;
}

// The command with its leading word `perturb` replaced by the binary.
std::string with_binary(const std::string& command) {
  INFO("an example command must start with 'perturb ': " << command);
  REQUIRE(command.starts_with("perturb "));
  return shell_quoted(perturb_binary()) + command.substr(std::string("perturb").size());
}

// What the example's command prints in dir (stdout and stderr merged), with
// the exit status line when it is not 0.
std::string run_in(const fs::path& dir, const Example& example) {
  const fs::path output = dir / ".output";
  const std::string command = "cd " + shell_quoted(dir.string()) + " && { " +
                              with_binary(example.command) + " ; } </dev/null >" +
                              shell_quoted(output.string()) + " 2>&1";
  const int raw = std::system(command.c_str());
  std::string result = read_file(output);
  fs::remove(output);
  const int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  if (status != 0) result += kStatusPrefix + std::to_string(status) + "]\n";
  return result;
}

// Runs every example of the Markdown file; returns how many there were.
std::size_t check_examples(const fs::path& file) {
  const std::vector<Example> examples = examples_of(read_file(file));
  const fs::path dir = fresh_directory(file.stem().string());
  for (const Example& example : examples) {
    INFO(file.string() << ":" << example.line << ": $ " << example.command);
    CHECK(run_in(dir, example) == example.expected);
    // Every report.json an example writes is valid against the shipped schema.
    if (example.command.find("--report") == std::string::npos) continue;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(dir)) {
      if (entry.path().filename() == "report.json" && !entry.is_symlink())
        report_schema::require_valid_report(entry.path());
    }
  }
  fs::remove_all(dir);
  return examples.size();
}

}  // namespace

TEST_CASE("the example parser reads commands, outputs and exit statuses", "[docs]") {
  const std::vector<Example> examples = examples_of(
      "text\n```perturb-example\n$ perturb type 'sin 1'\nR\n$ perturb type x\nerror\n"
      "[exit status 2]\n```\n```\n$ perturb not an example\n```\n");
  REQUIRE(examples.size() == 2);
  CHECK(examples[0].command == "perturb type 'sin 1'");
  CHECK(examples[0].expected == "R\n");
  CHECK(examples[0].line == 3);
  CHECK(examples[1].expected == "error\n[exit status 2]\n");
}

TEST_CASE("docs/laws.md is what perturb list laws --markdown prints", "[docs]") {
  const fs::path dir = fresh_directory("laws");
  const std::string current = run_in(dir, {"perturb list laws --markdown", "", 0});
  fs::remove_all(dir);
  INFO("docs/laws.md is stale: regenerate it with cmake --build --preset ci --target docs-laws");
  CHECK(read_file(source_root() / "docs" / "laws.md") == current);
  // Each row has its five cells: a | inside a statement such as |M[P/x]| is escaped.
  std::istringstream lines(current);
  std::size_t rows = 0;
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with("| `")) continue;
    ++rows;
    std::size_t separators = 0;
    for (std::size_t i = 0; i < line.size(); ++i)
      separators += line[i] == '|' && (i == 0 || line[i - 1] != '\\');
    INFO(line);
    CHECK(separators == 6);
  }
  CHECK(rows >= 51);
}

TEST_CASE("every perturb-example in README.md and docs/ prints what it shows", "[docs]") {
  std::size_t total = 0;
  for (const fs::path& file : documentation_files()) {
    total += check_examples(file);
  }
  // The syntax guide alone has dozens; far fewer means the blocks were not found.
  CHECK(total >= 20);
}
