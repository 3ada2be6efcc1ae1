// Types of the perturbative λ-calculus (spec §3), hash-consed.
//
//   σ, τ ::= α        atomic type (R, the reals, or any capitalised name)
//          | σ × τ    product
//          | σ → τ    function
//
// T σ := σ × σ is sugar (tangent first, primal second), and is printed as such
// when σ is not an atom (R × R stays R * R): a type is a DAG, and T^n R, 2^n
// atoms as a tree, prints in n + 2 words.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace perturb::calculus {

enum class TypeKind : std::uint8_t { Atom, Product, Arrow };

class TypeNode;
// Hash-consed: two types are equal iff their pointers are equal.
using Type = std::shared_ptr<const TypeNode>;

class TypeNode {
 public:
  TypeKind kind() const { return kind_; }
  const std::string& atom_name() const { return name_; }
  const Type& left() const { return left_; }
  const Type& right() const { return right_; }
  std::uint64_t hash() const { return hash_; }
  std::uint32_t depth() const { return depth_; }
  // Nodes of the printed form (T σ counted as one node over σ), saturating.
  std::uint64_t printed_size() const { return printed_size_; }

  std::uint64_t intern_key() const { return hash_; }
  bool same_shallow(const TypeNode& other) const;

  TypeNode(TypeKind kind, std::string name, Type left, Type right);

 private:
  TypeKind kind_;
  std::uint32_t depth_;
  std::uint64_t hash_;
  std::uint64_t printed_size_;
  std::string name_;
  Type left_, right_;
};

// Deepest type the constructors build; deeper input is rejected, never recursed into.
inline constexpr std::uint32_t kMaxTypeDepth = 2000;

Type mk_atom(const std::string& name);
const Type& real_type();  // the atom R
Type mk_product(Type left, Type right);
Type mk_arrow(Type domain, Type codomain);
Type mk_tangent(const Type& type);  // T σ = σ × σ

inline bool is_atom(const Type& t) { return t->kind() == TypeKind::Atom; }
inline bool is_product(const Type& t) { return t->kind() == TypeKind::Product; }
inline bool is_arrow(const Type& t) { return t->kind() == TypeKind::Arrow; }
inline bool is_real(const Type& t) { return t == real_type(); }

// Components: product_component(σ1×σ2, k) = σk for k = 1, 2.
const Type& product_component(const Type& product, int k);
inline const Type& arrow_domain(const Type& arrow) { return arrow->left(); }
inline const Type& arrow_codomain(const Type& arrow) { return arrow->right(); }

// How many nodes of a term or type a command prints (--print-limit) unless told.
inline constexpr std::uint64_t kDefaultPrintLimit = 100000;

// Surface syntax: `T R * R -> R`; T binds tightest, `*` is left associative
// and binds tighter than the right-associative `->`, and σ × σ prints as T σ
// unless σ is an atom.
// A type of more than print_limit printed nodes prints as its sizes instead,
// "(a type of N nodes, depth D: over the print limit L)", which does not parse.
std::string to_string(const Type& type, std::uint64_t print_limit = kDefaultPrintLimit);

// Whether no function type occurs in type (R, atoms and their products).
bool is_first_order(const Type& type);

// σ when type is T σ = σ × σ, else nullptr.
Type tangent_base(const Type& type);

}  // namespace perturb::calculus
