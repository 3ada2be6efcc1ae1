// Tags name infinitesimals: ε_tag in F[ε1, ε2, …]/(εi²). Renaming on
// application (closures model) makes the number of tags unbounded, so a tag is
// a 32-bit counter value, never a bit in a mask.
#pragma once

#include <cstdint>

namespace perturb::models {

using Tag = std::uint32_t;

// A tag never returned before in this process; thread-safe, strictly increasing
// in the order of calls. Throws calculus::InternalError when 2³² − 1 tags are used up.
Tag fresh_tag();

}  // namespace perturb::models
