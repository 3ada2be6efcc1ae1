// What a law is (design.md "proofs/"): given a random case, an equation
// between two morphisms that the theory says are equal.
//
// Every random choice of a case is a term: the metavariables f, g, h, k of
// an axiom are terms in a one-variable context, the term M of a soundness law
// is a term in a random context, and the point at which both sides are
// compared is one closed term per entry of the case's point context. So a
// case prints in surface syntax, shrinks by shrinking terms, and replays from
// its recorded text as well as from its seed.
//
// A law is a type with
//   static constexpr LawInfo info;                       id, reference, statement
//   static Case generate(CaseGenerator&);                 the random case
//   template <Model C> static Equation<C> equation(const C&, const Case&);
// where the constraint on C is the concept the law needs: the catalogue runs
// a law on exactly the models whose type satisfies it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "calculus/context.h"
#include "calculus/term.h"
#include "calculus/type.h"
#include "proofs/cases/coverage_requirement.h"
#include "proofs/cases/discard.h"
#include "semantics/comparison.h"
#include "semantics/difference.h"

namespace perturb::proofs {

// What a law is about: a category's structure (§1–§3: its terms are the
// metavariables of an axiom, first-order in a first-order model), or the
// calculus and its interpretation (§5, §7, a user's equation: its terms
// range over the whole calculus wherever the model reads it, through normal
// forms in a first-order model, semantics/capabilities.h via_normal_form).
enum class LawSubject { Category, Calculus };

// The fixed description of a law.
struct LawInfo {
  std::string_view id;         // stable, e.g. "cdc.D5"
  std::string_view reference;  // where spec/calculus.md states it, e.g. "§1 D5"
  std::string_view statement;  // one line, e.g. "D(f∘g) = D(f)∘⟨D(g), g∘π2⟩"
  // The labels its cases must cover (proofs/run/coverage.h); none by default.
  CoverageRequirements coverage = {};
  LawSubject subject = LawSubject::Category;
};

// A metavariable or term of a case: Γ ⊢ term : type.
struct CaseTerm {
  std::string role;  // "f", "g", "M", …
  calculus::Context context;
  calculus::Term term;
  calculus::Type type;
};

// One instance of a law. Both sides of its equation are morphisms
// |point_context| → B; they are compared at the point given by one closed
// term per entry of point_context.
struct Case {
  std::vector<CaseTerm> terms;
  calculus::Context point_context;
  std::vector<calculus::Term> point;

  // The term with the given role; requires that there is one.
  const CaseTerm& term(std::string_view role) const;
};

// The two sides, both |point_context| → B.
template <class Morphism>
struct Equation {
  Morphism lhs;
  Morphism rhs;
};

// The result of checking one case.
enum class Verdict { Passed, Failed, Discarded };

// How a case failed: the failure's identity, which the shrinker keeps and
// the reports name (an Outcome's detail says it for people, and a model's
// message may vary from case to case).
enum class FailureKind {
  SidesDiffer,      // the sides' values differ beyond the tolerance at the point
  NotParallel,      // the sides are not parallel morphisms
  Error,            // the model or the interpretation threw
  GenerationError,  // drawing the case threw
  // A side's value is not finite although every primitive application is
  // inside its smooth set and no value exceeds the double range (spec §6).
  NonFinite,
  // Checking the case ended the process: a plugin's assertion, abort,
  // signal or exit (proofs/run/crash_isolation.h).
  Crash,
};

// "sides-differ", "not-parallel", "error", "generation-error", "non-finite",
// "crash": the names of report.json.
std::string_view failure_kind_name(FailureKind kind);

// The detail of a non-finite failure, and of the discards it turns into
// (proofs/binding/certified_twin.h).
inline constexpr std::string_view kNonFiniteDetail =
    "a value is not finite where every primitive application is inside its smooth set";
inline constexpr std::string_view kOverflowDetail = "a value is beyond the double range";
inline constexpr std::string_view kNonFiniteUndecidedDetail =
    "a value is not finite (undecided: no certified twin tells an overflow from a defect)";

struct Outcome {
  Verdict verdict = Verdict::Passed;
  std::string lhs;     // the left side's value at the point, as the model prints it
  std::string rhs;     // the right side's value
  std::string detail;  // why it failed or was discarded (an error, a non-finite value)
  DiscardKind discard_kind = DiscardKind::Internal;  // when discarded: the kind of detail
  // When the sides differ: where, down to two reals (proofs/cases/witness.h), if
  // the model can say (semantics/testable_model.h, `difference`).
  std::optional<semantics::Difference> difference = std::nullopt;
  // Whether the model read a term of the case through its normal form
  // (semantics/interpret.h): there both sides may share the normalizer, so
  // the case is weaker evidence for the model.
  bool via_normal_form = false;
  // What the model says of the case, counted with the case's labels
  // (proofs/cases/labels.h): "sides:primitive" from a proving model.
  std::vector<std::string> labels = {};
  // When failed: how.
  FailureKind failure = FailureKind::Error;
  // When the sides' values were compared: the comparison's result (a
  // certified model's precision ladder goes on while it is Undecided).
  std::optional<semantics::Comparison> comparison = std::nullopt;
  // When the sides differ: whether a comparison rounding cannot fool says so,
  // the model's own (semantics/capabilities.h, certified) or its certified
  // twin's (proofs/binding/certified_twin.h).
  bool certified = false;
  // Whether a value of the evaluation exceeded the largest double, as a
  // certified model notes it (semantics/evaluation_record.h).
  bool beyond_double_range = false;
};

// The label of the cases whose outcome has via_normal_form.
inline constexpr std::string_view kViaNormalFormLabel = "read:via-normal-form";

}  // namespace perturb::proofs
