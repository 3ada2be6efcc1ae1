// The foils: deliberately wrong variants of the `closures` model, which exist
// to prove that the checker finds real bugs (issue 3). Each is the closures
// template with a policy that overrides exactly one member of the sound
// policy TaggedInfinitesimals (models/closures/closures.h), so that the one difference
// is the bug. They say so: is_foil() is true wherever models are listed.
#pragma once

#include <optional>

#include "models/closures/closures.h"

namespace perturb::models {

// `finite-difference`: D(f)(v, x) ≈ (f(x + h·v) − f(x))/h with h = 1e-4, a
// real number instead of an infinitesimal: every law holds only up to O(h) and
// rounding error.
struct FiniteDifferencePolicy : TaggedInfinitesimals {
  static constexpr const char* name = "finite-difference";
  static constexpr bool is_foil = true;
  static constexpr std::optional<double> finite_step = 1e-4;
};

// The one infinitesimal that the `naive-dual` foil uses for every call of D.
Tag shared_untagged_infinitesimal();

// `naive-dual`: one ε shared by every call of D, i.e. untagged dual numbers:
// perturbation confusion, D (\x:R. x * D (\y:R. x) 2) 1 = 1 instead of 0.
struct NaiveDualPolicy : TaggedInfinitesimals {
  static constexpr const char* name = "naive-dual";
  static constexpr bool is_foil = true;
  static Tag derivative_tag() { return shared_untagged_infinitesimal(); }
};

// `no-renaming`: a fresh tag per call of D, but a function-valued tangent
// applies without renaming its tag (the bug of JFP 2019): with
// s = \u:R. \f:R->R. \x:R. f (x + u), let d = D s 0 in d (d cube) 2 is 0, not 12.
struct NoRenamingPolicy : TaggedInfinitesimals {
  static constexpr const char* name = "no-renaming";
  static constexpr bool is_foil = true;
  static constexpr closures::Renaming renaming = closures::Renaming::Never;
};

// `tiny-relative-error`: D(f) multiplied by 1 + 1e-10, a bug below the
// default tolerance (relative 1e-7) that every law over double passes; over
// balls (`tiny-relative-error@ball`) the difference is certified.
struct TinyRelativeErrorPolicy : TaggedInfinitesimals {
  static constexpr const char* name = "tiny-relative-error";
  static constexpr bool is_foil = true;
  static constexpr double tangent_scale = 1.0 + 1e-10;
};

// `tie-by-order`: max and min at a tie take their first argument, so their
// values are right but their tangents at a tie depend on the order of the
// arguments: max <x, y> = max <y, x> holds, its T-image does not.
struct TieByOrderPolicy : TaggedInfinitesimals {
  static constexpr const char* name = "tie-by-order";
  static constexpr bool is_foil = true;
  static constexpr bool ties_by_order = true;
};

using FiniteDifference = ClosureModel<FiniteDifferencePolicy>;
using NaiveDual = ClosureModel<NaiveDualPolicy>;
using NoRenaming = ClosureModel<NoRenamingPolicy>;
using TinyRelativeError = ClosureModel<TinyRelativeErrorPolicy>;
using TieByOrder = ClosureModel<TieByOrderPolicy>;

// The foils over balls: the same bugs, with certified counterexamples.
using FiniteDifferenceOverBalls = ClosureModel<FiniteDifferencePolicy, Ball>;
using NaiveDualOverBalls = ClosureModel<NaiveDualPolicy, Ball>;
using NoRenamingOverBalls = ClosureModel<NoRenamingPolicy, Ball>;
using TinyRelativeErrorOverBalls = ClosureModel<TinyRelativeErrorPolicy, Ball>;

}  // namespace perturb::models
