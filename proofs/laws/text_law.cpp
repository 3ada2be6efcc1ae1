#include "proofs/laws/text_law.h"

#include <algorithm>

#include "calculus/any_subterm.h"
#include "calculus/metavariables.h"
#include "calculus/print.h"
#include "calculus/random_draws.h"
#include "calculus/signature.h"
#include "proofs/cases/case_generator.h"

namespace perturb::proofs {
namespace {

using calculus::Term;
using calculus::Type;

// Whether type is built from R, × and → only (an atom has no closed terms,
// so no random value).
bool has_values(const Type& type) {
  if (calculus::is_real(type)) return true;
  if (calculus::is_atom(type)) return false;
  return has_values(type->left()) && has_values(type->right());
}

// R, products and tangents of them: a point's type.
bool is_ground(const Type& type) { return calculus::is_first_order(type) && has_values(type); }

MetavariableShape shape_of(const Type& type) {
  if (is_ground(type)) return MetavariableShape::Point;
  if (calculus::is_arrow(type) && is_ground(calculus::arrow_domain(type)) &&
      is_ground(calculus::arrow_codomain(type))) {
    return MetavariableShape::Morphism;
  }
  return MetavariableShape::ClosedTerm;
}

}  // namespace

bool TextLaw::is_text_law_id(std::string_view id) {
  return id.starts_with("equation.") || id.starts_with("rule.");
}

calculus::ErrorOr<TextLaw> TextLaw::make(std::string_view text, std::string id) {
  auto equation = calculus::parse_equation(text);
  if (!equation) return equation.error();
  TextLaw law;
  law.id = std::move(id);
  law.statement = std::string(text);
  law.reference = law.id.starts_with("rule.") ? "user rule" : "user equation";
  law.equation = *equation;
  for (const calculus::Binding& binding : law.equation.metavariables.entries()) {
    if (!has_values(binding.type)) {
      return calculus::Error{"the metavariable " + binding.name + " has type " +
                                 calculus::to_string(binding.type) +
                                 ", which has an atom: atoms have no random values, use R",
                             std::nullopt};
    }
    law.shapes.push_back(shape_of(binding.type));
    if (law.shapes.back() == MetavariableShape::ClosedTerm) law.needs_closed_model = true;
  }
  if (!has_values(law.equation.type)) {
    return calculus::Error{"the sides have type " + calculus::to_string(law.equation.type) +
                               ", which has an atom: the sides cannot be compared",
                           std::nullopt};
  }
  if (!is_ground(law.equation.type)) law.needs_closed_model = true;
  const auto either_side = [&](auto predicate) {
    return calculus::any_subterm(law.equation.lhs, predicate) ||
           calculus::any_subterm(law.equation.rhs, predicate);
  };
  law.needs_derivative = either_side([](const Term& t) { return calculus::is_tan(t); });
  law.sides_have_lambda = either_side([](const Term& t) { return calculus::is_lam(t); });
  for (const calculus::Primitive p : calculus::signature_primitives()) {
    if (either_side(
            [p](const Term& t) { return calculus::is_prim(t) && calculus::prim_of(t) == p; }))
      law.primitives |= semantics::primitive_bit(p);
  }
  return law;
}

namespace {

// Whether a primitive in set has special points (spec §6).
bool has_special_points(semantics::PrimitiveSet set) {
  for (const calculus::Primitive p : calculus::signature_primitives()) {
    if ((set & semantics::primitive_bit(p)) && !calculus::spec_of(p).special_points.empty())
      return true;
  }
  return false;
}

// The coordinates of the special points of the primitives in set: 0 and ±1
// for abs, 4 for sqrt, … (ties are aimed at apart).
std::vector<double> special_coordinates(semantics::PrimitiveSet set) {
  std::vector<double> values;
  const auto add = [&](std::optional<double> v) {
    if (v && std::find(values.begin(), values.end(), *v) == values.end()) values.push_back(*v);
  };
  for (const calculus::Primitive p : calculus::signature_primitives()) {
    if (!(set & semantics::primitive_bit(p))) continue;
    for (const calculus::SpecialPoint& point : calculus::spec_of(p).special_points) {
      add(point.x);
      add(point.y);
    }
  }
  return values;
}

// In one case in kSpecialOdds one real point metavariable, chosen uniformly
// among those it can be, is aimed at a special point: it takes, uniformly, a
// coordinate of one (special_coordinates) or the value of the real point
// just before it (a tie: in `x y` and in a T-image's `dx dy x y` the partner
// of a binary primitive). The literals alone never give 0, and tie in one
// case in eight. One point at a time, so that two aimed coordinates do not
// meet where a primitive is outside its smooth set (hypot's origin).
constexpr std::uint32_t kSpecialOdds = 2;

}  // namespace

Case generate_text_law_case(const TextLaw& law, CaseGenerator& gen) {
  Case k;
  const auto& entries = law.equation.metavariables.entries();
  // Only for laws with a primitive that has special points, so that the
  // cases of every other law stay as they were.
  const bool aims = has_special_points(law.primitives);
  const std::vector<double> special = special_coordinates(law.primitives);
  std::size_t real_point_count = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (law.shapes[i] == MetavariableShape::Point && calculus::is_real(entries[i].type))
      ++real_point_count;
  }
  // The real points that can be aimed: each, or all but the first when
  // there are only ties. aimed == real_point_count: none this case.
  const std::size_t first_aimable = special.empty() ? 1 : 0;
  std::size_t aimed = real_point_count;
  if (aims && real_point_count > first_aimable &&
      calculus::random_chance(gen.rng(), 1, kSpecialOdds))
    aimed = first_aimable + calculus::random_below(gen.rng(), real_point_count - first_aimable);
  std::vector<Term> real_points;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const calculus::Binding& binding = entries[i];
    switch (law.shapes[i]) {
      case MetavariableShape::Point:
        if (calculus::is_real(binding.type) && real_points.size() == aimed) {
          const std::size_t options = special.size() + (real_points.empty() ? 0 : 1);
          const std::uint64_t pick = calculus::random_below(gen.rng(), options);
          k.point_context.push(binding.name, binding.type);
          k.point.push_back(pick < special.size() ? calculus::mk_lit(special[pick])
                                                  : real_points.back());
        } else {
          gen.point(k, binding.name, binding.type);
        }
        if (calculus::is_real(binding.type)) real_points.push_back(k.point.back());
        break;
      case MetavariableShape::Morphism:
        gen.morphism(k, binding.name, calculus::arrow_domain(binding.type),
                     calculus::arrow_codomain(binding.type));
        break;
      case MetavariableShape::ClosedTerm:
        gen.term(k, binding.name, {}, binding.type);
        break;
    }
  }
  return k;
}

std::pair<Term, Term> instantiate_sides(const TextLaw& law, const Case& k) {
  const auto& entries = law.equation.metavariables.entries();
  calculus::MetavariableValues values(entries.size());
  std::uint32_t points_after = 0;
  for (std::size_t i = entries.size(); i-- > 0;) {
    if (law.shapes[i] == MetavariableShape::Point) {
      values[i] = calculus::mk_var(points_after++, entries[i].type);
      continue;
    }
    const CaseTerm& value = k.term(entries[i].name);
    values[i] =
        law.shapes[i] == MetavariableShape::Morphism
            ? calculus::mk_lam(value.context.at(0).name, value.context.at(0).type, value.term)
            : value.term;
  }
  return {calculus::instantiate(law.equation.lhs, values),
          calculus::instantiate(law.equation.rhs, values)};
}

std::optional<std::string> text_law_refusal(const TextLaw& law,
                                            const semantics::Capabilities& model) {
  if (model.linear_only) return "it has linear maps only";
  if (law.needs_derivative && !model.differential)
    return "it has no derivative, and the equation has T or D";
  const semantics::PrimitiveSet transcendentals =
      semantics::primitive_bit(calculus::Primitive::Sin) |
      semantics::primitive_bit(calculus::Primitive::Cos) |
      semantics::primitive_bit(calculus::Primitive::Exp);
  if ((law.primitives & transcendentals) != 0 && !model.transcendentals)
    return "it is exact over the rationals, and the equation has sin, cos or exp";
  if (const semantics::PrimitiveSet missing = law.primitives & ~model.hosted()) {
    std::string names;
    for (const calculus::Primitive p : calculus::signature_primitives()) {
      if (missing & semantics::primitive_bit(p))
        names += (names.empty() ? "" : ", ") + std::string(calculus::primitive_name(p));
    }
    return "it does not host " + names + ", which the equation has";
  }
  if (law.needs_closed_model && !model.higher_order()) {
    return "it is not closed, and the equation has a metavariable of higher-order type or "
           "sides of a function type";
  }
  if (!model.higher_order() && !model.via_normal_form) {
    if (law.sides_have_lambda) return "it reads first-order terms only, and a side has a λ";
    std::string names;
    std::size_t count = 0;
    const auto& entries = law.equation.metavariables.entries();
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (law.shapes[i] != MetavariableShape::Morphism) continue;
      names += (count++ == 0 ? "" : ", ") + entries[i].name;
    }
    if (count > 0) {
      return "it reads first-order terms only, and a side has a λ once " + names +
             (count == 1 ? " is" : " are") + " replaced by one";
    }
  }
  return std::nullopt;
}

int derivative_depth(const TextLaw& law) {
  return static_cast<int>(
      std::max(law.equation.lhs->tangent_depth(), law.equation.rhs->tangent_depth()));
}

}  // namespace perturb::proofs
