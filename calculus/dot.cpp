#include "calculus/dot.h"

#include <fmt/format.h>

#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "calculus/print.h"

namespace perturb::calculus {

namespace {

// The binders above an occurrence, innermost first, shared between siblings.
struct Scope {
  std::string name;
  std::shared_ptr<const Scope> outer;
};

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

// The name of de Bruijn index `index` under `scope`, then in the context.
std::string variable_name(std::uint32_t index, const Scope* scope, const Context& context) {
  for (; scope != nullptr; scope = scope->outer.get()) {
    if (index == 0) return scope->name;
    --index;
  }
  const auto& entries = context.entries();
  if (index < entries.size()) return entries[entries.size() - 1 - index].name;
  return fmt::format("?{}", index);
}

std::string label(const Term& term, const Scope* scope, const Context& context, DotLayout layout) {
  switch (term->kind()) {
    case TermKind::Var:
      return layout == DotLayout::Tree ? variable_name(var_index(term), scope, context)
                                       : fmt::format("#{}", var_index(term));
    case TermKind::Lam:
      return fmt::format("λ{}:{}", lam_name(term), to_string(lam_domain(term)));
    case TermKind::App:
      return "@";
    case TermKind::Tan:
      return "T";
    case TermKind::Inj:
      return fmt::format("in{} : {}", component(term), to_string(term->type()));
    case TermKind::Proj:
      return fmt::format("pi{}", component(term));
    case TermKind::Lit:
      return literal_to_string(lit_value(term));
    case TermKind::Prim:
      return primitive_name(prim_of(term));
    case TermKind::Sum:
      return is_zero(term) ? "0 : " + to_string(term->type()) : "+";
  }
  return "?";
}

}  // namespace

ErrorOr<std::string> to_dot(const Term& term, const Context& context, DotLayout layout,
                            std::uint64_t max_nodes) {
  const std::uint64_t nodes = layout == DotLayout::Tree ? term->tree_size() : dag_size(term);
  if (nodes > max_nodes) {
    return Error{fmt::format("the drawing would have {}{} nodes, more than --max-nodes {}",
                             nodes == UINT64_MAX ? "more than " : "", nodes, max_nodes),
                 std::nullopt};
  }
  std::string out = "digraph term {\n  node [shape=box, fontname=\"monospace\"];\n";
  struct Visit {
    Term term;
    std::shared_ptr<const Scope> scope;
    std::string parent;  // "" for the root
    std::string edge;    // the edge's label, "" for none
  };
  std::vector<Visit> stack{{term, nullptr, "", ""}};
  std::unordered_map<const TermNode*, std::string> drawn;  // the shared layout's nodes
  std::uint64_t next = 0;
  while (!stack.empty()) {
    Visit visit = std::move(stack.back());
    stack.pop_back();
    const auto edge = [&](const std::string& id) {
      if (visit.parent.empty()) return;
      out += "  " + visit.parent + " -> " + id +
             (visit.edge.empty() ? "" : " [label=" + quoted(visit.edge) + "]") + ";\n";
    };
    if (layout == DotLayout::Shared) {
      if (auto found = drawn.find(visit.term.get()); found != drawn.end()) {
        edge(found->second);
        continue;
      }
    }
    const std::string id = fmt::format("n{}", next++);
    if (layout == DotLayout::Shared) drawn.emplace(visit.term.get(), id);
    out += "  " + id + " [label=" + quoted(label(visit.term, visit.scope.get(), context, layout)) +
           "];\n";
    edge(id);
    const Term& t = visit.term;
    std::shared_ptr<const Scope> inner = visit.scope;
    if (is_lam(t)) inner = std::make_shared<const Scope>(Scope{lam_name(t), visit.scope});
    // Pushed last-first, so that children are drawn in order.
    const auto& children = t->children();
    for (std::size_t i = children.size(); i-- > 0;) {
      std::string edge_label;
      if (is_app(t)) edge_label = i == 0 ? "fn" : "arg";
      stack.push_back({children[i], inner, id, edge_label});
    }
  }
  return out + "}\n";
}

}  // namespace perturb::calculus
