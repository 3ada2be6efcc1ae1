#include "proofs/binding/text_law_binding.h"

#include <string>

#include "proofs/cases/check_case.h"
#include "proofs/laws/laws_soundness.h"

namespace perturb::proofs {

LawBinding bind_text_law(std::shared_ptr<const TextLaw> law, const semantics::AnyModel& model) {
  const auto shared = std::make_shared<const semantics::AnyModel>(model);
  return LawBinding{
      .info = law->info(),
      .model = model.name(),
      .foil = model.is_foil(),
      .capabilities = model.capabilities(),
      .generate = [law](CaseGenerator& gen) { return generate_text_law_case(*law, gen); },
      .check =
          [law, shared](const Case& k, const semantics::Tolerance& tolerance,
                        std::uint64_t compare_seed) {
            const semantics::AnyModel& model = *shared;
            return check_sides(model, k, tolerance, compare_seed, [&] {
              const auto [lhs, rhs] = instantiate_sides(*law, k);
              const calculus::Type& type = law->equation.type;
              return Equation<semantics::AnyMorphism>{
                  laws::detail::denote(model, k.point_context, lhs, type, "the left side"),
                  laws::detail::denote(model, k.point_context, rhs, type, "the right side")};
            });
          },
      .derivative_depth = derivative_depth(*law)};
}

TextLawBinder text_law_binder(const semantics::AnyModel& model) {
  return [model](const std::shared_ptr<const TextLaw>& law, TextLawBindings& into) {
    if (auto refusal = text_law_refusal(*law, model.capabilities())) {
      into.refusals.push_back({law->id, model.name(), model.is_foil(), std::move(*refusal)});
    } else {
      into.bindings.push_back(bind_text_law(law, model));
    }
  };
}

}  // namespace perturb::proofs
