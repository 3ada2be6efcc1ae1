#include "lab/confluence_probe.h"

#include <algorithm>

#include "calculus/random_term.h"
#include "lab/budget_name.h"
#include "lab/shrink_term.h"

namespace perturb::lab {
namespace {

using calculus::Context;

// SplitMix64: one well-mixed 64-bit seed per (run seed, case index).
std::uint64_t case_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ULL + index + 0x632BE59BD9B4E019ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The class of a probe's divergence.
DivergenceClass class_of(const Probe& probe, const OrderOptions& options) {
  const auto [i, j] = *probe.divergence;
  return classify(probe.runs[i].result.term, probe.runs[j].result.term, options.budgets);
}

// Greedy type-preserving shrinking: the first smaller candidate that still
// diverges in the same class is kept, until none does.
Divergence shrink_divergence(const ConfluenceCase& found, DivergenceClass divergence_class,
                             const ConfluenceOptions& options) {
  const ShrunkTerm shrunk = shrink_term(
      found.context, found.term, found.type,
      [&](const calculus::Term& candidate) {
        const Probe probe = probe_term(candidate, options.orders);
        return probe.divergence && class_of(probe, options.orders) == divergence_class;
      },
      options.shrink_attempts);
  Divergence out{found, shrunk.term, shrunk.steps, divergence_class, {}, {}, {}};
  const Probe probe = probe_term(out.shrunk, options.orders);
  calculus::check(probe.divergence.has_value(), "shrink_divergence: the shrunk term converges");
  out.first = probe.runs[probe.divergence->first];
  out.second = probe.runs[probe.divergence->second];
  // Both sequences, from the same orders run again with the trace on. A
  // trace counts against the memory budget, so a traced run may give up
  // where the untraced one did not; that run then keeps no sequence.
  OrderOptions traced = options.orders;
  traced.budgets.trace = true;
  for (ReductionRun& again : reduce_along_orders(out.shrunk, traced)) {
    for (ReductionRun* run : {&out.first, &out.second}) {
      if (again.order == run->order && again.result.status == run->result.status &&
          calculus::alpha_equal(again.result.term, run->result.term)) {
        *run = again;
      }
    }
  }
  out.models =
      compare_in_models(found.context, found.type, out.first.result.term, out.second.result.term,
                        case_seed(options.seed, found.index), options.points, options.also_models);
  return out;
}

}  // namespace

ConfluenceCase confluence_case(std::uint64_t seed, std::uint64_t index, std::uint32_t max_size) {
  calculus::Rng rng(case_seed(seed, index));
  const calculus::Type r = calculus::real_type();
  ConfluenceCase out;
  out.index = index;
  // Free variables of function type, as in Manzyuk's T (λx. (λy. f x y) x).
  if (calculus::random_chance(rng, 1, 2)) {
    out.context.push("f", calculus::mk_arrow(r, calculus::mk_arrow(r, r)));
  }
  if (calculus::random_chance(rng, 1, 3)) out.context.push("g", calculus::mk_arrow(r, r));
  if (calculus::random_chance(rng, 1, 3)) {
    out.context.push("a", calculus::random_type(rng, {.max_depth = 1}));
  }
  calculus::TermShape shape;
  shape.size =
      2 + static_cast<std::uint32_t>(calculus::random_below(rng, std::max(max_size, 2u) - 1));
  switch (calculus::random_below(rng, 3)) {
    case 0:  // any term of any type
      out.type = calculus::random_type(rng, {.max_depth = 2});
      out.term = calculus::random_term(rng, out.context, out.type, shape);
      break;
    case 1: {  // T (λx:σ. M): the T-rule can fire before M is normal
      const calculus::Type sigma = calculus::random_type(rng, {.max_depth = 1});
      const calculus::Type tau = calculus::random_type(rng, {.max_depth = 1});
      shape.size = std::max(shape.size, 3u) - 2;
      const calculus::Term body =
          calculus::random_term(rng, out.context.extended("x", sigma), tau, shape);
      out.term = calculus::mk_tan(calculus::mk_lam("x", sigma, body));
      out.type = out.term->type();
      break;
    }
    default: {  // T (λx:σ. (λy:ρ. N) P): Manzyuk's shape, with random parts
      const calculus::Type sigma = calculus::random_type(rng, {.max_depth = 1});
      const calculus::Type rho = calculus::random_type(rng, {.max_depth = 1});
      const calculus::Type tau = calculus::random_type(rng, {.max_depth = 1});
      const Context inner = out.context.extended("x", sigma);
      calculus::TermShape part = shape;
      part.size = std::max(shape.size / 2, 1u);
      const calculus::Term n = calculus::random_term(rng, inner.extended("y", rho), tau, part);
      const calculus::Term p = calculus::random_term(rng, inner, rho, part);
      out.term = calculus::mk_tan(
          calculus::mk_lam("x", sigma, calculus::mk_app(calculus::mk_lam("y", rho, n), p)));
      out.type = out.term->type();
      break;
    }
  }
  return out;
}

Probe probe_term(const calculus::Term& term, const OrderOptions& options) {
  Probe probe;
  probe.runs = reduce_along_orders(term, options);
  std::optional<std::size_t> reference;
  for (std::size_t i = 0; i < probe.runs.size(); ++i) {
    const ExtendedResult& result = probe.runs[i].result;
    if (result.status != calculus::NormalizeStatus::NormalForm) {
      if (!probe.gave_up) probe.gave_up = budget_name(result.status);
      continue;
    }
    if (!reference) {
      reference = i;
    } else if (!probe.divergence &&
               !calculus::alpha_equal(probe.runs[*reference].result.term, result.term)) {
      probe.divergence = std::make_pair(*reference, i);
    }
  }
  return probe;
}

bool refutes_confluence(const ConfluenceResult& result) {
  return result.divergent > result.per_class[static_cast<std::size_t>(DivergenceClass::Rounding)];
}

ConfluenceResult probe_confluence(const ConfluenceOptions& options,
                                  const std::function<void(std::uint64_t)>& progress) {
  ConfluenceResult result;
  result.options = options;
  std::array<std::uint32_t, std::size(kDivergenceClasses)> shrunk{};
  for (std::uint64_t index = 0; index < options.cases; ++index) {
    const ConfluenceCase found = confluence_case(options.seed, index, options.max_size);
    const Probe probe = probe_term(found.term, options.orders);
    if (!probe.divergence) {
      if (probe.gave_up) {
        ++result.undecided;
        auto it = std::find_if(result.undecided_reasons.begin(), result.undecided_reasons.end(),
                               [&](const auto& entry) { return entry.first == *probe.gave_up; });
        if (it == result.undecided_reasons.end()) {
          result.undecided_reasons.emplace_back(*probe.gave_up, 1);
        } else {
          ++it->second;
        }
      } else {
        ++result.confluent;
      }
      if (progress) progress(index);
      continue;
    }
    ++result.divergent;
    const DivergenceClass divergence_class = class_of(probe, options.orders);
    const auto slot = static_cast<std::size_t>(divergence_class);
    ++result.per_class[slot];
    const auto [i, j] = *probe.divergence;
    const std::vector<ModelVerdict> verdicts = compare_in_models(
        found.context, found.type, probe.runs[i].result.term, probe.runs[j].result.term,
        case_seed(options.seed, index), options.points, options.also_models);
    const bool different = std::any_of(verdicts.begin(), verdicts.end(), [](const auto& v) {
      return v.status == ModelVerdict::Status::Different;
    });
    const bool equal = std::any_of(verdicts.begin(), verdicts.end(), [](const auto& v) {
      return v.status == ModelVerdict::Status::Equal;
    });
    if (different) {
      ++result.soundness_bugs;
      if (!result.first_soundness_bug) {
        Divergence bug{found,         found.term,    0,       divergence_class,
                       probe.runs[i], probe.runs[j], verdicts};
        result.first_soundness_bug = std::move(bug);
      }
    } else if (equal) {
      ++result.joined_semantically;
    } else {
      ++result.not_interpreted;
    }
    if (shrunk[slot] < options.shrink_per_class) {
      ++shrunk[slot];
      Divergence candidate = shrink_divergence(found, divergence_class, options);
      auto it = std::find_if(result.smallest.begin(), result.smallest.end(),
                             [&](const auto& d) { return d.divergence_class == divergence_class; });
      if (it == result.smallest.end()) {
        result.smallest.push_back(std::move(candidate));
      } else if (candidate.shrunk->tree_size() < it->shrunk->tree_size()) {
        *it = std::move(candidate);
      }
    }
    if (progress) progress(index);
  }
  std::sort(result.smallest.begin(), result.smallest.end(),
            [](const auto& a, const auto& b) { return a.divergence_class < b.divergence_class; });
  return result;
}

}  // namespace perturb::lab
