// Reading an equation between two terms with typed metavariables, the
// notation of `perturb check --equation` (docs/syntax.md "Equations"):
//
//   equation     ::= ('forall' declaration (',' declaration)* '.')? term '=' term
//   declaration  ::= IDENT+ ':' type
//
// e.g. "forall f g : R -> R, a : R. D (\x:R. f x + g x) a = D f a + D g a".
// The metavariables are the free variables of both sides; the sides are
// elaborated in them and must have one type. The '=' of the equation is the
// first '=' that does not belong to a `let`.
#pragma once

#include <string_view>

#include "calculus/context.h"
#include "calculus/error.h"
#include "calculus/term.h"
#include "calculus/type.h"

namespace perturb::calculus {

// metavariables ⊢ lhs = rhs : type.
struct TextEquation {
  Context metavariables;  // in the order declared
  Term lhs;
  Term rhs;
  Type type;
};

// The equation text states, or the first error with its position in text.
ErrorOr<TextEquation> parse_equation(std::string_view text);

}  // namespace perturb::calculus
