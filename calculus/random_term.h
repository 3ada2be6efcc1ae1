// Random types and random well-typed terms (spec §3, §6), for property tests
// and the law checker.
//
// Everything is a deterministic function of the generator's state: the same
// seed gives the same type or term on every platform and standard library
// (calculus/random_draws.h).
//
// Terms are generated type-directed: `random_term(rng, Γ, σ, shape)` returns
// M with Γ ⊢ M : σ. Every syntactic form occurs: variables, λ (binder names
// drawn from a tiny pool and from Γ, so that they shadow and clash on
// purpose), application (also of variables, with higher-order arguments),
// T s (nested T too), ι_k, π_k, 0, sums, pairs, literals and the primitives
// of shape.signature (by default the paper's four: mul, sin, cos, exp), both
// applied and, those defined everywhere, as arguments; the others' arguments
// are kept inside their smooth sets (calculus/random_application.h).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "calculus/context.h"
#include "calculus/random_draws.h"
#include "calculus/signature.h"
#include "calculus/term.h"
#include "calculus/type.h"

namespace perturb::calculus {

struct TypeShape {
  // Deepest nesting of × and → (0: an atom).
  int max_depth = 2;
  // The atomic types to draw from; R is the reals and carries the primitives.
  std::vector<std::string> atoms = {"R", "R", "A"};
};

// A random type of depth at most shape.max_depth over shape.atoms.
Type random_type(Rng& rng, const TypeShape& shape = {});

struct TermShape {
  // Approximate number of nodes to build; the result's tree size stays
  // within a small multiple of it.
  std::uint32_t size = 12;
  // Types invented along the way (the σ of an application s N : τ, the other
  // factor of a projection) are drawn with this shape.
  TypeShape intermediate_types = {.max_depth = 1};
  // Whether to use literals and primitives (over R) at all.
  bool primitives = true;
  // Whether, of the primitives, sin, cos and exp too (false: mul only, for
  // an exact model of the primitive-free fragment over the rationals).
  bool transcendentals = true;
  // Whether to use T at all (not for a model without a derivative).
  bool tangents = true;
  // Binder names drawn for λ; repeats make inner binders shadow outer ones.
  std::vector<std::string> binder_names = {"x", "y", "x", "f"};
  // The primitives to draw from (when primitives is true): the paper's four
  // first, in their order, then any of the rest of the standard signature.
  std::span<const Primitive> signature = kPaperPrimitives;
};

// A random M with context ⊢ M : type (spec Fig. 1), about shape.size nodes.
Term random_term(Rng& rng, const Context& context, const Type& type, const TermShape& shape = {});

// A literal value from a small fixed set of integers and fractions, both signs.
double random_literal(Rng& rng);

}  // namespace perturb::calculus
