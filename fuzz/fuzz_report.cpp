// libFuzzer target over what `perturb repro` reads: arbitrary bytes as a
// report.json. Reading and validating must end in a recorded case or an
// Error, never in an exception or a crash (docs/reliability.md). The case is
// not replayed: that is the checker's code, which the test suite covers.
#include <cstdint>
#include <string_view>

#include "proofs/binding/builtin_bindings.h"
#include "proofs/report/recorded_case.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<perturb::proofs::LawBinding> bindings =
      perturb::proofs::builtin_bindings();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (std::size_t index : {0, 1}) {
    auto recorded = perturb::proofs::read_recorded_case(text, index);
    if (!recorded.ok()) continue;
    for (const perturb::proofs::LawBinding& binding : bindings) {
      if (binding.info.id == recorded->law && binding.model == recorded->model)
        (void)perturb::proofs::validate_recorded_case(binding, *recorded);
    }
  }
  return 0;
}
