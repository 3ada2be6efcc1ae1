#include "calculus/type.h"

#include <fmt/format.h>

#include "calculus/error.h"
#include "calculus/hash.h"
#include "calculus/intern_table.h"
#include "calculus/interned.h"
#include "calculus/uncharged_memory.h"

namespace perturb::calculus {
namespace {

InternTable<TypeNode>& type_table() {
  static InternTable<TypeNode> table;
  return table;
}

// The hash of a node with these data and children (TypeNode::hash).
std::uint64_t shallow_hash(TypeKind kind, const std::string& name, const Type& left,
                           const Type& right) {
  std::uint64_t hash = hash_combine(static_cast<std::uint64_t>(kind), hash_string(name));
  for (const Type* child : {&left, &right}) {
    if (*child) hash = hash_combine(hash, (*child)->hash());
  }
  return hash;
}

// Whether node has these data and children (TypeNode::same_shallow).
bool has_shallow(const TypeNode& node, TypeKind kind, const std::string& name, const Type& left,
                 const Type& right) {
  return node.kind() == kind && node.atom_name() == name && node.left() == left &&
         node.right() == right;
}

// The node with these data and children: the live one when there is one,
// else a new one (calculus/uncharged_memory.h for the charge).
Type intern(TypeKind kind, std::string name, Type left, Type right) {
  InternTable<TypeNode>& table = type_table();
  charge_case(InternTable<TypeNode>::kChargePerNode);
  if (Type found = table.find(shallow_hash(kind, name, left, right), [&](const TypeNode& node) {
        return has_shallow(node, kind, name, left, right);
      })) {
    // Dropped uncharged, as a built node's name would be.
    const UnchargedScope uncharged;
    std::string().swap(name);
    return found;
  }
  return table.intern(std::allocate_shared<TypeNode>(
      NodeAllocator<TypeNode>{}, kind, std::move(name), std::move(left), std::move(right)));
}

}  // namespace

TypeNode::TypeNode(TypeKind kind, std::string name, Type left, Type right)
    : kind_(kind), name_(std::move(name)), left_(std::move(left)), right_(std::move(right)) {
  hash_ = shallow_hash(kind_, name_, left_, right_);
  depth_ = 1;
  printed_size_ = 1;
  for (const Type* child : {&left_, &right_}) {
    if (!*child) continue;
    depth_ = std::max(depth_, (*child)->depth() + 1);
  }
  const bool tangent = kind_ == TypeKind::Product && left_ == right_ && !is_atom(left_);
  for (const Type* child : {&left_, &right_}) {
    if (!*child || (tangent && child == &right_)) continue;
    const std::uint64_t size = (*child)->printed_size();
    printed_size_ = size > UINT64_MAX - printed_size_ ? UINT64_MAX : printed_size_ + size;
  }
  if (depth_ > kMaxTypeDepth) {
    throw TooDeep(fmt::format("type nested deeper than {} levels", kMaxTypeDepth));
  }
}

bool TypeNode::same_shallow(const TypeNode& other) const {
  return has_shallow(*this, other.kind_, other.name_, other.left_, other.right_);
}

Type mk_atom(const std::string& name) { return intern(TypeKind::Atom, name, nullptr, nullptr); }

const Type& real_type() {
  static const Type real = mk_atom("R");
  return real;
}

Type mk_product(Type left, Type right) {
  return intern(TypeKind::Product, "", std::move(left), std::move(right));
}

Type mk_arrow(Type domain, Type codomain) {
  return intern(TypeKind::Arrow, "", std::move(domain), std::move(codomain));
}

Type mk_tangent(const Type& type) { return mk_product(type, type); }

const Type& product_component(const Type& product, int k) {
  check(is_product(product) && (k == 1 || k == 2), "product_component: not a product or bad k");
  return k == 1 ? product->left() : product->right();
}

namespace {

// How tightly a printed type's context binds, loosest first.
enum TypeLevel { kArrowLevel = 0, kProductLevel = 1, kTangentLevel = 2 };

// σ when type is σ × σ printed as T σ: σ not an atom, so R × R stays R * R.
Type printed_tangent_base(const Type& type) {
  Type base = tangent_base(type);
  return base && !is_atom(base) ? base : nullptr;
}

void print_type(const Type& type, TypeLevel context, std::string& out) {
  TypeLevel own = kTangentLevel;
  if (is_arrow(type)) own = kArrowLevel;
  if (is_product(type) && !printed_tangent_base(type)) own = kProductLevel;
  const bool parens = own < context;
  if (parens) out += '(';
  if (is_atom(type)) {
    out += type->atom_name();
  } else if (const Type base = printed_tangent_base(type)) {
    out += "T ";
    print_type(base, kTangentLevel, out);
  } else if (is_product(type)) {
    // `*` is left associative: a product on the right needs parentheses.
    print_type(type->left(), kProductLevel, out);
    out += " * ";
    print_type(type->right(), kTangentLevel, out);
  } else {
    print_type(type->left(), kProductLevel, out);
    out += " -> ";
    print_type(type->right(), kArrowLevel, out);
  }
  if (parens) out += ')';
}

}  // namespace

std::string to_string(const Type& type, std::uint64_t print_limit) {
  if (type->printed_size() > print_limit) {
    return fmt::format("(a type of {} nodes, depth {}: over the print limit {})",
                       type->printed_size() == UINT64_MAX ? std::string("≥ 1.8e19")
                                                          : std::to_string(type->printed_size()),
                       type->depth(), print_limit);
  }
  std::string out;
  print_type(type, kArrowLevel, out);
  return out;
}

bool is_first_order(const Type& type) {
  if (is_arrow(type)) return false;
  return is_atom(type) || (is_first_order(type->left()) && is_first_order(type->right()));
}

Type tangent_base(const Type& type) {
  if (is_product(type) && type->left() == type->right()) return type->left();
  return nullptr;
}

void detail::release_dead_types() { type_table().release_dead(); }

}  // namespace perturb::calculus
