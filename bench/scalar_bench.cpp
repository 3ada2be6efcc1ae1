// Cost of Tagged<F> arithmetic against plain F, for each field F of
// models/scalars/fields.h (double, Ball at the default 64 bits, Rational): an unperturbed value
// should cost about an F; perturbed values pay per monomial.
//   build/release/bench/scalar_bench
#include <benchmark/benchmark.h>

#include <cmath>

#include "models/scalars/ball.h"
#include "models/scalars/rational.h"
#include "models/scalars/scalar.h"

namespace {

using perturb::models::Ball;
using perturb::models::fresh_tag;
using perturb::models::Rational;
using perturb::models::Tagged;

// x perturbed by `tags` distinct infinitesimals, 0.7 + Σ (0.1·i) ε_i.
template <class F>
Tagged<F> perturbed(int tags) {
  Tagged<F> x(F(0.7));
  for (int i = 1; i <= tags; ++i)
    x += Tagged<F>(F(0.1 * i)) * Tagged<F>::infinitesimal(fresh_tag());
  return x;
}

// F alone: the cost Tagged<F> adds to.
template <class F>
void field_add(benchmark::State& state) {
  F x(0.7), y(1.3);
  for (auto _ : state) {
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(x + y);
  }
}

template <class F>
void field_mul(benchmark::State& state) {
  F x(0.7), y(1.3);
  for (auto _ : state) {
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(x * y);
  }
}

template <class F>
void field_sin(benchmark::State& state) {
  using std::sin;
  F x(0.7);
  for (auto _ : state) {
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(sin(x));
  }
}

// The argument is the number of tags in each operand (0: unperturbed).
template <class F>
void tagged_add(benchmark::State& state) {
  const Tagged<F> x = perturbed<F>(static_cast<int>(state.range(0)));
  const Tagged<F> y = perturbed<F>(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(x + y);
}

template <class F>
void tagged_mul(benchmark::State& state) {
  const Tagged<F> x = perturbed<F>(static_cast<int>(state.range(0)));
  const Tagged<F> y = perturbed<F>(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(x * y);
}

template <class F>
void tagged_sin(benchmark::State& state) {
  const Tagged<F> x = perturbed<F>(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(sin(x));
}

}  // namespace

BENCHMARK_TEMPLATE(field_add, double);
BENCHMARK_TEMPLATE(field_mul, double);
BENCHMARK_TEMPLATE(field_sin, double);
BENCHMARK_TEMPLATE(field_add, Ball);
BENCHMARK_TEMPLATE(field_mul, Ball);
BENCHMARK_TEMPLATE(field_sin, Ball);
BENCHMARK_TEMPLATE(field_add, Rational);
BENCHMARK_TEMPLATE(field_mul, Rational);
BENCHMARK_TEMPLATE(tagged_add, double)->Arg(0)->Arg(1)->Arg(3);
BENCHMARK_TEMPLATE(tagged_mul, double)->Arg(0)->Arg(1)->Arg(3);
BENCHMARK_TEMPLATE(tagged_sin, double)->Arg(0)->Arg(1)->Arg(3);
BENCHMARK_TEMPLATE(tagged_add, Ball)->Arg(0)->Arg(1)->Arg(3);
BENCHMARK_TEMPLATE(tagged_mul, Ball)->Arg(0)->Arg(1)->Arg(3);
BENCHMARK_TEMPLATE(tagged_sin, Ball)->Arg(0)->Arg(1)->Arg(3);
// Rational has no sin (models/scalars/rational.h).
BENCHMARK_TEMPLATE(tagged_add, Rational)->Arg(0)->Arg(1)->Arg(3);
BENCHMARK_TEMPLATE(tagged_mul, Rational)->Arg(0)->Arg(1)->Arg(3);

BENCHMARK_MAIN();
