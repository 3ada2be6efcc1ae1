#include "calculus/signature.h"

#include <cmath>
#include <iterator>

#include "calculus/error.h"

namespace perturb::calculus {
namespace {

// In δ-rules p : T A is ⟨direction, point⟩: for a unary f, π1 p = v and
// π2 p = x; for a binary f, p = ⟨⟨u, w⟩, ⟨x, y⟩⟩.

// One primitive per entry, as the table of spec §6.
// clang-format off
constexpr SpecialPoint kRecipPoints[] = {
    {0, 0, "zero"}, {-0.0, 0, "zero"}, {1, 0, "one"}, {-1, 0, "one"}};
constexpr SpecialPoint kLogPoints[] = {{1, 0, "one"}};
constexpr SpecialPoint kSqrtPoints[] = {{0, 0, "zero"}, {1, 0, "one"}, {4, 0, "square"}};
constexpr SpecialPoint kTanhPoints[] = {{0, 0, "zero"}};
constexpr SpecialPoint kAbsPoints[] = {{0, 0, "kink"}, {1, 0, "one"}, {-1, 0, "one"}};
constexpr SpecialPoint kPowPoints[] = {
    {0, 0, "zero"}, {0, 1, "zero"},          {0, 2, "zero"},
    {0, 3, "zero"}, {2.5, 0, "exponent-0"},  {2.5, 1, "exponent-1"},
    {-1, 2, "integer-exponent"}};
constexpr SpecialPoint kAtan2Points[] = {
    {0, 1, "axis"}, {0, -1, "cut"}, {-0.0, -1, "cut"}, {1, 0, "axis"}, {-1, 0, "axis"}};
constexpr SpecialPoint kHypotPoints[] = {{0, 1, "axis"}, {1, 0, "axis"}, {1, 1, "tie"}};
constexpr SpecialPoint kTiePoints[] = {{1, 1, "tie"}, {0, 0, "tie"}, {-2.5, -2.5, "tie"}};

constexpr PrimitiveEquation kMaxEquations[] = {
    {"symmetric", "x y", "max <x, y>", "max <y, x>"},
};
constexpr PrimitiveEquation kMinEquations[] = {
    {"by-max", "x y", "min <x, y>", "-max <-x, -y>"},
};
constexpr PrimitiveEquation kAbsEquations[] = {
    {"by-max", "x", "abs x", "max <x, -x>"},
};
constexpr PrimitiveEquation kHypotEquations[] = {
    {"symmetric", "x y", "hypot <x, y>", "hypot <y, x>"},
};

constexpr PrimitiveSpec kSignature[] = {
    {Primitive::Mul, "mul", 2, "everywhere", "", {},
     "\\p : T (R * R). < pi1 (pi1 p) * pi2 (pi2 p) + pi2 (pi1 p) * pi1 (pi2 p), "
     "pi1 (pi2 p) * pi2 (pi2 p) >",
     {}},
    {Primitive::Sin, "sin", 1, "everywhere", "", {},
     "\\p : T R. < cos (pi2 p) * pi1 p, sin (pi2 p) >", {}},
    {Primitive::Cos, "cos", 1, "everywhere", "", {},
     "\\p : T R. < -1 * (sin (pi2 p) * pi1 p), cos (pi2 p) >", {}},
    {Primitive::Exp, "exp", 1, "everywhere", "", {},
     "\\p : T R. < exp (pi2 p) * pi1 p, exp (pi2 p) >", {}},
    {Primitive::Recip, "recip", 1, "x != 0", "pole at 0", kRecipPoints,
     "\\p : T R. < -1 * (recip (pi2 p) * recip (pi2 p) * pi1 p), recip (pi2 p) >", {}},
    {Primitive::Log, "log", 1, "x > 0", "x <= 0", kLogPoints,
     "\\p : T R. < recip (pi2 p) * pi1 p, log (pi2 p) >", {}},
    {Primitive::Sqrt, "sqrt", 1, "x > 0", "x < 0; boundary at 0", kSqrtPoints,
     "\\p : T R. < 0.5 * recip (sqrt (pi2 p)) * pi1 p, sqrt (pi2 p) >", {}},
    {Primitive::Tanh, "tanh", 1, "everywhere", "", kTanhPoints,
     "\\p : T R. < (1 - tanh (pi2 p) * tanh (pi2 p)) * pi1 p, tanh (pi2 p) >", {}},
    {Primitive::Abs, "abs", 1, "x != 0", "kink at 0", kAbsPoints,
     "\\p : T R. < abs (pi2 p) * recip (pi2 p) * pi1 p, abs (pi2 p) >", kAbsEquations},
    {Primitive::Pow, "pow", 2,
     "x > 0; every x for an exponent that is an integer n >= 0 along a zero direction",
     "x <= 0 otherwise", kPowPoints,
     "\\p : T (R * R). < pi2 (pi2 p) * pow <pi1 (pi2 p), pi2 (pi2 p) - 1> * pi1 (pi1 p) "
     "+ pow (pi2 p) * log (pi1 (pi2 p)) * pi2 (pi1 p), pow (pi2 p) >",
     {}},
    {Primitive::Atan2, "atan2", 2, "off the origin and off the cut {y = 0, x < 0}",
     "origin; cut y = 0, x < 0 (the sign of a zero y matters)", kAtan2Points,
     "\\p : T (R * R). < (pi2 (pi2 p) * pi1 (pi1 p) - pi1 (pi2 p) * pi2 (pi1 p)) "
     "* recip (pi1 (pi2 p) * pi1 (pi2 p) + pi2 (pi2 p) * pi2 (pi2 p)), atan2 (pi2 p) >",
     {}},
    {Primitive::Hypot, "hypot", 2, "off the origin", "cone at the origin", kHypotPoints,
     "\\p : T (R * R). < (pi1 (pi2 p) * pi1 (pi1 p) + pi2 (pi2 p) * pi2 (pi1 p)) "
     "* recip (hypot (pi2 p)), hypot (pi2 p) >",
     kHypotEquations},
    {Primitive::Max, "max", 2, "x != y", "kink on x = y", kTiePoints,
     "\\p : T (R * R). < 0.5 * (pi1 (pi1 p) + pi2 (pi1 p) + abs (pi1 (pi2 p) - pi2 (pi2 p)) "
     "* recip (pi1 (pi2 p) - pi2 (pi2 p)) * (pi1 (pi1 p) - pi2 (pi1 p))), max (pi2 p) >",
     kMaxEquations},
    {Primitive::Min, "min", 2, "x != y", "kink on x = y", kTiePoints,
     "\\p : T (R * R). < 0.5 * (pi1 (pi1 p) + pi2 (pi1 p) - abs (pi1 (pi2 p) - pi2 (pi2 p)) "
     "* recip (pi1 (pi2 p) - pi2 (pi2 p)) * (pi1 (pi1 p) - pi2 (pi1 p))), min (pi2 p) >",
     kMinEquations},
};
// clang-format on

}  // namespace

std::span<const PrimitiveSpec> standard_signature() { return kSignature; }

const PrimitiveSpec& spec_of(Primitive primitive) {
  const auto index = static_cast<std::size_t>(primitive);
  if (index >= std::size(kSignature)) throw InternalError("spec_of: unknown primitive");
  return kSignature[index];
}

const char* primitive_name(Primitive primitive) { return spec_of(primitive).name.data(); }

std::optional<Primitive> primitive_named(std::string_view name) {
  for (const PrimitiveSpec& spec : kSignature) {
    if (spec.name == name) return spec.primitive;
  }
  return std::nullopt;
}

double evaluate_primitive(Primitive primitive, double x, double y) {
  switch (primitive) {
    case Primitive::Mul:
      return x * y;
    case Primitive::Sin:
      return std::sin(x);
    case Primitive::Cos:
      return std::cos(x);
    case Primitive::Exp:
      return std::exp(x);
    case Primitive::Recip:
      return 1 / x;
    case Primitive::Log:
      return std::log(x);
    case Primitive::Sqrt:
      return std::sqrt(x);
    case Primitive::Tanh:
      return std::tanh(x);
    case Primitive::Abs:
      return std::fabs(x);
    case Primitive::Pow:
      return std::pow(x, y);
    case Primitive::Atan2:
      return std::atan2(x, y);
    case Primitive::Hypot:
      return std::hypot(x, y);
    case Primitive::Max:
      return x < y ? y : x;
    case Primitive::Min:
      return y < x ? y : x;
  }
  throw InternalError("evaluate_primitive: unknown primitive");
}

}  // namespace perturb::calculus
