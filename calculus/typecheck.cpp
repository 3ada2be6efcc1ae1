#include "calculus/typecheck.h"

#include <fmt/format.h>

#include <map>
#include <unordered_map>
#include <vector>

#include "calculus/hash.h"
#include "calculus/print.h"

namespace perturb::calculus {
namespace {

// A shared subterm met twice in the same context has the same most general
// type; the key names both, and owns the term so that its address cannot be
// reused by another term while the memo lives.
struct MemoKey {
  Term term;
  std::uint64_t context_id;
  friend bool operator==(const MemoKey&, const MemoKey&) = default;
};

struct MemoKeyHash {
  std::size_t operator()(const MemoKey& key) const {
    return static_cast<std::size_t>(
        hash_combine(reinterpret_cast<std::uintptr_t>(key.term.get()), key.context_id));
  }
};

// An Error without a source position: terms do not record where they were parsed.
Error type_error(std::string message) {
  Error error;
  error.message = std::move(message);
  return error;
}

class Checker {
 public:
  explicit Checker(const Context& context) : context_(context) {}

  // The types of a term are the refinements of its most general type (the
  // one checked against ?), whose holes are independent: they come from 0
  // and ι_k alone. So checking against E is a merge, and each shared node
  // is synthesised once per context. The exception is T s with holes in
  // s's type, because Tσ = σ × σ links the holes of its two halves: it is
  // checked against E itself.
  ErrorOr<Type> check(const Term& term, const Type& expected) {
    const ErrorOr<Type> general = synthesise(term);
    if (!general.ok() || is_hole(expected)) return general;
    if (general.value()->is_complete() || !is_tan(term)) {
      return refine(term, expected, general.value());
    }
    return check_uncached(term, expected);
  }

  ErrorOr<Type> synthesise(const Term& term) {
    // A closed term's type does not depend on the context: one id for all.
    const MemoKey key{term, is_closed(term) ? 0 : context_ids_.back()};
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    ErrorOr<Type> result = check_uncached(term, mk_hole());
    if (result.ok()) memo_.emplace(key, result.value());
    return result;
  }

 private:
  Error mismatch(const Term& term, const Type& expected, const Type& found) const {
    return type_error(fmt::format("type mismatch: expected {} but `{}` has type {}",
                                  to_string(expected), to_string(term, context_),
                                  to_string(found)));
  }

  ErrorOr<Type> refine(const Term& term, const Type& expected, const Type& found) const {
    if (Type merged = merge_types(found, expected)) return merged;
    return mismatch(term, expected, found);
  }

  ErrorOr<Type> check_uncached(const Term& term, const Type& expected) {
    switch (term->kind()) {
      case TermKind::Var: {
        const std::uint32_t index = var_index(term);
        if (index >= context_.size()) {
          return type_error(fmt::format("unbound variable (de Bruijn index {})", index));
        }
        return refine(term, expected, context_.at(index).type);
      }
      case TermKind::Lam:
        return check_lambda(term, expected);
      case TermKind::App: {
        ErrorOr<Type> fn = check(app_fn(term), mk_arrow(mk_hole(), expected));
        if (!fn) return fn;
        ErrorOr<Type> arg = check(app_arg(term), arrow_domain(*fn));
        if (!arg) return arg;
        return arrow_codomain(*fn);
      }
      case TermKind::Tan:
        return check_tangent(term, expected);
      case TermKind::Inj: {
        const Type shape = mk_product(mk_hole(), mk_hole());
        ErrorOr<Type> pair = refine(term, expected, shape);
        if (!pair) return pair;
        const int k = component(term);
        ErrorOr<Type> part = check(operand(term), product_component(*pair, k));
        if (!part) return part;
        return k == 1 ? mk_product(*part, pair.value()->right())
                      : mk_product(pair.value()->left(), *part);
      }
      case TermKind::Proj: {
        const int k = component(term);
        const Type shape =
            k == 1 ? mk_product(expected, mk_hole()) : mk_product(mk_hole(), expected);
        ErrorOr<Type> pair = check(operand(term), shape);
        if (!pair) return pair;
        return product_component(*pair, k);
      }
      case TermKind::Lit:
        return refine(term, expected, real_type());
      case TermKind::Prim:
        return refine(term, expected, primitive_type(prim_of(term)));
      case TermKind::Sum: {
        Type type = expected;
        for (const Term& summand : term->children()) {
          ErrorOr<Type> refined = check(summand, type);
          if (!refined) return refined;
          type = *refined;
        }
        return type;
      }
    }
    throw InternalError("infer: unknown term kind");
  }

  ErrorOr<Type> check_lambda(const Term& term, const Type& expected) {
    const Type& domain = lam_domain(term);
    ErrorOr<Type> arrow = refine(term, expected, mk_arrow(domain, mk_hole()));
    if (!arrow) return arrow;
    context_.push(lam_name(term), domain);
    context_ids_.push_back(extended_context_id(domain));
    ErrorOr<Type> body = check(lam_body(term), arrow_codomain(*arrow));
    context_ids_.pop_back();
    context_.pop();
    if (!body) return body;
    return mk_arrow(domain, *body);
  }

  // T s : Tσ → Tτ for s : σ → τ; E = (P1 × P2) → (Q1 × Q2) expects s : σ → τ
  // with σ refining both P1 and P2, τ both Q1 and Q2.
  ErrorOr<Type> check_tangent(const Term& term, const Type& expected) {
    const Type hole = mk_hole();
    ErrorOr<Type> shape =
        refine(term, expected, mk_arrow(mk_product(hole, hole), mk_product(hole, hole)));
    if (!shape) return shape;
    const Type& domain = arrow_domain(*shape);
    const Type& codomain = arrow_codomain(*shape);
    const Type base_domain = merge_types(domain->left(), domain->right());
    const Type base_codomain = merge_types(codomain->left(), codomain->right());
    if (!base_domain || !base_codomain) {
      return type_error(
          fmt::format("type mismatch: expected {}, which is not of the form Tσ → Tτ, for `{}`",
                      to_string(expected), to_string(term, context_)));
    }
    ErrorOr<Type> fn = check(operand(term), mk_arrow(base_domain, base_codomain));
    if (!fn) return fn;
    return mk_arrow(mk_tangent(arrow_domain(*fn)), mk_tangent(arrow_codomain(*fn)));
  }

  Context context_;
  // The id of the current context extended by a binder of type domain: equal
  // contexts get equal ids, so a subterm shared under λy.π1(…) and
  // λy.π2(…) (as T_x builds them) is checked once, not once per path.
  std::uint64_t extended_context_id(const Type& domain) {
    const auto key = std::make_pair(context_ids_.back(), domain.get());
    return extensions_.emplace(key, extensions_.size() + 2).first->second;
  }

  std::vector<std::uint64_t> context_ids_{1};  // 0 is the id for closed terms
  std::map<std::pair<std::uint64_t, const TypeNode*>, std::uint64_t> extensions_;
  std::unordered_map<MemoKey, Type, MemoKeyHash> memo_;
};

}  // namespace

ErrorOr<Type> infer(const Context& context, const Term& term, const Type& expected) {
  return Checker(context).check(term, expected);
}

ErrorOr<Type> type_of(const Context& context, const Term& term) {
  ErrorOr<Type> type = infer(context, term);
  if (type.ok() && !type.value()->is_complete()) {
    return type_error(fmt::format("cannot determine the type of `{}`: only {} is known",
                                  to_string(term, context), to_string(type.value())));
  }
  return type;
}

}  // namespace perturb::calculus
