// libFuzzer target over the calculus: the properties of
// fuzz/calculus_properties.h on arbitrary text. A violated property is an
// internal bug and aborts, which libFuzzer records as a crash.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "fuzz/calculus_properties.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (const auto property = perturb::fuzz::violated_calculus_property(text)) {
    std::fprintf(stderr, "fuzz_calculus: %s fails on input of %zu bytes\n", *property, size);
    std::abort();
  }
  return 0;
}
