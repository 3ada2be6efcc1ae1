#include "calculus/normalize.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>
#include <unordered_map>
#include <utility>

#include "calculus/error.h"
#include "calculus/random_term.h"
#include "calculus/substitution.h"

namespace perturb::calculus {
namespace {

constexpr std::string_view kTangentRule = "T";

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > std::numeric_limits<std::uint64_t>::max() - b
             ? std::numeric_limits<std::uint64_t>::max()
             : a + b;
}

// "Contains a redex" per node, kept across steps: terms are immutable and
// hash-consed, so the answer for a node never changes, and a step only asks
// about the nodes it built. After contains(root) every node of the current
// term is in the cache, so the cache's size bounds the term's DAG size.
// Entries own their nodes (no reuse of dead addresses); prune() drops the
// nodes the current term no longer uses.
// The bytes charged for keeping one node: a wide sum is as large as its
// children array.
std::uint64_t node_bytes(const Term& term) {
  return kBytesPerNode + kBytesPerChild * term->children().size();
}

class RedexCache {
 public:
  // A 256-bit Bloom signature of the redex nodes a node contains: a node
  // that lacks a redex's bit cannot contain it (no false negatives).
  using Signature = std::array<std::uint64_t, 4>;

  explicit RedexCache(const Rules& rules) : rules_(rules) {}

  bool contains(const Term& term) { return entry(term).contains; }

  // Whether term may contain the redex node `redex` (false: it does not).
  bool may_contain(const Term& term, const Term& redex) {
    const std::uint64_t bit = redex->hash() % 256;
    return (entry(term).signature[bit / 64] >> (bit % 64)) & 1;
  }

  // A redex the strategies may contract: T (λx.s) only once s is normal.
  bool is_ready_redex(const Term& term) {
    const auto rule = redex_rule(term, rules_);
    if (!rule) return false;
    if (*rule == kTangentRule) return !contains(lam_body(operand(term)));
    return true;
  }

  // Keeps exactly the nodes of root; returns their number (its DAG size).
  std::uint64_t prune(const Term& root) {
    entries_.clear();
    bytes_ = 0;
    contains(root);
    return entries_.size();
  }

  std::uint64_t size() const { return entries_.size(); }
  // Estimated bytes of the cached nodes (a sum's children array included).
  std::uint64_t bytes() const { return bytes_; }
  // Nodes added since the last call.
  std::uint64_t take_added() { return std::exchange(added_, 0); }

 private:
  struct Entry {
    Term node;
    bool contains;
    Signature signature;
  };

  const Entry& entry(const Term& term) {
    if (auto it = entries_.find(term.get()); it != entries_.end()) return it->second;
    Entry e{term, redex_rule(term, rules_).has_value(), {}};
    if (e.contains) {
      const std::uint64_t bit = term->hash() % 256;
      e.signature[bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
    // Every child is visited, so that the whole term is cached.
    for (const Term& child : term->children()) {
      const Entry& c = entry(child);
      e.contains = e.contains || c.contains;
      for (std::size_t i = 0; i < e.signature.size(); ++i) e.signature[i] |= c.signature[i];
    }
    ++added_;
    bytes_ += node_bytes(term);
    return entries_.emplace(term.get(), std::move(e)).first->second;
  }

  const Rules& rules_;
  std::unordered_map<const TermNode*, Entry> entries_;  // references stay valid on rehash
  std::uint64_t added_ = 0;
  std::uint64_t bytes_ = 0;
};

// The position of the redex the strategy contracts next; requires one.
Position choose_redex(const Term& term, Strategy strategy, RedexCache& redexes, Rng& rng) {
  Position position;
  const Term* current = &term;
  while (true) {
    const auto& children = (*current)->children();
    std::vector<std::uint32_t> candidates;  // children containing a redex
    for (std::uint32_t i = 0; i < children.size(); ++i) {
      if (redexes.contains(children[i])) candidates.push_back(i);
    }
    const bool here = redexes.is_ready_redex(*current);
    if (here && (strategy == Strategy::NormalOrder || candidates.empty())) return position;
    std::uint32_t next;
    if (strategy == Strategy::Random) {
      const std::uint64_t pick = random_below(rng, candidates.size() + (here ? 1 : 0));
      if (pick == candidates.size()) return position;
      next = candidates[pick];
    } else {
      // Non-empty: a term with a redex but no ready one at its root is a
      // non-redex or a T (λx.s) with a redex in s.
      check(!candidates.empty(), "choose_redex: no redex below");
      next = candidates.front();
    }
    position.push_back(next);
    current = &children[next];
  }
}

// term with every occurrence of the node `from` (a redex) replaced by `to`.
// Only nodes whose signature has `from`'s bit can contain it: the normal
// parts of the term, usually most of it, and most others are not visited.
class ReplaceAll {
 public:
  ReplaceAll(const Term& from, Term to, RedexCache& redexes, std::uint64_t max_nodes)
      : from_(from), to_(std::move(to)), redexes_(redexes), budget_(max_nodes) {}

  Term in(const Term& term) {
    if (term == from_) return to_;
    // A node cannot strictly contain a subterm at least as deep as itself.
    if (term->depth() <= from_->depth() || !redexes_.may_contain(term, from_)) return term;
    if (auto it = memo_.find(term.get()); it != memo_.end()) return it->second;
    std::vector<Term> children;
    children.reserve(term->children().size());
    bool changed = false;
    for (const Term& child : term->children()) {
      children.push_back(in(child));
      changed = changed || children.back() != child;
    }
    Term result = changed ? rebuild(term, children) : term;
    if (changed) budget_.spend(result);
    memo_.emplace(term.get(), result);
    return result;
  }

 private:
  const Term& from_;
  Term to_;
  RedexCache& redexes_;
  NodeBudget budget_;
  std::unordered_map<const TermNode*, Term> memo_;  // keys live in the term
};

// The tree positions of the node `from` in a term (for the trace).
class Occurrences {
 public:
  Occurrences(const Term& from, RedexCache& redexes) : from_(from), redexes_(redexes) {}

  std::uint64_t count(const Term& term) {
    if (term == from_) return 1;
    if (term->depth() <= from_->depth() || !redexes_.may_contain(term, from_)) return 0;
    if (auto it = memo_.find(term.get()); it != memo_.end()) return it->second;
    std::uint64_t total = 0;
    for (const Term& child : term->children()) total = saturating_add(total, count(child));
    memo_.emplace(term.get(), total);
    return total;
  }

  // The first `limit` positions in pre-order.
  void list(const Term& term, Position& position, std::vector<Position>& out, std::size_t limit) {
    if (out.size() >= limit || count(term) == 0) return;
    if (term == from_) {
      out.push_back(position);
      return;
    }
    for (std::uint32_t i = 0; i < term->children().size(); ++i) {
      position.push_back(i);
      list(term->children()[i], position, out, limit);
      position.pop_back();
    }
  }

 private:
  const Term& from_;
  RedexCache& redexes_;
  std::unordered_map<const TermNode*, std::uint64_t> memo_;
};

class Normalizer {
 public:
  explicit Normalizer(const NormalizeOptions& options)
      : options_(options), redexes_(options_.rules), rng_(options.seed) {}

  NormalizeResult run(const Term& term) {
    const auto start = std::chrono::steady_clock::now();
    result_.term = term;
    redexes_.contains(term);
    redexes_.take_added();
    retained_bytes_ = redexes_.bytes();
    if (!admit(term)) return std::move(result_);
    while (true) {
      if (!redexes_.contains(result_.term)) return finish(NormalizeStatus::NormalForm, 0);
      if (result_.steps >= options_.max_steps) {
        return finish(NormalizeStatus::StepBudget, options_.max_steps);
      }
      if (options_.max_seconds > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >
              options_.max_seconds) {
        return finish(NormalizeStatus::TimeBudget, 0);
      }
      if (!step()) return std::move(result_);
    }
  }

 private:
  // Records why normalization stopped; run() then returns result_.
  NormalizeResult finish(NormalizeStatus status, std::uint64_t limit) {
    stop(status, limit);
    return std::move(result_);
  }

  void stop(NormalizeStatus status, std::uint64_t limit, bool step_too_large = false) {
    result_.status = status;
    result_.exhausted_limit = limit;
    result_.step_too_large = step_too_large;
  }

  // Estimated bytes kept alive: the cache (a superset of the current term)
  // and, when tracing, every node the trace's terms hold.
  std::uint64_t kept_bytes() const {
    return redexes_.bytes() + (options_.trace ? retained_bytes_ : 0);
  }

  // Contracts one redex at all its occurrences; false if it gave up, with
  // result_ still the term before the step.
  bool step() {
    const std::uint64_t kept = kept_bytes();
    if (kept >= options_.max_memory) {
      stop(NormalizeStatus::MemoryBudget, options_.max_memory);
      return false;
    }
    // Two phases (the contraction, then rebuilding the term) may each build
    // this many nodes.
    const std::uint64_t memory_nodes = (options_.max_memory - kept) / kBytesPerBuiltNode / 2;
    const std::uint64_t max_nodes = std::min(options_.max_size, memory_nodes);
    const Position position = choose_redex(result_.term, options_.strategy, redexes_, rng_);
    const Term redex = subterm_at(result_.term, position).value();
    TraceStep traced;
    if (options_.trace) {
      Occurrences occurrences(redex, redexes_);
      traced.occurrence_count = occurrences.count(result_.term);
      Position scratch;
      occurrences.list(result_.term, scratch, traced.occurrences, kMaxListedOccurrences);
    }
    Term next;
    try {
      const Contraction contracted = contract(redex, options_.rules, max_nodes).value();
      next = ReplaceAll(redex, contracted.result, redexes_, max_nodes).in(result_.term);
      traced.rule = contracted.rule;
    } catch (const TooDeep&) {
      stop(NormalizeStatus::TooDeep, kMaxTermDepth);
      return false;
    } catch (const TooLarge&) {
      if (memory_nodes < options_.max_size) {
        stop(NormalizeStatus::MemoryBudget, options_.max_memory, true);
      } else {
        stop(NormalizeStatus::SizeBudget, options_.max_size, true);
      }
      return false;
    }
    const std::uint64_t before = redexes_.bytes();
    redexes_.contains(next);
    redexes_.take_added();
    retained_bytes_ += redexes_.bytes() - before;
    if (!admit(next)) return false;
    result_.term = next;
    ++result_.steps;
    if (options_.trace) {
      traced.position = position;
      traced.term = next;
      result_.trace.push_back(std::move(traced));
    }
    return true;
  }

  // Whether candidate (already in the cache) is within the DAG-size and
  // memory budgets; stops if not.
  bool admit(const Term& candidate) {
    std::uint64_t bound = redexes_.size();  // ≥ the DAG size of candidate
    result_.peak_memory_bytes = std::max(result_.peak_memory_bytes, kept_bytes());
    // Pruning costs the DAG size: do it when a budget may be exceeded, or
    // when dead nodes make up most of the cache (amortised O(1) per node).
    if (bound > options_.max_size || kept_bytes() > options_.max_memory ||
        bound > 2 * last_dag_ + 65536 || redexes_.bytes() > 2 * last_bytes_ + (64 << 20)) {
      bound = last_dag_ = redexes_.prune(candidate);
      last_bytes_ = redexes_.bytes();
      redexes_.take_added();
    }
    if (bound > options_.max_size) {
      stop(NormalizeStatus::SizeBudget, options_.max_size);
      return false;
    }
    if (kept_bytes() > options_.max_memory) {
      stop(NormalizeStatus::MemoryBudget, options_.max_memory);
      return false;
    }
    return true;
  }

  const NormalizeOptions& options_;
  RedexCache redexes_;
  Rng rng_;
  NormalizeResult result_;
  std::uint64_t retained_bytes_ = 0;  // bytes of the nodes added over all steps (a trace's)
  std::uint64_t last_dag_ = 0;        // DAG size at the last pruning
  std::uint64_t last_bytes_ = 0;      // the cache's bytes after the last pruning
};

}  // namespace

const char* strategy_name(Strategy strategy) {
  switch (strategy) {
    case Strategy::NormalOrder:
      return "normal";
    case Strategy::ApplicativeOrder:
      return "applicative";
    case Strategy::Random:
      return "random";
  }
  throw InternalError("strategy_name: unknown strategy");
}

NormalizeResult normalize(const Term& term, const NormalizeOptions& options) {
  NormalizeResult result = Normalizer(options).run(term);
  if (result.status == NormalizeStatus::TimeBudget) {
    result.exhausted_limit = static_cast<std::uint64_t>(options.max_seconds * 1000);
  }
  return result;
}

std::string tree_size_text(std::uint64_t tree_size) {
  if (tree_size == std::numeric_limits<std::uint64_t>::max()) return "≥ 1.8e19";
  return fmt::format("{}", tree_size);
}

std::string describe(const NormalizeResult& result) {
  const auto gave_up = [&](const std::string& reason) {
    return fmt::format("gave up after {} steps, at DAG size {}: {}", result.steps,
                       dag_size(result.term), reason);
  };
  const std::uint64_t limit = result.exhausted_limit;
  switch (result.status) {
    case NormalizeStatus::NormalForm:
      return fmt::format("normal form after {} steps", result.steps);
    case NormalizeStatus::StepBudget:
      return gave_up(fmt::format("step budget exhausted (--max-steps {})", limit));
    case NormalizeStatus::SizeBudget:
      if (result.step_too_large) {
        return gave_up(fmt::format(
            "size budget exceeded: the next step would build more than {} nodes (--max-size {})",
            limit, limit));
      }
      return gave_up(fmt::format(
          "size budget exceeded: the term has more than {} distinct nodes (--max-size {})", limit,
          limit));
    case NormalizeStatus::MemoryBudget:
      return gave_up(
          fmt::format("memory budget exceeded: {} would need more than {} bytes "
                      "(--max-memory {}; estimate of docs/architecture.md)",
                      result.step_too_large ? "the next step" : "the term", limit, limit));
    case NormalizeStatus::TooDeep:
      return gave_up(fmt::format("term nested deeper than {} levels", kMaxTermDepth));
    case NormalizeStatus::TimeBudget:
      return gave_up(fmt::format("time budget exhausted (--max-time {} s)",
                                 static_cast<double>(limit) / 1000));
  }
  throw InternalError("describe: unknown status");
}

}  // namespace perturb::calculus
