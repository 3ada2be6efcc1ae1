// `perturb check` and `perturb repro` as programs ($PERTURB_BIN): exit status
// 0 when the selected laws hold, 1 when one fails, 2 for a bad command line;
// a foil's report.json replays its counterexample and still fails.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/report_schema.h"

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

// A fresh path in the temporary directory, unique to this process.
fs::path temporary_path(const std::string& suffix) {
  static int counter = 0;
  return fs::temp_directory_path() / ("perturb_check_test_" + std::to_string(::getpid()) + "_" +
                                      std::to_string(counter++) + suffix);
}

std::string shell_quoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// Runs perturb with args, standard input empty.
Run perturb(const std::vector<std::string>& args) {
  const char* bin = std::getenv("PERTURB_BIN");
  REQUIRE(bin != nullptr);
  const fs::path out = temporary_path(".out");
  const fs::path err = temporary_path(".err");
  std::string command = shell_quoted(bin);
  for (const std::string& arg : args) command += " " + shell_quoted(arg);
  command += " </dev/null >" + shell_quoted(out) + " 2>" + shell_quoted(err);
  const int raw = std::system(command.c_str());
  Run run{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read_file(out), read_file(err)};
  fs::remove(out);
  fs::remove(err);
  // Every report.json the suite writes is valid against the shipped schema.
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "--report" && fs::exists(fs::path(args[i + 1]) / "report.json"))
      report_schema::require_valid_report(fs::path(args[i + 1]) / "report.json");
  }
  return run;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// What a Python script (which reads sys.argv[1]) prints about file: Python's
// xml module is the independent reader of the XML perturb writes.
std::string python_output(const std::string& script, const fs::path& file) {
  const fs::path out = temporary_path(".python");
  const int status = std::system(("python3 -c " + shell_quoted(script) + " " +
                                  shell_quoted(file.string()) + " >" + shell_quoted(out.string()))
                                     .c_str());
  REQUIRE(status == 0);
  const std::string text = read_file(out);
  fs::remove(out);
  return text;
}

}  // namespace

TEST_CASE("perturb check: 0 when a sound model passes the selected laws", "[check]") {
  const Run run = perturb({"check", "--law", "cdc.D[45]", "--model", "smooth", "--model",
                           "closures", "--cases", "30", "--seed", "1", "--jobs", "2"});
  INFO(run.out << run.err);
  CHECK(run.status == 0);
  CHECK(contains(run.out, "4 law × model pairs, seed 1, 30 cases each"));
  CHECK(contains(run.out, "0 failed"));
  CHECK_FALSE(contains(run.out, "FAILS"));
}

// A summary first: a line per model, then only the pairs that fail, each in
// full; --verbose (-v) a line per pair, as --stats too.
TEST_CASE("perturb check: a line per model, the failing pairs in full; -v a line per pair",
          "[check][summary]") {
  const std::vector<std::string> args = {"check",  "--law",   "cdc.D[56]",  "--model",
                                         "smooth", "--model", "naive-dual", "--cases",
                                         "60",     "--jobs",  "2"};
  const Run run = perturb(args);
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  CHECK(run.out.rfind("model ", 0) == 0);
  CHECK(contains(run.out,
                 "\nsmooth                  2       120       120       0         0  holds\n"));
  CHECK(contains(run.out, "\nnaive-dual (foil)       2       120 "));
  CHECK(contains(run.out, "  fails in 1 pair\n"));
  // The failing pair with its counterexample; no line for a pair that holds.
  CHECK(contains(run.out, "\n\ncdc.D6                       naive-dual (foil)"));
  CHECK(contains(run.out, "   FAILS"));
  CHECK(contains(run.out, "\n    shrunk f = "));
  CHECK_FALSE(contains(run.out, "cdc.D5 "));
  CHECK_FALSE(contains(run.out, "cdc.D6                       smooth"));
  CHECK(contains(run.out, "4 law × model pairs, seed 1, 60 cases each"));

  for (const char* flag : {"-v", "--verbose", "--stats"}) {
    std::vector<std::string> verbose = args;
    verbose.push_back(flag);
    const Run every = perturb(verbose);
    INFO(flag << "\n" << every.out << every.err);
    CHECK(every.status == 1);
    CHECK_FALSE(contains(every.out, "verdict"));
    CHECK(every.out.rfind("cdc.D5                       smooth                  60 passed", 0) ==
          0);
    CHECK(contains(every.out, "\ncdc.D6                       smooth "));
    CHECK(contains(every.out, "\ncdc.D6                       naive-dual (foil)"));
  }
}

TEST_CASE("perturb check: 1 on a foil, and repro of its report still fails", "[check][repro]") {
  const fs::path dir = temporary_path("_report");
  const Run run = perturb({"check", "--law", "tangent.thm-3.10", "--model", "naive-dual", "--cases",
                           "40", "--seed", "1", "--jobs", "2", "--report", dir.string()});
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  CHECK(contains(run.out, "FAILS"));
  REQUIRE(fs::exists(dir / "report.json"));
  REQUIRE(fs::exists(dir / "report.md"));
  const nlohmann::json report = nlohmann::json::parse(read_file(dir / "report.json"));
  CHECK(report.at("seed") == 1);
  REQUIRE(report.at("results").size() == 1);
  const nlohmann::json& counterexample = report.at("results")[0].at("counterexample");
  REQUIRE_FALSE(counterexample.is_null());
  CHECK(counterexample.at("law") == "tangent.thm-3.10");
  CHECK(counterexample.at("model") == "naive-dual");
  CHECK(contains(read_file(dir / "report.md"), "## `tangent.thm-3.10` fails in naive-dual"));

  const Run repro = perturb({"repro", (dir / "report.json").string()});
  INFO(repro.out << repro.err);
  CHECK(repro.status == 1);
  CHECK(contains(repro.out, "still fails"));
  CHECK(contains(repro.out, "tangent.thm-3.10 on naive-dual"));
  // It shows the case it replayed, each term with its type and context.
  for (const nlohmann::json& term : counterexample.at("shrunk").at("terms")) {
    CHECK(contains(repro.out, "\n  " + term.at("role").get<std::string>() + " = " +
                                  term.at("term").get<std::string>() + " : " +
                                  term.at("type").get<std::string>() + " in "));
  }
  CHECK(contains(repro.out, "\n  point " + counterexample.at("point").get<std::string>() + "\n"));

  const Run out_of_range = perturb({"repro", (dir / "report.json").string(), "--index", "1"});
  CHECK(out_of_range.status == 2);
  CHECK(contains(out_of_range.err, "1 counterexample(s)"));
  fs::remove_all(dir);
}

// Issue 11, must show 2: a counterexample whose sides are functions names the
// argument at which they differ (a closed term), both values there down to
// two reals, and the size of the difference against the tolerance.
TEST_CASE("perturb check: a numeric witness when the sides are functions", "[check][witness]") {
  const fs::path dir = temporary_path("_report");
  const Run run = perturb({"check", "--law", "tangent.thm-3.10", "--law", "tangent.eq-3", "--model",
                           "naive-dual", "--cases", "100", "--seed", "1", "--paper-signature",
                           "--report", dir.string()});
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  const nlohmann::json report = nlohmann::json::parse(read_file(dir / "report.json"));
  const std::string markdown = read_file(dir / "report.md");
  REQUIRE(report.at("results").size() == 2);
  for (const nlohmann::json& result : report.at("results")) {
    const nlohmann::json& counterexample = result.at("counterexample");
    REQUIRE_FALSE(counterexample.is_null());
    const std::string law = counterexample.at("law");
    INFO(law);
    const nlohmann::json& witness = counterexample.at("witness");
    REQUIRE(witness.is_object());
    CHECK(witness.at("absolute").get<double>() > witness.at("allowed").get<double>());
    CHECK(witness.at("absolute").get<double>() ==
          Approx(std::abs(witness.at("lhs").get<double>() - witness.at("rhs").get<double>())));
    // Each argument is a closed term: `perturb type` reads it.
    int arguments = 0;
    for (const nlohmann::json& step : witness.at("steps")) {
      const std::string text = step.at("step");
      if (text.rfind("at ", 0) != 0) continue;
      ++arguments;
      const Run type = perturb({"type", text.substr(3)});
      INFO(text << "\n" << type.err);
      CHECK(type.status == 0);
    }
    CHECK(arguments >= 1);
    // The same witness on the terminal and in report.md.
    const std::string first = witness.at("steps")[0].at("step");
    CHECK(contains(run.out, "    witness " + first + ": lhs "));
    CHECK(contains(markdown, "* witness:\n  * " + first + ": lhs "));
  }
  // naive-dual's counterexamples are certified by naive-dual@ball, whose
  // witness bounds the difference from below instead of against the tolerance.
  CHECK(contains(run.out, "differ by at least "));
  CHECK(contains(markdown, "(certified: their enclosures are disjoint)"));

  const Run repro = perturb({"repro", (dir / "report.json").string()});
  INFO(repro.out << repro.err);
  CHECK(repro.status == 1);
  CHECK(contains(repro.out, "\n  witness "));
  CHECK(contains(repro.out, "(certified: their enclosures are disjoint)\n"));
  fs::remove_all(dir);
}

// report.md opens with the summary and the law × model matrix, whose picture
// matrix.svg (an SVG an XML reader reads) is beside it.
TEST_CASE("perturb check --report: report.md starts with the summary and the matrix, matrix.svg",
          "[check][summary]") {
  const fs::path dir = temporary_path("_report");
  const Run run =
      perturb({"check", "--law", "cdc.D[56]", "--law", "cla.terminal", "--model", "smooth",
               "--model", "naive-dual", "--cases", "30", "--report", dir.string()});
  INFO(run.out << run.err);
  REQUIRE(run.status == 1);
  const std::string markdown = read_file(dir / "report.md");
  const std::size_t summary = markdown.find("\n## Summary\n\n| model | pairs |");
  const std::size_t matrix = markdown.find("\n## Laws × models\n\n![");
  const std::size_t pairs = markdown.find("\n## Each pair\n\n| law | model |");
  CHECK(summary != std::string::npos);
  CHECK(summary < matrix);
  CHECK(matrix < pairs);
  CHECK(contains(markdown, "| naive-dual (foil) | 3 | 90 | "));
  CHECK(contains(markdown, "| **fails in 1 pair** |\n"));
  CHECK(contains(markdown, "](matrix.svg)\n"));
  CHECK(contains(markdown, "| family | law | smooth | naive-dual (foil) |\n"));
  CHECK(contains(markdown, "| cdc | `cdc.D5` | holds | holds |\n"));
  CHECK(contains(markdown, "|  | `cdc.D6` | holds | **fails "));
  CHECK(contains(markdown, "| cla | `cla.terminal` | holds | holds |\n"));
  const std::string reader =
      "import sys, xml.etree.ElementTree as E\n"
      "root = E.parse(sys.argv[1]).getroot()\n"
      "titles = [t.text for t in root.iter('{http://www.w3.org/2000/svg}title')]\n"
      "print(len(titles))\n"
      "print('\\n'.join(titles))\n";
  const std::string titles = python_output(reader, dir / "matrix.svg");
  INFO(titles);
  // The picture's title and one per cell: 3 laws × 2 models.
  CHECK(titles.starts_with("7\n"));
  CHECK(contains(titles, "\ncdc.D6 on naive-dual (foil): fails, 30 cases, "));
  CHECK(contains(titles, "\ncla.terminal on smooth: holds, 30 cases, 0 failed, 0 discarded\n"));
  fs::remove_all(dir);
}

TEST_CASE("perturb check --report: report.md links an SVG drawing of each shrunk term",
          "[check][draw]") {
  const fs::path dir = temporary_path("_report");
  const Run run = perturb({"check", "--law", "cdc.D6", "--model", "naive-dual", "--cases", "30",
                           "--seed", "1", "--report", dir.string()});
  INFO(run.out << run.err);
  REQUIRE(run.status == 1);
  const std::string markdown = read_file(dir / "report.md");
  for (const char* role : {"f", "g", "h", "k"}) {
    const std::string base = std::string("drawings/cdc.D6-naive-dual-") + role;
    INFO(base);
    CHECK(fs::exists(dir / (base + ".dot")));
    if (std::system("command -v dot >/dev/null 2>&1") != 0) {
      WARN("dot (graphviz) is not installed: report.md cannot link drawings");
      CHECK_FALSE(contains(markdown, "[drawing]"));
      continue;
    }
    CHECK(fs::file_size(dir / (base + ".svg")) > 0);
    CHECK(contains(markdown, "([drawing](" + base + ".svg))"));
  }
  fs::remove_all(dir);
}

TEST_CASE("perturb check --report: same bytes for --jobs 1 and --jobs 2", "[check]") {
  const fs::path one = temporary_path("_one"), two = temporary_path("_two");
  const std::vector<std::string> common = {"check",      "--law",   "cdc.D6",   "--model",
                                           "naive-dual", "--model", "closures", "--cases",
                                           "40",         "--seed",  "3"};
  std::vector<std::string> args = common;
  args.insert(args.end(), {"--jobs", "1", "--report", one.string()});
  CHECK(perturb(args).status == 1);
  args = common;
  args.insert(args.end(), {"--jobs", "2", "--report", two.string()});
  CHECK(perturb(args).status == 1);
  const std::string first = read_file(one / "report.json");
  CHECK_FALSE(first.empty());
  CHECK(first == read_file(two / "report.json"));
  fs::remove_all(one);
  fs::remove_all(two);
}

TEST_CASE("perturb check: 2 for an unknown model, a glob matching nothing, bad --cases",
          "[check]") {
  const Run unknown = perturb({"check", "--model", "no-such-model", "--cases", "1"});
  CHECK(unknown.status == 2);
  CHECK(contains(unknown.err, "unknown model 'no-such-model'"));
  CHECK(unknown.out.empty());

  const Run nothing = perturb({"check", "--law", "no.such.law*", "--cases", "1"});
  CHECK(nothing.status == 2);
  CHECK(contains(nothing.err, "no law matches"));

  // A law that exists, but not on the first-order model.
  const Run unhosted = perturb({"check", "--law", "ccc.beta", "--model", "smooth", "--cases", "1"});
  CHECK(unhosted.status == 2);

  for (const char* cases : {"0", "-3", "many"}) {
    INFO("--cases " << cases);
    const Run bad = perturb({"check", "--law", "cdc.D1", "--cases", cases});
    CHECK(bad.status == 2);
    CHECK_FALSE(bad.err.empty());
  }
}

TEST_CASE("perturb repro: 2 for a missing or malformed report", "[repro]") {
  CHECK(perturb({"repro", temporary_path(".json").string()}).status == 2);
  const fs::path bad = temporary_path(".json");
  std::ofstream(bad) << "{\"results\": []}";
  const Run empty = perturb({"repro", bad.string()});
  CHECK(empty.status == 2);
  CHECK(contains(empty.err, "no counterexample"));
  fs::remove(bad);
}

TEST_CASE("perturb check: 2 for a --report directory it cannot write, before running", "[check]") {
  const fs::path file = temporary_path(".file");
  { std::ofstream(file) << "not a directory\n"; }
  // A million cases would take minutes: the refusal comes before the run.
  const Run onto_file =
      perturb({"check", "--law", "cdc.D1", "--cases", "1000000", "--report", file.string()});
  CHECK(onto_file.status == 2);
  CHECK(contains(onto_file.err, "is not a directory"));
  CHECK(onto_file.out.empty());

  const Run under_file = perturb(
      {"check", "--law", "cdc.D1", "--cases", "1000000", "--report", (file / "sub").string()});
  CHECK(under_file.status == 2);
  CHECK(contains(under_file.err, "cannot create the report directory"));
  CHECK(under_file.out.empty());
  fs::remove(file);
}

TEST_CASE("perturb check --case-memory: a case past its heap budget is a counted discard",
          "[check][budget]") {
  // The pair's result, and whether the exit status says what its health does.
  const auto discards = [](const std::string& budget) {
    const fs::path dir = temporary_path("_case_memory");
    const Run run =
        perturb({"check", "--law", "sound.lemma-5.5", "--model", "closures", "--cases", "300",
                 "--jobs", "1", "--case-memory", budget, "--report", dir.string()});
    INFO(run.out << run.err);
    const nlohmann::json law =
        nlohmann::json::parse(read_file(dir / "report.json")).at("results").at(0);
    CHECK(run.status == (law.at("health").at("healthy") == true ? 0 : 4));
    fs::remove_all(dir);
    return law;
  };
  // One byte: no case gets as far as its first term, and the pair is unhealthy.
  const nlohmann::json none = discards("1");
  CHECK(none.at("discarded") == 300);
  REQUIRE(none.at("discards").size() == 1);
  CHECK(none.at("discards").at(0) ==
        nlohmann::json{
            {"reason",
             "the case needed more than 1 bytes of heap (its memory budget, --case-memory)"},
            {"kind", "budget"},
            {"count", 300},
            {"first_case", 0}});
  CHECK(none.at("health").at("healthy") == false);
  // 20 MB: the few largest cases of the 300; how many depends on the build
  // (the sizes of its nodes and values), not on the run, up to malloc's
  // rounding (semantics/case_memory.h).
  const nlohmann::json some = discards("20000000");
  CHECK(some.at("discarded") >= 1);
  CHECK(some.at("discarded") <= 10);
  REQUIRE(some.at("discards").size() == 1);
  CHECK(contains(some.at("discards").at(0).at("reason").get<std::string>(), "--case-memory"));
  // 256 MiB leaves every one of them checked.
  const nlohmann::json all = discards("268435456");
  CHECK(all.at("discarded") == 0);
  CHECK(all.at("discards").empty());
  CHECK(all.at("health").at("healthy") == true);

  const Run bad = perturb({"check", "--law", "cdc.D1", "--case-memory", "-1"});
  CHECK(bad.status == 2);
}

TEST_CASE("perturb check: 4 for an unhealthy pair, per kind and --discard-limit",
          "[check][health]") {
  // Every case over a 1-byte budget: 100 % budget discards.
  const std::vector<std::string> all_discarded = {
      "check", "--law", "cdc.D1.sum", "--model", "smooth", "--cases", "40", "--case-memory", "1"};
  const Run unhealthy = perturb(all_discarded);
  INFO(unhealthy.out << unhealthy.err);
  CHECK(unhealthy.status == 4);
  CHECK(contains(unhealthy.out, "40 discarded   UNHEALTHY\n"));
  CHECK(contains(unhealthy.out,
                 "    discarded 40 budget (first case 0): the case needed more than 1 bytes of "
                 "heap (its memory budget, --case-memory)\n"));
  CHECK(contains(unhealthy.out,
                 "    unhealthy: budget discards 40 of 40 (100 %, at least 91.2 % with 95 % "
                 "confidence) exceed the limit 1 %\n"));
  CHECK(contains(unhealthy.out, "0 pairs fail, 1 unhealthy"));

  // The same run with budget discards allowed is healthy.
  std::vector<std::string> allowed = all_discarded;
  allowed.insert(allowed.end(), {"--discard-limit", "budget=1"});
  const Run healthy = perturb(allowed);
  INFO(healthy.out << healthy.err);
  CHECK(healthy.status == 0);
  CHECK(contains(healthy.out, "0 pairs fail, 0 unhealthy"));

  // A failure outranks ill health: status 1.
  const Run failing = perturb({"check", "--law", "cdc.D6", "--model", "naive-dual", "--cases", "40",
                               "--discard-limit", "non-finite=0"});
  CHECK(failing.status == 1);

  for (const char* bad : {"budget", "nonfinite=0.1", "budget=2", "budget=nan", "budget=-0.1",
                          "=0.1", "budget=0.1x"}) {
    const Run refused = perturb({"check", "--law", "cdc.D1", "--discard-limit", bad});
    INFO("--discard-limit " << bad << ": " << refused.err);
    CHECK(refused.status == 2);
    CHECK(contains(refused.err, "perturb: --discard-limit "));
    CHECK(refused.out.empty());
  }
}

TEST_CASE("perturb check --junit: XML a JUnit reader reads, one failure per failing pair",
          "[check][junit]") {
  const fs::path xml = temporary_path("_junit.xml");
  const Run run =
      perturb({"check", "--law", "cdc.D1.sum", "--law", "cdc.D6", "--law", "tangent.thm-3.10",
               "--model", "naive-dual", "--cases", "60", "--junit", xml.string()});
  INFO(run.out << run.err);
  CHECK(run.status == 1);
  CHECK(contains(run.out, "JUnit XML written to " + xml.string()));
  // Python's xml module as the reader: testcases, then the failing ones by name.
  const std::string reader =
      "import sys, xml.etree.ElementTree as E\n"
      "root = E.parse(sys.argv[1]).getroot()\n"
      "cases = root.findall('testsuite/testcase')\n"
      "failing = [c.get('name') for c in cases if c.find('failure') is not None]\n"
      "print(root.get('tests'), root.get('failures'), len(cases), ' '.join(failing))\n"
      "print(cases[1].find('failure').text)\n";
  const std::string text = python_output(reader, xml);
  INFO(text);
  CHECK(text.starts_with("3 2 3 cdc.D6 tangent.thm-3.10\n"));
  // The failure carries the law, the shrunk case, both sides and the way to reproduce it.
  CHECK(contains(text, "D(D(f))∘⟨⟨g, 0⟩, ⟨h, k⟩⟩ = D(f)∘⟨g, k⟩ (§1 D6"));
  CHECK(contains(text, "    shrunk f = "));
  CHECK(contains(text, "    lhs "));
  CHECK(contains(text, "Reproduce: perturb check --law cdc.D6 --model naive-dual"));
  fs::remove(xml);

  const Run directory =
      perturb({"check", "--law", "cdc.D1", "--junit", fs::temp_directory_path().string()});
  CHECK(directory.status == 2);
  CHECK(contains(directory.err, "is a directory"));
  CHECK(directory.out.empty());
}
