// Tests of the perturb command line, run as a program ($PERTURB_BIN): output
// and exit status of `type` and `reduce` on the spec's examples, and malformed
// input giving exit status 2 with exactly one positioned line on stderr.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/source_root.h"

namespace {

namespace fs = std::filesystem;

struct Run {
  int status = -1;
  std::string out;
  std::string err;
};

std::string read_file(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << file.rdbuf();
  return buffer.str();
}

// A fresh file in the temporary directory holding contents.
fs::path temporary_file(const std::string& contents) {
  static int counter = 0;
  const fs::path path =
      fs::temp_directory_path() /
      ("perturb_cli_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".pt");
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

std::string shell_quoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// Runs perturb with args and standard input stdin_text.
Run perturb(const std::vector<std::string>& args, const std::string& stdin_text = "") {
  const char* bin = std::getenv("PERTURB_BIN");
  REQUIRE(bin != nullptr);
  const fs::path in = temporary_file(stdin_text);
  const fs::path out = temporary_file("");
  const fs::path err = temporary_file("");
  std::string command = shell_quoted(bin);
  for (const std::string& arg : args) command += " " + shell_quoted(arg);
  command += " <" + shell_quoted(in) + " >" + shell_quoted(out) + " 2>" + shell_quoted(err);
  const int raw = std::system(command.c_str());
  Run run{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read_file(out), read_file(err)};
  fs::remove(in);
  fs::remove(out);
  fs::remove(err);
  return run;
}

std::string example(const std::string& name) {
  return (test_support::source_root() / "examples" / "terms" / name).string();
}

// Checks that run failed with status 2 and exactly the one stderr line expected.
void check_bad_input(const Run& run, const std::string& expected) {
  CHECK(run.status == 2);
  CHECK(run.out.empty());
  CHECK(run.err == expected + "\n");
}

}  // namespace

TEST_CASE("perturb type prints the type of a term, a file or stdin", "[cli]") {
  CHECK(perturb({"type", "T (\\x:R. x * x + 1) <1, 3>"}).out == "R * R\n");
  CHECK(perturb({"type", "T sin"}).out == "R * R -> R * R\n");
  CHECK(perturb({"type", "-"}, "\\x:R. \\f:R -> R. f x").out == "R -> (R -> R) -> R\n");
  const Run file = perturb({"type", example("higher_order_confusion.pt")});
  CHECK(file.status == 0);
  CHECK(file.out == "R\n");
  CHECK(perturb({"type", example("definitions.pt")}).out == "R * R\n");
}

TEST_CASE("perturb reduce gives the spec's known values (§6)", "[cli]") {
  CHECK(perturb({"reduce", example("tangent_square.pt")}).out == "<6, 10>\n");
  CHECK(perturb({"reduce", example("perturbation_confusion.pt")}).out == "0\n");
  const Run higher =
      perturb({"reduce", example("higher_order_confusion.pt"), "--strategy", "applicative"});
  CHECK(higher.status == 0);
  CHECK(higher.out == "12\n");
  CHECK(perturb({"reduce", "2 * 3", "--strategy", "random", "--seed", "7"}).out == "6\n");
}

TEST_CASE("perturb reduce --no-delta leaves only primitives applied", "[cli]") {
  CHECK(perturb({"reduce", "(\\x:R. x * x) 3", "--no-delta"}).out == "3 * 3\n");
  CHECK(perturb({"reduce", "(\\x:R. x * x) 3"}).out == "9\n");
}

TEST_CASE("perturb reduce --stats and --trace", "[cli]") {
  const Run stats = perturb({"reduce", "(\\x:R. x * 2) 3", "--stats"});
  CHECK(stats.status == 0);
  CHECK(stats.out ==
        "6\nresult: normal form after 2 steps\nsteps: 2\nsize (DAG): 1\nsize (tree): 1\n"
        "memory (estimated peak): 5936 bytes\n");
  // --trace: each step's rule and position, and the size of the term after
  // it; the same as --trace=rules.
  for (const char* flag : {"--trace", "--trace=rules"}) {
    const Run rules = perturb({"reduce", "(\\x:R. x * 2) 3", flag});
    CHECK(rules.status == 0);
    CHECK(rules.out == "1. beta at ε: size 7 (tree 7)\n2. delta-arith at ε: size 1 (tree 1)\n6\n");
  }
  // --trace=terms: the term after each step.
  const Run terms = perturb({"reduce", "(\\x:R. x * 2) 3", "--trace=terms"});
  CHECK(terms.out == "1. beta at ε: 3 * 2\n2. delta-arith at ε: 6\n6\n");
  // Elided in the middle past --trace-width characters, whole with 0.
  const std::string sum = "(\\x:R. x + x + x + x + x + x + x + x + x + x + x + x) 1";
  const Run narrow = perturb({"reduce", sum, "--trace=terms", "--trace-width", "15", "--no-delta"});
  // The sum's twelve summands are one shared redex x, contracted at once.
  const std::string step =
      "1. beta at 0 (shared: all 12 occurrences, 0, 1, 2, 3, 4, 5, 6, 7, 8, "
      "9, 10, 11): ";
  CHECK(narrow.out.starts_with(step + "1 + 1 … 1 + 1\n"));
  const Run wide = perturb({"reduce", sum, "--trace=terms", "--trace-width", "0", "--no-delta"});
  CHECK(wide.out.starts_with(step + "1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1\n"));
  CHECK(perturb({"reduce", sum, "--trace-width", "-1"}).status == 2);
  const Run bad_mode = perturb({"reduce", "(\\x:R. x * 2) 3", "--trace=everything"});
  CHECK(bad_mode.status == 2);
  // Shared subterms: the DAG is smaller than the tree.
  const Run shared = perturb({"reduce", "(\\x:R. x * x) (sin 2 * sin 2)", "--stats", "--no-delta"});
  CHECK(shared.out.find("size (DAG): 12\nsize (tree): 27\n") != std::string::npos);
}

TEST_CASE("perturb reduce gives up on a budget with exit status 1", "[cli]") {
  const Run run = perturb({"reduce", "(\\x:R. x * 2) 3", "--max-steps", "1"});
  CHECK(run.status == 1);
  CHECK(run.out == "3 * 2\n");
  CHECK(run.err ==
        "perturb: gave up after 1 steps, at DAG size 7: step budget exhausted (--max-steps 1)\n");
}

TEST_CASE("malformed input: exit status 2 and one positioned line", "[cli][errors]") {
  check_bad_input(perturb({"type", "((1)"}),
                  "perturb: line 1, column 5: expected ')' to close '(' at line 1, column 1");
  check_bad_input(perturb({"reduce", "sin foo"}), "perturb: line 1, column 5: unknown name 'foo'");
  check_bad_input(perturb({"type", "(\\x:R. x) <1, 2>"}),
                  "perturb: line 1, column 11: '<1, 2>' has type R * R, expected R");
  check_bad_input(perturb({"type", "1 2"}),
                  "perturb: line 1, column 1: '1' has type R, expected a function type ? -> ?");
  const fs::path deep = temporary_file(std::string(100000, '(') + "1" + std::string(100000, ')'));
  check_bad_input(
      perturb({"reduce", deep.string()}),
      "perturb: " + deep.string() + ": line 1, column 1001: term nested deeper than 1000 levels");
  const fs::path empty = temporary_file("");
  check_bad_input(perturb({"type", empty.string()}),
                  "perturb: " + empty.string() +
                      ": line 1, column 1: expected a term, found end "
                      "of input");
  const fs::path garbage =
      temporary_file(std::string("\x7f"
                                 "ELF\x02\x01\x01\0\n\xff",
                                 10));
  check_bad_input(perturb({"type", garbage.string()}),
                  "perturb: " + garbage.string() + ": line 1, column 1: unexpected byte 0x7F");
  check_bad_input(perturb({"type", "-"}, "1 +\n  (2 *"),
                  "perturb: <stdin>: line 2, column 7: expected a term, found end of input");
  fs::remove(deep);
  fs::remove(empty);
  fs::remove(garbage);
}

TEST_CASE("bad usage: exit status 2 and one line", "[cli][errors]") {
  check_bad_input(perturb({}), "perturb: A subcommand is required (see perturb --help)");
  check_bad_input(perturb({"reduce", "1", "--strategy", "fast"}),
                  "perturb: --strategy: fast not in {normal,applicative,random} (see perturb "
                  "--help)");
  check_bad_input(perturb({"type"}), "perturb: no program: give INPUT, -e TERM or -f FILE");
  check_bad_input(perturb({"type", "1", "-e", "2"}),
                  "perturb: give the program once: INPUT, -e TERM or -f FILE");
}

TEST_CASE("--help explains every option", "[cli]") {
  const Run top = perturb({"--help"});
  CHECK(top.status == 0);
  CHECK(top.out.find("type") != std::string::npos);
  CHECK(top.out.find("reduce") != std::string::npos);
  const Run reduce = perturb({"reduce", "--help"});
  CHECK(reduce.status == 0);
  for (const char* option : {"--strategy", "--seed", "--trace", "--max-steps", "--max-size",
                             "--no-delta", "--stats", "--print-limit"}) {
    INFO(option);
    CHECK(reduce.out.find(option) != std::string::npos);
  }
}

TEST_CASE("perturb --version prints the project's version and exits 0", "[cli]") {
  const Run run = perturb({"--version"});
  CHECK(run.status == 0);
  CHECK(run.out == "perturb " PERTURB_TEST_VERSION "\n");
  CHECK(run.err.empty());
}

TEST_CASE(
    "perturb list laws --model says which laws run on a model, and what it lacks for the rest",
    "[cli]") {
  const Run smooth = perturb({"list", "laws", "--model", "smooth"});
  CHECK(smooth.status == 0);
  CHECK(smooth.out.starts_with("smooth nests derivatives without bound\n"));
  CHECK(smooth.out.find("cdc.D5                       depth 1  runs\n") != std::string::npos);
  CHECK(smooth.out.find("cdc.D7                       depth 2  runs\n") != std::string::npos);
  CHECK(smooth.out.find("ccc.beta                     depth 0  not run: the model lacks "
                        "closed\n") != std::string::npos);
  CHECK(smooth.out.find("model.fast-tangent-map       depth 1  not run: the model lacks "
                        "fast_tangent_map\n") != std::string::npos);
  CHECK(smooth.out.ends_with("78 of 93 laws run on smooth\n"));
  CHECK(perturb({"list", "laws", "--model", "closures"})
            .out.ends_with("93 of 93 laws run on closures\n"));
  // The signature's laws too, with why a model does not host them.
  const Run balls = perturb({"list", "laws", "--model", "closures@ball"});
  CHECK(balls.out.find("signature.hypot-symmetric    depth 0  runs\n") != std::string::npos);
  CHECK(balls.out.find("signature.max-symmetric.T    depth 1  runs\n") != std::string::npos);
  const Run rationals = perturb({"list", "laws", "--model", "closures@rational"});
  CHECK(rationals.out.find("signature.hypot-symmetric    depth 0  not run: ") != std::string::npos);

  const Run unknown = perturb({"list", "laws", "--model", "no-such-model"});
  CHECK(unknown.status == 2);
  CHECK(unknown.err.starts_with("perturb: unknown model 'no-such-model' (known: smooth, "));
  CHECK(perturb({"list", "laws", "--model", "smooth", "--markdown"}).status == 2);
}
