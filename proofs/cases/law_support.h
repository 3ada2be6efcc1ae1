// What the laws share: turning a case's terms into morphisms of a model.
#pragma once

#include <stdexcept>
#include <string>

#include "calculus/error.h"
#include "proofs/cases/discard.h"
#include "proofs/cases/law.h"
#include "semantics/interpret.h"

namespace perturb::proofs {

// A case that a model could not evaluate (an interpretation error, a
// mismatched morphism): reported as a failure with this message.
class CaseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The value of an ErrorOr, or CaseError with its message.
template <class T>
T unwrap(calculus::ErrorOr<T> result, const std::string& what) {
  if (!result.ok()) throw CaseError(what + ": " + result.error().to_string());
  return std::move(result).value();
}

// The factors (X, Y) of a product object X × Y; CaseError otherwise.
template <semantics::CartesianLeftAdditiveCategory C>
std::pair<typename C::Object, typename C::Object> factors_of(const C& c,
                                                             const typename C::Object& product,
                                                             std::string_view law) {
  auto factors = c.factors(product);
  if (!factors) throw CaseError(std::string(law) + ": expected a product object");
  return *factors;
}

// |type| in the model.
template <semantics::CartesianLeftAdditiveCategory C>
typename C::Object object_of(const C& c, const calculus::Type& type) {
  return unwrap(semantics::interpret_type(c, type), "type " + calculus::to_string(type));
}

// |Γ ⊢ M : σ| for the case term with the given role: |Γ| → |σ|.
template <semantics::CartesianLeftAdditiveCategory C>
typename C::Morphism denotation(const C& c, const CaseTerm& entry) {
  return unwrap(semantics::interpret(c, entry.context, entry.term, entry.type),
                "interpreting " + entry.role);
}

// The metavariable role : X → Y of the case, i.e. |x:X ⊢ M : Y|∘⟨!, id⟩.
template <semantics::CartesianLeftAdditiveCategory C>
typename C::Morphism metavariable(const C& c, const Case& k, std::string_view role) {
  const CaseTerm& entry = k.term(role);
  if (entry.context.size() != 1) {
    throw calculus::InternalError("metavariable: a morphism's context has one entry");
  }
  const auto domain = object_of(c, entry.context.at(0).type);
  return c.compose(denotation(c, entry), c.pair(c.bang(domain), c.identity(domain)));
}

// The object of the one-entry point context of a case (the domain of an axiom's sides).
template <semantics::CartesianLeftAdditiveCategory C>
typename C::Object point_object(const C& c, const Case& k) {
  return object_of(c, k.point_context.at(0).type);
}

}  // namespace perturb::proofs
