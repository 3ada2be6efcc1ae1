// A model's depth applied to its laws (semantics/capabilities.h, depth): a
// law that nests derivatives deeper than the model supports is refused, by
// name; the others' random terms nest T at most the difference deep.
#pragma once

#include <string>
#include <vector>

#include "proofs/binding/binding.h"

namespace perturb::proofs {

struct DepthRefusal {
  std::string law;
  std::string model;
  bool foil = false;
  int law_depth = 0;
  int model_depth = 0;

  // "cdc.D7 is not run on M: it nests derivatives 2 deep, M supports 1".
  std::string to_string() const;
};

// How deeply binding's law itself nests derivatives: its binder's figure, or
// the catalogue's (proofs/depth/depth_probe.h); 0 for a law neither knows.
int law_derivative_depth(const LawBinding& binding);

// Removes the bindings whose law nests deeper than their model supports and
// returns them as refusals; bounds the T-nesting of the others' terms.
// Bindings on models without a depth are left as they are.
std::vector<DepthRefusal> apply_depth_limits(std::vector<LawBinding>& bindings);

}  // namespace perturb::proofs
