// Code and output quoted in the user documentation cannot rot. In README.md
// and docs/*.md, an HTML comment on the line right before a fenced block says
// where the block comes from, and this test checks that it still does:
//
//   <!-- quote: examples/linear_maps/linear_maps.h -->
//   ```cpp
//   …the block is an excerpt of that file (path from the repository root)
//   ```
//
//   <!-- output: check_linear_maps --broken report -->
//   ```
//   …the block is an excerpt of what examples/linear_maps/check_linear_maps.cpp
//   prints to standard output with those arguments, followed by a line
//   "[exit status N]" when it returns N ≠ 0
//   ```
//
//   <!-- written: report/report.md -->
//   ```
//   …the block is an excerpt of a file that an earlier `output` block of the
//   same Markdown file wrote (the path is relative to where it ran)
//   ```
//
// An excerpt is the block's lines split at elision lines (a line that is
// "…", "// …" or "# …" once leading and trailing spaces are dropped); each
// piece must occur in the source as whole, consecutive lines, after the
// piece before it. A marker that is not followed by a fenced block, an
// unknown kind of marker and a file that cannot be read are failures.
//
// check_linear_maps is built only against an installed Perturb
// (scripts/test-install), so its `main` is compiled into this test under
// another name and run in-process, in one fresh working directory per
// Markdown file: the output shown is that of the example's own code.
#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "app/docs_files.h"
// Everything check_linear_maps.cpp includes, first, so that the renaming
// below touches its main and nothing else.
#include "examples/linear_maps/linear_maps.h"
#include "proofs/check.h"
#include "proofs/report/report.h"

#define main check_linear_maps_main
#include "examples/linear_maps/check_linear_maps.cpp"
#undef main

namespace {

using namespace perturb::docs_test;

const std::string kMarkerOpen = "<!-- ";
const std::string kMarkerClose = " -->";

struct QuotedBlock {
  std::string kind;    // quote, output or written
  std::string source;  // what follows "kind: "
  std::string text;    // the block's lines, each ending in "\n"
  int line = 0;        // of the marker, 1-based
};

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

// The kind and source of a marker line "<!-- kind: source -->", if it is one.
std::optional<std::pair<std::string, std::string>> marker_of(const std::string& line) {
  if (!line.starts_with(kMarkerOpen) || !line.ends_with(kMarkerClose)) return std::nullopt;
  const std::string inside =
      line.substr(kMarkerOpen.size(), line.size() - kMarkerOpen.size() - kMarkerClose.size());
  const auto colon = inside.find(": ");
  if (colon == std::string::npos) return std::nullopt;
  const std::string kind = inside.substr(0, colon);
  if (kind != "quote" && kind != "output" && kind != "written") return std::nullopt;
  return std::pair{kind, inside.substr(colon + 2)};
}

// Every marked block of a Markdown text, in order.
std::vector<QuotedBlock> quoted_blocks_of(const std::string& markdown) {
  std::vector<QuotedBlock> blocks;
  std::istringstream lines(markdown);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    const auto marker = marker_of(line);
    if (!marker) continue;
    QuotedBlock block{marker->first, marker->second, "", number};
    INFO("line " << number << ": a " << block.kind << " marker must be followed by a fenced block");
    REQUIRE(std::getline(lines, line));
    ++number;
    REQUIRE(line.starts_with("```"));
    bool closed = false;
    while (!closed && std::getline(lines, line)) {
      ++number;
      closed = line.starts_with("```");
      if (!closed) block.text += line + "\n";
    }
    REQUIRE(closed);
    blocks.push_back(block);
  }
  return blocks;
}

bool is_elision(const std::string& line) {
  const std::string content = trimmed(line);
  return content == "…" || content == "// …" || content == "# …";
}

// The pieces of a block between its elision lines (empty pieces dropped).
std::vector<std::string> pieces_of(const std::string& text) {
  std::vector<std::string> pieces(1);
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (is_elision(line)) {
      pieces.emplace_back();
    } else {
      pieces.back() += line + "\n";
    }
  }
  std::erase(pieces, "");
  return pieces;
}

// The first piece of the excerpt that does not occur in source as whole
// consecutive lines after the previous piece; nullopt when every piece does.
std::optional<std::string> missing_piece(const std::string& source, const std::string& excerpt) {
  const std::string lines = "\n" + source + (source.ends_with("\n") ? "" : "\n");
  std::size_t from = 0;
  for (const std::string& piece : pieces_of(excerpt)) {
    const auto at = lines.find("\n" + piece, from);
    if (at == std::string::npos) return piece;
    from = at + piece.size();
  }
  return std::nullopt;
}

// Sends std::cout to a string for its lifetime.
class CapturedOutput {
 public:
  CapturedOutput() : previous_(std::cout.rdbuf(captured_.rdbuf())) {}
  ~CapturedOutput() { std::cout.rdbuf(previous_); }
  CapturedOutput(const CapturedOutput&) = delete;
  CapturedOutput& operator=(const CapturedOutput&) = delete;
  std::string text() const { return captured_.str(); }

 private:
  std::ostringstream captured_;
  std::streambuf* previous_;
};

// Sets the working directory for its lifetime.
class WorkingDirectory {
 public:
  explicit WorkingDirectory(const fs::path& dir) : previous_(fs::current_path()) {
    fs::current_path(dir);
  }
  ~WorkingDirectory() { fs::current_path(previous_); }
  WorkingDirectory(const WorkingDirectory&) = delete;
  WorkingDirectory& operator=(const WorkingDirectory&) = delete;

 private:
  fs::path previous_;
};

// What check_linear_maps prints with these arguments (the first is the
// program's name) when run in dir, with "[exit status N]" when N ≠ 0.
std::string check_linear_maps_output(const std::string& command_line, const fs::path& dir) {
  std::vector<std::string> words;
  std::istringstream split(command_line);
  for (std::string word; split >> word;) words.push_back(word);
  INFO("an output marker names the program it ran: " << command_line);
  REQUIRE((!words.empty() && words.front() == "check_linear_maps"));
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);

  const CapturedOutput captured;
  const WorkingDirectory in(dir);
  const int status = check_linear_maps_main(static_cast<int>(words.size()), argv.data());
  std::string output = captured.text();
  if (status != 0) output += "[exit status " + std::to_string(status) + "]\n";
  return output;
}

// The text a marked block must be an excerpt of.
std::string source_of(const QuotedBlock& block, const fs::path& dir) {
  if (block.kind == "output") return check_linear_maps_output(block.source, dir);
  const fs::path path = block.kind == "quote" ? source_root() / block.source : dir / block.source;
  INFO("cannot read " << path.string());
  REQUIRE(fs::is_regular_file(path));
  return read_file(path);
}

}  // namespace

TEST_CASE("quoted blocks are read with their markers", "[docs]") {
  const std::vector<QuotedBlock> blocks = quoted_blocks_of(
      "text\n<!-- quote: examples/a.h -->\n```cpp\nint x;\n// …\nint y;\n```\n"
      "<!-- not a marker -->\n```\nignored\n```\n<!-- output: check_linear_maps a -->\n```\n"
      "out\n```\n");
  REQUIRE(blocks.size() == 2);
  CHECK(blocks[0].kind == "quote");
  CHECK(blocks[0].source == "examples/a.h");
  CHECK(blocks[0].text == "int x;\n// …\nint y;\n");
  CHECK(blocks[0].line == 2);
  CHECK(blocks[1].kind == "output");
  CHECK(blocks[1].source == "check_linear_maps a");
  CHECK(blocks[1].text == "out\n");
}

TEST_CASE("an excerpt matches whole lines, in order, across elisions", "[docs]") {
  const std::string source = "a\nbb\nc\nd\n";
  CHECK_FALSE(missing_piece(source, "bb\nc\n"));
  CHECK_FALSE(missing_piece(source, "a\n…\nd\n"));
  CHECK_FALSE(missing_piece(source, "a\n  // …\nc\nd\n"));
  CHECK(missing_piece(source, "b\n") == "b\n");          // part of a line
  CHECK(missing_piece(source, "a\nc\n") == "a\nc\n");    // not consecutive
  CHECK(missing_piece(source, "c\n# …\na\n") == "a\n");  // out of order
}

TEST_CASE("every quote and output marked in README.md and docs/ is still true", "[docs]") {
  std::size_t total = 0;
  for (const fs::path& file : documentation_files()) {
    const std::vector<QuotedBlock> blocks = quoted_blocks_of(read_file(file));
    if (blocks.empty()) continue;
    const fs::path dir = fresh_directory(file.stem().string() + "_quotes");
    for (const QuotedBlock& block : blocks) {
      INFO(file.string() << ":" << block.line << ": " << block.kind << ": " << block.source);
      const auto missing = missing_piece(source_of(block, dir), block.text);
      INFO("not found there:\n" << missing.value_or(""));
      CHECK_FALSE(missing);
    }
    fs::remove_all(dir);
    total += blocks.size();
  }
  // The tutorial alone quotes more than this; fewer means the markers were not found.
  CHECK(total >= 15);
}
