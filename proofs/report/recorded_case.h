// What `perturb repro` replays: one counterexample of a report.json, read
// back and validated (docs/report-format.md, "Replaying"). Every way a
// report can be wrong is an Error naming the field, never an exception.
//
// A recorded case is replayed only if it is the case `check` recorded:
//   * its digest (case_digest of law, model, case seed and the shrunk case's
//     canonical JSON) matches the recorded "digest", so an edited case is
//     refused as "not the recorded case";
//   * it lies in the law's case space closed under shrinking: shrinking
//     changes terms only (proofs/cases/shrink.h), so the shrunk case must have the
//     roles, contexts, types and point context of the case the law generates
//     from the recorded case seed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "calculus/error.h"
#include "proofs/binding/binding.h"
#include "proofs/cases/law.h"
#include "semantics/tolerance.h"

namespace perturb::proofs {

struct RecordedCase {
  std::string law;
  std::string statement;  // the law's, as recorded: a text law (equation.N) is rebuilt from it
  std::string model;
  std::uint64_t run_seed = 0;
  std::uint32_t max_size = 0;
  bool paper_signature = false;  // the report's "signature" is "paper"
  std::uint64_t case_index = 0;
  std::uint64_t case_seed = 0;
  semantics::Tolerance tolerance;
  Case shrunk;
  std::string digest;  // as recorded
};

// The digest check records for a counterexample: 16 hex digits.
std::string case_digest(std::string_view law, std::string_view model, std::uint64_t case_seed,
                        const Case& shrunk);

// Counterexample `index` (0 the first) of the report text, or why not.
calculus::ErrorOr<RecordedCase> read_recorded_case(std::string_view report_text, std::size_t index);

// Nothing when recorded is a case check could have recorded for binding's
// law on its model, else what differs.
std::optional<calculus::Error> validate_recorded_case(const LawBinding& binding,
                                                      const RecordedCase& recorded);

}  // namespace perturb::proofs
