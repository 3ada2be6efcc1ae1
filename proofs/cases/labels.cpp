#include "proofs/cases/labels.h"

#include <algorithm>
#include <array>
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "calculus/signature.h"

namespace perturb::proofs {
namespace {

using calculus::Term;
using calculus::TermKind;
using calculus::TermNode;

// Labelling every case was an eighth of checking it, most of it in the
// allocations of node-based sets: these sets allocate only as they grow.

// The pending nodes of a traversal, inline while few.
template <class T>
using Stack = boost::container::small_vector<T, 32>;

// A map from keys (a node and up to two small numbers) to a number, with
// open addressing. Emptied in constant time (`clear`), so that one table
// per kind of walk serves a whole case (WalkTables): a fresh table per walk
// (one per application node, for the own-output search) was zeroed and grown
// again each time.
class NodeTable {
 public:
  struct Key {
    const TermNode* node;
    std::uint32_t a = 0, b = 0;
    friend bool operator==(const Key&, const Key&) = default;
  };

  // The value of key, or null.
  const std::uint32_t* find(const Key& key) const {
    for (std::size_t i = slot_of(key);; i = (i + 1) & (slots_.size() - 1)) {
      if (!used(slots_[i])) return nullptr;
      if (slots_[i].key == key) return &slots_[i].value;
    }
  }
  // Whether key was not in the table (and now has value).
  bool insert(const Key& key, std::uint32_t value = 0) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    std::size_t i = slot_of(key);
    for (; used(slots_[i]); i = (i + 1) & (slots_.size() - 1))
      if (slots_[i].key == key) return false;
    slots_[i] = {key, value, generation_};
    ++size_;
    return true;
  }
  // Removes every key; the slots stay.
  void clear() {
    size_ = 0;
    if (++generation_ != 0) return;
    for (Slot& slot : slots_) slot.generation = 0;  // 2³² clears: start again
    generation_ = 1;
  }

 private:
  // A slot is used when its generation is the table's: clearing moves on.
  struct Slot {
    Key key{nullptr};
    std::uint32_t value = 0;
    std::uint32_t generation = 0;
  };
  bool used(const Slot& slot) const { return slot.generation == generation_; }
  std::size_t slot_of(const Key& key) const {
    std::uint64_t h = reinterpret_cast<std::uintptr_t>(key.node) ^
                      (std::uint64_t{key.a} << 32 | key.b) * 0x9e3779b97f4a7c15ULL;
    h = (h ^ (h >> 29)) * 0xbf58476d1ce4e5b9ULL;
    return static_cast<std::size_t>(h >> 32) & (slots_.size() - 1);
  }
  void grow() {
    Slots old(2 * slots_.size());
    old.swap(slots_);
    const std::uint32_t old_generation = generation_;
    generation_ = 1;
    size_ = 0;
    for (const Slot& slot : old)
      if (slot.generation == old_generation) insert(slot.key, slot.value);
  }
  // Inline up to kInline slots (1.5 KB): most tables are of a few dozen
  // nodes, and a case has three of them.
  static constexpr std::size_t kInline = 64;
  using Slots = boost::container::small_vector<Slot, kInline>;
  Slots slots_ = Slots(kInline);
  std::size_t size_ = 0;
  std::uint32_t generation_ = 1;  // slots start at 0: unused
};

// The labels of one case: names of static storage, each once.
class LabelSet {
 public:
  void insert(std::string_view label) {
    if (std::find(labels_.begin(), labels_.end(), label) == labels_.end()) labels_.push_back(label);
  }
  // Sorted, as the runner and the reports expect.
  std::vector<std::string> sorted() && {
    std::sort(labels_.begin(), labels_.end());
    return {labels_.begin(), labels_.end()};
  }

 private:
  boost::container::small_vector<std::string_view, 16> labels_;
};

bool has_arrow(const calculus::Type& type) {
  if (calculus::is_arrow(type)) return true;
  if (calculus::is_product(type)) return has_arrow(type->left()) || has_arrow(type->right());
  return false;
}

// The tables of a case's walks, each emptied when a walk begins.
struct WalkTables {
  NodeTable structure, searched, own_output;
};

// Labels the forms that occur in term (cached in its nodes, TermNode::forms).
void label_forms(const Term& term, LabelSet& labels) {
  static constexpr std::array<const char*, 10> kNames = {
      "form:variable", "form:λ",       "form:application", "form:T",   "form:ι",
      "form:π",        "form:literal", "form:primitive",   "form:sum", "form:0"};
  static_assert(calculus::kZeroForm == 1u << 9);
  for (std::size_t bit = 0; bit < kNames.size(); ++bit)
    if (term->forms() & (1u << bit)) labels.insert(kNames[bit]);
}

// Whether the body of λd. body applies d to a term that itself applies d:
// d (… d M …), the shape of a shared function used on its own output.
bool applies_variable_to_own_output(const Term& lam, NodeTable& seen) {
  // (node, binders between it and the λ, whether inside an argument of d)
  seen.clear();
  Stack<std::tuple<const calculus::TermNode*, std::uint32_t, bool>> stack{
      {calculus::lam_body(lam).get(), 0, false}};
  while (!stack.empty()) {
    const auto [node, depth, inside] = stack.back();
    stack.pop_back();
    if (!seen.insert({node, depth, inside})) continue;
    bool applies_d = false;
    if (node->kind() == TermKind::App) {
      const Term& fn = node->children()[0];
      applies_d = calculus::is_var(fn) && calculus::var_index(fn) == depth;
      if (applies_d && inside) return true;
    }
    const std::uint32_t below = depth + (node->kind() == TermKind::Lam ? 1 : 0);
    for (std::size_t i = 0; i < node->children().size(); ++i)
      stack.push_back({node->children()[i].get(), below, inside || (applies_d && i == 1)});
  }
  return false;
}

// The labels of a primitive under 1, 2 and 3 or more T's: of any, and of
// each primitive by name ("structure:sin-under-T:2"), a declared one's built
// when met.
constexpr std::array<const char*, 3> kPrimitiveUnderT = {"structure:primitive-under-T:1",
                                                         "structure:primitive-under-T:2",
                                                         "structure:primitive-under-T:3+"};
const std::string& named_primitive_under_t(calculus::Primitive p, std::uint32_t tans) {
  using UnderT = std::array<std::string, 3>;
  const auto labels_of = [](calculus::Primitive q) -> UnderT {
    const std::string name = calculus::primitive_name(q);
    return {"structure:" + name + "-under-T:1", "structure:" + name + "-under-T:2",
            "structure:" + name + "-under-T:3+"};
  };
  static const auto standard = [&] {
    std::array<UnderT, std::size(calculus::kStandardPrimitives)> labels;
    for (const calculus::Primitive q : calculus::kStandardPrimitives)
      labels[static_cast<std::size_t>(q)] = labels_of(q);
    return labels;
  }();
  if (!calculus::is_declared(p)) return standard.at(static_cast<std::size_t>(p))[tans - 1];
  // Labels are kept as views (LabelSet): a declared primitive's live here.
  static std::mutex mutex;
  static std::map<calculus::Primitive, UnderT> declared;
  const std::lock_guard lock(mutex);
  auto found = declared.find(p);
  if (found == declared.end()) found = declared.emplace(p, labels_of(p)).first;
  return found->second[tans - 1];
}

// Past this many DAG nodes a term's structure labels are not computed (the
// to-own-output search is quadratic); generated case terms are far smaller.
constexpr std::uint64_t kMaxStructureNodes = 4000;

// Labels of structure that the forms alone do not show (checker.md "Coverage"):
// T under a binder, a function-typed argument, a function applied to its own
// output (f (f N), as a shared derivative d (d f)), the last variable of the
// context used under a λ (what a substitution for it must lift), and
// primitives under one, two, three or more T's (their higher Taylor
// coefficients), all of them and each by name. `context_size` is the size of the term's
// context.
void collect_structure(const Term& term, std::size_t context_size, WalkTables& tables,
                       LabelSet& labels) {
  // A DAG has at most as many nodes as its tree: counted only past the limit.
  if (term->tree_size() > kMaxStructureNodes && calculus::dag_size(term) > kMaxStructureNodes)
    return;
  struct Visit {
    const calculus::TermNode* node;
    std::uint32_t lams;  // enclosing λs
    std::uint32_t tans;  // enclosing T's, capped at 3
  };
  NodeTable& seen = tables.structure;
  seen.clear();
  Stack<Visit> stack{{term.get(), 0, 0}};
  while (!stack.empty()) {
    const Visit visit = stack.back();
    stack.pop_back();
    if (!seen.insert({visit.node, visit.lams, visit.tans})) continue;
    const calculus::TermNode& node = *visit.node;
    switch (node.kind()) {
      case TermKind::Tan:
        if (visit.lams > 0) labels.insert("structure:T-under-λ");
        break;
      case TermKind::Var:
        if (context_size > 0 && visit.lams > 0 && node.data().index == visit.lams) {
          labels.insert("structure:last-variable-under-λ");
          if (context_size >= 3) labels.insert("structure:last-variable-under-λ-in-context-of-3+");
        }
        break;
      case TermKind::Prim:
        if (visit.tans > 0) {
          labels.insert(kPrimitiveUnderT[visit.tans - 1]);
          labels.insert(named_primitive_under_t(static_cast<calculus::Primitive>(node.data().index),
                                                visit.tans));
        }
        break;
      case TermKind::App: {
        const Term& fn = node.children()[0];
        const Term& arg = node.children()[1];
        if (calculus::is_arrow(arg->type())) labels.insert("structure:function-argument");
        // let d = N in … d (d …) with T in N: a shared derivative on its own output.
        if (calculus::is_lam(fn) && arg->tangent_depth() > 0 &&
            applies_variable_to_own_output(fn, tables.own_output))
          labels.insert("structure:shared-derivative-on-own-output");
        // f (… f N …): the same function node applied inside its own argument.
        Stack<const calculus::TermNode*> inner{arg.get()};
        NodeTable& searched = tables.searched;
        searched.clear();
        while (!inner.empty()) {
          const calculus::TermNode* candidate = inner.back();
          inner.pop_back();
          if (!searched.insert({candidate})) continue;
          if (candidate->kind() == TermKind::App && candidate->children()[0] == fn) {
            labels.insert("structure:applied-to-own-output");
            break;
          }
          // Under a λ the same function has other indices: not searched.
          if (candidate->kind() == TermKind::Lam) continue;
          for (const Term& child : candidate->children()) inner.push_back(child.get());
        }
        break;
      }
      default:
        break;
    }
    const std::uint32_t lams = visit.lams + (node.kind() == TermKind::Lam ? 1 : 0);
    const std::uint32_t tans =
        std::min<std::uint32_t>(visit.tans + (node.kind() == TermKind::Tan), 3);
    for (const Term& child : node.children()) stack.push_back({child.get(), lams, tans});
  }
}

}  // namespace

std::vector<std::string> case_labels(const Case& k) {
  LabelSet labels;
  WalkTables tables;
  std::uint32_t deepest_tangent = 0;
  bool higher_order = false;
  const auto visit = [&](const Term& term, const calculus::Type& type) {
    label_forms(term, labels);
    deepest_tangent = std::max(deepest_tangent, term->tangent_depth());
    higher_order = higher_order || has_arrow(type);
  };
  for (const CaseTerm& entry : k.terms) {
    visit(entry.term, entry.type);
    collect_structure(entry.term, entry.context.size(), tables, labels);
    if (entry.context.size() >= 3) labels.insert("structure:context-of-3+");
    for (const calculus::Binding& binding : entry.context.entries()) {
      higher_order = higher_order || has_arrow(binding.type);
    }
  }
  for (std::size_t i = 0; i < k.point.size(); ++i) {
    visit(k.point[i], k.point_context.entries()[i].type);
    collect_structure(k.point[i], 0, tables, labels);
  }
  static constexpr std::array<const char*, 4> kTangentDepths = {"T-depth:0", "T-depth:1",
                                                                "T-depth:2", "T-depth:3+"};
  labels.insert(kTangentDepths[std::min<std::uint32_t>(deepest_tangent, 3)]);
  labels.insert(higher_order ? "order:higher" : "order:first");
  return std::move(labels).sorted();
}

}  // namespace perturb::proofs
