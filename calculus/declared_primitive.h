// Primitives a plugin declares (spec §6, "An open signature"; the issue's
// "a model's own primitives"): a user checks erf or lgamma without editing
// Perturb. A declaration gives what the calculus needs to read, type,
// reduce and draw the primitive, and what Perturb's own models need to
// evaluate it:
//
//   name            a new keyword of the surface syntax ("erf")
//   value           f in double arithmetic (std::erf)
//   derivative      f′ as a term of the surface syntax in x : R, without T
//                   ("2 * recip (sqrt 3.141592653589793) * exp (-(x * x))");
//                   the δ-rule is T f = λp. ⟨f′(π2 p)·π1 p, f(π2 p)⟩
//   domain          where f is smooth: all of R, or x > 0
//   special points  where implementations are known to go wrong (x = 0, …)
//   series          optionally (models/scalars/declared_series.h) its Taylor
//                   coefficients over Arb balls, from a source other than the
//                   derivative term
//
// The double models evaluate every order of f's derivatives from the
// derivative term; the certified models (the reference of `ref.*`) only from
// the series. So a primitive with a series is checked against an independent
// reference; one without is checked against its own δ-rule only (sound.delta,
// and every law's two sides), and the report says which.
//
// Unary primitives only: a binary one would need its partial derivatives'
// mixed orders, which the tagged scalars' Taylor expansion does not take.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "calculus/error.h"
#include "calculus/signature.h"
#include "calculus/term.h"

namespace perturb::calculus {

struct PrimitiveDeclaration {
  std::string name = {};
  double (*value)(double) = nullptr;
  std::string derivative = {};
  DeclaredDomain domain = DeclaredDomain::Everywhere;
  // Each special point as its why and x: {"zero", 0}.
  std::vector<std::pair<std::string, double>> special_points = {};
  bool has_series = false;
};

// Adds the primitive to the signature, or says why not (a name that is not a
// new identifier, a missing value, a derivative that does not read as a term
// of type R in x without T, more than the signature can hold). Not
// thread-safe: primitives are declared while plugins load.
ErrorOr<Primitive> declare_primitive(const PrimitiveDeclaration& declaration);

// f′ of a declared primitive as a term in normal form with one free variable,
// x : R (de Bruijn index 0), built of variables, literals, primitive
// applications, pairs and projections only.
const Term& declared_derivative(Primitive primitive);

}  // namespace perturb::calculus
