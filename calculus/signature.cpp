#include "calculus/signature.h"

#include <cmath>
#include <deque>
#include <iterator>

#include "calculus/error.h"

namespace perturb::calculus {
namespace {

// In δ-rules p : T A is ⟨direction, point⟩: for a unary f, π1 p = v and
// π2 p = x; for a binary f, p = ⟨⟨u, w⟩, ⟨x, y⟩⟩.

// One primitive per entry, as the table of spec §6.
// clang-format off
constexpr SpecialPoint kRecipPoints[] = {
    {"zero", 0.0}, {"one", 1.0}, {"one", -1.0}};
constexpr SpecialPoint kLogPoints[] = {{"one", 1.0}};
constexpr SpecialPoint kSqrtPoints[] = {{"zero", 0.0}, {"one", 1.0}, {"square", 4.0}};
constexpr SpecialPoint kTanhPoints[] = {{"zero", 0.0}};
constexpr SpecialPoint kAbsPoints[] = {{"kink", 0.0}, {"one", 1.0}, {"one", -1.0}};
constexpr SpecialPoint kPowPoints[] = {
    {"zero-base", 0.0, std::nullopt}, {"exponent-0", std::nullopt, 0.0},
    {"exponent-1", std::nullopt, 1.0}, {"negative-base", -1.0, 2.0}};
constexpr SpecialPoint kAtan2Points[] = {
    {"axis", 0.0, 1.0}, {"cut", 0.0, -1.0}, {"axis", 1.0, 0.0}, {"axis", -1.0, 0.0}};
constexpr SpecialPoint kHypotPoints[] = {
    {"axis", 0.0, std::nullopt}, {"axis", std::nullopt, 0.0},
    {"tie", std::nullopt, std::nullopt, true}};
constexpr SpecialPoint kTiePoints[] = {{"tie", std::nullopt, std::nullopt, true}};
constexpr SpecialPoint kSignPoints[] = {{"zero", 0.0}};

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
     "\\p : T R. < sign (pi2 p) * pi1 p, abs (pi2 p) >", kAbsEquations},
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
     "\\p : T (R * R). < 0.5 * (pi1 (pi1 p) + pi2 (pi1 p) + sign (pi1 (pi2 p) - pi2 (pi2 p)) "
     "* (pi1 (pi1 p) - pi2 (pi1 p))), max (pi2 p) >",
     kMaxEquations},
    {Primitive::Min, "min", 2, "x != y", "kink on x = y", kTiePoints,
     "\\p : T (R * R). < 0.5 * (pi1 (pi1 p) + pi2 (pi1 p) - sign (pi1 (pi2 p) - pi2 (pi2 p)) "
     "* (pi1 (pi1 p) - pi2 (pi1 p))), min (pi2 p) >",
     kMinEquations},
    {Primitive::Sign, "sign", 1, "x != 0", "jump at 0", kSignPoints,
     "\\p : T R. < 0 * pi1 p, sign (pi2 p) >", {}},
};
// clang-format on

// The declared primitives' entries and specs, in the order declared: deques,
// so that the texts the specs point to never move.
struct DeclaredEntry {
  DeclaredSpec spec;
  std::vector<SpecialPoint> special_points;  // pointing into spec's
};
struct DeclaredTable {
  std::deque<DeclaredEntry> entries;
  std::deque<PrimitiveSpec> specs;
  std::vector<Primitive> primitives;
};

DeclaredTable& declared_table() {
  static DeclaredTable table;
  return table;
}

}  // namespace

std::span<const PrimitiveSpec> standard_signature() { return kSignature; }

std::span<const Primitive> declared_primitives() { return declared_table().primitives; }

std::vector<Primitive> signature_primitives() {
  std::vector<Primitive> all(std::begin(kStandardPrimitives), std::end(kStandardPrimitives));
  for (const Primitive p : declared_primitives()) all.push_back(p);
  return all;
}

Primitive add_declared_primitive(DeclaredSpec spec) {
  DeclaredTable& table = declared_table();
  const std::size_t index = std::size(kSignature) + table.entries.size();
  if (index >= kMaxPrimitives) {
    throw InternalError("add_declared_primitive: more than " + std::to_string(kMaxPrimitives) +
                        " primitives");
  }
  const auto primitive = static_cast<Primitive>(index);
  DeclaredEntry& added = table.entries.emplace_back(DeclaredEntry{std::move(spec), {}});
  const DeclaredSpec& entry = added.spec;
  for (const auto& [why, x] : entry.special_points) added.special_points.push_back({why, x});
  table.specs.push_back(PrimitiveSpec{.primitive = primitive,
                                      .name = entry.name,
                                      .arity = 1,
                                      .smooth_set = entry.smooth_set,
                                      .outside = entry.outside,
                                      .special_points = added.special_points,
                                      .delta_rule = entry.delta_rule,
                                      .equations = {},
                                      .declared = true,
                                      .domain = entry.domain,
                                      .has_series = entry.has_series,
                                      .outside_why = entry.outside_why});
  table.primitives.push_back(primitive);
  return primitive;
}

void remove_last_declared_primitive() {
  DeclaredTable& table = declared_table();
  if (table.entries.empty()) return;
  table.entries.pop_back();
  table.specs.pop_back();
  table.primitives.pop_back();
}

const PrimitiveSpec& spec_of(Primitive primitive) {
  const auto index = static_cast<std::size_t>(primitive);
  if (index < std::size(kSignature)) return kSignature[index];
  const DeclaredTable& table = declared_table();
  if (index - std::size(kSignature) < table.specs.size())
    return table.specs[index - std::size(kSignature)];
  throw InternalError("spec_of: unknown primitive");
}

const char* primitive_name(Primitive primitive) { return spec_of(primitive).name.data(); }

std::optional<Primitive> primitive_named(std::string_view name) {
  for (const PrimitiveSpec& spec : kSignature) {
    if (spec.name == name) return spec.primitive;
  }
  for (const PrimitiveSpec& spec : declared_table().specs) {
    if (spec.name == name) return spec.primitive;
  }
  return std::nullopt;
}

std::optional<std::string_view> special_point_at(Primitive primitive, double x, double y) {
  for (const SpecialPoint& point : spec_of(primitive).special_points) {
    if (point.contains(x, y)) return point.why;
  }
  return std::nullopt;
}

double evaluate_primitive(Primitive primitive, double x, double y) {
  if (is_declared(primitive)) {
    const auto index = static_cast<std::size_t>(primitive) - std::size(kSignature);
    return declared_table().entries.at(index).spec.value(x);
  }
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
    case Primitive::Sign:
      return x > 0 ? 1 : x < 0 ? -1 : 0;
  }
  throw InternalError("evaluate_primitive: unknown primitive");
}

}  // namespace perturb::calculus
