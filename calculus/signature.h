// The signature: the primitive constants of the calculus, each as data
// (spec §6, "An open signature").
//
// A primitive f : A → B between first-order types is given by
//   name          how terms spell it (a keyword of the surface syntax)
//   arity         1 for f : R → R, 2 for f : R × R → R
//   smooth set    U_f, the open set where f is smooth, and what lies outside
//                 it (kinks, cuts, poles, boundaries), in words for reports
//   special points where implementations are known to go wrong
//   δ-rule        T f as a term of the surface syntax, λp:T A. ⟨∂f(π2 p)·π1 p, f(π2 p)⟩,
//                 which must denote T̂∘|f| on U_f (checked like every rule)
//   equations     the identities f satisfies (PrimitiveEquation)
// Nothing in the calculus depends on which primitives there are: the parser,
// printer, typing, reduction and the models read this table.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace perturb::calculus {

// The standard signature: the paper's four (spec §6's first paragraph) first,
// in their historical order, then the table of spec §6.
enum class Primitive : std::uint8_t {
  Mul,
  Sin,
  Cos,
  Exp,
  Recip,
  Log,
  Sqrt,
  Tanh,
  Abs,
  Pow,
  Atan2,
  Hypot,
  Max,
  Min,
  // Not in spec §6's table: the δ-rules of abs, max and min need it to say
  // their convention at the kink without a pole there (sign 0 = 0).
  Sign,
};

// A special point of a primitive, or a family of them: where x (and for a
// binary primitive y) is the given value, any value when none is given, and
// with x = y for a tie. Cases that evaluate the primitive there are labelled
// special:WHY (proofs/cases/check_case.h).
struct SpecialPoint {
  std::string_view why;  // "zero", "tie", "exponent-0", …
  std::optional<double> x;
  std::optional<double> y = std::nullopt;
  bool tie = false;

  bool contains(double at_x, double at_y) const {
    return (!x || *x == at_x) && (!y || *y == at_y) && (!tie || at_x == at_y);
  }
};

// An identity of the signature, ∀ variables : R. lhs = rhs, e.g. max
// symmetric: {"symmetric", "x y", "max <x, y>", "max <y, x>"}. Its
// T-image, T(λ⃗x. lhs) = T(λ⃗x. rhs), holds with it (a convention at a kink
// must keep both).
struct PrimitiveEquation {
  std::string_view name;
  std::string_view variables;  // names of R, separated by spaces
  std::string_view lhs;
  std::string_view rhs;
};

struct PrimitiveSpec {
  Primitive primitive;
  std::string_view name;
  int arity;  // 1: R → R; 2: R × R → R
  std::string_view smooth_set;
  std::string_view outside;  // "" when f is smooth everywhere
  std::span<const SpecialPoint> special_points;
  std::string_view delta_rule;
  std::span<const PrimitiveEquation> equations;
};

// Every primitive of the standard signature, in the order of Primitive.
std::span<const PrimitiveSpec> standard_signature();
// The paper's four: mul, sin, cos, exp (what random terms draw by default).
inline constexpr Primitive kPaperPrimitives[] = {Primitive::Mul, Primitive::Sin, Primitive::Cos,
                                                 Primitive::Exp};
// Whether p is one of the paper's four (they come first in Primitive).
constexpr bool is_paper_primitive(Primitive p) { return p <= Primitive::Exp; }

// Every primitive of the standard signature, as a compile-time list.
inline constexpr Primitive kStandardPrimitives[] = {
    Primitive::Mul,   Primitive::Sin,   Primitive::Cos,  Primitive::Exp, Primitive::Recip,
    Primitive::Log,   Primitive::Sqrt,  Primitive::Tanh, Primitive::Abs, Primitive::Pow,
    Primitive::Atan2, Primitive::Hypot, Primitive::Max,  Primitive::Min, Primitive::Sign};

const PrimitiveSpec& spec_of(Primitive primitive);
// "mul", "sin", …
const char* primitive_name(Primitive primitive);
// The primitive a keyword names, if any.
std::optional<Primitive> primitive_named(std::string_view name);

// The why of the first special point of primitive that contains ⟨x, y⟩ (y
// unused for a unary one), if any.
std::optional<std::string_view> special_point_at(Primitive primitive, double x, double y = 0);

// f's value at x (unary) or ⟨x, y⟩ (binary) in double arithmetic, with the
// conventions of the models at kinks (abs 0 = 0; max, min at a tie: the tie).
double evaluate_primitive(Primitive primitive, double x, double y = 0);

}  // namespace perturb::calculus
