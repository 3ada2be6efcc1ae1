// CPU time to the first counterexample, in process, from the start of a
// law's run: one iteration checks cases 0, 1, 2, … of one binding with
// proofs::check_case_at and the options of a default `perturb check` run
// (RunOptions{}: seed 1, --max-size 10, the default tolerance and
// --case-memory), until the first case whose verdict is Failed; shrinking is
// not part of it. The counter first_failing_case is that case's index; a
// pair with no failing case within kMaxCases cases is skipped with an error.
//
//   first_counterexample/foil/FOIL/LAW      the foil (models/closures/foils.h), no mutant
//   first_counterexample/mutant/NAME/LAW    closures under calculus::ScopedMutant
//
// The foils' laws are those that fail on them within 300 cases
// (`perturb check --model FOIL --cases 300 --no-shrink` at 2681bcb);
// tiny-relative-error fails none over double (its error is below the
// tolerance), so it is timed over balls, where it is certified to fail, on
// the law tests/proofs/binding/certified_models_test.cpp uses. Each
// mutant of calculus/mutation.h is paired with the laws
// tests/proofs/mutants_test.cpp catches it with. (The Taylor-coefficient
// mutants of tests/proofs/taylor_mutants_test.cpp are models of a plugin,
// not calculus mutants, and are not measured here.)
//
// The case memory budget is only enforced where operator new counts it
// (app/memory_budget.cpp, semantics/case_memory.h), so bench/CMakeLists.txt
// compiles that file into this program, as into perturb.
//
//   cmake --build build/release --target first_counterexample_bench
//   build/release/bench/first_counterexample_bench --benchmark_filter='foil/naive-dual/'
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "calculus/mutation.h"
#include "proofs/binding/builtin_bindings.h"
#include "proofs/run/runner.h"

using namespace perturb;
using namespace perturb::proofs;
using calculus::Mutant;

namespace {

constexpr std::uint64_t kMaxCases = 10000;

struct FoilLaw {
  const char* foil;
  const char* law;
};

constexpr FoilLaw kFoilLaws[] = {
    {"finite-difference", "cdc.D2.sum"},
    {"finite-difference", "cdc.D6"},
    {"finite-difference", "tangent.mult-natural"},
    {"finite-difference", "tangent.strength.mult"},
    {"finite-difference", "tangent.strength.projection"},
    {"finite-difference", "tangent.eq-3"},
    {"finite-difference", "tangent.thm-3.10"},
    {"finite-difference", "sound.lemma-5.5"},
    {"finite-difference", "sound.T"},
    {"finite-difference", "sound.delta"},
    {"finite-difference", "sound.nf"},
    {"naive-dual", "cdc.D6"},
    {"naive-dual", "tangent.eq-3"},
    {"naive-dual", "tangent.thm-3.10"},
    {"naive-dual", "sound.lemma-5.5"},
    {"naive-dual", "sound.T"},
    {"naive-dual", "sound.delta"},
    {"naive-dual", "model.fast-tangent-map"},
    {"naive-dual", "model.fast-tangent-hat"},
    {"no-renaming", "sound.beta"},
    {"no-renaming", "sound.nf"},
    {"tiny-relative-error@ball", "cdc.D5"},
};

struct MutantLaw {
  Mutant mutant;
  const char* law;
};

constexpr MutantLaw kMutantLaws[] = {
    {Mutant::DiamondWithoutTangentSummand, "sound.lemma-5.3"},
    {Mutant::TangentVarUntagged, "sound.lemma-5.5"},
    {Mutant::TangentLambdaSwapped, "sound.T"},
    {Mutant::TangentLambdaSwapped, "sound.lemma-5.5"},
    {Mutant::SubstitutionNoLift, "sound.lemma-5.4"},
    {Mutant::SubstitutionNoLift, "sound.beta"},
    {Mutant::SubstitutionSkipsBinders, "sound.beta"},
    {Mutant::SubstitutionSkipsBinders, "sound.lemma-5.4"},
    {Mutant::SubstitutionNoRenaming, "sound.beta"},
    {Mutant::SubstitutionNoRenaming, "sound.lemma-5.4"},
    {Mutant::LiftingIgnoresBinders, "sound.beta"},
    {Mutant::LiftingIgnoresBinders, "sound.lemma-5.4"},
    {Mutant::ProjectionIgnoresInjection, "sound.pi-zero"},
    {Mutant::PairEtaDropsOtherSummands, "sound.rule.pair-eta"},
    {Mutant::ZeroTangentForgetsPoint, "sound.rule.zero-tangent"},
};

// The least index in [0, kMaxCases) of a failing case of binding, if any.
std::optional<std::uint64_t> first_failing_case(const LawBinding& binding,
                                                const EngineOptions& options) {
  for (std::uint64_t index = 0; index < kMaxCases; ++index) {
    if (check_case_at(binding, options, index).outcome.verdict == Verdict::Failed) return index;
  }
  return std::nullopt;
}

void time_to_first_failure(benchmark::State& state, const LawBinding* binding, Mutant mutant) {
  if (binding == nullptr) {
    state.SkipWithError("the catalogue binds no such law on this model");
    return;
  }
  const EngineOptions options;  // as `perturb check` with no options
  const calculus::ScopedMutant active(mutant);
  std::optional<std::uint64_t> first;
  for (auto _ : state) {
    first = first_failing_case(*binding, options);
    if (!first) {
      state.SkipWithError("no case fails within 10000 cases");
      break;
    }
  }
  if (first) state.counters["first_failing_case"] = static_cast<double>(*first);
}

const LawBinding* find_binding(const std::vector<LawBinding>& all, std::string_view law,
                               std::string_view model) {
  const auto found = std::find_if(all.begin(), all.end(), [&](const LawBinding& binding) {
    return binding.info.id == law && binding.model == model;
  });
  return found == all.end() ? nullptr : &*found;
}

void add(const std::string& name, const LawBinding* binding, Mutant mutant) {
  benchmark::RegisterBenchmark(name.c_str(), time_to_first_failure, binding, mutant)
      ->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  static const std::vector<LawBinding> all = builtin_bindings();
  for (const FoilLaw& pair : kFoilLaws) {
    add(std::string("first_counterexample/foil/") + pair.foil + "/" + pair.law,
        find_binding(all, pair.law, pair.foil), Mutant::None);
  }
  for (const MutantLaw& pair : kMutantLaws) {
    add(std::string("first_counterexample/mutant/") + calculus::mutant_name(pair.mutant) + "/" +
            pair.law,
        find_binding(all, pair.law, "closures"), pair.mutant);
  }
  // A mutant no law is paired with yet shows as a skipped row.
  for (Mutant mutant : calculus::kAllMutants) {
    if (std::none_of(std::begin(kMutantLaws), std::end(kMutantLaws),
                     [&](const MutantLaw& pair) { return pair.mutant == mutant; })) {
      benchmark::RegisterBenchmark(
          (std::string("first_counterexample/mutant/") + calculus::mutant_name(mutant)).c_str(),
          [](benchmark::State& state) {
            state.SkipWithError("no law is paired with this mutant");
          });
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
