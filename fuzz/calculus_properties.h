// What must hold of any text given to the calculus (docs/reliability.md),
// shared by the libFuzzer target fuzz_calculus and the regression test that
// replays the corpus (tests/calculus/fuzz_corpus_test.cpp): parsing ends in
// a program or an Error; a term that elaborates typechecks at its inferred
// type, prints in a form that reads back α-equal, and normalizes under each
// strategy, within small budgets, to a term of the same type.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "calculus/normalize.h"
#include "calculus/parse.h"
#include "calculus/print.h"
#include "calculus/typecheck.h"

namespace perturb::fuzz {

// The first property text violates, or nothing.
inline std::optional<const char*> violated_calculus_property(std::string_view text) {
  using namespace perturb::calculus;
  (void)parse_type(text);
  ErrorOr<Program> program = parse_program(text);
  if (!program.ok()) return std::nullopt;  // a positioned error is the right answer to most input
  const Term& term = program->term;
  const ErrorOr<Type> type = type_of({}, term);
  if (!type.ok() || *type != program->type) return "typechecking the elaborated term";
  const ErrorOr<Program> reread = parse_program(to_string(term));
  if (!reread.ok() || !alpha_equal(reread->term, term)) return "print then parse";
  for (const Strategy strategy :
       {Strategy::NormalOrder, Strategy::ApplicativeOrder, Strategy::Random}) {
    NormalizeOptions options;
    options.strategy = strategy;
    options.max_steps = 64;
    options.max_size = 4000;
    options.max_memory = std::uint64_t{16} << 20;
    const NormalizeResult result = normalize(term, options);
    const ErrorOr<Type> reduced = type_of({}, result.term);
    if (!reduced.ok() || *reduced != program->type) return "reduction keeps the type";
  }
  return std::nullopt;
}

}  // namespace perturb::fuzz
