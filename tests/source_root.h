// Where the tests find the repository: one definition for every test that
// reads a file of the tree (docs, schema, headers, example terms). Outside
// namespace perturb, so that a test's own helpers named perturb() stay
// unambiguous.
#pragma once

#include <cstdlib>
#include <filesystem>

namespace test_support {

// The repository root: $PERTURB_SOURCE, else found from this file's path.
inline std::filesystem::path source_root() {
  if (const char* source = std::getenv("PERTURB_SOURCE")) return source;
  return std::filesystem::path(__FILE__).parent_path().parent_path();
}

}  // namespace test_support
