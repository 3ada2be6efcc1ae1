// Normalization: repeated one-step reduction (reduce.h) under a strategy,
// with deterministic budgets (steps, DAG nodes, bytes), an optional
// wall-clock budget and an optional trace. docs/architecture.md
// ("Normalization") gives the design and the precise definitions.
//
// Graph reduction. The term is a hash-consed DAG, and one step contracts one
// redex *node*, i.e. every occurrence of that subterm in the tree at once (a
// sequence of ordinary steps, one per occurrence), as lazy evaluation shares
// the evaluation of a shared thunk. Without this a redex shared 2ⁿ times (as
// T_x and ⋄ create them) would take 2ⁿ steps. The trace names the occurrence
// the strategy chose and every occurrence the step stands for.
//
// The T-rule waits for its body. T (λx.s) is contracted only once s is in
// normal form ("ready"); every other redex is always ready. This restricts
// the rewrite relation but not its normal forms: a term with a redex has a
// ready one (an innermost redex is ready), so every strategy below is a
// strategy of spec §4 and stops exactly at §4's normal forms. Pushing T_x
// through an unreduced body copies each of its redexes into the three
// mentions of ⋄, under T again, where they multiply; with the body normal,
// T_x meets only normal subterms.
//
// Strategies choose, among the ready redexes, which node to contract:
//   normal order       the leftmost-outermost ready redex (pre-order first)
//   applicative order  the leftmost-innermost redex (one containing no
//                      other; it is always ready)
//   random             a random walk from the root, seeded: at each node
//                      uniformly among "this ready redex" and the children
//                      that contain a redex
//
// Budgets (each outcome depends only on the input, the options and the seed,
// except max_seconds):
//   max_steps    graph reduction steps
//   max_size     DAG size (distinct nodes) of the current term; also the
//                number of nodes one step's substitution, T_x or rebuilding
//                may build (the linear extensions of §3 multiply summands,
//                so one step can be far larger than its input)
//   max_memory   bytes, estimated deterministically as kBytesPerNode per
//                node kept (the current term, the normalizer's caches, the
//                trace) plus kBytesPerChild per child plus kBytesPerBuiltNode per node a step may
//                build
//   max_seconds  wall clock, checked between steps (0: none)
// A term that would nest deeper than kMaxTermDepth also gives up. Giving up
// returns the last term reached.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "calculus/reduce.h"
#include "calculus/term.h"

namespace perturb::calculus {

enum class Strategy { NormalOrder, ApplicativeOrder, Random };

// "normal", "applicative", "random".
const char* strategy_name(Strategy strategy);

// The memory model of max_memory: bytes charged per node the normalizer
// keeps alive (node, its interning entry, its redex-cache entry), and per
// node one step may build (including the memo tables of substitution and
// T_x and the intermediate nodes of ⋄, which the node count of a step does
// not see). Calibrated in docs/performance.md.
inline constexpr std::uint64_t kBytesPerNode = 400;
inline constexpr std::uint64_t kBytesPerChild = 24;  // plus this per child kept
inline constexpr std::uint64_t kBytesPerBuiltNode = 1200;

struct NormalizeOptions {
  Rules rules = {};
  Strategy strategy = Strategy::NormalOrder;
  std::uint64_t seed = 0;  // for Strategy::Random
  std::uint64_t max_steps = 100000;
  std::uint64_t max_size = 1000000;  // DAG size of the current term
  bool trace = false;
  std::uint64_t max_memory = std::uint64_t{2} << 30;  // estimated bytes (2 GiB)
  double max_seconds = 0;                             // wall clock; 0: no limit
};

enum class NormalizeStatus {
  NormalForm,    // no redex left
  StepBudget,    // max_steps steps taken, redexes remain
  SizeBudget,    // the term's DAG size, or what one step built, exceeded max_size
  TooDeep,       // a step would have built a term deeper than kMaxTermDepth
  MemoryBudget,  // the estimated bytes would have exceeded max_memory
  TimeBudget,    // max_seconds of wall clock elapsed
};

// At most this many occurrences of a step's redex are listed in its trace.
inline constexpr std::size_t kMaxListedOccurrences = 16;

// One step: the rule, the occurrence the strategy chose, every occurrence
// the step contracted (as tree positions in the term before it, pre-order,
// at most kMaxListedOccurrences of them, and their number, saturating), and
// the whole term after it.
struct TraceStep {
  std::string_view rule;
  Position position;
  Term term;
  std::vector<Position> occurrences;
  std::uint64_t occurrence_count = 1;
};

struct NormalizeResult {
  Term term;                // the normal form, or the last term reached
  std::uint64_t steps = 0;  // graph reduction steps taken
  NormalizeStatus status = NormalizeStatus::NormalForm;
  std::vector<TraceStep> trace;  // empty unless options.trace
  // Which limit ran out (the budget's value), for describe(); 0 if none.
  std::uint64_t exhausted_limit = 0;
  // SizeBudget and MemoryBudget: whether one step would have built more
  // nodes than allowed (else the term itself was too large).
  bool step_too_large = false;
  std::uint64_t peak_memory_bytes = 0;  // largest estimate (max_memory's model) kept
};

// Reduces term until no redex is left or a budget is exceeded.
NormalizeResult normalize(const Term& term, const NormalizeOptions& options = {});

// One line: "normal form after N steps" or "gave up after N steps / size S:
// <which budget ran out, with its value>".
std::string describe(const NormalizeResult& result);

// A tree size for people: the number, or "≥ 1.8e19" when it saturated.
std::string tree_size_text(std::uint64_t tree_size);

}  // namespace perturb::calculus
