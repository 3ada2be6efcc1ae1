// The confluence probe of the conjecture lab (spec §7): random well-typed
// terms, open ones included, each reduced along several orders
// (lab/reduction_orders.h); two normal forms that differ modulo α and AC of
// + refute confluence. Each counterexample is classified
// (lab/divergence_class.h), its two normal forms compared in the sound
// models (lab/semantic_join.h), and the first few of each class are shrunk
// type-preservingly (proofs/cases/shrink.h's candidates) while they diverge in the
// same class; the smallest shrunk one per class is kept.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "calculus/context.h"
#include "lab/divergence_class.h"
#include "lab/reduction_orders.h"
#include "lab/semantic_join.h"

namespace perturb::lab {

struct ConfluenceOptions {
  std::uint64_t cases = 1000;
  std::uint64_t seed = 1;
  std::uint32_t max_size = 12;           // generation size of a term (calculus::TermShape::size)
  OrderOptions orders;                   // its rules are the candidate rules switched on
  std::string rule_file;                 // where orders.rules.user came from, for the command
  std::uint32_t shrink_per_class = 3;    // divergences shrunk per class
  std::uint32_t shrink_attempts = 2000;  // candidate terms tried per shrink
  std::uint32_t points = 5;              // random points per model comparison
  std::vector<std::string> plugins;      // perturb conjecture --plugin, for the command
  std::vector<semantics::AnyModel> also_models;  // their models, compared too
};

// One generated case: Γ ⊢ term : type, replayable from (seed, index).
struct ConfluenceCase {
  std::uint64_t index = 0;
  calculus::Context context;
  calculus::Type type;
  calculus::Term term;
};

// Case `index` of a run seeded `seed` with terms of generation size at most
// max_size. Γ holds f : R → R → R, g : R → R and a of a random type, each
// with some probability. One case in three is each of: any term of a random
// type; T (λx:σ. M) with M random, so that the T-rule can fire before M is
// normal; T (λx:σ. (λy:ρ. N) P), the shape of Manzyuk's term with random
// parts (spec §7).
ConfluenceCase confluence_case(std::uint64_t seed, std::uint64_t index, std::uint32_t max_size);

// The outcome of one term along every order.
struct Probe {
  std::vector<ReductionRun> runs;
  // The first two runs (in run order) whose normal forms differ, if any.
  std::optional<std::pair<std::size_t, std::size_t>> divergence;
  // The budget the first order that gave up ran out of ("steps", "size", …).
  std::optional<std::string> gave_up;
};
Probe probe_term(const calculus::Term& term, const OrderOptions& options);

struct Divergence {
  ConfluenceCase original;
  calculus::Term shrunk;           // the shrunk term, in original.context at original.type
  std::uint32_t shrink_steps = 0;  // accepted shrink steps
  DivergenceClass divergence_class = DivergenceClass::Other;
  ReductionRun first, second;        // of the shrunk term
  std::vector<ModelVerdict> models;  // the two normal forms in each sound model
};

struct ConfluenceResult {
  ConfluenceOptions options;
  std::uint64_t confluent = 0;  // every order reached one normal form
  std::uint64_t divergent = 0;  // two orders reached different normal forms
  std::uint64_t undecided = 0;  // no divergence, and some order gave up
  std::vector<std::pair<std::string, std::uint64_t>> undecided_reasons;  // reason, count
  std::array<std::uint64_t, std::size(kDivergenceClasses)> per_class{};
  // Over every divergence: its two normal forms compared in the sound models.
  std::uint64_t joined_semantically = 0;  // equal in ≥ 1 model, different in none
  std::uint64_t not_interpreted = 0;      // no model compared them
  std::uint64_t soundness_bugs = 0;       // different in some model
  std::vector<Divergence> smallest;       // per class found, the smallest shrunk, in class order
  std::optional<Divergence> first_soundness_bug;
};

// Whether the result refutes confluence: a divergence of a class other than
// rounding (which is floating point's, not the calculus's).
bool refutes_confluence(const ConfluenceResult& result);

// Runs the probe; progress(i) is called after case i.
ConfluenceResult probe_confluence(const ConfluenceOptions& options,
                                  const std::function<void(std::uint64_t)>& progress = {});

}  // namespace perturb::lab
