// libFuzzer target over the calculus: parse and elaborate arbitrary text,
// then check what must hold of every term that elaborates (docs/reliability.md):
// it typechecks at its inferred type, it prints in a form that reads back
// α-equal, and normalisation under each strategy ends within small budgets
// with a term of the same type. A violated property is an internal bug and
// aborts, which libFuzzer records as a crash.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "calculus/normalize.h"
#include "calculus/parse.h"
#include "calculus/print.h"
#include "calculus/typecheck.h"

namespace {

using namespace perturb::calculus;

[[noreturn]] void violated(const char* property, std::string_view input) {
  std::fprintf(stderr, "fuzz_calculus: %s fails on input of %zu bytes\n", property, input.size());
  std::abort();
}

void check_term(std::string_view text) {
  ErrorOr<Program> program = parse_program(text);
  if (!program.ok()) return;  // a positioned error is the right answer to most input
  const Term& term = program->term;
  const ErrorOr<Type> type = type_of({}, term);
  if (!type.ok() || *type != program->type) violated("typechecking the elaborated term", text);
  const std::string printed = to_string(term);
  const ErrorOr<Program> reread = parse_program(printed);
  if (!reread.ok() || !alpha_equal(reread->term, term)) violated("print then parse", text);
  for (const Strategy strategy :
       {Strategy::NormalOrder, Strategy::ApplicativeOrder, Strategy::Random}) {
    NormalizeOptions options;
    options.strategy = strategy;
    options.max_steps = 64;
    options.max_size = 4000;
    options.max_memory = std::uint64_t{16} << 20;
    const NormalizeResult result = normalize(term, options);
    const ErrorOr<Type> reduced = type_of({}, result.term);
    if (!reduced.ok() || *reduced != program->type) violated("reduction keeps the type", text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_term(text);
  (void)parse_type(text);
  return 0;
}
