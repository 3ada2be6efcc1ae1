// Cost of Tagged<double> arithmetic against plain double: an unperturbed value
// should cost about a double; perturbed values pay per monomial.
//   build/release/bench/scalar_bench
#include <benchmark/benchmark.h>

#include <cmath>

#include "models/scalar.h"

namespace {

using perturb::models::fresh_tag;
using Scalar = perturb::models::Tagged<double>;

// x perturbed by `tags` distinct infinitesimals, 0.7 + Σ (0.1·i) ε_i.
Scalar perturbed(int tags) {
  Scalar x(0.7);
  for (int i = 1; i <= tags; ++i) x += 0.1 * i * Scalar::infinitesimal(fresh_tag());
  return x;
}

void double_add(benchmark::State& state) {
  double x = 0.7, y = 1.3;
  for (auto _ : state) {
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(x + y);
  }
}

void double_mul(benchmark::State& state) {
  double x = 0.7, y = 1.3;
  for (auto _ : state) {
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(x * y);
  }
}

void double_sin(benchmark::State& state) {
  double x = 0.7;
  for (auto _ : state) {
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(std::sin(x));
  }
}

// The argument is the number of tags in each operand (0: unperturbed).
void tagged_add(benchmark::State& state) {
  const Scalar x = perturbed(static_cast<int>(state.range(0)));
  const Scalar y = perturbed(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(x + y);
}

void tagged_mul(benchmark::State& state) {
  const Scalar x = perturbed(static_cast<int>(state.range(0)));
  const Scalar y = perturbed(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(x * y);
}

void tagged_sin(benchmark::State& state) {
  const Scalar x = perturbed(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(sin(x));
}

}  // namespace

BENCHMARK(double_add);
BENCHMARK(double_mul);
BENCHMARK(double_sin);
BENCHMARK(tagged_add)->Arg(0)->Arg(1)->Arg(3);
BENCHMARK(tagged_mul)->Arg(0)->Arg(1)->Arg(3);
BENCHMARK(tagged_sin)->Arg(0)->Arg(1)->Arg(3);

BENCHMARK_MAIN();
