// Where one application of a primitive lies with respect to its smooth set
// U_f (spec §6, "Four outcomes"): inside U_f along its direction, at a kink,
// or outside (a domain error, a pole, a boundary, a cut, or a nonzero
// direction along which f is not smooth). The fourth outcome, overflow, is a
// property of values, not of the point: the certified twin decides it
// (proofs/binding/certified_twin.h).
//
// A law is decided only where every application is inside or at a kink; a
// case with an application outside says nothing about it (an outside-domain
// discard, proofs/cases/check_case.h).
#pragma once

#include <string_view>

#include "calculus/signature.h"

namespace perturb::calculus {

enum class Placement { Inside, Kink, Outside };

struct ApplicationPlace {
  Placement placement = Placement::Inside;
  // Why, when not inside: "log: x <= 0", "abs: kink at 0", … (fixed texts,
  // so that a run's outside-domain cases add up to a few reasons).
  std::string_view why = {};
};

// One application f(x) or f⟨x, y⟩ at the point's values x, y (y unused for a
// unary f): moves says whether the argument has a nonzero direction (for a
// binary f, either component), and same_direction whether a binary f's two
// arguments move alike (max along (v, v) is smooth at a tie).
struct Application {
  double x = 0;
  double y = 0;
  bool x_moves = false;
  bool y_moves = false;
  bool same_direction = false;
};

ApplicationPlace place_application(Primitive primitive, const Application& application);

}  // namespace perturb::calculus
