// Tests of `perturb eval` (app/eval_command.cpp), run as a process: values
// in several models, --at contexts, --json, and misuse giving exit status 2
// with a one-line error rather than a crash.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

struct Run {
  int status = -1;
  std::string out, err;
};

std::string quoted(const std::string& argument) {
  std::string text = "'";
  for (char c : argument) text += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return text + "'";
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream file(path);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// perturb eval ARGS…, with stdin from `input`.
Run eval(const std::vector<std::string>& arguments, const std::string& input = "") {
  const char* binary = std::getenv("PERTURB_BIN");
  REQUIRE(binary != nullptr);
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("perturb-eval-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  { std::ofstream(dir / "in") << input; }
  std::string command = quoted(binary) + " eval";
  for (const std::string& argument : arguments) command += " " + quoted(argument);
  command += " <" + quoted((dir / "in").string()) + " >" + quoted((dir / "out").string()) + " 2>" +
             quoted((dir / "err").string());
  const int raw = std::system(command.c_str());
  Run run{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(dir / "out"), slurp(dir / "err")};
  std::filesystem::remove_all(dir);
  UNSCOPED_INFO(command << "\nstdout: " << run.out << "\nstderr: " << run.err);
  return run;
}

const std::string kShift = "s = \\u:R. \\f:R->R. \\x:R. f (x + u);\n";

}  // namespace

TEST_CASE("eval prints the acceptance values (spec §6)", "[eval]") {
  CHECK(eval({"T (\\x:R. x * x + 1) <1, 3>"}).out == "<6, 10>\n");
  CHECK(eval({"D (\\x:R. x * D (\\y:R. x) 2) 1"}).out == "0\n");
  CHECK(eval({"D (\\x:R. x * D (\\y:R. x + y) 1) 1"}).out == "1\n");
  CHECK(eval({kShift + "let d = D s 0 in d (d (\\x:R. x * x * x)) 2"}).out == "12\n");
  CHECK(eval({kShift + "let d = D s 0 in d (d exp) 1"}).out == "2.718281828459045\n");
}

TEST_CASE("eval --model selects the model, foils included", "[eval]") {
  CHECK(eval({"D (\\x:R. x * D (\\y:R. x) 2) 1", "--model", "naive-dual"}).out == "1\n");
  CHECK(eval({kShift + "let d = D s 0 in d (d (\\x:R. x * x * x)) 2", "--model", "no-renaming"})
            .out == "0\n");
  CHECK(eval({"D (\\x:R. x * x) 3", "--model", "finite-difference"}).out != "6\n");
  CHECK(eval({"D (\\x:R. x * x) 3", "--model", "closures"}).out == "6\n");
}

TEST_CASE("eval reads the term from a file or standard input", "[eval]") {
  const Run from_stdin = eval({"-"}, kShift + "let d = D s 0 in d (d exp) 0");
  CHECK(from_stdin.status == 0);
  CHECK(from_stdin.out == "1\n");
}

TEST_CASE("eval --at takes any closed term, functions included", "[eval]") {
  // The issue's example: the derivative of x ↦ x² at 3.
  CHECK(eval({"--at", "f=\\x:R. x * x", "D f 3"}).out == "6\n");
  CHECK(eval({"--at", "f=sin", "--at", "g=T sin", "<f 0, g <1, 0>>"}).out == "<0, <1, 0>>\n");
  CHECK(eval({"f (f 2)", "--at", "f=\\x:R. let y = x * x in y + 1"}).out == "26\n");
  CHECK(eval({"h 1", "--at", "h=\\x:R. <x, 2 * x>"}).out == "<1, 2>\n");
  // Each --at takes one argument: a term after it is the term to evaluate.
  CHECK(eval({"--at", "x=2", "x * x"}).out == "4\n");
}

TEST_CASE("eval --at gives the free variables, in order, as the context", "[eval]") {
  CHECK(eval({"x * pi2 y + 1", "--at", "x=2", "--at", "y=<1, 2.5>"}).out == "6\n");
  CHECK(eval({"<y, x>", "--at", "x=-1.5", "--at", "y=<1, <2, 3>>"}).out == "<<1, <2, 3>>, -1.5>\n");
  CHECK(eval({"\\z:R. z * x", "--at", "x=1e3"}).out == "<function R -> R>\n");
}

TEST_CASE("eval --json prints the type and the value", "[eval]") {
  using nlohmann::json;
  CHECK(json::parse(eval({"--json", "T (\\x:R. x * x + 1) <1, 3>"}).out) ==
        json{{"type", "R * R"}, {"value", {6, 10}}});
  CHECK(json::parse(eval({"--json", "sin"}).out) ==
        json{{"type", "R -> R"}, {"value", {{"function", "R -> R"}}}});
  CHECK(json::parse(eval({"--json", "x", "--at", "x=0.25"}).out) ==
        json{{"type", "R"}, {"value", 0.25}});
}

TEST_CASE("eval misuse is an error with exit status 2, not a crash", "[eval]") {
  const auto fails_with = [](const std::vector<std::string>& arguments,
                             const std::string& message) {
    const Run run = eval(arguments);
    CHECK(run.status == 2);
    CHECK(run.out.empty());
    CHECK(run.err.find(message) != std::string::npos);
  };
  fails_with({"x + y", "--at", "x=1"}, "unknown name 'y' (give it a value with --at NAME=TERM)");
  fails_with({"1", "--model", "nope"}, "unknown model 'nope'");
  fails_with({"1", "--at", "x=<1,"}, "malformed --at 'x=<1,'");
  fails_with({"1", "--at", "x"}, "expected NAME=TERM");
  // A value is a closed term, with positions counted in the whole argument.
  fails_with({"1", "--at", "x=abc"},
             "malformed --at 'x=abc': line 1, column 3: unknown name 'abc'");
  fails_with({"1", "--at", "x=<1, 2> 3"}, "'<1, 2>' has type R * R, expected a function type");
  fails_with({"1", "--at", "x=nan"}, "'nan' is not a literal");
  fails_with({"1", "--at", "1x=2"}, "not a variable name");
  fails_with({"1", "--at", "x=1", "--at", "x=2"}, "twice");
  fails_with({"1", "--at", "x=" + std::string(1000, '<')}, "nested deeper than");
  fails_with({"x * x", "--at", "x=<1, 2>"}, "expected R");
  // A function value in a first-order model.
  fails_with({"--model", "smooth", "D f 3", "--at", "f=\\x:R. x * x"}, "first-order");
  // A primitive the exact model does not have.
  fails_with({"--model", "closures@rational", "sin 1"},
             "model 'closures@rational' cannot evaluate this term: sin is not a rational function");
  fails_with({"--model", "closures@rational", "x", "--at", "x=exp 0"}, "exp is not a rational");
  fails_with({"(\\x:R. x"}, "");
}

namespace {

// f_k = λx. f_{k-1} (f_{k-1} x), k ≤ 30: 2^30 applications of f_0 to evaluate f30 0.
std::string doubling_chain() {
  std::string text = "let f0 = \\x:R. x + 1 in ";
  for (int k = 1; k <= 30; ++k) {
    text += "let f" + std::to_string(k) + " = \\x:R. f" + std::to_string(k - 1) + " (f" +
            std::to_string(k - 1) + " x) in ";
  }
  return text + "f30 0";
}

}  // namespace

TEST_CASE("eval gives up on its budgets with exit status 1, at --max-memory with 5",
          "[eval][budget]") {
  SECTION("the evaluation's step budget") {
    const Run run = eval({"--max-steps", "100000", doubling_chain()});
    CHECK(run.status == 1);
    CHECK(run.err ==
          "perturb: the evaluation exceeded 100000 steps (closures' evaluation "
          "budget)\n");
  }
  SECTION("--max-time") {
    const Run run = eval({"--max-time", "0.2", doubling_chain()});
    CHECK(run.status == 1);
    CHECK(run.err == "perturb: the time budget ran out: --max-time 0.2 s\n");
  }
  SECTION("--max-memory") {
    const Run run = eval({"--max-memory", "1000", "1"});
    CHECK(run.status == 5);
    CHECK(run.err ==
          "perturb: the memory budget ran out: more than 1000 bytes of heap (--max-memory)\n");
  }
  SECTION("a budget large enough changes nothing") {
    const Run run = eval({"--max-memory", "100000000", "--max-time", "60", "D (\\x:R. x * x) 3"});
    CHECK(run.status == 0);
    CHECK(run.out == "6\n");
  }
}

TEST_CASE("eval of a sum of 50 000 literals is 50000 in every model", "[eval]") {
  std::string sum = "1";
  for (int i = 1; i < 50000; ++i) sum += " + 1";
  for (const char* model :
       {"closures", "smooth", "naive-dual", "no-renaming", "finite-difference"}) {
    const Run run = eval({"--model", model, "-"}, sum);
    CHECK(run.status == 0);
    CHECK(run.out == "50000\n");
  }
}
