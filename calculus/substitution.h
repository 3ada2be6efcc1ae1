// Capture-avoiding substitution on de Bruijn terms (spec Fig. 2).
//
//   x[P/x] = P        y[P/x] = y        0[P/x] = 0
//   (λy.s)[P/x] = λy.(s[P/x])           (s + N)[P/x] = s[P/x] + N[P/x]
//   (s N)[P/x] = (s[P/x]) (N[P/x])      (T s)[P/x] = T(s[P/x])
//   (ι_k s)[P/x] = ι_k(s[P/x])          (π_k s)[P/x] = π_k(s[P/x])
//
// With de Bruijn indices the side conditions become index arithmetic: under
// a binder P is lifted by one (so it cannot be captured), and the variables
// above x move down by one (x's binder is gone). The smart constructors apply
// the linear extensions of §3 whenever s[P/x] is a sum.
//
// Each call memoises on node pointers, so a subterm shared in the input DAG
// is processed once per binder depth and its result is shared in the output.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>

#include "calculus/term.h"

namespace perturb::calculus {

// Thrown when one operation would build more nodes than its budget allows:
// the linear extensions of §3 multiply summands (π1 of a sum of k terms is k
// terms), so one substitution or T_x can be far larger than its input.
class TooLarge : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr std::uint64_t kNoNodeLimit = std::numeric_limits<std::uint64_t>::max();

// Counts the nodes one operation builds, as the summands of each result it
// memoises (at least one each); throws TooLarge past the limit.
class NodeBudget {
 public:
  explicit NodeBudget(std::uint64_t limit) : remaining_(limit) {}
  void spend(const Term& built);

 private:
  std::uint64_t remaining_;
};

// term with every free index i ≥ cutoff replaced by i + amount.
Term lift(const Term& term, std::uint32_t amount, std::uint32_t cutoff = 0);

// body[value/x] where x is index 0 of body and value lives in the context
// outside x's binder: Γ; x:σ ⊢ body : τ and Γ ⊢ value : σ give Γ ⊢ result : τ.
// Throws TooLarge when that builds more than max_nodes nodes.
Term substitute(const Term& body, const Term& value, std::uint64_t max_nodes = kNoNodeLimit);

// term with its children replaced (in calculus/term.h children order),
// rebuilt through the smart constructors so the linear extensions apply.
Term rebuild(const Term& term, std::span<const Term> children);

}  // namespace perturb::calculus
