// Normalization of random closed terms of type R with at least two T (every
// D is a T): how many reach a normal form under one strategy with the
// default budgets, in how many steps, and how fast. Not a Google Benchmark
// program: one line per term on standard output, a summary on standard
// error. docs/performance.md ("Normalization") has the command and figures.
//
//   normalize_bench STRATEGY [COUNT [SIZE [SEED]]]
//
// STRATEGY is normal, applicative or random (seeded with the term's seed).
// Terms are random_term(rng, ∅, R, {.size = SIZE}) for rng seeded SEED, SEED
// + 1, …, keeping those with ≥ 2 T nodes in the tree, until COUNT are kept.
// Run one strategy per process so that peak memory (e.g. /usr/bin/time -v)
// is per strategy.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "calculus/normalize.h"
#include "calculus/print.h"
#include "calculus/random_term.h"

using namespace perturb::calculus;

namespace {

// Number of T nodes of term as a tree (saturating at 2, which is all we need).
std::uint64_t tangents(const Term& term, std::unordered_map<const TermNode*, std::uint64_t>& memo) {
  if (auto it = memo.find(term.get()); it != memo.end()) return it->second;
  std::uint64_t count = is_tan(term) ? 1 : 0;
  for (const Term& child : term->children())
    count = std::min<std::uint64_t>(2, count + tangents(child, memo));
  memo.emplace(term.get(), count);
  return count;
}

const char* status_name(NormalizeStatus status) {
  switch (status) {
    case NormalizeStatus::NormalForm:
      return "normal";
    case NormalizeStatus::StepBudget:
      return "steps";
    case NormalizeStatus::SizeBudget:
      return "size";
    case NormalizeStatus::TooDeep:
      return "depth";
    case NormalizeStatus::MemoryBudget:
      return "memory";
    case NormalizeStatus::TimeBudget:
      return "time";
  }
  return "?";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: normalize_bench normal|applicative|random [COUNT [SIZE [SEED]]]\n";
    return 2;
  }
  const std::string name = argv[1];
  const Strategy strategy = name == "applicative" ? Strategy::ApplicativeOrder
                            : name == "random"    ? Strategy::Random
                                                  : Strategy::NormalOrder;
  const std::uint64_t count = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1000;
  const std::uint32_t size =
      argc > 3 ? static_cast<std::uint32_t>(std::strtoul(argv[3], nullptr, 10)) : 30;
  const std::uint64_t seed0 = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;

  std::vector<std::uint64_t> steps;
  std::vector<double> seconds;
  std::uint64_t kept = 0, normal = 0;
  double total_seconds = 0;
  for (std::uint64_t seed = seed0; kept < count; ++seed) {
    Rng rng(seed);
    const Term term = random_term(rng, Context{}, real_type(), {.size = size});
    std::unordered_map<const TermNode*, std::uint64_t> memo;
    if (tangents(term, memo) < 2) continue;
    ++kept;
    NormalizeOptions options;
    options.strategy = strategy;
    options.seed = seed;
    const auto start = std::chrono::steady_clock::now();
    const NormalizeResult result = normalize(term, options);
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    total_seconds += elapsed;
    std::string value = "-";
    if (result.status == NormalizeStatus::NormalForm) {
      ++normal;
      steps.push_back(result.steps);
      seconds.push_back(elapsed);
      if (is_zero(result.term))
        value = "0";
      else if (is_lit(result.term))
        value = fmt::format("{:.17g}", lit_value(result.term));
      else
        value = "term";
    }
    std::cout << fmt::format(
        "{} {} {} {} {:.6f} {} {}\n", seed, status_name(result.status), result.steps,
        dag_size(result.term), elapsed, value,
        result.status == NormalizeStatus::NormalForm ? "" : to_string(term, Context{}));
  }
  std::sort(steps.begin(), steps.end());
  std::sort(seconds.begin(), seconds.end());
  const auto median = [](const auto& v) { return v.empty() ? 0 : v[v.size() / 2]; };
  std::cerr << fmt::format(
      "{}: {}/{} normal forms ({:.1f} %); steps median {} max {}; time total {:.2f} s, median "
      "{:.4f} s, max {:.4f} s\n",
      name, normal, kept, 100.0 * static_cast<double>(normal) / static_cast<double>(kept),
      median(steps), steps.empty() ? 0 : steps.back(), total_seconds, median(seconds),
      seconds.empty() ? 0 : seconds.back());
  return 0;
}
