// `perturb draw` as a program: DOT that Graphviz's dot reads (skipped, with a
// warning, only when dot is not installed: graphviz is optional), --tree,
// and exit status 2 for a bad term or a drawing over --max-nodes.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "run_perturb.h"

using perturb::test::run_perturb;

namespace {

bool dot_installed() { return std::system("command -v dot >/dev/null 2>&1") == 0; }

// dot -Tsvg on text: its exit status and the SVG's size.
std::pair<int, std::uintmax_t> render(const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("perturb-draw-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "term.dot") << text;
  const std::string command = "dot -Tsvg '" + (dir / "term.dot").string() + "' -o '" +
                              (dir / "term.svg").string() + "' 2>/dev/null";
  const int raw = std::system(command.c_str());
  const std::uintmax_t size = fs::exists(dir / "term.svg") ? fs::file_size(dir / "term.svg") : 0;
  fs::remove_all(dir);
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, size};
}

}  // namespace

TEST_CASE("perturb draw: DOT of the shared DAG and of the tree, accepted by dot -Tsvg", "[draw]") {
  const auto shared = run_perturb({"draw", "T (\\x:R. sin x * sin x) <1, 2>"});
  const auto tree = run_perturb({"draw", "--tree", "T (\\x:R. sin x * sin x) <1, 2>"});
  INFO(shared.err << tree.err);
  REQUIRE(shared.status == 0);
  REQUIRE(tree.status == 0);
  CHECK(shared.out.starts_with("digraph term {"));
  CHECK(tree.out.size() > shared.out.size());
  if (!dot_installed()) {
    WARN("dot (graphviz) is not installed: the drawings were not rendered");
    return;
  }
  for (const std::string& text : {shared.out, tree.out}) {
    const auto [status, svg_bytes] = render(text);
    CHECK(status == 0);
    CHECK(svg_bytes > 0);
  }
}

TEST_CASE("perturb draw: 2 for a term that does not parse or a drawing over --max-nodes",
          "[draw]") {
  const auto bad = run_perturb({"draw", "sin ("});
  CHECK(bad.status == 2);
  CHECK(bad.out.empty());
  const auto big = run_perturb({"draw", "--tree", "--max-nodes", "3", "\\x:R. sin x * sin x"});
  CHECK(big.status == 2);
  CHECK(big.err.find("more than --max-nodes 3") != std::string::npos);
  CHECK(run_perturb({"draw", "--max-nodes", "0", "1"}).status == 2);
}
