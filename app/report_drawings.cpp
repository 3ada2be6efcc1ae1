#include "app/report_drawings.h"

#include <spawn.h>
#include <sys/wait.h>

#include <fstream>
#include <string>

#include "calculus/dot.h"
#include "proofs/report/report.h"

extern char** environ;

namespace perturb::app {

namespace {

// A counterexample's term is small (it was shrunk); a larger one is not drawn.
constexpr std::uint64_t kMaxDrawingNodes = 2000;

// dot -Tsvg dot_file -o svg_file, without a shell; false when dot is missing or fails.
bool render_svg(const std::filesystem::path& dot_file, const std::filesystem::path& svg_file) {
  std::string program = "dot", format = "-Tsvg", input = dot_file.string(), flag = "-o",
              output = svg_file.string();
  char* argv[] = {program.data(), format.data(), input.data(), flag.data(), output.data(), nullptr};
  pid_t child = 0;
  if (posix_spawnp(&child, "dot", nullptr, nullptr, argv, environ) != 0) return false;
  int status = 0;
  if (waitpid(child, &status, 0) != child) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

bool write_report_drawings(const std::vector<proofs::LawResult>& results,
                           const std::filesystem::path& dir) {
  bool any = false, all_rendered = true;
  for (const proofs::LawResult& result : results) {
    if (!result.counterexample) continue;
    for (const proofs::CaseTerm& entry : result.counterexample->shrunk.terms) {
      auto dot = calculus::to_dot(entry.term, entry.context, calculus::DotLayout::Shared,
                                  kMaxDrawingNodes);
      if (!dot.ok()) {
        all_rendered = false;
        continue;
      }
      const std::filesystem::path base = dir / proofs::drawing_path(result, entry.role);
      std::filesystem::create_directories(base.parent_path());
      std::ofstream(base.string() + ".dot") << *dot;
      any = true;
      if (all_rendered && !render_svg(base.string() + ".dot", base.string() + ".svg"))
        all_rendered = false;
    }
  }
  return any && all_rendered;
}

}  // namespace perturb::app
