// Random cases: objects (as types), metavariables (as terms) and points (as
// closed terms), all from one case seed, so that a case is a function of
// (seed, law, model, case index) alone and replays without the others.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "calculus/random_term.h"
#include "proofs/cases/law.h"
#include "semantics/capabilities.h"

namespace perturb::proofs {

struct GeneratorOptions {
  // Whether the model is closed: types may contain arrows and terms λ, T s,
  // higher-order application. Otherwise only the first-order fragment.
  bool higher_order = true;
  // Whether first-order judgements may have terms of the whole calculus (λ,
  // T, higher-order application) inside, although objects stay first-order:
  // a model that reads them through normal forms (FirstOrderViaNormalForm),
  // for the laws about the calculus (sound.*).
  bool whole_calculus = false;
  // Approximate size of each generated term.
  std::uint32_t max_size = 10;
  // Whether the model only has linear maps (semantics/capabilities.h, linear_only): every
  // term is then a linear term without literals (random_linear_term).
  bool linear_only = false;
  // Whether the model has a derivative (is a cartesian differential
  // category): otherwise no term contains T, as it could not be read.
  bool differential = true;
  // Whether the model's comparison is certified (semantics/capabilities.h,
  // certified): its δ-rules then fold literals only exactly
  // (calculus/reduce.h, Rules::rounded_folds), and a case drawn for a
  // δ-step must have such a redex.
  bool certified = false;
  // Whether terms may use sin, cos and exp (false for an exact model of the
  // primitive-free fragment, semantics/capabilities.h).
  bool transcendentals = true;
  // The primitives beyond the paper's four that terms draw too (spec §6's
  // table; none: the paper's four only). Their arguments are kept inside
  // their smooth sets (calculus/random_application.h).
  semantics::PrimitiveSet beyond_paper = 0;
  // The deepest nesting of T in a random term (calculus::TermNode::
  // tangent_depth), for a model that nests derivatives only so deep; none:
  // no bound (and no draw spent on it).
  std::optional<std::uint32_t> max_tangent_depth = std::nullopt;
  // The model's own special points (semantics/capabilities.h,
  // kSpecialPoints): a real coordinate of a point is one of them in one
  // draw in kModelPointOdds; none: no draw spent on it.
  std::span<const double> model_points = {};
};

// How often a real coordinate of a point is one of the model's own special
// points, when it has some.
inline constexpr std::uint64_t kModelPointOdds = 4;

// How many draws a random term gets to nest its T's within
// GeneratorOptions::max_tangent_depth before it is drawn without T.
inline constexpr int kTangentDepthAttempts = 16;

class CaseGenerator {
 public:
  CaseGenerator(std::uint64_t case_seed, GeneratorOptions options);

  calculus::Rng& rng() { return rng_; }
  const GeneratorOptions& options() const { return options_; }

  // A random type to stand for an object: built from R and ×, and → when
  // higher-order. (Atoms other than R have no closed terms, so no point of
  // them could be written down; they are left to the models' own tests.)
  // Every draw is a statement or an initialiser of its own, never one of
  // several arguments of a call: C++ leaves their order open, and GCC and
  // clang draw them in opposite orders, which gave one seed two different
  // cases. Where several objects build one type, the laws draw the last
  // first, the order GCC drew them in, so that seeds kept their cases.
  calculus::Type object();

  // Adds the metavariable role : X → Y, as x:X ⊢ M : Y.
  void morphism(Case& into, std::string role, const calculus::Type& domain,
                const calculus::Type& codomain);

  // Adds the metavariable role : X → Y denoting a linear map (random_linear_term);
  // X and Y must be built from R and ×.
  void linear_morphism(Case& into, std::string role, const calculus::Type& domain,
                       const calculus::Type& codomain);

  // A random type built from R and × only (also in higher-order runs).
  calculus::Type first_order_object();

  // Adds the term Γ ⊢ M : σ under the given role.
  void term(Case& into, std::string role, const calculus::Context& context,
            const calculus::Type& type);

  // Adds name : type to the point context, with a random closed term as its value.
  void point(Case& into, std::string name, const calculus::Type& type);

  // A random closed term of the type: literals at R (one of the model's own
  // special points in one draw in kModelPointOdds, when it has some), pairs
  // at products, random closed terms at arrows.
  calculus::Term point_term(const calculus::Type& type);

  // A random term of the fragment the options allow.
  calculus::Term random_term(const calculus::Context& context, const calculus::Type& type);

  // A primitive the terms draw that has special points (uniformly; any
  // when none has), applied to random terms of type R in context, small and
  // often its most recent variable, as calculus::random_application shapes
  // them (that variable not kept away from the boundaries): a case whose
  // point the caller aims at the primitive's special points inside its
  // smooth set. (mul stands for sin, cos and exp without transcendentals.)
  struct AppliedPrimitive {
    calculus::Primitive primitive;
    calculus::Term term;
  };
  AppliedPrimitive applied_primitive(const calculus::Context& context);

  // A primitive the terms draw, uniformly: mul, sin, cos, exp, then those of
  // options().beyond_paper; mul for sin, cos and exp when the options have no
  // transcendentals (the draw made either way, so that the other models'
  // cases of a seed stay the same).
  calculus::Primitive primitive();
  // One of the paper's four, uniformly (mul for the others without transcendentals).
  calculus::Primitive paper_primitive();
  // An argument of p (a term of p's domain in context) inside its smooth
  // set and off its kinks (calculus::random_argument_inside).
  calculus::Term argument_inside(calculus::Primitive p, const calculus::Context& context);
  // sin, cos or exp, uniformly; none when the options have no
  // transcendentals (the draw made either way).
  std::optional<calculus::Primitive> transcendental();

 private:
  // drawn, or mul for sin, cos and exp when the options have no transcendentals.
  calculus::Primitive hosted(calculus::Primitive drawn) const;
  calculus::Term random_term_of_size(const calculus::Context& context, const calculus::Type& type,
                                     std::uint32_t size);
  // draw(), drawn again until its T's nest within
  // GeneratorOptions::max_tangent_depth, then once without T: a model of
  // bounded depth never gets a term deeper than it supports.
  calculus::Term within_tangent_depth(const std::function<calculus::Term()>& draw);

  calculus::Rng rng_;
  GeneratorOptions options_;
  // The primitives terms draw: the paper's four, then options_.beyond_paper.
  std::vector<calculus::Primitive> signature_;
};

// The seed of case `index` of law `law_id` on model `model_name` in a run seeded `seed`.
std::uint64_t case_seed(std::uint64_t seed, std::string_view law_id, std::string_view model_name,
                        std::uint64_t index);

}  // namespace perturb::proofs
