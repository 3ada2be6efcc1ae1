// The progress line `perturb check` draws on a terminal: how many cases of
// the run are done, which law and model a worker just finished a batch of,
// and when the run should end at the pace so far.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace perturb::proofs {

// Where a run is (ExecutionOptions::progress): cases done of all, and the pair a
// worker has just finished a batch of cases of.
struct RunProgress {
  std::uint64_t done = 0;
  std::uint64_t total = 0;
  std::string_view law;
  std::string_view model;
};

// "[#####     ] 1200/8300 cases  cdc.D5 on smooth  ETA 1 min 04 s", at most
// `width` columns (the law is cut, never the counts); the ETA extrapolates
// `elapsed` linearly and is left out until a case is done.
std::string progress_line(const RunProgress& progress, std::chrono::steady_clock::duration elapsed,
                          std::size_t width = 100);

}  // namespace perturb::proofs
