// What the documentation tests share: where the repository and the user
// documentation are, reading a file, and fresh working directories in which
// a documentation file's commands run.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/source_root.h"

namespace perturb::docs_test {

namespace fs = std::filesystem;

// The whole file, or "" when it cannot be read.
inline std::string read_file(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

using test_support::source_root;

// The perturb executable under test ($PERTURB_BIN).
inline std::string perturb_binary() {
  const char* bin = std::getenv("PERTURB_BIN");
  REQUIRE(bin != nullptr);
  return bin;
}

// Where the build puts the plugins of examples/linear_maps (tests/CMakeLists.txt:
// CMAKE_BINARY_DIR/test_plugins, and perturb is CMAKE_BINARY_DIR/app/perturb).
// The default build target builds them; a build of test_app alone does not.
inline fs::path example_plugin_dir() {
  return fs::path(perturb_binary()).parent_path().parent_path() / "test_plugins";
}

// README.md and docs/*.md, sorted.
inline std::vector<fs::path> documentation_files() {
  std::vector<fs::path> files{source_root() / "README.md"};
  for (const fs::directory_entry& entry : fs::directory_iterator(source_root() / "docs")) {
    if (entry.path().extension() == ".md") files.push_back(entry.path());
  }
  std::sort(files.begin() + 1, files.end());
  return files;
}

// A fresh directory in which `examples` and `docs` link to the repository's
// folders and `build` to the directory holding liblinear.so and the faulty
// plugins, as in the project of docs/writing-a-model.md once built into
// build/: a documented `perturb check --plugin ./build/liblinear.so` runs as shown.
inline fs::path fresh_directory(const std::string& name) {
  static int counter = 0;
  const fs::path dir =
      fs::temp_directory_path() / ("perturb_docs_test_" + std::to_string(::getpid()) + "_" +
                                   std::to_string(counter++) + "_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const char* folder : {"examples", "docs"}) {
    fs::create_directory_symlink(source_root() / folder, dir / folder);
  }
  fs::create_directory_symlink(example_plugin_dir(), dir / "build");
  return dir;
}

}  // namespace perturb::docs_test
