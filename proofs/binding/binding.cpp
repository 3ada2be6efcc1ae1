#include "proofs/binding/binding.h"

namespace perturb::proofs {

namespace {

semantics::PrimitiveSet paper_primitives() {
  semantics::PrimitiveSet set = 0;
  for (const calculus::Primitive p : calculus::kPaperPrimitives) set |= semantics::primitive_bit(p);
  return set;
}

}  // namespace

GeneratorOptions generator_options(const LawBinding& binding, std::uint32_t max_size,
                                   bool paper_signature) {
  const semantics::Capabilities& model = binding.capabilities;
  const semantics::PrimitiveSet beyond_paper =
      binding.draws_beyond_paper & model.hosted() & ~paper_primitives();
  return {.higher_order = model.higher_order(),
          .whole_calculus = model.via_normal_form && binding.info.subject == LawSubject::Calculus,
          .max_size = max_size,
          .linear_only = model.linear_only,
          .differential = model.differential,
          .certified = model.certified,
          .transcendentals = model.transcendentals,
          .beyond_paper = paper_signature ? 0 : beyond_paper,
          .max_tangent_depth = binding.max_tangent_depth,
          .model_points = paper_signature || !model.special_points ? std::span<const double>()
                                                                   : model.special_points()};
}

}  // namespace perturb::proofs
