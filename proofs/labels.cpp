#include "proofs/labels.h"

#include <algorithm>
#include <set>
#include <unordered_map>

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
    for (const calculus::Binding& binding : entry.context.entries()) {
      higher_order = higher_order || has_arrow(binding.type);
    }
  }
  for (std::size_t i = 0; i < k.point.size(); ++i) {
    visit(k.point[i], k.point_context.entries()[i].type);
  }
  labels.insert("T-depth:" + std::to_string(std::min<std::uint32_t>(deepest_tangent, 3)) +
                (deepest_tangent >= 3 ? "+" : ""));
  labels.insert(higher_order ? "order:higher" : "order:first");
  return {labels.begin(), labels.end()};
}

}  // namespace perturb::proofs
