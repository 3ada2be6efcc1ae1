#include "calculus/primitive_domain.h"

#include <cmath>

namespace perturb::calculus {
namespace {

constexpr ApplicationPlace kInside = {};

ApplicationPlace outside(std::string_view why) { return {Placement::Outside, why}; }

bool is_natural(double y) { return y >= 0 && std::floor(y) == y && std::isfinite(y); }
bool is_integer(double y) { return std::floor(y) == y && std::isfinite(y); }

// pow⟨x, y⟩: smooth for x > 0; for a fixed exponent n ≥ 0, a polynomial in
// x; at base 0 along the exponent's direction only, 0^y = 0 for y > 0.
ApplicationPlace place_pow(const Application& a) {
  if (!a.y_moves && is_natural(a.y)) return kInside;
  if (a.x > 0) return kInside;
  if (a.x == 0) {
    if (a.y < 0 || (a.y == 0 && a.y_moves)) return outside("pow: base 0, exponent <= 0");
    if (a.x_moves) return outside("pow: base 0 along a moving base");
    return kInside;
  }
  if (!a.x_moves && !a.y_moves && is_integer(a.y)) return kInside;
  return outside("pow: negative base");
}

// atan2⟨y, x⟩ (here a.x is y and a.y is x, in the order of the arguments).
ApplicationPlace place_atan2(const Application& a) {
  const bool moves = a.x_moves || a.y_moves;
  if (a.x == 0 && a.y == 0) return outside("atan2: origin");
  if (moves && a.x == 0 && a.y < 0) return outside("atan2: on the cut y = 0, x < 0");
  return kInside;
}

}  // namespace

ApplicationPlace place_application(Primitive primitive, const Application& a) {
  const bool moves = a.x_moves || a.y_moves;
  if (is_declared(primitive)) {
    const PrimitiveSpec& spec = spec_of(primitive);
    if (spec.domain == DeclaredDomain::Positive && a.x <= 0) return outside(spec.outside_why);
    return kInside;
  }
  switch (primitive) {
    case Primitive::Mul:
    case Primitive::Sin:
    case Primitive::Cos:
    case Primitive::Exp:
    case Primitive::Tanh:
      return kInside;
    case Primitive::Recip:
      return a.x == 0 ? outside("recip: pole at 0") : kInside;
    case Primitive::Log:
      return a.x <= 0 ? outside("log: x <= 0") : kInside;
    case Primitive::Sqrt:
      // At 0 along the zero direction T sqrt ⟨0, 0⟩ = ⟨0, 0⟩ (D2).
      if (a.x < 0) return outside("sqrt: x < 0");
      if (a.x == 0 && a.x_moves) return outside("sqrt: boundary 0 along a nonzero direction");
      return kInside;
    case Primitive::Pow:
      return place_pow(a);
    case Primitive::Atan2:
      return place_atan2(a);
    case Primitive::Hypot:
      return moves && a.x == 0 && a.y == 0 ? outside("hypot: origin") : kInside;
    case Primitive::Abs:
      return a.x == 0 && a.x_moves ? ApplicationPlace{Placement::Kink, "abs: kink at 0"} : kInside;
    case Primitive::Sign:
      return a.x == 0 && a.x_moves ? outside("sign: jump at 0") : kInside;
    case Primitive::Max:
    case Primitive::Min:
      if (a.x == a.y && moves && !a.same_direction) {
        return {Placement::Kink, primitive == Primitive::Max ? "max: tie" : "min: tie"};
      }
      return kInside;
  }
  return kInside;
}

}  // namespace perturb::calculus
