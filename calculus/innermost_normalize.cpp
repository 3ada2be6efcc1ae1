#include "calculus/innermost_normalize.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "calculus/substitution.h"

namespace perturb::calculus {
namespace {

// Thrown inside the normalizer when a budget runs out (normalize decides).
struct GaveUp {};

class InnermostNormalizer {
 public:
  explicit InnermostNormalizer(const NormalizeOptions& options)
      : options_(options), start_(std::chrono::steady_clock::now()) {}

  // The normal form of term; throws GaveUp, TooDeep or TooLarge.
  Term normal_form(const Term& term) {
    if (term->children().empty() && !redex_rule(term, options_.rules)) return term;
    if (auto it = memo_.find(term.get()); it != memo_.end()) return it->second.normal;
    Term current = with_normal_children(term);
    std::vector<Term> on_the_way;  // the contracted redexes, each with the same normal form
    // A loop, not recursion, over the contractions at this node: their number
    // is bounded by the step budget, not by the depth of the term.
    while (redex_rule(current, options_.rules)) {
      if (auto it = memo_.find(current.get()); it != memo_.end()) {
        current = it->second.normal;
        break;
      }
      take_step();
      on_the_way.push_back(current);
      current = with_normal_children(contract(current, options_.rules, node_room()).value().result);
    }
    remember(term, current);
    for (const Term& redex : on_the_way) remember(redex, current);
    remember(current, current);
    return current;
  }

  std::uint64_t steps() const { return steps_; }
  // Estimated bytes of the nodes it keeps (max_memory's model).
  std::uint64_t bytes() const { return bytes_; }

 private:
  struct Entry {
    Term key;  // owned, so that its address is not reused while the memo lives
    Term normal;
  };

  // term rebuilt from the normal forms of its children (the same node when
  // they are normal already). The smart constructors may distribute the
  // node over a sum, reorder a sum or absorb the node into 0 (§3), making
  // children that are not normal yet: then the rebuilt node's are normalized
  // in turn.
  Term with_normal_children(const Term& term) {
    Term current = term;
    while (true) {
      const auto& children = current->children();
      if (children.empty()) return current;
      std::vector<Term> normal;
      normal.reserve(children.size());
      bool changed = false;
      for (const Term& child : children) {
        normal.push_back(normal_form(child));
        changed = changed || normal.back() != child;
      }
      if (!changed) return current;
      current = rebuild(current, normal);
    }
  }

  void remember(const Term& term, const Term& normal) {
    if (memo_.try_emplace(term.get(), Entry{term, normal}).second) {
      bytes_ += kBytesPerNode + kBytesPerChild * term->children().size();
      if (memo_.size() > options_.max_size || bytes_ > options_.max_memory) throw GaveUp{};
    }
  }

  void take_step() {
    if (steps_ >= options_.max_steps) throw GaveUp{};
    ++steps_;
    if (options_.max_seconds > 0 && steps_ % 64 == 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >
            options_.max_seconds) {
      throw GaveUp{};
    }
  }

  // The nodes one contraction may build: what is left of the size and
  // memory budgets.
  std::uint64_t node_room() const {
    const std::uint64_t kept = memo_.size();
    if (kept >= options_.max_size || bytes_ >= options_.max_memory) throw GaveUp{};
    return std::min(options_.max_size - kept, (options_.max_memory - bytes_) / kBytesPerBuiltNode);
  }

  const NormalizeOptions& options_;
  const std::chrono::steady_clock::time_point start_;
  std::unordered_map<const TermNode*, Entry> memo_;
  std::uint64_t steps_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace

NormalizeResult normalize_innermost(const Term& term, const NormalizeOptions& options) {
  try {
    InnermostNormalizer normalizer(options);
    NormalizeResult result;
    result.term = normalizer.normal_form(term);
    result.steps = normalizer.steps();
    result.peak_memory_bytes = normalizer.bytes();
    return result;
  } catch (const GaveUp&) {
  } catch (const TooDeep&) {
  } catch (const TooLarge&) {
  }
  NormalizeOptions applicative = options;
  applicative.strategy = Strategy::ApplicativeOrder;
  return normalize(term, applicative);
}

}  // namespace perturb::calculus
