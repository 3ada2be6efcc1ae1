#include "calculus/declared_primitive.h"

#include <cmath>
#include <deque>

#include "calculus/context.h"
#include "calculus/lexer.h"
#include "calculus/normalize.h"
#include "calculus/parse.h"

namespace perturb::calculus {
namespace {

// The derivatives, in the order declared.
std::deque<Term>& derivatives() {
  static std::deque<Term> terms;
  return terms;
}

Error declaration_error(const std::string& name, const std::string& message) {
  Error error;
  error.message = "the declared primitive " + quoted(name) + ": " + message;
  return error;
}

// Whether t is built of variables, literals, primitive applications, pairs
// and projections only: what the models evaluate a derivative as
// (models/scalars/declared_evaluation.h).
bool is_first_order_arithmetic(const Term& t) {
  switch (t->kind()) {
    case TermKind::Var:
    case TermKind::Lit:
      return true;
    case TermKind::App:
      return is_prim(app_fn(t)) && is_first_order_arithmetic(app_arg(t));
    case TermKind::Inj:
    case TermKind::Proj:
      return is_first_order_arithmetic(operand(t));
    case TermKind::Sum:
      for (const Term& s : t->children()) {
        if (!is_first_order_arithmetic(s)) return false;
      }
      return true;
    case TermKind::Lam:
    case TermKind::Tan:
    case TermKind::Prim:
      return false;
  }
  return false;
}

std::string domain_text(DeclaredDomain domain) {
  return domain == DeclaredDomain::Positive ? "x > 0" : "everywhere";
}

// Reads the derivative in x : R, once the primitive is in the table (so that
// f′ may mention f, as tanh′ = 1 − tanh²).
ErrorOr<Term> read_derivative(const PrimitiveDeclaration& declaration) {
  const Context x({Binding{"x", real_type()}});
  auto program = parse_program(declaration.derivative, x, real_type());
  if (!program) {
    return declaration_error(declaration.name,
                             "its derivative does not read as a term of type R "
                             "in x : R: " +
                                 program.error().to_string());
  }
  if (program->term->tangent_depth() != 0) {
    return declaration_error(declaration.name, "its derivative has a T; give it without");
  }
  const NormalizeResult normal = normalize(program->term);
  if (normal.status != NormalizeStatus::NormalForm) {
    return declaration_error(declaration.name,
                             "its derivative does not normalize: " + describe(normal));
  }
  if (!is_first_order_arithmetic(normal.term)) {
    return declaration_error(declaration.name,
                             "its derivative's normal form is not built of x, literals, "
                             "primitive applications, pairs and projections only");
  }
  return normal.term;
}

}  // namespace

ErrorOr<Primitive> declare_primitive(const PrimitiveDeclaration& declaration) {
  const std::string& name = declaration.name;
  if (!is_variable_name(name) || name == "x") {
    return declaration_error(name, primitive_named(name)
                                       ? "a primitive of that name exists"
                                       : "its name must be a new identifier (not a keyword, "
                                         "not x)");
  }
  if (declaration.value == nullptr) return declaration_error(name, "it has no value function");
  if (std::size(kStandardPrimitives) + declared_primitives().size() >= kMaxPrimitives) {
    return declaration_error(
        name, "the signature holds at most " + std::to_string(kMaxPrimitives) + " primitives");
  }
  for (const auto& [why, x] : declaration.special_points) {
    if (!std::isfinite(x))
      return declaration_error(name, "its special point " + why + " is not finite");
  }
  DeclaredSpec spec;
  spec.name = name;
  spec.smooth_set = domain_text(declaration.domain);
  spec.outside = declaration.domain == DeclaredDomain::Positive ? "x <= 0" : "";
  spec.outside_why = name + ": x <= 0";
  spec.delta_rule = "\\p : T R. < (\\x : R. " + declaration.derivative + ") (pi2 p) * pi1 p, " +
                    name + " (pi2 p) >";
  spec.special_points = declaration.special_points;
  spec.domain = declaration.domain;
  spec.has_series = declaration.has_series;
  spec.value = declaration.value;
  const Primitive primitive = add_declared_primitive(std::move(spec));
  auto derivative = read_derivative(declaration);
  if (!derivative) {
    remove_last_declared_primitive();
    return derivative.error();
  }
  if (const auto rule = parse_program(spec_of(primitive).delta_rule); !rule) {
    remove_last_declared_primitive();
    return declaration_error(name, "its δ-rule does not read: " + rule.error().to_string());
  }
  derivatives().push_back(*derivative);
  return primitive;
}

const Term& declared_derivative(Primitive primitive) {
  check(is_declared(primitive), "declared_derivative: a standard primitive");
  return derivatives().at(static_cast<std::size_t>(primitive) -
                          static_cast<std::size_t>(kFirstDeclared));
}

}  // namespace perturb::calculus
