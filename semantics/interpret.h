// The interpretation of the perturbative λ-calculus in a model (spec §5):
// a judgement Γ ⊢ M : σ denotes a morphism |M|_Γ : |Γ| → |σ|.
//
//   types     |R| = c.real()   |α| = c.atom(α)   |σ × τ| = |σ| × |τ|   |σ → τ| = |σ| ⇒ |τ|
//   contexts  |∅| = 1          |Γ; x:σ| = |Γ| × |σ|
//   terms     |x_i|     = π2 ∘ π1ⁱ                      (de Bruijn index i)
//             |s N|     = ev ∘ ⟨|s|, |N|⟩
//             |λx.s|    = Λ(|s|)
//             |T s|     = T̂ ∘ |s|
//             |0|       = 0          |s + N| = |s| + |N|
//             |ι_k s|   = ι_k ∘ |s|  |π_k s| = π_k ∘ |s|
//             |c|       = c.constant(c) ∘ !            (literals, spec §6)
//             |p|       = Λ(c.primitive(p) ∘ π2)       (primitives, spec §6)
//
// Terms are intrinsically typed (calculus/term.h), so this is structural
// recursion: each node's object comes from its own type, nothing is inferred.
//
// In a model that is only a cartesian differential category (no exponentials)
// the first-order fragment is interpreted instead: a primitive applied under k
// ≥ 0 T's is composition, |Tᵏ p N| = Tᵏ(p) ∘ |N|; every other clause is as
// above; λ, an unapplied function, any other application and function types
// are rejected with an Error that says why. A model that embeds fully in a
// differential λ-category (FirstOrderViaNormalForm: smooth does) reads every
// term whose context and type are first-order: outside the fragment, the
// term is normalized first, which Theorem 5.6 makes sound there, and its
// normal form (first-order: nothing of function type is left to apply but
// primitives) is interpreted; a normalization that exceeds its budgets is an
// Error naming the budget.
//
// In a model without a derivative (cartesian left-additive only, or closed
// without being differential) every clause but T's is as above, and a term
// containing T is rejected with an Error that says so: the cla.* laws run on
// such models with T-free cases (GeneratorOptions::differential).
//
// Shared subterms (terms are DAGs) are interpreted once per scope; in a
// model that offers c.shared(f) (SharesEvaluation), the morphism of a subterm
// with several occurrences is passed through it, so the model may also
// evaluate it once per argument instead of once per occurrence.
//
//
// Laws
// ----
// Soundness of this interpretation (spec §5, Theorem 5.6; ids used by the
// checker, which runs them on every model that reads the terms):
//
//   sound.lemma-5.1  |M|_{Γ;x:σ;y:τ} = |M|_{Γ;y:τ;x:σ}∘sw
//   sound.lemma-5.2  x ∉ FV(M) ⟹ |M|_{Γ;x:σ} = |M|_Γ∘π1
//   sound.lemma-5.3  |M ⋄ N|_Γ = T(ev)∘⟨|M|_Γ, |N|_Γ⟩  (T(ev) by equation (3))
//   sound.lemma-5.4  |M[P/x]|_Γ = |M|_{Γ;x:σ}∘⟨id, |P|_Γ⟩
//   sound.lemma-5.5  |T_x M|_{Γ;x:Tσ} = T(|M|_{Γ;x:σ})∘t
//   sound.beta       |(λx.s) N| = |s[N/x]|
//   sound.T          |T(λx.s)| = |λx. T_x s|
//   sound.pi         |π_k(ι_k s)| = |s|
//   sound.pi-zero    |π_k(ι_l s)| = 0
//   sound.delta      |M| = |M'| for M' one δ-step from M (T c, arithmetic, mul by 0)
//   sound.nf         |M| = |normal form of M| (β, π, T and δ, applicative order)
//
// and of the candidate rules of spec §7 (calculus/candidate_rule.h):
//
//   sound.rule.pair-eta      |ι1 (π1 s) + ι2 (π2 s)| = |s|, also under λx (ι1∘π1 + ι2∘π2 = id)
//   sound.rule.zero-tangent  |T s (ι2 N1 + … + ι2 Nk)| = |ι2 (s (N1 + … + Nk))| (D(f)∘⟨0, v⟩ = 0)
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "calculus/context.h"
#include "calculus/error.h"
#include "calculus/innermost_normalize.h"
#include "calculus/node_key_map.h"
#include "calculus/normalize.h"
#include "calculus/term.h"
#include "calculus/type.h"
#include "calculus/typecheck.h"
#include "semantics/capabilities.h"
#include "semantics/cartesian_closed_category.h"
#include "semantics/cartesian_differential_category.h"
#include "semantics/derived.h"
#include "semantics/differential_lambda_category.h"
#include "semantics/evaluation_record.h"

namespace perturb::semantics {

// The budgets of the normalization a FirstOrderViaNormalForm model C does
// before interpreting a term outside the first-order fragment: the default
// ones, in applicative order (deterministic: no time budget). A certified
// or exact C gets exact literal folds only: a fold rounded to a double would
// be the normalizer's error, which such a model would then refute.
template <class C>
calculus::NormalizeOptions first_order_normalize_options(const C& c) {
  calculus::NormalizeOptions options;
  options.strategy = calculus::Strategy::ApplicativeOrder;
  options.rules.rounded_folds = !capabilities(c).certified;
  return options;
}

namespace interpret_detail {

// "closures", or "this model" for a model without a name.
template <class C>
std::string model_name(const C& c) {
  if constexpr (requires { c.name(); }) {
    return std::string(c.name());
  } else {
    return "this model";
  }
}

// The Error for a term outside the first-order fragment.
calculus::Error first_order_error(const std::string& model, const std::string& what);

// The Error for T in a model that is not a cartesian differential category.
calculus::Error no_derivative_error(const std::string& model);

}  // namespace interpret_detail

namespace interpret_detail {

// |σ| with memo: a type is a DAG (T σ = σ × σ shares σ), and its object is
// built once per distinct subtype, so T applied n times costs n objects, not 2^n.
template <CartesianLeftAdditiveCategory C>
calculus::ErrorOr<typename C::Object> interpret_type_shared(
    const C& c, const calculus::Type& type,
    std::unordered_map<const calculus::TypeNode*, typename C::Object>& memo) {
  using calculus::TypeKind;
  if (auto found = memo.find(type.get()); found != memo.end()) return found->second;
  switch (type->kind()) {
    case TypeKind::Atom: {
      typename C::Object atom = calculus::is_real(type) ? c.real() : c.atom(type->atom_name());
      memo.emplace(type.get(), atom);
      return atom;
    }
    case TypeKind::Product:
    case TypeKind::Arrow: {
      auto left = interpret_type_shared(c, type->left(), memo);
      if (!left) return left.error();
      auto right = interpret_type_shared(c, type->right(), memo);
      if (!right) return right.error();
      if (type->kind() == TypeKind::Product) {
        typename C::Object product = c.product(*left, *right);
        memo.emplace(type.get(), product);
        return product;
      }
      if constexpr (CartesianClosedCategory<C>) {
        if (capabilities(c).closed) {
          typename C::Object exponential = c.exponential(*left, *right);
          memo.emplace(type.get(), exponential);
          return exponential;
        }
      }
      return first_order_error(model_name(c), "the type " + to_string(type));
    }
  }
  throw calculus::InternalError("interpret_type: unknown type kind");
}

}  // namespace interpret_detail

// |σ|; an Error for a function type in a model that is not closed.
template <CartesianLeftAdditiveCategory C>
calculus::ErrorOr<typename C::Object> interpret_type(const C& c, const calculus::Type& type) {
  std::unordered_map<const calculus::TypeNode*, typename C::Object> memo;
  return interpret_detail::interpret_type_shared(c, type, memo);
}

// |Γ| = (…((1 × |σ1|) × |σ2|) …) × |σn|.
template <CartesianLeftAdditiveCategory C>
calculus::ErrorOr<typename C::Object> interpret_context(const C& c,
                                                        const calculus::Context& context) {
  typename C::Object object = c.terminal();
  for (const calculus::Binding& binding : context.entries()) {
    auto entry = interpret_type(c, binding.type);
    if (!entry) return entry.error();
    object = c.product(object, *entry);
  }
  return object;
}

namespace interpret_detail {

// One run of the interpretation: the model, the scopes entered so far and the
// morphisms already built for shared subterms.
template <CartesianLeftAdditiveCategory C>
class Interpreter {
 public:
  using Object = typename C::Object;
  using Morphism = typename C::Morphism;
  using Result = calculus::ErrorOr<Morphism>;

  explicit Interpreter(const C& c) : c_(c), capabilities_(capabilities(c)) {}

  // |σ|, built once per distinct type of the whole interpretation: every
  // node asks for the object of its type, and a deep type rebuilt per node
  // made interpretation cubic in the nesting of pairs.
  calculus::ErrorOr<Object> object(const calculus::Type& type) {
    return interpret_detail::interpret_type_shared(c_, type, objects_);
  }

  // |Γ ⊢ term : type(term)|, for a term whose free variables have their types in Γ.
  Result run(const calculus::Context& context, const calculus::Term& term) {
    root_ = term;
    if (capabilities_.shares_evaluation) shared_ = calculus::shared_subterms(term);
    Scope scope{next_scope_id_++, context, {c_.terminal()}, {}};
    for (const calculus::Binding& binding : context.entries()) {
      auto entry = object(binding.type);
      if (!entry) return entry.error();
      scope.push(c_, binding, *entry);
    }
    return interpret(scope, term);
  }

  // Whether run met a T the model cannot interpret (it has no derivative).
  bool refused_tangent() const { return refused_tangent_; }

 private:
  // Γ with |Γ|'s prefixes: prefixes[j] = |first j entries|, entries[j] = |σ_{j+1}|.
  struct Scope {
    std::uint64_t id;
    calculus::Context context;
    std::vector<Object> prefixes;
    std::vector<Object> entries;

    const Object& object() const { return prefixes.back(); }
    void push(const C& c, const calculus::Binding& binding, const Object& entry) {
      context.push(binding.name, binding.type);
      prefixes.push_back(c.product(prefixes.back(), entry));
      entries.push_back(entry);
    }
  };

  // |term| : |Γ| → |type(term)|, term a node of root_.
  Result interpret(const Scope& scope, const calculus::Term& term) {
    // A node with one parent edge is reached once per scope its parent is
    // interpreted in, and so, from the root down, once per scope: the memo
    // would only miss (most nodes of a large derived term are such).
    if (capabilities_.shares_evaluation && !shared_.contains(term.get()))
      return interpret_uncached(scope, term);
    if (const Morphism* known = memo_.find(term.get(), scope.id)) return *known;
    Result result = interpret_uncached(scope, term);
    if constexpr (SharesEvaluation<C>) {
      if (capabilities_.shares_evaluation && result) result = c_.shared(*result);
    }
    if (result) memo_.insert(term.get(), scope.id, *result);
    return result;
  }

  Result interpret_uncached(const Scope& scope, const calculus::Term& term) {
    using calculus::TermKind;
    switch (term->kind()) {
      case TermKind::Var:
        return variable(scope, term);
      case TermKind::Sum:
        return sum(scope, term);
      case TermKind::Inj:
        return injection(scope, term);
      case TermKind::Proj:
        return projection(scope, term);
      case TermKind::Lit:
        return c_.compose(c_.constant(calculus::lit_value(term)), c_.bang(scope.object()));
      case TermKind::App:
        return application(scope, term);
      case TermKind::Lam:
        return abstraction(scope, term);
      case TermKind::Tan:
        return pushforward(scope, term);
      case TermKind::Prim:
        return primitive(scope, term);
    }
    throw calculus::InternalError("interpret: unknown term kind");
  }

  // |x_i| = π2 ∘ π1ⁱ.
  Result variable(const Scope& scope, const calculus::Term& var) {
    const std::uint32_t index = calculus::var_index(var);
    const std::size_t n = scope.entries.size();
    calculus::check(index < n, "interpret: variable outside its context");
    calculus::check(scope.context.at(index).type == var->type(),
                    "interpret: a variable whose type is not its binder's");
    const std::size_t j = n - 1 - index;  // the entry x_i names, counting from the outermost
    Morphism result = c_.proj2(scope.prefixes[j], scope.entries[j]);
    for (std::size_t m = j + 1; m < n; ++m) {
      result = c_.compose(result, c_.proj1(scope.prefixes[m], scope.entries[m]));
    }
    return result;
  }

  // |0| = 0, |s + N| = |s| + |N|.
  Result sum(const Scope& scope, const calculus::Term& term) {
    if (calculus::is_zero(term)) {
      auto codomain = object(term->type());
      if (!codomain) return codomain.error();
      return c_.zero(scope.object(), *codomain);
    }
    // Added as a balanced tree, so that evaluating a sum of n summands nests
    // log₂ n additions, not n (a left fold of 50 000 literals overflowed the
    // stack when evaluated).
    std::vector<Morphism> parts;
    parts.reserve(term->children().size());
    for (const calculus::Term& summand : term->children()) {
      auto part = interpret(scope, summand);
      if (!part) return part;
      parts.push_back(std::move(part).value());
    }
    while (parts.size() > 1) {
      std::vector<Morphism> halved;
      halved.reserve((parts.size() + 1) / 2);
      for (std::size_t i = 0; i + 1 < parts.size(); i += 2)
        halved.push_back(c_.add(parts[i], parts[i + 1]));
      if (parts.size() % 2 == 1) halved.push_back(parts.back());
      parts = std::move(halved);
    }
    return parts.front();
  }

  // The objects |σ1| and |σ2| of a product type σ1 × σ2.
  calculus::ErrorOr<std::pair<Object, Object>> factors(const calculus::Type& product) {
    auto left = object(calculus::product_component(product, 1));
    if (!left) return left.error();
    auto right = object(calculus::product_component(product, 2));
    if (!right) return right.error();
    return std::make_pair(*left, *right);
  }

  // |ι_k s| = ι_k ∘ |s|, at the product the injection carries.
  Result injection(const Scope& scope, const calculus::Term& term) {
    auto inner = interpret(scope, calculus::operand(term));
    if (!inner) return inner;
    const int k = calculus::component(term);
    const StructureMap kind = k == 1 ? StructureMap::Injection1 : StructureMap::Injection2;
    auto map = structure(term->type(), kind, [&]() -> Result {
      auto objects = factors(term->type());
      if (!objects) return objects.error();
      const auto& [left, right] = *objects;
      return k == 1 ? inj1(c_, left, right) : inj2(c_, left, right);
    });
    if (!map) return map;
    return c_.compose(*map, *inner);
  }

  // |π_k s| = π_k ∘ |s|.
  Result projection(const Scope& scope, const calculus::Term& term) {
    auto inner = interpret(scope, calculus::operand(term));
    if (!inner) return inner;
    const int k = calculus::component(term);
    const calculus::Type& product = calculus::operand(term)->type();
    const StructureMap kind = k == 1 ? StructureMap::Projection1 : StructureMap::Projection2;
    auto map = structure(product, kind, [&]() -> Result {
      auto objects = factors(product);
      if (!objects) return objects.error();
      const auto& [left, right] = *objects;
      return k == 1 ? c_.proj1(left, right) : c_.proj2(left, right);
    });
    if (!map) return map;
    return c_.compose(*map, *inner);
  }

  // The structure maps of a type, built by make() once per run: a derived
  // term such as T_x M is mostly injections, projections and applications
  // at a few types, and ι_k = ⟨id, 0⟩ alone is three morphisms. Injections
  // and projections are keyed by their product type, ev by its function type.
  enum class StructureMap : std::uint8_t {
    Injection1,
    Injection2,
    Projection1,
    Projection2,
    Evaluation
  };
  template <class Make>
  Result structure(const calculus::Type& type, StructureMap kind, Make&& make) {
    const auto key = static_cast<std::uint64_t>(kind);
    if (const Morphism* known = structure_.find(type.get(), key)) return *known;
    Result made = make();
    if (made) structure_.insert(type.get(), key, *made);
    return made;
  }

  // |s N| = ev ∘ ⟨|s|, |N|⟩; first-order: |Tᵏ p N| = Tᵏ(p) ∘ |N|.
  Result application(const Scope& scope, const calculus::Term& term) {
    const calculus::Term& fn = calculus::app_fn(term);
    const calculus::Term& arg = calculus::app_arg(term);
    if constexpr (CartesianClosedCategory<C>) {
      if (capabilities_.closed) {
        auto eval = structure(fn->type(), StructureMap::Evaluation, [&]() -> Result {
          auto domain = object(calculus::arrow_domain(fn->type()));
          if (!domain) return domain.error();
          auto codomain = object(calculus::arrow_codomain(fn->type()));
          if (!codomain) return codomain.error();
          return c_.eval(*domain, *codomain);
        });
        if (!eval) return eval;
        auto function = interpret(scope, fn);
        if (!function) return function;
        auto argument = interpret(scope, arg);
        if (!argument) return argument;
        return c_.compose(*eval, c_.pair(*function, *argument));
      }
    }
    std::uint32_t tangents = 0;
    calculus::Term head = fn;
    for (; calculus::is_tan(head); head = calculus::operand(head)) ++tangents;
    if (!calculus::is_prim(head)) {
      return first_order_error(model_name(c_), "the application of " + describe_kind(head) +
                                                   " (only a primitive, possibly under T, "
                                                   "can be applied)");
    }
    Morphism function = c_.primitive(calculus::prim_of(head));
    if (tangents > 0 && !capabilities_.differential) return refuse_tangent();
    if constexpr (CartesianDifferentialCategory<C>) {
      for (std::uint32_t i = 0; i < tangents; ++i) function = tangent_map(c_, function);
    }
    auto argument = interpret(scope, arg);
    if (!argument) return argument;
    return c_.compose(function, *argument);
  }

  // |λx:σ. s| = Λ(|s|_{Γ; x:σ}).
  Result abstraction(const Scope& scope, const calculus::Term& term) {
    if constexpr (CartesianClosedCategory<C>) {
      if (capabilities_.closed) {
        auto domain = object(calculus::lam_domain(term));
        if (!domain) return domain.error();
        Scope inner = scope;
        inner.id = child_scope(scope.id, calculus::lam_domain(term));
        inner.push(c_, {calculus::lam_name(term), calculus::lam_domain(term)}, *domain);
        auto body = interpret(inner, calculus::lam_body(term));
        if (!body) return body;
        return c_.curry(*body);
      }
    }
    return first_order_error(model_name(c_), "λ-abstraction");
  }

  // |T s| = T̂ ∘ |s|, s : σ → τ.
  Result pushforward(const Scope& scope, const calculus::Term& term) {
    if (!capabilities_.differential) return refuse_tangent();
    if constexpr (DifferentialLambdaCategory<C>) {
      if (capabilities_.closed) {
        const calculus::Type& function = calculus::operand(term)->type();
        auto domain = object(calculus::arrow_domain(function));
        if (!domain) return domain.error();
        auto codomain = object(calculus::arrow_codomain(function));
        if (!codomain) return codomain.error();
        auto inner = interpret(scope, calculus::operand(term));
        if (!inner) return inner;
        return c_.compose(tangent_hat(c_, *domain, *codomain), *inner);
      }
    }
    return first_order_error(model_name(c_), "T of a function that is not applied");
  }

  // |p| = Λ(p ∘ π2) : |Γ| → (|σ| ⇒ |τ|).
  Result primitive(const Scope& scope, const calculus::Term& term) {
    if constexpr (CartesianClosedCategory<C>) {
      if (capabilities_.closed) {
        const Morphism p = c_.primitive(calculus::prim_of(term));
        return c_.curry(c_.compose(p, c_.proj2(scope.object(), c_.domain(p))));
      }
    }
    return first_order_error(model_name(c_), std::string("the primitive ") +
                                                 calculus::primitive_name(calculus::prim_of(term)) +
                                                 " as a value (it can only be applied)");
  }

  static std::string describe_kind(const calculus::Term& term) {
    using calculus::TermKind;
    switch (term->kind()) {
      case TermKind::Var:
        return "a variable";
      case TermKind::Lam:
        return "a λ-abstraction";
      case TermKind::App:
        return "an application";
      case TermKind::Tan:
        return "T";
      case TermKind::Inj:
        return "an injection";
      case TermKind::Proj:
        return "a projection";
      case TermKind::Lit:
        return "a literal";
      case TermKind::Prim:
        return "a primitive";
      case TermKind::Sum:
        return "a sum";
    }
    return "a term";
  }

  // The scope of Γ; x:σ inside scope `parent` (of Γ): one per context, so that
  // a subterm reached through different λs of the same binder types (a DAG's
  // shared body) is interpreted once, not once per path to it.
  std::uint64_t child_scope(std::uint64_t parent, const calculus::Type& binder) {
    const auto [id, added] = child_scopes_.insert(binder.get(), parent, next_scope_id_);
    if (added) ++next_scope_id_;
    return *id;
  }

  // A model without derivative refuses T; the normal-form reading must not
  // then compute T syntactically, which would check the calculus, not the model.
  Result refuse_tangent() {
    refused_tangent_ = true;
    return no_derivative_error(model_name(c_));
  }

  const C& c_;
  const Capabilities capabilities_;
  bool refused_tangent_ = false;
  std::uint64_t next_scope_id_ = 0;
  calculus::NodeKeyMap<std::uint64_t> child_scopes_;  // per (binder type, parent scope id)
  // The term run interprets: it keeps alive the nodes (and their types) the
  // maps below key by address.
  calculus::Term root_;
  calculus::NodeKeyMap<Morphism> memo_;       // |node| per (node, scope id)
  calculus::NodeKeyMap<Morphism> structure_;  // structure()'s, per (type, kind)
  std::unordered_map<const calculus::TypeNode*, Object> objects_;  // object()'s memo
  calculus::NodeKeySet shared_;  // subterms with several occurrences
};

}  // namespace interpret_detail

// |Γ ⊢ term : type| : |Γ| → |type| (spec §5), or an Error if term does not
// have type in context (calculus/typecheck.h) or, in a model that is not
// closed, lies outside the first-order fragment (a message saying why).
template <CartesianLeftAdditiveCategory C>
calculus::ErrorOr<typename C::Morphism> interpret(const C& c, const calculus::Context& context,
                                                  const calculus::Term& term,
                                                  const calculus::Type& type) {
  auto checked = calculus::type_of(context, term);
  if (!checked) return checked.error();
  if (*checked != type) {
    return calculus::Error{
        "the term has type " + calculus::to_string(*checked) + ", not " + calculus::to_string(type),
        std::nullopt};
  }
  interpret_detail::Interpreter<C> interpreter(c);
  auto direct = interpreter.run(context, term);
  const Capabilities model = capabilities(c);
  if (model.via_normal_form && !model.closed) {
    const bool first_order_judgement =
        calculus::is_first_order(type) &&
        std::all_of(context.entries().begin(), context.entries().end(),
                    [](const calculus::Binding& b) { return calculus::is_first_order(b.type); });
    if (!direct && first_order_judgement && !interpreter.refused_tangent()) {
      const calculus::NormalizeResult normal =
          calculus::normalize_innermost(term, first_order_normalize_options(c));
      if (normal.status != calculus::NormalizeStatus::NormalForm) {
        return calculus::Error{interpret_detail::model_name(c) +
                                   " reads this term through its normal form, but normalizing " +
                                   calculus::describe(normal),
                               std::nullopt};
      }
      note_normal_form_reading();
      return interpret_detail::Interpreter<C>(c).run(context, normal.term);
    }
  }
  return direct;
}

// The point ((…((), v1), …), vn) of |Γ| for the values of Γ's entries, outermost first.
template <CartesianLeftAdditiveCategory C>
typename C::Point context_point(const C& c, std::span<const typename C::Point> values) {
  typename C::Point point = c.unit_point();
  for (const auto& value : values) point = c.pair_point(point, value);
  return point;
}

// |Γ ⊢ term : type| at the point of |Γ| (see context_point), or the Error of interpret.
template <CartesianLeftAdditiveCategory C>
calculus::ErrorOr<typename C::Point> evaluate(const C& c, const calculus::Context& context,
                                              const calculus::Term& term,
                                              const calculus::Type& type,
                                              const typename C::Point& point) {
  auto morphism = interpret(c, context, term, type);
  if (!morphism) return morphism.error();
  return c.apply(*morphism, point);
}

// The value of a closed term: |⊢ term : type| at the point of 1.
template <CartesianLeftAdditiveCategory C>
calculus::ErrorOr<typename C::Point> evaluate_closed(const C& c, const calculus::Term& term,
                                                     const calculus::Type& type) {
  return evaluate(c, calculus::Context{}, term, type, c.unit_point());
}

}  // namespace perturb::semantics
