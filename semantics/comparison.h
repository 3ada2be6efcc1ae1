// The three ways two computed points of an object can compare when a law is
// checked numerically. NotFinite is its own answer because a NaN or an
// infinity says nothing about the law: such a case is discarded, neither
// passed nor reported as a counterexample.
#pragma once

namespace perturb::semantics {

enum class Comparison { Equal, Different, NotFinite };

}  // namespace perturb::semantics
