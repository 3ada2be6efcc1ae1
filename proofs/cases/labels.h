// Case labels (design.md "Runner"): which syntactic forms a case's terms use,
// how deeply T nests, whether it is higher-order. The runner counts cases
// per label, so that a summary shows what the random cases actually covered.
#pragma once

#include <string>
#include <vector>

#include "proofs/cases/law.h"

namespace perturb::proofs {

// The labels of a case, sorted, each once.
std::vector<std::string> case_labels(const Case& k);

}  // namespace perturb::proofs
