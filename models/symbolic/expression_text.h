// The text of the model `symbolic`'s expressions (models/symbolic/symbolic.h)
// in reports, the same in every run although GiNaC orders terms by hashes
// that depend on where its library is loaded. The caller holds
// Symbolic::exclusive().
#pragma once

#include <ginac/ginac.h>

#include <cstddef>
#include <string>

namespace perturb::models::expressions {

// Descriptions of deeply shared morphisms would grow exponentially; reports
// only need their beginning.
inline constexpr std::size_t kMaxDescription = 200;

// text cut to `length` bytes, with "…" when it was longer.
std::string bounded(std::string text, std::size_t length = kMaxDescription);

// e in infix notation, "2·x0 + sin(x1)^2", with numbers that are doubles as
// doubles.
std::string describe_expression(const GiNaC::ex& e);

}  // namespace perturb::models::expressions
