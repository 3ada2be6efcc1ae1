// The one-way layering of the source tree (docs/architecture.md "Layers" and
// "Rooms"): a file includes project headers only from its own folder and the
// folders listed before it, so that a lower room never learns of a higher one.
#include <array>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "source_root.h"

namespace {

// Lowest first; a subfolder is listed before its layer's top, which holds
// what is built from the subfolders.
constexpr std::array kRooms = {
    "calculus",        "semantics",     "models/scalars",
    "models/closures", "models/smooth", "models/symbolic",
    "models",          "proofs/cases",  "proofs/laws",
    "proofs/binding",  "proofs/run",    "proofs/report",
    "proofs",          "lab",           "app",
};

// The room of a path relative to the root: the longest listed folder that
// holds it, if any.
std::optional<std::size_t> room_of(const std::string& path) {
  std::optional<std::size_t> best;
  std::size_t best_length = 0;
  for (std::size_t i = 0; i < kRooms.size(); ++i) {
    const std::string folder = std::string(kRooms[i]) + "/";
    if (path.starts_with(folder) && folder.size() > best_length) {
      best = i;
      best_length = folder.size();
    }
  }
  return best;
}

struct Violation {
  std::string file;
  std::string included;
};

std::vector<Violation> upward_includes(const std::filesystem::path& root) {
  const std::regex include_line(R"(^\s*#include\s+"([^"]+)\")");
  std::vector<Violation> found;
  for (const char* layer : {"calculus", "semantics", "models", "proofs", "lab", "app"}) {
    if (!std::filesystem::exists(root / layer)) continue;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / layer)) {
      const auto extension = entry.path().extension();
      if (extension != ".h" && extension != ".cpp") continue;
      const std::string file = entry.path().lexically_relative(root).generic_string();
      const auto own = room_of(file);
      REQUIRE(own);
      std::ifstream in(entry.path());
      std::string line;
      std::smatch match;
      while (std::getline(in, line)) {
        if (!std::regex_search(line, match, include_line)) continue;
        const auto other = room_of(match[1].str());
        if (other && *other > *own) found.push_back({file, match[1].str()});
      }
    }
  }
  return found;
}

}  // namespace

TEST_CASE("every include points to the file's own room or one below it") {
  const auto violations = upward_includes(test_support::source_root());
  for (const auto& v : violations) UNSCOPED_INFO(v.file << " includes " << v.included);
  CHECK(violations.empty());
}

TEST_CASE("the layering check finds an include of a higher room") {
  const auto root = std::filesystem::temp_directory_path() / "perturb_source_layout_test";
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root / "proofs/cases");
  std::filesystem::create_directories(root / "models/smooth");
  std::ofstream(root / "proofs/cases/low.h") << "#include \"proofs/laws/catalogue.h\"\n";
  std::ofstream(root / "models/smooth/fine.h") << "#include \"models/scalars/scalar.h\"\n"
                                               << "#include <vector>\n";
  const auto violations = upward_includes(root);
  std::filesystem::remove_all(root);
  REQUIRE(violations.size() == 1);
  CHECK(violations[0].file == "proofs/cases/low.h");
  CHECK(violations[0].included == "proofs/laws/catalogue.h");
}
