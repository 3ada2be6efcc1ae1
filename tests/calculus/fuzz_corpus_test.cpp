// The fuzz corpus as a regression test (docs/reliability.md): every input in
// fuzz/corpus/calculus, the seeds and every crash a campaign ever found,
// satisfies the properties fuzz_calculus checks, in the ordinary build.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "fuzz/calculus_properties.h"

namespace {

// fuzz/corpus/calculus of the source tree ($PERTURB_SOURCE when set).
std::filesystem::path corpus_path() {
  const std::filesystem::path root =
      std::getenv("PERTURB_SOURCE")
          ? std::filesystem::path(std::getenv("PERTURB_SOURCE"))
          : std::filesystem::path(__FILE__).parent_path().parent_path().parent_path();
  return root / "fuzz" / "corpus" / "calculus";
}

}  // namespace

TEST_CASE("every input of the calculus fuzz corpus satisfies the fuzz properties", "[fuzz]") {
  const std::filesystem::path corpus = corpus_path();
  int inputs = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(corpus)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream file(entry.path(), std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    INFO(entry.path().string());
    CHECK_FALSE(perturb::fuzz::violated_calculus_property(text));
    ++inputs;
  }
  CHECK(inputs >= 90);
}
