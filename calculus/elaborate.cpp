#include "calculus/elaborate.h"

#include <fmt/format.h>

#include <map>

#include "calculus/substitution.h"

#define PERTURB_ASSIGN_OR_RETURN(var, expr)           \
  auto var##_or_error = (expr);                       \
  if (!var##_or_error) return var##_or_error.error(); \
  auto var = std::move(var##_or_error).value()

namespace perturb::calculus {
namespace {

struct Elaborated {
  Term term;
  Type type;
};

struct Definition {
  Term term;
  Type type;
  SourcePosition position;
};

// σ when t = σ × σ' with σ, σ' compatible (their merge); a hole for a hole;
// nullptr when t cannot be a tangent type.
Type untangent(const Type& t) {
  if (is_hole(t)) return t;
  if (!is_product(t)) return nullptr;
  return merge_types(t->left(), t->right());
}

class Elaborator {
 public:
  Elaborator(const SurfaceProgram& program, const Context& free_variables)
      : program_(program), free_variables_(free_variables) {}

  ErrorOr<Program> run(const Type& expected) {
    for (const SurfaceDefinition& definition : program_.definitions) {
      if (auto previous = definitions_.find(definition.name); previous != definitions_.end()) {
        return Error{fmt::format("'{}' is already defined at line {}, column {}", definition.name,
                                 previous->second.position.line, previous->second.position.column),
                     definition.position};
      }
      PERTURB_ASSIGN_OR_RETURN(body, check(*definition.body, mk_hole()));
      if (!body.type->is_complete()) {
        return Error{fmt::format("cannot determine the type of the definition '{}' (found {}); "
                                 "annotate it: {} = (… : σ)",
                                 definition.name, to_string(body.type), definition.name),
                     definition.body->position};
      }
      definitions_.emplace(definition.name, Definition{body.term, body.type, definition.position});
    }
    PERTURB_ASSIGN_OR_RETURN(result, check(*program_.term, expected));
    if (!result.type->is_complete()) {
      return Error{fmt::format("cannot determine the type of '{}' (found {}); add an annotation "
                               "(M : σ)",
                               excerpt(program_, *program_.term), to_string(result.type)),
                   program_.term->position};
    }
    return Program{result.term, result.type, free_variables_};
  }

 private:
  // Binds name in the scope of the guard's lifetime.
  class LocalBinding {
   public:
    LocalBinding(std::vector<Binding>& locals, std::string name, Type type) : locals_(locals) {
      locals_.push_back({std::move(name), std::move(type)});
    }
    ~LocalBinding() { locals_.pop_back(); }
    LocalBinding(const LocalBinding&) = delete;
    LocalBinding& operator=(const LocalBinding&) = delete;

   private:
    std::vector<Binding>& locals_;
  };

  // "'M' has type σ, expected τ"; when only τ's outer form is known (holes
  // inside), says which kind of type is wanted.
  Error mismatch(const SurfaceTerm& node, const Type& found, const Type& expected) const {
    std::string kind;
    if (!expected->is_complete() && expected->kind() != found->kind()) {
      kind = is_arrow(expected)     ? "a function type "
             : is_product(expected) ? "a product type "
                                    : "";
    }
    return Error{fmt::format("'{}' has type {}, expected {}{}", excerpt(program_, node),
                             to_string(found), kind, to_string(expected)),
                 node.position};
  }

  // The error for a node whose form cannot have the expected type: names the
  // type the node has on its own (or the error inside it).
  Error mismatch_by_synthesis(const SurfaceTerm& node, const Type& expected) {
    auto synthesised = check(node, mk_hole());
    if (!synthesised) return synthesised.error();
    return mismatch(node, synthesised->type, expected);
  }

  // The result for a node that found type `found` where `expected` was wanted.
  ErrorOr<Elaborated> merged(const SurfaceTerm& node, Term term, const Type& found,
                             const Type& expected) const {
    Type type = merge_types(found, expected);
    if (!type) return mismatch(node, found, expected);
    return Elaborated{std::move(term), std::move(type)};
  }

  ErrorOr<Elaborated> check(const SurfaceTerm& node, const Type& expected) {
    try {
      return check_node(node, expected);
    } catch (const TooDeep& too_deep) {
      return Error{too_deep.what(), node.position};
    }
  }

  ErrorOr<Elaborated> check_node(const SurfaceTerm& node, const Type& expected) {
    switch (node.kind) {
      case SurfaceKind::Variable:
        return variable(node, expected);
      case SurfaceKind::Literal:
        return merged(node, mk_lit(node.literal), real_type(), expected);
      case SurfaceKind::Zero:
        return Elaborated{mk_zero(), expected};
      case SurfaceKind::Primitive:
        return merged(node, mk_prim(node.primitive), primitive_type(node.primitive), expected);
      case SurfaceKind::Lambda:
        return lambda(node, expected);
      case SurfaceKind::Let:
        return let(node, expected);
      case SurfaceKind::Apply:
        return apply(node, expected);
      case SurfaceKind::Tangent:
        return tangent(node, expected);
      case SurfaceKind::Inject:
        return inject(node, expected);
      case SurfaceKind::Project:
        return project(node, expected);
      case SurfaceKind::Derivative:
        return derivative(node, expected);
      case SurfaceKind::Sum:
        return sum(node, expected);
      case SurfaceKind::Pair:
        return pair(node, expected);
      case SurfaceKind::Multiply:
        return multiply(node, expected);
      case SurfaceKind::Annotate:
        return annotate(node, expected);
    }
    throw InternalError("elaborate: unknown surface kind");
  }

  // Innermost local binder, then definitions, then the free variables.
  ErrorOr<Elaborated> variable(const SurfaceTerm& node, const Type& expected) {
    const auto depth = static_cast<std::uint32_t>(locals_.size());
    for (std::uint32_t i = 0; i < depth; ++i) {
      const Binding& binding = locals_[depth - 1 - i];
      if (binding.name == node.name) return merged(node, mk_var(i), binding.type, expected);
    }
    if (auto found = definitions_.find(node.name); found != definitions_.end()) {
      const Definition& definition = found->second;
      return merged(node, lift(definition.term, depth), definition.type, expected);
    }
    if (auto index = free_variables_.lookup(node.name)) {
      return merged(node, mk_var(*index + depth), free_variables_.at(*index).type, expected);
    }
    return Error{fmt::format("unknown name '{}'", node.name), node.position};
  }

  ErrorOr<Elaborated> lambda(const SurfaceTerm& node, const Type& expected) {
    Type codomain = mk_hole();
    if (is_arrow(expected) && merge_types(node.type, arrow_domain(expected))) {
      codomain = arrow_codomain(expected);
    } else if (!is_hole(expected)) {
      return mismatch_by_synthesis(node, expected);
    }
    LocalBinding binding(locals_, node.name, node.type);
    PERTURB_ASSIGN_OR_RETURN(body, check(*node.children[0], codomain));
    return Elaborated{mk_lam(node.name, node.type, body.term), mk_arrow(node.type, body.type)};
  }

  ErrorOr<Elaborated> let(const SurfaceTerm& node, const Type& expected) {
    const SurfaceTerm& value_node = *node.children[0];
    PERTURB_ASSIGN_OR_RETURN(value, check(value_node, mk_hole()));
    if (!value.type->is_complete()) {
      return Error{fmt::format("cannot determine the type of '{}' (found {}) bound by 'let {}'; "
                               "add an annotation (M : σ)",
                               excerpt(program_, value_node), to_string(value.type), node.name),
                   value_node.position};
    }
    LocalBinding binding(locals_, node.name, value.type);
    PERTURB_ASSIGN_OR_RETURN(body, check(*node.children[1], expected));
    return Elaborated{mk_app(mk_lam(node.name, value.type, body.term), value.term), body.type};
  }

  ErrorOr<Elaborated> apply(const SurfaceTerm& node, const Type& expected) {
    PERTURB_ASSIGN_OR_RETURN(function, check(*node.children[0], mk_arrow(mk_hole(), expected)));
    PERTURB_ASSIGN_OR_RETURN(argument, check(*node.children[1], arrow_domain(function.type)));
    return Elaborated{mk_app(function.term, argument.term), arrow_codomain(function.type)};
  }

  // T s : T σ → T τ for s : σ → τ.
  ErrorOr<Elaborated> tangent(const SurfaceTerm& node, const Type& expected) {
    Type operand_expected = mk_arrow(mk_hole(), mk_hole());
    if (is_arrow(expected)) {
      Type domain = untangent(arrow_domain(expected));
      Type codomain = untangent(arrow_codomain(expected));
      if (!domain || !codomain) return mismatch_by_synthesis(node, expected);
      operand_expected = mk_arrow(domain, codomain);
    } else if (!is_hole(expected)) {
      return mismatch_by_synthesis(node, expected);
    }
    PERTURB_ASSIGN_OR_RETURN(function, check(*node.children[0], operand_expected));
    const Type found = mk_arrow(mk_tangent(arrow_domain(function.type)),
                                mk_tangent(arrow_codomain(function.type)));
    return merged(node, mk_tan(function.term), found, expected);
  }

  // in_k s : σ1 × σ2 for s : σk.
  ErrorOr<Elaborated> inject(const SurfaceTerm& node, const Type& expected) {
    if (!is_product(expected) && !is_hole(expected)) {
      return mismatch_by_synthesis(node, expected);
    }
    const int k = node.component;
    const Type left = is_hole(expected) ? expected : expected->left();
    const Type right = is_hole(expected) ? expected : expected->right();
    PERTURB_ASSIGN_OR_RETURN(inner, check(*node.children[0], k == 1 ? left : right));
    const Type type = k == 1 ? mk_product(inner.type, right) : mk_product(left, inner.type);
    return Elaborated{mk_inj(k, inner.term), type};
  }

  // pi_k s : σk for s : σ1 × σ2.
  ErrorOr<Elaborated> project(const SurfaceTerm& node, const Type& expected) {
    const int k = node.component;
    const Type operand_expected =
        k == 1 ? mk_product(expected, mk_hole()) : mk_product(mk_hole(), expected);
    PERTURB_ASSIGN_OR_RETURN(inner, check(*node.children[0], operand_expected));
    return Elaborated{mk_proj(k, inner.term), product_component(inner.type, k)};
  }

  // D M N := pi1 (T M <1, N>) with M : R → τ, N : R.
  ErrorOr<Elaborated> derivative(const SurfaceTerm& node, const Type& expected) {
    PERTURB_ASSIGN_OR_RETURN(function, check(*node.children[0], mk_arrow(real_type(), expected)));
    PERTURB_ASSIGN_OR_RETURN(point, check(*node.children[1], real_type()));
    const Term term = mk_proj(1, mk_app(mk_tan(function.term), mk_pair(mk_lit(1), point.term)));
    return Elaborated{term, arrow_codomain(function.type)};
  }

  ErrorOr<Elaborated> sum(const SurfaceTerm& node, const Type& expected) {
    Type type = expected;
    std::vector<Term> terms;
    for (const Surface& child : node.children) {
      PERTURB_ASSIGN_OR_RETURN(summand, check(*child, type));
      type = summand.type;
      terms.push_back(summand.term);
    }
    return Elaborated{mk_sum(terms), type};
  }

  ErrorOr<Elaborated> pair(const SurfaceTerm& node, const Type& expected) {
    if (!is_product(expected) && !is_hole(expected)) {
      return mismatch_by_synthesis(node, expected);
    }
    const Type left = is_hole(expected) ? expected : expected->left();
    const Type right = is_hole(expected) ? expected : expected->right();
    PERTURB_ASSIGN_OR_RETURN(first, check(*node.children[0], left));
    PERTURB_ASSIGN_OR_RETURN(second, check(*node.children[1], right));
    return Elaborated{mk_pair(first.term, second.term), mk_product(first.type, second.type)};
  }

  ErrorOr<Elaborated> multiply(const SurfaceTerm& node, const Type& expected) {
    if (!merge_types(real_type(), expected)) return mismatch(node, real_type(), expected);
    PERTURB_ASSIGN_OR_RETURN(left, check(*node.children[0], real_type()));
    PERTURB_ASSIGN_OR_RETURN(right, check(*node.children[1], real_type()));
    return Elaborated{mk_mul(left.term, right.term), real_type()};
  }

  ErrorOr<Elaborated> annotate(const SurfaceTerm& node, const Type& expected) {
    PERTURB_ASSIGN_OR_RETURN(inner, check(*node.children[0], node.type));
    return merged(node, inner.term, inner.type, expected);
  }

  const SurfaceProgram& program_;
  const Context& free_variables_;
  std::vector<Binding> locals_;  // outermost first
  std::map<std::string, Definition> definitions_;
};

}  // namespace

ErrorOr<Program> elaborate(const SurfaceProgram& program, const Context& free_variables,
                           const Type& expected) {
  return Elaborator(program, free_variables).run(expected);
}

}  // namespace perturb::calculus
