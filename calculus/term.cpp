#include "calculus/term.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "calculus/error.h"
#include "calculus/hash.h"
#include "calculus/intern_table.h"
#include "calculus/interned.h"
#include "calculus/uncharged_memory.h"

namespace perturb::calculus {
namespace {

InternTable<TermNode>& term_table() {
  static InternTable<TermNode> table;
  return table;
}

// The hash of a node with these data and children (TermNode::hash).
std::uint64_t shallow_hash(TermKind kind, const TermNode::Data& data,
                           const std::vector<Term>& children) {
  std::uint64_t hash = hash_combine(static_cast<std::uint64_t>(kind), data.index);
  hash = hash_combine(hash, hash_double(data.literal));
  if (data.type) hash = hash_combine(hash, data.type->hash());
  for (const Term& child : children) hash = hash_combine(hash, child->hash());
  return hash;
}

// The key of the intern table for a node of this hash and name (TermNode::intern_key).
std::uint64_t key_of(std::uint64_t hash, const std::string& name) {
  return hash_combine(hash, hash_string(name));
}

// Whether node has these data and children (TermNode::same_shallow).
bool has_shallow(const TermNode& node, TermKind kind, const TermNode::Data& data,
                 const std::vector<Term>& children) {
  return node.kind() == kind && node.data().index == data.index &&
         hash_double(node.data().literal) == hash_double(data.literal) &&
         node.data().name == data.name && node.data().type == data.type &&
         node.children() == children;
}

// The node with these data and children: the live one when there is one
// (its type was checked when it was built), else a new one.
Term intern(TermKind kind, TermNode::Data data, std::vector<Term> children) {
  InternTable<TermNode>& table = term_table();
  charge_case(InternTable<TermNode>::kChargePerNode);
  const std::uint64_t key = key_of(shallow_hash(kind, data, children), data.name);
  if (Term found = table.find(
          key, [&](const TermNode& node) { return has_shallow(node, kind, data, children); })) {
    // Charged as if built: the account must not depend on what else is alive.
    const UnchargedScope uncharged;
    std::vector<Term>().swap(children);
    [[maybe_unused]] const TermNode::Data dropped = std::move(data);
    return found;
  }
  // Uncharged, with the types the node's constructor computes for itself:
  // found, they would not be asked for.
  Term built;
  {
    const UnchargedScope uncharged;
    built = std::allocate_shared<TermNode>(NodeAllocator<TermNode>{}, kind, std::move(data),
                                           std::move(children));
  }
  return table.intern(std::move(built));
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > std::numeric_limits<std::uint64_t>::max() - b
             ? std::numeric_limits<std::uint64_t>::max()
             : a + b;
}

TermNode::Data index_data(std::uint32_t index) {
  TermNode::Data data;
  data.index = index;
  return data;
}

[[noreturn]] void ill_typed(std::string_view what, const Type& found) {
  throw IllTyped(fmt::format("{}: found {}", what, to_string(found)));
}

// τ for an operator of type σ → τ applied to an argument of type σ.
Type application_type(const Type& fn, const Type& arg) {
  if (!is_arrow(fn)) ill_typed("the operator of an application must be a function", fn);
  if (arrow_domain(fn) != arg) {
    throw IllTyped(fmt::format("an operator of type {} applied to an argument of type {}",
                               to_string(fn), to_string(arg)));
  }
  return arrow_codomain(fn);
}

void check_summand(const Type& sum, const Term& summand) {
  if (summand->type() != sum) {
    throw IllTyped(fmt::format("a summand of type {} in a sum of type {}",
                               to_string(summand->type()), to_string(sum)));
  }
}

// The type of T s, ι_k s (into the product `data.type`) or π_k s for s : operand.
Type unary_type(TermKind kind, const TermNode::Data& data, const Type& operand) {
  switch (kind) {
    case TermKind::Tan:
      if (!is_arrow(operand)) ill_typed("T s needs a function s", operand);
      return mk_arrow(mk_tangent(arrow_domain(operand)), mk_tangent(arrow_codomain(operand)));
    case TermKind::Inj:
      if (product_component(data.type, static_cast<int>(data.index)) != operand) {
        throw IllTyped(fmt::format("ι{} s into {} needs s : σ{}, found {}", data.index,
                                   to_string(data.type), data.index, to_string(operand)));
      }
      return data.type;
    case TermKind::Proj:
      if (!is_product(operand)) ill_typed("π_k s needs s of a product type", operand);
      return product_component(operand, static_cast<int>(data.index));
    default:
      throw InternalError("unary_type: not T, ι or π");
  }
}

// T, ι_k or π_k of operand, distributed over its summands (§3).
Term mk_unary(TermKind kind, TermNode::Data data, const Term& operand) {
  if (is_sum(operand)) {
    const Type type = unary_type(kind, data, operand->type());
    std::vector<Term> parts;
    parts.reserve(operand->children().size());
    for (const Term& s : operand->children()) parts.push_back(mk_unary(kind, data, s));
    return mk_sum(type, parts);
  }
  return intern(kind, std::move(data), {operand});
}

template <class T>
int three_way(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

// Lexicographic on (hash, kind, data, children); names only when with_names.
int compare_impl(const Term& a, const Term& b, bool with_names) {
  if (a == b) return 0;
  if (int c = three_way(a->hash(), b->hash())) return c;
  if (int c = three_way(a->kind(), b->kind())) return c;
  const auto& da = a->data();
  const auto& db = b->data();
  if (int c = three_way(da.index, db.index)) return c;
  if (int c = three_way(hash_double(da.literal), hash_double(db.literal))) return c;
  if (da.type != db.type) {
    if (int c = three_way(to_string(da.type), to_string(db.type))) return c;
  }
  if (with_names) {
    if (int c = three_way(da.name, db.name)) return c;
  }
  if (int c = three_way(a->children().size(), b->children().size())) return c;
  for (std::size_t i = 0; i < a->children().size(); ++i) {
    if (int c = compare_impl(a->children()[i], b->children()[i], with_names)) return c;
  }
  return 0;
}

// The type of a node with these data and children (Fig. 1, §6); throws
// IllTyped when the children do not fit.
Type node_type(TermKind kind, const TermNode::Data& data, const std::vector<Term>& children) {
  switch (kind) {
    case TermKind::Var:
      check(data.type != nullptr, "mk_var: no type");
      return data.type;
    case TermKind::Lam:
      return mk_arrow(data.type, children[0]->type());
    case TermKind::App:
      return application_type(children[0]->type(), children[1]->type());
    case TermKind::Tan:
    case TermKind::Inj:
    case TermKind::Proj:
      return unary_type(kind, data, children[0]->type());
    case TermKind::Lit:
      return real_type();
    case TermKind::Prim:
      return primitive_type(static_cast<Primitive>(data.index));
    case TermKind::Sum:
      check(data.type != nullptr, "mk_sum: no type");
      for (const Term& summand : children) check_summand(data.type, summand);
      return data.type;
  }
  throw InternalError("node_type: unknown term kind");
}

}  // namespace

TermNode::TermNode(TermKind kind, Data data, std::vector<Term> children)
    : kind_(kind),
      type_(node_type(kind, data, children)),
      data_(std::move(data)),
      children_(std::move(children)) {
  hash_ = shallow_hash(kind_, data_, children_);
  depth_ = 1;
  tree_size_ = 1;
  tangent_depth_ = 0;
  forms_ = kind_ == TermKind::Sum && children_.empty()
               ? kZeroForm
               : static_cast<std::uint16_t>(1u << static_cast<unsigned>(kind_));
  loose_bvar_range_ = kind_ == TermKind::Var ? data_.index + 1 : 0;
  for (const Term& child : children_) {
    depth_ = std::max(depth_, child->depth() + 1);
    tangent_depth_ = std::max(tangent_depth_, child->tangent_depth());
    forms_ |= child->forms();
    tree_size_ = saturating_add(tree_size_, child->tree_size());
    std::uint32_t range = child->loose_bvar_range();
    if (kind_ == TermKind::Lam && range > 0) --range;  // the binder closes index 0
    loose_bvar_range_ = std::max(loose_bvar_range_, range);
  }
  if (kind_ == TermKind::Tan) ++tangent_depth_;
  if (depth_ > kMaxTermDepth) {
    throw TooDeep(fmt::format("term nested deeper than {} levels", kMaxTermDepth));
  }
}

std::uint64_t TermNode::intern_key() const { return key_of(hash_, data_.name); }

bool TermNode::same_shallow(const TermNode& other) const {
  return has_shallow(*this, other.kind_, other.data_, other.children_);
}

Term mk_var(std::uint32_t index, Type type) {
  TermNode::Data data = index_data(index);
  data.type = std::move(type);
  return intern(TermKind::Var, std::move(data), {});
}

Term mk_lam(std::string name, Type domain, const Term& body) {
  if (is_sum(body)) {
    std::vector<Term> parts;
    parts.reserve(body->children().size());
    for (const Term& s : body->children()) parts.push_back(mk_lam(name, domain, s));
    return mk_sum(mk_arrow(domain, body->type()), parts);
  }
  TermNode::Data data;
  data.name = std::move(name);
  data.type = std::move(domain);
  return intern(TermKind::Lam, std::move(data), {body});
}

Term mk_app(const Term& fn, const Term& arg) {
  if (is_sum(fn)) {
    const Type type = application_type(fn->type(), arg->type());
    std::vector<Term> parts;
    parts.reserve(fn->children().size());
    for (const Term& s : fn->children()) parts.push_back(mk_app(s, arg));
    return mk_sum(type, parts);
  }
  return intern(TermKind::App, {}, {fn, arg});
}

Term mk_tan(const Term& operand) { return mk_unary(TermKind::Tan, index_data(0), operand); }

Term mk_inj(int k, const Term& operand, const Type& other) {
  check(k == 1 || k == 2, "mk_inj: k must be 1 or 2");
  check(other != nullptr, "mk_inj: no type for the other factor");
  TermNode::Data data = index_data(static_cast<std::uint32_t>(k));
  data.type = k == 1 ? mk_product(operand->type(), other) : mk_product(other, operand->type());
  return mk_unary(TermKind::Inj, std::move(data), operand);
}

Term mk_proj(int k, const Term& operand) {
  check(k == 1 || k == 2, "mk_proj: k must be 1 or 2");
  return mk_unary(TermKind::Proj, index_data(static_cast<std::uint32_t>(k)), operand);
}

Term mk_lit(double value) {
  check(std::isfinite(value),
        "mk_lit: literals are finite (the lexer and the delta-rules ensure it)");
  if (value == 0.0) return mk_zero(real_type());
  TermNode::Data data;
  data.literal = value;
  return intern(TermKind::Lit, std::move(data), {});
}

Term mk_prim(Primitive primitive) {
  return intern(TermKind::Prim, index_data(static_cast<std::uint32_t>(primitive)), {});
}

Term mk_zero(const Type& type) {
  TermNode::Data data;
  data.type = type;
  return intern(TermKind::Sum, std::move(data), {});
}

Term mk_sum(const Type& type, std::span<const Term> terms) {
  std::vector<Term> simple;
  for (const Term& t : terms) {
    check_summand(type, t);
    if (is_sum(t)) {
      simple.insert(simple.end(), t->children().begin(), t->children().end());
    } else {
      simple.push_back(t);
    }
  }
  if (simple.size() == 1) return simple.front();
  if (simple.empty()) return mk_zero(type);
  // compare_terms orders by hash first; only ties need the call (a sum of
  // the reduct of T_x is sorted as it is built, summand by summand).
  std::sort(simple.begin(), simple.end(), [](const Term& a, const Term& b) {
    if (a->hash() != b->hash()) return a->hash() < b->hash();
    return compare_terms(a, b) < 0;
  });
  TermNode::Data data;
  data.type = type;
  return intern(TermKind::Sum, std::move(data), std::move(simple));
}

Term mk_add(const Term& left, const Term& right) {
  const Term both[] = {left, right};
  return mk_sum(left->type(), both);
}

Term mk_pair(const Term& first, const Term& second) {
  return mk_add(mk_inj(1, first, second->type()), mk_inj(2, second, first->type()));
}

Term mk_mul(const Term& left, const Term& right) {
  return mk_app(mk_prim(Primitive::Mul), mk_pair(left, right));
}

std::uint32_t var_index(const Term& var) {
  check(is_var(var), "var_index: not a variable");
  return var->data().index;
}
const std::string& lam_name(const Term& lam) {
  check(is_lam(lam), "lam_name: not an abstraction");
  return lam->data().name;
}
const Type& lam_domain(const Term& lam) {
  check(is_lam(lam), "lam_domain: not an abstraction");
  return lam->data().type;
}
const Term& lam_body(const Term& lam) {
  check(is_lam(lam), "lam_body: not an abstraction");
  return lam->children()[0];
}
const Term& app_fn(const Term& app) {
  check(is_app(app), "app_fn: not an application");
  return app->children()[0];
}
const Term& app_arg(const Term& app) {
  check(is_app(app), "app_arg: not an application");
  return app->children()[1];
}
const Term& operand(const Term& unary) {
  check(is_tan(unary) || is_inj(unary) || is_proj(unary), "operand: not T, ι or π");
  return unary->children()[0];
}
int component(const Term& inj_or_proj) {
  check(is_inj(inj_or_proj) || is_proj(inj_or_proj), "component: not ι or π");
  return static_cast<int>(inj_or_proj->data().index);
}
double lit_value(const Term& lit) {
  check(is_lit(lit), "lit_value: not a literal");
  return lit->data().literal;
}
Primitive prim_of(const Term& prim) {
  check(is_prim(prim), "prim_of: not a primitive");
  return static_cast<Primitive>(prim->data().index);
}

std::vector<Term> summands(const Term& term) {
  if (is_sum(term)) return term->children();
  return {term};
}

Type primitive_type(Primitive primitive) {
  // Built once: every primitive node asks, and interning them again each
  // time was a tenth of generating a case. Shared, so charged to no case.
  static const Type unary = [] {
    const UnchargedScope uncharged;
    return mk_arrow(real_type(), real_type());
  }();
  static const Type binary = [] {
    const UnchargedScope uncharged;
    return mk_arrow(mk_product(real_type(), real_type()), real_type());
  }();
  return spec_of(primitive).arity == 2 ? binary : unary;
}

bool alpha_equal(const Term& a, const Term& b) {
  return a == b || (a->hash() == b->hash() && compare_impl(a, b, false) == 0);
}

int compare_terms(const Term& a, const Term& b) {
  if (int c = compare_impl(a, b, false)) return c;
  return compare_impl(a, b, true);
}

namespace {

// The nodes of term's DAG, each visited once; repeated(node) is called for
// every further parent edge that reaches a visited node.
template <class Repeated>
NodeKeySet dag_nodes(const Term& term, Repeated&& repeated) {
  NodeKeySet seen;
  std::vector<const TermNode*> stack{term.get()};
  while (!stack.empty()) {
    const TermNode* node = stack.back();
    stack.pop_back();
    if (!seen.insert(node)) {
      repeated(node);
      continue;
    }
    for (const Term& child : node->children()) stack.push_back(child.get());
  }
  return seen;
}

}  // namespace

std::uint64_t dag_size(const Term& term) {
  return dag_nodes(term, [](const TermNode*) {}).size();
}

NodeKeySet shared_subterms(const Term& term) {
  NodeKeySet shared;
  dag_nodes(term, [&](const TermNode* node) { shared.insert(node); });
  return shared;
}

void release_dead_nodes() {
  // Terms first: a dead term may have held the last reference to a type.
  term_table().release_dead();
  detail::release_dead_types();
}

}  // namespace perturb::calculus
