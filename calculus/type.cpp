#include "calculus/type.h"

#include <fmt/format.h>

#include "calculus/error.h"
#include "calculus/hash.h"
#include "calculus/intern_table.h"

namespace perturb::calculus {
namespace {

InternTable<TypeNode>& type_table() {
  static InternTable<TypeNode> table;
  return table;
}

Type intern(TypeKind kind, std::string name, Type left, Type right) {
  return type_table().intern(
      std::make_shared<const TypeNode>(kind, std::move(name), std::move(left), std::move(right)));
}

}  // namespace

TypeNode::TypeNode(TypeKind kind, std::string name, Type left, Type right)
    : kind_(kind), name_(std::move(name)), left_(std::move(left)), right_(std::move(right)) {
  hash_ = hash_combine(static_cast<std::uint64_t>(kind_), hash_string(name_));
  depth_ = 1;
  for (const Type* child : {&left_, &right_}) {
    if (!*child) continue;
    hash_ = hash_combine(hash_, (*child)->hash());
    depth_ = std::max(depth_, (*child)->depth() + 1);
  }
  if (depth_ > kMaxTypeDepth) {
    throw TooDeep(fmt::format("type nested deeper than {} levels", kMaxTypeDepth));
  }
}

bool TypeNode::same_shallow(const TypeNode& other) const {
  return kind_ == other.kind_ && name_ == other.name_ && left_ == other.left_ &&
         right_ == other.right_;
}

Type mk_atom(const std::string& name) { return intern(TypeKind::Atom, name, nullptr, nullptr); }

Type real_type() {
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

std::string to_string(const Type& type) {
  switch (type->kind()) {
    case TypeKind::Atom:
      return type->atom_name();
    case TypeKind::Product: {
      // fmt rather than operator+ on temporaries: GCC 12 -O3 warns falsely (-Wrestrict) on those.
      const auto side = [](const Type& t, bool right) {
        const bool parens = is_arrow(t) || (right && is_product(t));
        return parens ? fmt::format("({})", to_string(t)) : to_string(t);
      };
      return fmt::format("{} * {}", side(type->left(), false), side(type->right(), true));
    }
    case TypeKind::Arrow: {
      const std::string domain = to_string(type->left());
      return is_arrow(type->left()) ? fmt::format("({}) -> {}", domain, to_string(type->right()))
                                    : fmt::format("{} -> {}", domain, to_string(type->right()));
    }
  }
  throw InternalError("to_string: unknown type kind");
}

bool is_first_order(const Type& type) {
  if (is_arrow(type)) return false;
  return is_atom(type) || (is_first_order(type->left()) && is_first_order(type->right()));
}

Type tangent_base(const Type& type) {
  if (is_product(type) && type->left() == type->right()) return type->left();
  return nullptr;
}

}  // namespace perturb::calculus
