#include "proofs/binding/bind_laws.h"

#include <boost/hana/for_each.hpp>

#include "proofs/binding/law_applicability.h"
#include "proofs/binding/text_law_binder.h"
#include "proofs/cases/check_case.h"
#include "proofs/laws/catalogue.h"
#include "proofs/laws/signature_laws.h"

namespace perturb::proofs {

void bind_laws(const semantics::AnyModel& model, std::vector<LawBinding>& into) {
  const semantics::Capabilities& capabilities = model.capabilities();
  const auto shared = std::make_shared<const semantics::AnyModel>(model);
  boost::hana::for_each(catalogue, [&](auto law_type) {
    using Law = typename decltype(law_type)::type;
    if (!law_applies<Law>(capabilities)) return;
    into.push_back(LawBinding{.info = Law::info,
                              .model = model.name(),
                              .foil = model.is_foil(),
                              .capabilities = capabilities,
                              .generate = [](CaseGenerator& gen) { return Law::generate(gen); },
                              .check =
                                  [shared](const Case& k, const semantics::Tolerance& tolerance,
                                           std::uint64_t compare_seed) {
                                    return check_case<Law>(*shared, k, tolerance, compare_seed);
                                  }});
  });
  // The signature's equations, on the models that host their primitives.
  TextLawBindings signature;
  const TextLawBinder bind = text_law_binder(model);
  for (const auto& law : signature_laws()) bind(law, signature);
  for (LawBinding& binding : signature.bindings) into.push_back(std::move(binding));
}

const std::vector<CatalogueLaw>& catalogue_laws() {
  static const std::vector<CatalogueLaw> laws = [] {
    std::vector<CatalogueLaw> all;
    boost::hana::for_each(catalogue, [&](auto law_type) {
      using Law = typename decltype(law_type)::type;
      all.push_back({Law::info, applicability_of<Law>()});
    });
    return all;
  }();
  return laws;
}

}  // namespace perturb::proofs
