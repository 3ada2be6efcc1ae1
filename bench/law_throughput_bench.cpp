// Law cases checked per CPU-second, per law family and model, in process:
// for each family (id prefix cla., cdc., linear., tangent., sound., and the
// closed-structure families ccc., dlc. and model., closures only) on
// `closures` and `smooth`, one iteration checks cases
// 0..kCasesPerBinding-1 of every binding of proofs/binding/builtin_bindings.h in the
// family on that model, each with proofs::check_case_at and the options of
// a default `perturb check` run (RunOptions{}: seed 1, --max-size 10, the
// default tolerance and --case-memory), exactly as the runner counts a case:
// generation, the check composed with the certified twin, and the labels.
// Every iteration checks the same cases. items_per_second is cases per
// CPU-second; the counters give, per iteration, the laws, and the cases
// failed and discarded (0 failed on these sound models).
//
// The case memory budget is only enforced where operator new counts it
// (app/memory_budget.cpp, semantics/case_memory.h), so bench/CMakeLists.txt
// compiles that file into this program, as into perturb.
//
//   cmake --build build/release --target law_throughput_bench
//   build/release/bench/law_throughput_bench --benchmark_filter='cases/cla/closures'
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "proofs/binding/builtin_bindings.h"
#include "proofs/run/runner.h"

using namespace perturb;
using namespace perturb::proofs;

namespace {

constexpr std::uint64_t kCasesPerBinding = 100;

constexpr const char* kFamilies[] = {"cla",   "cdc", "linear", "tangent",
                                     "sound", "ccc", "dlc",    "model"};
constexpr const char* kModels[] = {"closures", "smooth"};

void check_family(benchmark::State& state, const std::vector<const LawBinding*>& bindings) {
  const EngineOptions options;  // as `perturb check` with no options
  std::uint64_t failed = 0, discarded = 0;
  for (auto _ : state) {
    failed = discarded = 0;
    for (const LawBinding* binding : bindings) {
      for (std::uint64_t index = 0; index < kCasesPerBinding; ++index) {
        const CheckedCase checked = check_case_at(*binding, options, index);
        failed += checked.outcome.verdict == Verdict::Failed;
        discarded += checked.outcome.verdict == Verdict::Discarded;
        benchmark::DoNotOptimize(checked);
      }
    }
  }
  state.SetItemsProcessed(state.iterations() *
                          static_cast<std::int64_t>(bindings.size() * kCasesPerBinding));
  state.counters["laws"] = static_cast<double>(bindings.size());
  state.counters["failed"] = static_cast<double>(failed);
  state.counters["discarded"] = static_cast<double>(discarded);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  static const std::vector<LawBinding> all = builtin_bindings();
  for (const char* model : kModels) {
    for (const char* family : kFamilies) {
      const std::string prefix = std::string(family) + ".";
      std::vector<const LawBinding*> bindings;
      for (const LawBinding& binding : all) {
        if (!binding.foil && binding.model == model && binding.info.id.starts_with(prefix))
          bindings.push_back(&binding);
      }
      if (bindings.empty()) continue;  // the family has no law on this model
      benchmark::RegisterBenchmark(
          ("cases/" + std::string(family) + "/" + model).c_str(),
          [bindings](benchmark::State& state) { check_family(state, bindings); })
          ->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
