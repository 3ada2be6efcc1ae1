// The coordinate symbols x0, x1, … of the model `symbolic`: one GiNaC symbol
// per index, made once and kept for the life of the process (a morphism may
// outlive the static objects of its program). The caller holds
// Symbolic::exclusive().
#pragma once

#include <ginac/ginac.h>

namespace perturb::models::expressions {

// The symbol xi, made on first use; index ≥ 0.
GiNaC::ex coordinate_symbol(int index);

// The index of a coordinate symbol; throws InternalError for any other symbol.
int symbol_index(const GiNaC::ex& symbol);

}  // namespace perturb::models::expressions
