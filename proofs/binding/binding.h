// A law bound to a model: a value the runner, the shrinker and the reports
// take, made by bind_laws (proofs/binding/bind_laws.h) for the catalogue's laws and
// by bind_text_law (proofs/binding/text_law_binding.h) for a user's equations.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "proofs/cases/case_generator.h"
#include "proofs/cases/law.h"
#include "semantics/capabilities.h"
#include "semantics/tolerance.h"

namespace perturb::proofs {

struct LawBinding {
  LawInfo info;
  std::string model;
  bool foil = false;
  // What the model can do (semantics/capabilities.h): which cases the law
  // gets there (generator_options) and how they are decided.
  semantics::Capabilities capabilities;
  std::function<Case(CaseGenerator&)> generate;
  std::function<Outcome(const Case&, const semantics::Tolerance&, std::uint64_t compare_seed)>
      check;
  // (Last, so that bindings built with designated initializers may leave
  // them out.) Whether certify_by_twins has composed `check` yet, and the
  // certified twin that confirms its counterexamples ("" when it has none).
  bool twin_composed = false;
  std::string certified_by = {};
  // The primitives beyond the paper's four that its random terms draw, of
  // those the model hosts (GeneratorOptions::beyond_paper): all by default.
  semantics::PrimitiveSet draws_beyond_paper = ~semantics::PrimitiveSet{0};
  // How deeply the law itself nests derivatives (proofs/depth/), when its
  // binder knows; else the catalogue's, by id.
  std::optional<int> derivative_depth = std::nullopt;
  // The deepest T-nesting of its random terms (GeneratorOptions), set from
  // the model's depth by apply_depth_limits; none: no bound.
  std::optional<std::uint32_t> max_tangent_depth = std::nullopt;
};

// The options of the cases of binding, terms of about max_size, drawing the
// paper's four primitives only when paper_signature.
GeneratorOptions generator_options(const LawBinding& binding, std::uint32_t max_size,
                                   bool paper_signature = false);

}  // namespace perturb::proofs
