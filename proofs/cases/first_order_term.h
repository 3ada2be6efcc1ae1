// Random terms of the first-order fragment (design.md "semantics/"): what a
// model that is only a cartesian differential category (such as `smooth`)
// can interpret. Variables and their projections, literals, pairs, sums, 0,
// and primitives applied, possibly under T (`pi1 (T sin <a, b>)`), which the
// interpretation turns into composition with T(sin).
#pragma once

#include <cstdint>
#include <span>

#include "calculus/context.h"
#include "calculus/random_term.h"
#include "calculus/signature.h"

namespace perturb::proofs {

struct FirstOrderTermOptions {
  // Whether primitives may be applied under T (false: for a model without a
  // derivative, which cannot read T).
  bool tangents = true;
  // Whether sin, cos and exp may occur (false: mul only, for a
  // PrimitiveFreeModel).
  bool transcendentals = true;
  // Primitives beyond the paper's four to apply too (in one real term in
  // three when there are any), with arguments kept inside their smooth sets
  // (calculus/random_application.h).
  std::span<const calculus::Primitive> beyond_paper = {};
};

// A random first-order M with context ⊢ M : type, about size nodes; type and
// the context's types must be built from R and × only.
calculus::Term random_first_order_term(calculus::Rng& rng, const calculus::Context& context,
                                       const calculus::Type& type, std::uint32_t size,
                                       FirstOrderTermOptions options = {});

}  // namespace perturb::proofs

namespace perturb::proofs {

// A random term that denotes a linear map (spec §1: D(f) = f∘π1): variables,
// projections, pairs, sums, 0 and, when scale_by_literals, scaling by a
// literal (`c * N`) only.
calculus::Term random_linear_term(calculus::Rng& rng, const calculus::Context& context,
                                  const calculus::Type& type, std::uint32_t size,
                                  bool scale_by_literals = true);

}  // namespace perturb::proofs
