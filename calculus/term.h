// Terms of the perturbative λ-calculus (spec §3, §6), immutable, hash-consed
// and intrinsically typed.
//
// clang-format off
//   perturbative  M, N ::= Σ sᵢ : τ            finite bag of simple terms of type τ;
//                                              0 : τ is the empty bag
//   simple        s, t ::= x : σ               variable (de Bruijn index) with its type
//                        | λx:σ. s             abstraction
//                        | s N                 application (operator simple, argument a bag)
//                        | T s                 pushforward
//                        | ι_k s : σ1 × σ2     injection, with the product it lands in
//                        | π_k s               projection
//                        | c                   real literal (finite, never 0)
//                        | f                   primitive constant (calculus/signature.h)
// clang-format on
//
// One node kind per line above; a bag of exactly one simple term *is* that
// term, so only bags of 0 or ≥ 2 terms are Sum nodes. The smart constructors
// apply §3's linear extensions (λx.Σsᵢ = Σ λx.sᵢ, (Σsᵢ) N = Σ sᵢ N, T, ι, π
// likewise) and keep every bag in one canonical order, so terms equal modulo
// associativity and commutativity of + are built as the same node. The
// argument position is not linear: s (M + N) is its own term.
//
// Every node has one type, fixed when it is built and cached with its hash
// (Fig. 1): x : σ carries σ, 0 and sums carry τ, ι_k carries σ1 × σ2, and the
// other forms compute theirs from their children. The constructors check
// that the children fit (an operator's domain is its argument's type, T's
// operand is a function, every summand has the bag's type); a construction
// that does not is a bug in Perturb and throws IllTyped. So a term that
// exists is well typed in every context that gives its free variables their
// types (well_scoped, typecheck.h), and the type of a derived term (T_x M,
// M ⋄ N, M[N/x], a reduct) is the one Lemma 4.1 gives by construction.
//
// Names are kept only as hints for printing: two terms that differ only in
// binder names are α-equal (alpha_equal) but distinct nodes, so that printing
// never depends on which spelling some other thread built first.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "calculus/error.h"
#include "calculus/node_key_map.h"
#include "calculus/signature.h"
#include "calculus/type.h"

namespace perturb::calculus {

// A term construction whose types do not fit: an internal bug, never a user error.
class IllTyped : public InternalError {
 public:
  using InternalError::InternalError;
};

enum class TermKind : std::uint8_t { Var, Lam, App, Tan, Inj, Proj, Lit, Prim, Sum };

class TermNode;
using Term = std::shared_ptr<const TermNode>;

// The bit of 0 in TermNode::forms(), after those of the kinds.
inline constexpr std::uint16_t kZeroForm = 1u << 9;

class TermNode {
 public:
  TermKind kind() const { return kind_; }
  // The type of the term (Fig. 1), the same in every context it can live in.
  const Type& type() const { return type_; }
  // α-invariant structural hash: equal for α-equal terms, stable across runs.
  std::uint64_t hash() const { return hash_; }
  // Number of nodes of the term as a tree (saturates at UINT64_MAX).
  std::uint64_t tree_size() const { return tree_size_; }
  std::uint32_t depth() const { return depth_; }
  // Deepest nesting of T along any path of the term (0: no T in it).
  std::uint32_t tangent_depth() const { return tangent_depth_; }
  // The forms that occur in the term: bit k for TermKind k, but kZeroForm
  // for 0 (the empty sum) instead of the Sum bit (what coverage labels).
  std::uint16_t forms() const { return forms_; }
  // Smallest n such that every free de Bruijn index is < n (0: closed).
  std::uint32_t loose_bvar_range() const { return loose_bvar_range_; }
  const std::vector<Term>& children() const { return children_; }

  std::uint64_t intern_key() const;
  bool same_shallow(const TermNode& other) const;

  struct Data {
    std::uint32_t index = 0;  // Var: de Bruijn index; Inj/Proj: k; Prim: Primitive
    double literal = 0;       // Lit
    std::string name;         // Lam: binder name hint
    // Var: its type; Lam: the binder type; Inj: the product; Sum: the bag's type.
    Type type;
  };
  TermNode(TermKind kind, Data data, std::vector<Term> children);
  const Data& data() const { return data_; }

 private:
  TermKind kind_;
  std::uint16_t forms_;  // beside kind_, in what was padding
  std::uint32_t tangent_depth_;
  Type type_;
  std::uint32_t depth_;
  std::uint32_t loose_bvar_range_;
  std::uint64_t hash_;
  std::uint64_t tree_size_;
  Data data_;
  std::vector<Term> children_;
};

// Deepest term the constructors build (they throw TooDeep past it), so that
// every recursive traversal stays within the stack.
inline constexpr std::uint32_t kMaxTermDepth = 3000;

// ---- constructors (all apply the linear extensions of spec §3; all throw
// IllTyped when the types of their arguments do not fit) ----

// The variable of de Bruijn index index, of type type.
Term mk_var(std::uint32_t index, Type type);
// λname:domain. body, distributed over the summands of body.
Term mk_lam(std::string name, Type domain, const Term& body);
// fn arg, distributed over the summands of fn (not of arg).
Term mk_app(const Term& fn, const Term& arg);
Term mk_tan(const Term& operand);
// ι_k operand : σ1 × σ2 where σ_k is operand's type and other the other factor.
Term mk_inj(int k, const Term& operand, const Type& other);
Term mk_proj(int k, const Term& operand);
// A real literal; mk_lit(0) is the zero bag of type R (0 is always the additive zero).
Term mk_lit(double value);
Term mk_prim(Primitive primitive);
// 0 : type, the empty bag.
Term mk_zero(const Type& type);
// The bag union of the given terms of type type, canonically ordered.
Term mk_sum(const Type& type, std::span<const Term> terms);
Term mk_add(const Term& left, const Term& right);
// ⟨M, N⟩ := ι1 M + ι2 N : σ × τ for M : σ, N : τ.
Term mk_pair(const Term& first, const Term& second);
// M * N := mul ⟨M, N⟩.
Term mk_mul(const Term& left, const Term& right);

// ---- recognisers and accessors (each accessor requires its kind) ----

inline bool is_var(const Term& t) { return t->kind() == TermKind::Var; }
inline bool is_lam(const Term& t) { return t->kind() == TermKind::Lam; }
inline bool is_app(const Term& t) { return t->kind() == TermKind::App; }
inline bool is_tan(const Term& t) { return t->kind() == TermKind::Tan; }
inline bool is_inj(const Term& t) { return t->kind() == TermKind::Inj; }
inline bool is_proj(const Term& t) { return t->kind() == TermKind::Proj; }
inline bool is_lit(const Term& t) { return t->kind() == TermKind::Lit; }
inline bool is_prim(const Term& t) { return t->kind() == TermKind::Prim; }
inline bool is_sum(const Term& t) { return t->kind() == TermKind::Sum; }
inline bool is_zero(const Term& t) { return is_sum(t) && t->children().empty(); }
inline bool is_simple(const Term& t) { return !is_sum(t); }
inline bool is_closed(const Term& t) { return t->loose_bvar_range() == 0; }

std::uint32_t var_index(const Term& var);
const std::string& lam_name(const Term& lam);
const Type& lam_domain(const Term& lam);
const Term& lam_body(const Term& lam);
const Term& app_fn(const Term& app);
const Term& app_arg(const Term& app);
// The s of T s, ι_k s or π_k s.
const Term& operand(const Term& unary);
// The k of ι_k s or π_k s.
int component(const Term& inj_or_proj);
double lit_value(const Term& lit);
Primitive prim_of(const Term& prim);
// The summands of a bag: itself for a simple term, none for 0.
std::vector<Term> summands(const Term& term);

// ---- primitives ----

// R → R for a unary primitive, R × R → R for a binary one.
Type primitive_type(Primitive primitive);

// ---- equality and order ----

// Equality modulo α-conversion and AC of + (the spec's term equality).
bool alpha_equal(const Term& a, const Term& b);
// A total order: α-equal terms compare by binder names last; used for bags.
int compare_terms(const Term& a, const Term& b);

// Number of distinct nodes of the term as a DAG (the cost of keeping it).
std::uint64_t dag_size(const Term& term);
// The nodes of the term that occur more than once in its tree (the DAG
// nodes with two or more parent edges, or one parent reached twice).
NodeKeySet shared_subterms(const Term& term);

}  // namespace perturb::calculus
