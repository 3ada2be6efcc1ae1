#include "calculus/typecheck.h"

#include <fmt/format.h>

#include <optional>
#include <utility>
#include <vector>

#include "calculus/node_key_map.h"

namespace perturb::calculus {
namespace {

// The first free variable of term (seen under depth binders) whose type
// disagrees with context, as an Error.
class ScopeCheck {
 public:
  explicit ScopeCheck(const Context& context) : context_(context) {}

  std::optional<Error> visit(const Term& term, std::uint32_t depth) {
    if (term->loose_bvar_range() <= depth) return std::nullopt;  // no free variable
    if (!seen_.insert(term.get(), depth)) return std::nullopt;
    if (is_var(term)) return variable(term, var_index(term) - depth);
    const std::uint32_t inner = is_lam(term) ? depth + 1 : depth;
    for (const Term& child : term->children()) {
      if (auto error = visit(child, inner)) return error;
    }
    return std::nullopt;
  }

 private:
  std::optional<Error> variable(const Term& var, std::uint32_t index) const {
    Error error;
    if (index >= context_.size()) {
      error.message = fmt::format("unbound variable (de Bruijn index {} in a context of {})", index,
                                  context_.size());
      return error;
    }
    const Binding& binding = context_.at(index);
    if (binding.type == var->type()) return std::nullopt;
    error.message = fmt::format("the variable {} has type {} in the context but {} in the term",
                                binding.name, to_string(binding.type), to_string(var->type()));
    return error;
  }

  const Context& context_;
  NodeKeySet seen_;  // (node, depth) visited; the caller holds the term
};

}  // namespace

ErrorOr<Type> type_of(const Context& context, const Term& term) {
  if (auto error = ScopeCheck(context).visit(term, 0)) return *error;
  return term->type();
}

}  // namespace perturb::calculus
