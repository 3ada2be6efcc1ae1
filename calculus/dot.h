// A term as a Graphviz DOT digraph (`perturb draw`). Terms are hash-consed,
// so a term is a DAG: the shared layout draws one node per distinct subterm,
// the tree layout one node per occurrence. Labels follow the surface syntax
// (λx:σ, @ with edges fn and arg, T, in1, pi2, +, 0 : τ, literals and
// primitives). A variable is named in the tree, from the binders above it
// and the context; in the DAG one variable node can sit under different
// binders, so it is labelled by its de Bruijn index, #0 for the innermost.
// Built without recursion on the term.
#pragma once

#include <cstdint>
#include <string>

#include "calculus/context.h"
#include "calculus/error.h"
#include "calculus/term.h"

namespace perturb::calculus {

enum class DotLayout { Shared, Tree };

// The drawing of Γ ⊢ term, or an Error when it would have more than
// max_nodes nodes (a tree can be exponentially larger than its DAG).
ErrorOr<std::string> to_dot(const Term& term, const Context& context, DotLayout layout,
                            std::uint64_t max_nodes);

}  // namespace perturb::calculus
