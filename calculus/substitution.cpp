#include "calculus/substitution.h"

#include <algorithm>
#include <unordered_map>
#include <utility>
#include <vector>

#include "calculus/error.h"
#include "calculus/hash.h"
#include "calculus/mutation.h"

namespace perturb::calculus {
namespace {

// A node visited at a binder depth: the memo key of one traversal.
using NodeAtDepth = std::pair<const TermNode*, std::uint32_t>;

struct NodeAtDepthHash {
  std::size_t operator()(const NodeAtDepth& key) const {
    return static_cast<std::size_t>(
        hash_combine(reinterpret_cast<std::uintptr_t>(key.first), key.second));
  }
};

using Memo = std::unordered_map<NodeAtDepth, Term, NodeAtDepthHash>;

// Rebuilds term from the images of its children, which f computes; returns
// term itself when no child changed (keeps sharing and binder names).
template <class F>
Term map_children(const Term& term, F&& f) {
  std::vector<Term> children;
  children.reserve(term->children().size());
  bool changed = false;
  for (const Term& child : term->children()) {
    children.push_back(f(child));
    changed = changed || children.back() != child;
  }
  return changed ? rebuild(term, children) : term;
}

class Lifter {
 public:
  explicit Lifter(std::uint32_t amount) : amount_(amount) {}

  Term lift(const Term& term, std::uint32_t cutoff) {
    if (term->loose_bvar_range() <= cutoff) return term;  // no free index ≥ cutoff
    const NodeAtDepth key{term.get(), cutoff};
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Term result;
    if (is_var(term)) {
      result = mk_var(var_index(term) + amount_, term->type());
    } else {
      const bool binds = is_lam(term) && active_mutant() != Mutant::LiftingIgnoresBinders;
      const std::uint32_t inner = binds ? cutoff + 1 : cutoff;
      result = map_children(term, [&](const Term& child) { return lift(child, inner); });
    }
    memo_.emplace(key, result);
    return result;
  }

 private:
  std::uint32_t amount_;
  Memo memo_;
};

class Substituter {
 public:
  Substituter(Term value, std::uint64_t max_nodes) : value_(std::move(value)), budget_(max_nodes) {}

  // term[value/x] where x is index depth of term (depth binders inside body).
  Term substitute(const Term& term, std::uint32_t depth) {
    if (term->loose_bvar_range() <= depth) return term;  // neither x nor anything above it
    const NodeAtDepth key{term.get(), depth};
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Term result;
    if (is_var(term)) {
      const std::uint32_t index = var_index(term);
      // index < depth is excluded by the loose_bvar_range test above.
      if (index == depth && term->type() != value_->type()) {
        throw IllTyped("substitute: the value's type is not the variable's");
      }
      const bool renames = active_mutant() != Mutant::SubstitutionNoRenaming;
      result = index == depth ? value_at(depth) : mk_var(renames ? index - 1 : index, term->type());
    } else {
      const bool binds = is_lam(term) && active_mutant() != Mutant::SubstitutionSkipsBinders;
      const std::uint32_t inner = binds ? depth + 1 : depth;
      result = map_children(term, [&](const Term& child) { return substitute(child, inner); });
    }
    budget_.spend(result);
    memo_.emplace(key, result);
    return result;
  }

 private:
  // value seen from under depth binders: its free indices lifted by depth.
  const Term& value_at(std::uint32_t depth) {
    if (active_mutant() == Mutant::SubstitutionNoLift) return value_;
    if (lifted_.size() <= depth) lifted_.resize(depth + 1);
    if (!lifted_[depth]) lifted_[depth] = lift(value_, depth);
    return lifted_[depth];
  }

  Term value_;
  NodeBudget budget_;
  std::vector<Term> lifted_;
  Memo memo_;
};

}  // namespace

Term lift(const Term& term, std::uint32_t amount, std::uint32_t cutoff) {
  if (amount == 0) return term;
  return Lifter(amount).lift(term, cutoff);
}

void NodeBudget::spend(const Term& built) {
  const std::uint64_t cost = is_sum(built) ? std::max<std::size_t>(built->children().size(), 1) : 1;
  if (cost > remaining_) throw TooLarge("one step would build more nodes than the size budget");
  remaining_ -= cost;
}

Term substitute(const Term& body, const Term& value, std::uint64_t max_nodes) {
  return Substituter(value, max_nodes).substitute(body, 0);
}

Term rebuild(const Term& term, std::span<const Term> children) {
  check(children.size() == term->children().size(), "rebuild: wrong number of children");
  switch (term->kind()) {
    case TermKind::Var:
    case TermKind::Lit:
    case TermKind::Prim:
      return term;
    case TermKind::Lam:
      return mk_lam(lam_name(term), lam_domain(term), children[0]);
    case TermKind::App:
      return mk_app(children[0], children[1]);
    case TermKind::Tan:
      return mk_tan(children[0]);
    case TermKind::Inj:
      return mk_inj(component(term), children[0],
                    product_component(term->type(), 3 - component(term)));
    case TermKind::Proj:
      return mk_proj(component(term), children[0]);
    case TermKind::Sum:
      return mk_sum(term->type(), children);
  }
  throw InternalError("rebuild: unknown term kind");
}

}  // namespace perturb::calculus
