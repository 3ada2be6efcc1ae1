#include "calculus/tangent.h"

#include <utility>
#include <vector>

#include "calculus/error.h"
#include "calculus/mutation.h"
#include "calculus/node_key_map.h"

namespace perturb::calculus {
namespace {

// ⟨ wrap(π1 t), wrap(π2 t) ⟩: the shape shared by the λ, T, ι and π clauses.
template <class Wrap>
Term pair_of_wrapped_halves(const Term& t, Wrap&& wrap) {
  return mk_pair(wrap(mk_proj(1, t)), wrap(mk_proj(2, t)));
}

class Tangent {
 public:
  explicit Tangent(std::uint64_t max_nodes) : budget_(max_nodes) {}

  Term at(const Term& term, std::uint32_t x) {
    if (const Term* known = memo_.find(term.get(), x)) return *known;
    Term result = clause(term, x);
    budget_.spend(result);
    memo_.insert(term.get(), x, result);
    return result;
  }

 private:
  Term clause(const Term& term, std::uint32_t x) {
    switch (term->kind()) {
      case TermKind::Var:
        // x : σ becomes x : Tσ (Lemma 4.1(b)); any other y : ρ is the tangent ι2 y : Tρ.
        if (var_index(term) == x) return mk_var(x, mk_tangent(term->type()));
        if (active_mutant() == Mutant::TangentVarUntagged) return term;
        return mk_inj(2, term, term->type());
      case TermKind::Lam: {
        const Term t = at(lam_body(term), x + 1);
        const auto lambda = [&](const Term& body) {
          return mk_lam(lam_name(term), lam_domain(term), body);
        };
        if (active_mutant() == Mutant::TangentLambdaSwapped) {
          return mk_pair(lambda(mk_proj(2, t)), lambda(mk_proj(1, t)));
        }
        return pair_of_wrapped_halves(t, lambda);
      }
      case TermKind::App: {
        const Term fn = at(app_fn(term), x);
        return diamond(fn, at(app_arg(term), x));
      }
      case TermKind::Tan:
        return pair_of_wrapped_halves(at(operand(term), x), mk_tan);
      case TermKind::Inj:
      case TermKind::Proj: {
        const int k = component(term);
        const Type& other = is_inj(term) ? product_component(term->type(), 3 - k) : nullptr;
        const auto wrap = [&](const Term& s) {
          return is_inj(term) ? mk_inj(k, s, other) : mk_proj(k, s);
        };
        return pair_of_wrapped_halves(at(operand(term), x), wrap);
      }
      case TermKind::Lit:
      case TermKind::Prim:
        return mk_inj(2, term, term->type());
      case TermKind::Sum: {
        std::vector<Term> parts;
        parts.reserve(term->children().size());
        for (const Term& s : term->children()) parts.push_back(at(s, x));
        return mk_sum(mk_tangent(term->type()), parts);
      }
    }
    throw InternalError("tangent_at: unknown term kind");
  }

  NodeBudget budget_;
  NodeKeyMap<Term> memo_;  // (node, index of x); tangent_at's caller holds the nodes
};

}  // namespace

Term tangent_at(const Term& term, std::uint32_t index, std::uint64_t max_nodes) {
  return Tangent(max_nodes).at(term, index);
}

Term tangent_of(const Term& term, std::uint64_t max_nodes) {
  return tangent_at(term, 0, max_nodes);
}

Term diamond(const Term& m, const Term& n) {
  const Term pi1_m = mk_proj(1, m);
  const Term pi2_m = mk_proj(2, m);
  const Term pi2_n = mk_proj(2, n);
  Term tangent = mk_app(pi1_m, pi2_n);
  if (active_mutant() != Mutant::DiamondWithoutTangentSummand) {
    tangent = mk_add(tangent, mk_proj(1, mk_app(mk_tan(pi2_m), n)));
  }
  return mk_pair(tangent, mk_app(pi2_m, pi2_n));
}

}  // namespace perturb::calculus
