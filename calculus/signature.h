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
//
// Beyond the standard signature, a plugin may declare primitives of its own
// at load time (calculus/declared_primitive.h): they get the Primitive values
// after Sign, in the order declared, and this table answers for them too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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
// The first declared primitive (not an enumerator, so that switches over the
// standard signature stay exhaustive); the others follow it, up to 64 in all
// (a PrimitiveSet has a bit for each).
inline constexpr Primitive kFirstDeclared = static_cast<Primitive>(15);
inline constexpr std::size_t kMaxPrimitives = 64;

// Where a declared primitive is smooth: a declaration says one of these, so
// that terms can keep its applications inside (calculus/random_application.h).
enum class DeclaredDomain : std::uint8_t {
  Everywhere,  // smooth on all of R
  Positive,    // smooth for x > 0 (log's domain)
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
  // For a declared primitive: its domain, whether it came with a Taylor
  // series over balls (so that the certified models host it), and the
  // reason an application outside its domain is given.
  bool declared = false;
  DeclaredDomain domain = DeclaredDomain::Everywhere;
  bool has_series = false;
  std::string_view outside_why = {};
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

// Whether primitive was declared at run time rather than standard.
constexpr bool is_declared(Primitive p) { return p >= kFirstDeclared; }

// The declared primitives, in the order declared (none unless a plugin declared some).
std::span<const Primitive> declared_primitives();
// The standard signature's primitives, then the declared ones.
std::vector<Primitive> signature_primitives();

// A declared primitive's entry in the table: its spec, with the texts it
// points to, and its value in double arithmetic.
struct DeclaredSpec {
  std::string name;
  std::string smooth_set;
  std::string outside;
  std::string delta_rule;
  std::string outside_why;
  // Its special points x, each with its why ("zero", …).
  std::vector<std::pair<std::string, double>> special_points;
  DeclaredDomain domain = DeclaredDomain::Everywhere;
  bool has_series = false;
  double (*value)(double) = nullptr;
};
// Adds spec to the table as the next declared primitive, and returns it; the
// caller (declare_primitive) has checked it. Not thread-safe: primitives are
// declared while plugins load, before any case runs.
Primitive add_declared_primitive(DeclaredSpec spec);
// Removes the last declared primitive (a declaration that failed its checks).
void remove_last_declared_primitive();

const PrimitiveSpec& spec_of(Primitive primitive);
// "mul", "sin", …
const char* primitive_name(Primitive primitive);
// The primitive a keyword names, if any.
std::optional<Primitive> primitive_named(std::string_view name);

// The why of the first special point of primitive that contains ⟨x, y⟩ (y
// unused for a unary one), if any.
std::optional<std::string_view> special_point_at(Primitive primitive, double x, double y = 0);

// f's value at x (unary) or ⟨x, y⟩ (binary) in double arithmetic, with the
// conventions of the models at kinks (abs 0 = 0; max, min at a tie: the tie);
// a declared f's by the function it was declared with.
double evaluate_primitive(Primitive primitive, double x, double y = 0);

}  // namespace perturb::calculus
