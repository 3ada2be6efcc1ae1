#include "proofs/binding/binding.h"

namespace perturb::proofs {

GeneratorOptions generator_options(const LawBinding& binding, std::uint32_t max_size) {
  const semantics::Capabilities& model = binding.capabilities;
  return {.higher_order = model.higher_order(),
          .whole_calculus = model.via_normal_form && binding.info.subject == LawSubject::Calculus,
          .max_size = max_size,
          .linear_only = model.linear_only,
          .differential = model.differential,
          .certified = model.certified,
          .transcendentals = model.transcendentals,
          .beyond_paper = binding.draws_beyond_paper & model.primitives};
}

}  // namespace perturb::proofs
