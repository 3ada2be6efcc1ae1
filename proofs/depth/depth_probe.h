// The derivative nesting each law of the catalogue needs of a model, found
// by running it on a model that counts: morphisms carry only how deeply D is
// nested in them (compose, pair and sum take the larger, D adds one), and
// the sides of each law are read as they reach `apply`. The cases are drawn
// without T in their terms, so what is counted is the law's own nesting:
// cdc.D6's D(D(f)) is 2, cdc.D5's chain rule 1, a law of categories 0.
// (spec §6 and the "Depth": a model that nests derivatives d deep
// gets the laws of depth ≤ d, with random terms whose T's nest at most
// d − that deep.)
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace perturb::proofs {

// The derivative nesting of every catalogue law that binds to a closed
// differential model, by id: computed once, on first use.
const std::map<std::string, int, std::less<>>& catalogue_derivative_depths();

// That of the catalogue law `id`; 0 for an id the catalogue does not have.
int catalogue_derivative_depth(std::string_view id);

}  // namespace perturb::proofs
