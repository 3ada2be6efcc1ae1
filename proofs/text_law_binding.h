// A text law (proofs/text_law.h) bound to a model: the LawBinding the runner,
// shrinker and reports take, as bind_laws makes for the catalogue's laws.
// Instantiated once per model type (proofs/builtin_text_law_bindings.cpp),
// since it pulls in the soundness laws' interpretation helpers.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "proofs/binding.h"
#include "proofs/builtin_text_law_bindings.h"
#include "proofs/laws_soundness.h"
#include "proofs/text_law.h"

namespace perturb::proofs {

// Why a model of type M cannot run law, or nullopt when it can.
template <CheckableModel M>
std::optional<std::string> text_law_refusal(const TextLaw& law) {
  constexpr bool closed = semantics::DifferentialLambdaCategory<M>;
  if constexpr (LinearOnlyModel<M>) {
    return "it has linear maps only";
  } else {
    if (law.needs_derivative && !semantics::CartesianDifferentialCategory<M>)
      return "it has no derivative, and the equation has T or D";
    if (law.needs_transcendentals && PrimitiveFreeModel<M>)
      return "it is exact over the rationals, and the equation has sin, cos or exp";
    if (law.needs_closed_model && !closed) {
      return "it is not closed, and the equation has a metavariable of higher-order type or "
             "sides of a function type";
    }
    if (!closed && !semantics::FirstOrderViaNormalForm<M>)
      return "it reads first-order terms only, and the sides have λ's once f, g, … are replaced";
    return std::nullopt;
  }
}

// law on model; requires that text_law_refusal<M>(*law) is nullopt.
template <CheckableModel M>
LawBinding bind_text_law(std::shared_ptr<const TextLaw> law, std::shared_ptr<const M> model) {
  return LawBinding{
      .info = law->info(),
      .model = std::string(model->name()),
      .foil = model->is_foil(),
      .higher_order = semantics::DifferentialLambdaCategory<M>,
      .whole_calculus = semantics::FirstOrderViaNormalForm<M>,
      .linear_only = false,
      .differential = semantics::CartesianDifferentialCategory<M>,
      .certified = CertifiedModel<M>,
      .transcendentals = !PrimitiveFreeModel<M>,
      .proving = ProvingModel<M>,
      .serial = SerialModel<M>,
      .generate = [law](CaseGenerator& gen) { return generate_text_law_case(*law, gen); },
      .check =
          [law, model](const Case& k, const semantics::Tolerance& tolerance,
                       std::uint64_t compare_seed) {
            return check_sides(*model, k, tolerance, compare_seed, [&] {
              const auto [lhs, rhs] = instantiate_sides(*law, k);
              const calculus::Type& type = law->equation.type;
              return Equation<typename M::Morphism>{
                  laws::detail::denote(*model, k.point_context, lhs, type, "the left side"),
                  laws::detail::denote(*model, k.point_context, rhs, type, "the right side")};
            });
          }};
}

// The TextLawBinder of model: binds a law when text_law_refusal allows it,
// else records the refusal.
template <CheckableModel M>
TextLawBinder text_law_binder(std::shared_ptr<const M> model) {
  return [model](const std::shared_ptr<const TextLaw>& law, TextLawBindings& into) {
    if (auto refusal = text_law_refusal<M>(*law)) {
      into.refusals.push_back(
          {law->id, std::string(model->name()), model->is_foil(), std::move(*refusal)});
    } else {
      into.bindings.push_back(bind_text_law(law, model));
    }
  };
}

}  // namespace perturb::proofs
