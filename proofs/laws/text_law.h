// A law stated as text instead of C++ (`perturb check --equation`,
// calculus/parse_equation.h): Γ ⊢ lhs = rhs : τ with typed metavariables,
// checked with the catalogue's generators, comparison, shrinker and reports.
//
// A case gives every metavariable a value, by the shape of its type:
//   ground (R, ×, T)            a point entry: a random closed term, the sides
//                               are compared at it, as the sound.* laws are;
//   σ → τ, σ and τ ground       a morphism x:σ ⊢ M : τ, as the cdc.* laws' f,
//                               standing for λx:σ. M in the sides;
//   any other type              a random closed term (closed models only).
// The sides, with the non-ground metavariables replaced by their values, are
// terms in the point context, interpreted by the model and compared there.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "calculus/parse_equation.h"
#include "proofs/cases/law.h"
#include "semantics/capabilities.h"

namespace perturb::proofs {

class CaseGenerator;

enum class MetavariableShape { Point, Morphism, ClosedTerm };

struct TextLaw {
  std::string id;         // "equation.1", … or "rule.NAME" for a rule of a rule file
  std::string statement;  // the text as the user wrote it
  calculus::TextEquation equation;
  std::vector<MetavariableShape> shapes;  // per metavariable, in declared order
  // What a model must be to run it.
  bool needs_derivative = false;    // a side contains T (or D)
  bool needs_closed_model = false;  // a ClosedTerm metavariable, or τ not ground
  // A model that reads first-order terms only runs the law when no side
  // has a λ and no metavariable is replaced by one (a Morphism shape).
  bool sides_have_lambda = false;
  semantics::PrimitiveSet primitives = 0;  // those the sides contain
  // Where the equation comes from, for reports: "user equation", "user rule",
  // or the signature's "§6 signature" (proofs/laws/signature_laws.h).
  std::string reference;

  // The law `text` states, called id; its reference is "user rule" for an id
  // rule.NAME, else "user equation".
  static calculus::ErrorOr<TextLaw> make(std::string_view text, std::string id);

  // Whether id is one make gives: equation.N or rule.NAME.
  static bool is_text_law_id(std::string_view id);

  // The metadata the runner and reports show.
  LawInfo info() const { return LawInfo{id, reference, statement, {}, LawSubject::Calculus}; }
};

// How deeply the law nests derivatives: the deeper T-nesting of its sides.
int derivative_depth(const TextLaw& law);

// Why a model that can do what `model` says cannot run law, or nullopt when it can.
std::optional<std::string> text_law_refusal(const TextLaw& law,
                                            const semantics::Capabilities& model);

// A random case: a value for every metavariable.
Case generate_text_law_case(const TextLaw& law, CaseGenerator& gen);

// Both sides of case k, as terms in k.point_context.
std::pair<calculus::Term, calculus::Term> instantiate_sides(const TextLaw& law, const Case& k);

}  // namespace perturb::proofs
