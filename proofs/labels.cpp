#include "proofs/labels.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace perturb::proofs {
namespace {

using calculus::Term;
using calculus::TermKind;

bool has_arrow(const calculus::Type& type) {
  if (calculus::is_arrow(type)) return true;
  if (calculus::is_product(type)) return has_arrow(type->left()) || has_arrow(type->right());
  return false;
}

// Deepest nesting of T nodes along any path of term.
std::uint32_t tangent_depth(const Term& term,
                            std::unordered_map<const calculus::TermNode*, std::uint32_t>& memo) {
  if (auto found = memo.find(term.get()); found != memo.end()) return found->second;
  std::uint32_t deepest = 0;
  for (const Term& child : term->children())
    deepest = std::max(deepest, tangent_depth(child, memo));
  if (calculus::is_tan(term)) ++deepest;
  memo.emplace(term.get(), deepest);
  return deepest;
}

void collect_forms(const Term& term, std::set<std::string>& labels) {
  static const std::unordered_map<TermKind, const char*> names = {
      {TermKind::Var, "form:variable"},    {TermKind::Lam, "form:λ"},
      {TermKind::App, "form:application"}, {TermKind::Tan, "form:T"},
      {TermKind::Inj, "form:ι"},           {TermKind::Proj, "form:π"},
      {TermKind::Lit, "form:literal"},     {TermKind::Prim, "form:primitive"},
      {TermKind::Sum, "form:sum"}};
  std::set<const calculus::TermNode*> seen;
  std::vector<const calculus::TermNode*> stack{term.get()};
  while (!stack.empty()) {
    const calculus::TermNode* node = stack.back();
    stack.pop_back();
    if (!seen.insert(node).second) continue;
    labels.insert(node->kind() == TermKind::Sum && node->children().empty()
                      ? "form:0"
                      : names.at(node->kind()));
    for (const Term& child : node->children()) stack.push_back(child.get());
  }
}

// Whether the body of λd. body applies d to a term that itself applies d:
// d (… d M …), the shape of a shared function used on its own output.
bool applies_variable_to_own_output(const Term& lam) {
  // (node, binders between it and the λ, whether inside an argument of d)
  std::set<std::tuple<const calculus::TermNode*, std::uint32_t, bool>> seen;
  std::vector<std::tuple<const calculus::TermNode*, std::uint32_t, bool>> stack{
      {calculus::lam_body(lam).get(), 0, false}};
  while (!stack.empty()) {
    const auto [node, depth, inside] = stack.back();
    stack.pop_back();
    if (!seen.insert({node, depth, inside}).second) continue;
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

// Past this many DAG nodes a term's structure labels are not computed (the
// to-own-output search is quadratic); generated case terms are far smaller.
constexpr std::uint64_t kMaxStructureNodes = 4000;

// Labels of structure that the forms alone do not show (checker.md "Coverage"):
// T under a binder, a function-typed argument, a function applied to its own
// output (f (f N), as a shared derivative d (d f)), the last variable of the
// context used under a λ (what a substitution for it must lift), and
// primitives under one, two, three or more T's (their higher Taylor
// coefficients), all of them and each by name. `context_size` is the size of the term's context.
void collect_structure(const Term& term, std::size_t context_size,
                       std::unordered_map<const calculus::TermNode*, std::uint32_t>& depths,
                       std::set<std::string>& labels) {
  if (calculus::dag_size(term) > kMaxStructureNodes) return;
  struct Visit {
    const calculus::TermNode* node;
    std::uint32_t lams;  // enclosing λs
    std::uint32_t tans;  // enclosing T's, capped at 3
  };
  std::set<std::tuple<const calculus::TermNode*, std::uint32_t, std::uint32_t>> seen;
  std::vector<Visit> stack{{term.get(), 0, 0}};
  while (!stack.empty()) {
    const Visit visit = stack.back();
    stack.pop_back();
    if (!seen.insert({visit.node, visit.lams, visit.tans}).second) continue;
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
          const std::string depth = std::to_string(visit.tans) + (visit.tans >= 3 ? "+" : "");
          labels.insert("structure:primitive-under-T:" + depth);
          labels.insert(
              std::string("structure:") +
              calculus::primitive_name(static_cast<calculus::Primitive>(node.data().index)) +
              "-under-T:" + depth);
        }
        break;
      case TermKind::App: {
        const Term& fn = node.children()[0];
        const Term& arg = node.children()[1];
        if (calculus::is_arrow(arg->type())) labels.insert("structure:function-argument");
        // let d = N in … d (d …) with T in N: a shared derivative on its own output.
        if (calculus::is_lam(fn) && tangent_depth(arg, depths) > 0 &&
            applies_variable_to_own_output(fn))
          labels.insert("structure:shared-derivative-on-own-output");
        // f (… f N …): the same function node applied inside its own argument.
        std::vector<const calculus::TermNode*> inner{arg.get()};
        std::unordered_set<const calculus::TermNode*> searched;
        while (!inner.empty()) {
          const calculus::TermNode* candidate = inner.back();
          inner.pop_back();
          if (!searched.insert(candidate).second) continue;
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
  std::set<std::string> labels;
  std::unordered_map<const calculus::TermNode*, std::uint32_t> depths;
  std::uint32_t deepest_tangent = 0;
  bool higher_order = false;
  const auto visit = [&](const Term& term, const calculus::Type& type) {
    collect_forms(term, labels);
    deepest_tangent = std::max(deepest_tangent, tangent_depth(term, depths));
    higher_order = higher_order || has_arrow(type);
  };
  for (const CaseTerm& entry : k.terms) {
    visit(entry.term, entry.type);
    collect_structure(entry.term, entry.context.size(), depths, labels);
    if (entry.context.size() >= 3) labels.insert("structure:context-of-3+");
    for (const calculus::Binding& binding : entry.context.entries()) {
      higher_order = higher_order || has_arrow(binding.type);
    }
  }
  for (std::size_t i = 0; i < k.point.size(); ++i) {
    visit(k.point[i], k.point_context.entries()[i].type);
    collect_structure(k.point[i], 0, depths, labels);
  }
  labels.insert("T-depth:" + std::to_string(std::min<std::uint32_t>(deepest_tangent, 3)) +
                (deepest_tangent >= 3 ? "+" : ""));
  labels.insert(higher_order ? "order:higher" : "order:first");
  return {labels.begin(), labels.end()};
}

}  // namespace perturb::proofs
