// Whether a law applies to a model is decided at run time from the model's
// capabilities (proofs/binding/law_applicability.h): it must be exactly what the
// law's constraint says of the model's own type, for every law and every
// built-in model.
#include "proofs/binding/law_applicability.h"

#include <boost/hana/for_each.hpp>
#include <catch2/catch.hpp>
#include <string>

#include "models/registry.h"
#include "proofs/laws/catalogue.h"

using namespace perturb;

TEST_CASE("law_applies: the law's concept on the model's type, for every law and built-in model",
          "[applicability]") {
  std::size_t pairs = 0, applying = 0;
  boost::hana::for_each(models::builtin_model_types, [&](auto model_type) {
    using M = typename decltype(model_type)::type;
    boost::hana::for_each(proofs::catalogue, [&](auto law_type) {
      using Law = typename decltype(law_type)::type;
      constexpr bool by_type = proofs::LawAppliesTo<Law, M>;
      INFO(std::string(Law::info.id) << " on " << M(semantics::ModelConfig{}).name());
      CHECK(proofs::law_applies<Law>(semantics::capabilities_of<M>()) == by_type);
      ++pairs;
      applying += by_type;
    });
  });
  CHECK(pairs > applying);
  CHECK(applying > 0);
}
