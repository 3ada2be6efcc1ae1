// libFuzzer target over what `perturb repro` reads: arbitrary bytes as a
// report.json. Reading must end in a recorded case or an Error, never in an
// exception or a crash (docs/reliability.md).
#include <cstdint>
#include <string_view>

#include "proofs/recorded_case.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (std::size_t index : {0, 1}) (void)perturb::proofs::read_recorded_case(text, index);
  return 0;
}
