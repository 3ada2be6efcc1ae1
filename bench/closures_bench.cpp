// The cost of the tangent map T f relative to f (issue 3): forward AD
// promises a small constant factor (about 3); the closures model aims below
// 2 because T f is one perturbed evaluation of f. The family is
//
//   f(x) = Π_{i<n−1} sin(x_i · x_{i+1}),   n = 10, 100, 1000
//
// in three forms: (1) `direct`, one closure over a point of the atom ℝⁿ;
// (2) `combinators`, built only from the category's structure (compose,
// pair, projections, primitives) on the nested product R × (R × (… × R)),
// as an interpreted term would be (applied this often, the model runs it as
// a compiled program, models/closures/structural_program.h); (3) the same combinator
// morphism in `smooth`, whose T goes through Jacobians. Results: docs/performance.md.
//
// Beside them, two baselines without any model, at the same points x_i =
// coordinate(i) and, for the tangent, the same direction v_i =
// −0.5·coordinate(i) as the tangent benchmarks: `plain_double_f`, a loop over
// a std::vector<double>, and `dual_numbers_tangent`, one forward pass of
// hand-written dual numbers (struct Dual {double v, d;}) at x + ε·v,
// returning the primal and the tangent. And the model boundary's cost: the
// combinator form built and its T applied through semantics::erase(closures),
// against closures itself (`erased_closures_*`, `closures_combinators_build`).
//
//   cmake --build build/release --target closures_bench
//   build/release/bench/closures_bench --benchmark_filter='(plain_double|dual_numbers)'
#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

#include "models/closures/closures.h"
#include "models/smooth/smooth.h"
#include "semantics/derived.h"
#include "semantics/erase.h"

using namespace perturb;
using models::closures::Object;
using models::closures::Scalar;
using models::closures::Value;

namespace {

double coordinate(int i) { return 0.5 + 0.25 * std::sin(i); }

// (1) f as one closure over a point of ℝⁿ.
models::closures::Morphism direct_product_of_sines(const models::Closures& c, int n) {
  return models::closures::Morphism(c.atom("X"), c.real(), [n](const Value& x) {
    const auto elements = x.elements();
    Scalar product(1.0);
    for (int i = 0; i + 1 < n; ++i) {
      product *= sin(models::closures::scalar_of(elements[i]) *
                     models::closures::scalar_of(elements[i + 1]));
    }
    return Value(product);
  });
}

// (2) f from the structure only: h_k : X_k → R × R, (product so far, head),
// X_1 = R, X_k = R × X_{k−1}, h_k = step ∘ ⟨π1, h_{k−1} ∘ π2⟩ with
// step(x0, (p, x1)) = (sin(x0 · x1) · p, x0); f = π1 ∘ h_n.
template <class C>
typename C::Morphism combinator_product_of_sines(const C& c, int n) {
  const auto r = c.real();
  const auto rr = c.product(r, r);
  const auto r_rr = c.product(r, rr);
  const auto mul = c.primitive(calculus::Primitive::Mul);
  const auto sin = c.primitive(calculus::Primitive::Sin);
  const auto head = c.proj1(r, rr);
  const auto product_so_far = c.compose(c.proj1(r, r), c.proj2(r, rr));
  const auto next = c.compose(c.proj2(r, r), c.proj2(r, rr));
  const auto factor = c.compose(sin, c.compose(mul, c.pair(head, next)));
  const auto step = c.pair(c.compose(mul, c.pair(factor, product_so_far)), head);
  auto h = c.pair(c.compose(c.constant(1), c.bang(r)), c.identity(r));
  auto x = r;
  for (int k = 2; k <= n; ++k) {
    h = c.compose(step, c.pair(c.proj1(r, x), c.compose(h, c.proj2(r, x))));
    x = c.product(r, x);
  }
  return c.compose(c.proj1(r, r), h);
}

// The point (x_0, (x_1, (…, x_{n−1}))) of X_n, built through the concept.
template <class C>
typename C::Point nested_point(const C& c, int n, double scale) {
  auto point = c.apply(c.constant(scale * coordinate(n - 1)), c.unit_point());
  for (int i = n - 2; i >= 0; --i) {
    point = c.pair_point(c.apply(c.constant(scale * coordinate(i)), c.unit_point()), point);
  }
  return point;
}

Value flat_point(int n, double scale) {
  std::vector<Value> elements;
  for (int i = 0; i < n; ++i) elements.push_back(Value::real(scale * coordinate(i)));
  return Value::tuple(std::move(elements));
}

// The baselines: f on plain doubles, and T f by dual numbers a + bε, ε² = 0.
double plain_product_of_sines(const std::vector<double>& x) {
  double product = 1.0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) product *= std::sin(x[i] * x[i + 1]);
  return product;
}

struct Dual {
  double v, d;  // v + d·ε
};

Dual operator+(Dual a, Dual b) { return {a.v + b.v, a.d + b.d}; }
Dual operator*(Dual a, Dual b) { return {a.v * b.v, a.v * b.d + a.d * b.v}; }
Dual sin(Dual a) { return {std::sin(a.v), std::cos(a.v) * a.d}; }

// f at x + ε·v: the primal f(x) and the tangent D(f)(v, x).
Dual dual_product_of_sines(const std::vector<Dual>& x) {
  Dual product{1.0, 0.0};
  for (std::size_t i = 0; i + 1 < x.size(); ++i) product = product * sin(x[i] * x[i + 1]);
  return product;
}

void plain_double_f(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::vector<double> x;
  for (int i = 0; i < n; ++i) x.push_back(coordinate(i));
  for (auto _ : state) {
    // The input may have changed: f(x) is not hoisted out of the loop.
    benchmark::DoNotOptimize(x.data());
    benchmark::ClobberMemory();
    benchmark::DoNotOptimize(plain_product_of_sines(x));
  }
}

void dual_numbers_tangent(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const Dual epsilon{0.0, 1.0};
  std::vector<Dual> x;  // x + ε·v
  for (int i = 0; i < n; ++i)
    x.push_back(Dual{coordinate(i), 0.0} + Dual{-0.5 * coordinate(i), 0.0} * epsilon);
  for (auto _ : state) {
    benchmark::DoNotOptimize(x.data());
    benchmark::ClobberMemory();
    benchmark::DoNotOptimize(dual_product_of_sines(x));
  }
}

void closures_direct_f(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const models::Closures c(semantics::ModelConfig{n});
  const auto f = direct_product_of_sines(c, n);
  const Value x = flat_point(n, 1.0);
  for (auto _ : state) benchmark::DoNotOptimize(f(x));
}

void closures_direct_tangent(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const models::Closures c(semantics::ModelConfig{n});
  const auto tf = c.fast_tangent_map(direct_product_of_sines(c, n));
  const Value vx = Value::pair(flat_point(n, -0.5), flat_point(n, 1.0));
  for (auto _ : state) benchmark::DoNotOptimize(tf(vx));
}

void closures_combinators_f(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const models::Closures c;
  const auto f = combinator_product_of_sines(c, n);
  const Value x = nested_point(c, n, 1.0);
  for (auto _ : state) benchmark::DoNotOptimize(f(x));
}

void closures_combinators_tangent(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const models::Closures c;
  const auto tf = c.fast_tangent_map(combinator_product_of_sines(c, n));
  const Value vx = Value::pair(nested_point(c, n, -0.5), nested_point(c, n, 1.0));
  for (auto _ : state) benchmark::DoNotOptimize(tf(vx));
}

void closures_combinators_generic_tangent(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const models::Closures c;
  const auto tf = semantics::generic_tangent_map(c, combinator_product_of_sines(c, n));
  const Value vx = Value::pair(nested_point(c, n, -0.5), nested_point(c, n, 1.0));
  for (auto _ : state) benchmark::DoNotOptimize(tf(vx));
}

void smooth_combinators_f(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const models::Smooth c;
  const auto f = combinator_product_of_sines(c, n);
  const auto x = nested_point(c, n, 1.0);
  for (auto _ : state) benchmark::DoNotOptimize(c.apply(f, x));
}

void smooth_combinators_tangent(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const models::Smooth c;
  const auto tf = semantics::tangent_map(c, combinator_product_of_sines(c, n));
  const auto vx = c.pair_point(nested_point(c, n, -0.5), nested_point(c, n, 1.0));
  for (auto _ : state) benchmark::DoNotOptimize(c.apply(tf, vx));
}

void smooth_combinators_jacobian(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const models::Smooth c;
  const auto f = combinator_product_of_sines(c, n);
  const auto x = nested_point(c, n, 1.0);
  for (auto _ : state) benchmark::DoNotOptimize(c.jacobian(f, x));
}

// The model boundary (semantics/any_model.h): building the combinator
// morphism (an erased call per morphism built) and applying its T, through
// the erased closures against closures itself; the evaluation runs inside the
// model either way.
void closures_combinators_build(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const models::Closures c;
  for (auto _ : state) benchmark::DoNotOptimize(combinator_product_of_sines(c, n));
}

void erased_closures_combinators_build(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const semantics::AnyModel c = semantics::erase(models::Closures());
  for (auto _ : state) benchmark::DoNotOptimize(combinator_product_of_sines(c, n));
}

void erased_closures_combinators_tangent(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const semantics::AnyModel c = semantics::erase(models::Closures());
  const auto tf = semantics::tangent_map(c, combinator_product_of_sines(c, n));
  const auto vx = c.pair_point(nested_point(c, n, -0.5), nested_point(c, n, 1.0));
  for (auto _ : state) benchmark::DoNotOptimize(c.apply(tf, vx));
}

}  // namespace

#define PERTURB_SIZES Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond)
BENCHMARK(closures_direct_f)->PERTURB_SIZES;
BENCHMARK(closures_direct_tangent)->PERTURB_SIZES;
BENCHMARK(closures_combinators_f)->PERTURB_SIZES;
BENCHMARK(closures_combinators_tangent)->PERTURB_SIZES;
BENCHMARK(closures_combinators_generic_tangent)->PERTURB_SIZES;
BENCHMARK(closures_combinators_build)->PERTURB_SIZES;
BENCHMARK(erased_closures_combinators_build)->PERTURB_SIZES;
BENCHMARK(erased_closures_combinators_tangent)->PERTURB_SIZES;
BENCHMARK(smooth_combinators_f)->PERTURB_SIZES;
BENCHMARK(smooth_combinators_tangent)->PERTURB_SIZES;
BENCHMARK(smooth_combinators_jacobian)->PERTURB_SIZES;
BENCHMARK(plain_double_f)->PERTURB_SIZES;
BENCHMARK(dual_numbers_tangent)->PERTURB_SIZES;

BENCHMARK_MAIN();
