#include "calculus/random_application.h"

#include <array>
#include <cmath>
#include <vector>

#include "calculus/primitive_domain.h"
#include "calculus/random_term.h"

namespace perturb::calculus {
namespace {

// M * M + c with c > 0 a literal: positive in every model, the rationals too.
Term square_plus_literal(Rng& rng, const Term& m) {
  const double c = std::fabs(random_literal(rng));
  return mk_add(mk_mul(m, m), mk_lit(c));
}

// M kept positive: exp M, or M * M + c; or M itself when it is a variable
// and the application is aimed. (Every model that hosts a primitive kept
// this way hosts exp.)
Term positive(Rng& rng, Term m, bool aimed) {
  if (aimed && is_var(m)) return m;
  if (random_chance(rng, 1, 2)) return mk_app(mk_prim(Primitive::Exp), m);
  return square_plus_literal(rng, m);
}

// A nonzero term: positive (M * M + c, or exp M when with_exp), negated in
// one case in three.
Term nonzero(Rng& rng, Term m, bool with_exp) {
  Term kept = with_exp ? positive(rng, std::move(m), false) : square_plus_literal(rng, m);
  if (random_chance(rng, 1, 3)) kept = mk_mul(mk_lit(-1), kept);
  return kept;
}

// A natural exponent: pow <B, n> is a polynomial in B.
Term natural_literal(Rng& rng) { return mk_lit(static_cast<double>(random_below(rng, 4))); }

// 0, 1 or -1: where points are aimed, so that max <x, 1> ties there.
Term tie_literal(Rng& rng) {
  static constexpr std::array<double, 3> kValues = {0, 1, -1};
  return mk_lit(random_element(rng, kValues));
}

Term apply(Primitive p, Term argument) { return mk_app(mk_prim(p), std::move(argument)); }

// An argument of about budget nodes, or in one case in two a leaf (most
// often a variable): then the points aimed at 0 and ±1 reach the primitive
// unchanged, where its special points are.
Term argument(Rng& rng, const RealTermDraw& draw, std::uint32_t budget) {
  return draw(random_chance(rng, 1, 2) ? 1 : budget);
}

// c + 0 * M: c in every model, exactly, whatever M is (strong zeros), along
// the zero direction. For c = 0, 0 * (M * M): the literal 0 is the empty
// sum, which would leave 0 * M, −0 over doubles where M < 0 (and atan2's cut
// tells −0 from +0); M * M ≥ 0 makes it +0.
Term fixed_at(double c, const Term& m) {
  if (c == 0) return mk_mul(mk_lit(0), mk_mul(m, m));
  return mk_add(mk_lit(c), mk_mul(mk_lit(0), m));
}

// Whether p at `point` along the zero direction for its fixed coordinates,
// and along some direction for its free ones (equal ones at a tie), is
// inside p's smooth set.
bool inside_at(Primitive p, const SpecialPoint& point) {
  const bool binary = spec_of(p).arity == 2;
  Application at;
  at.x = point.x.value_or(1);
  at.y = binary ? point.y.value_or(1) : 0;
  at.x_moves = !point.x;
  at.y_moves = binary && !point.y;
  at.same_direction = point.tie;
  return place_application(p, at).placement == Placement::Inside;
}

// A free coordinate of p at a special point.
Term free_coordinate(Rng& rng, Primitive p, bool exponent, const RealTermDraw& draw,
                     std::uint32_t budget) {
  if (p == Primitive::Pow && exponent) return natural_literal(rng);
  Term m = draw(budget);
  return p == Primitive::Hypot ? positive(rng, std::move(m), false) : m;
}

}  // namespace

std::optional<Term> special_application(Rng& rng, Primitive p, std::uint32_t budget,
                                        const RealTermDraw& draw) {
  std::vector<const SpecialPoint*> inside;
  for (const SpecialPoint& point : spec_of(p).special_points) {
    if (inside_at(p, point)) inside.push_back(&point);
  }
  if (inside.empty()) return std::nullopt;
  const SpecialPoint& point = *random_element(rng, inside);
  const auto coordinate = [&](const std::optional<double>& fixed, bool exponent) {
    return fixed ? fixed_at(*fixed, draw(1)) : free_coordinate(rng, p, exponent, draw, budget);
  };
  if (spec_of(p).arity == 1) return apply(p, coordinate(point.x, false));
  if (point.tie) {
    // M twice: half the budget each, as the pairs of random_application.
    Term m = free_coordinate(rng, p, false, draw, std::max<std::uint32_t>(budget / 2, 1));
    return apply(p, mk_pair(m, m));
  }
  Term first = coordinate(point.x, false);
  return apply(p, mk_pair(std::move(first), coordinate(point.y, true)));
}

Term random_term_application(Rng& rng, Primitive p, std::uint32_t budget,
                             const RealTermDraw& draw) {
  if (random_chance(rng, 1, kSpecialApplicationOdds)) {
    if (std::optional<Term> special = special_application(rng, p, budget, draw)) return *special;
  }
  return random_application(rng, p, budget, draw);
}

Term random_application(Rng& rng, Primitive p, std::uint32_t budget, const RealTermDraw& draw,
                        bool aimed) {
  if (spec_of(p).arity == 1) {
    Term m = argument(rng, draw, budget);
    switch (p) {
      case Primitive::Log:
      case Primitive::Sqrt:
        return apply(p, positive(rng, std::move(m), aimed));
      case Primitive::Recip:
      case Primitive::Sign: {
        if (aimed && is_var(m)) return apply(p, std::move(m));
        // sign without exp: the rationals host sign, not exp.
        return apply(p, nonzero(rng, std::move(m), p != Primitive::Sign));
      }
      default:
        if (is_declared(p) && spec_of(p).domain == DeclaredDomain::Positive)
          return apply(p, positive(rng, std::move(m), aimed));
        return apply(p, std::move(m));
    }
  }
  const auto [left, right] = split_budget(rng, budget);
  switch (p) {
    case Primitive::Pow: {
      if (random_chance(rng, 1, 2)) {
        Term base = argument(rng, draw, budget);
        return apply(p, mk_pair(base, natural_literal(rng)));
      }
      Term base = positive(rng, argument(rng, draw, left), false);
      return apply(p, mk_pair(base, argument(rng, draw, right)));
    }
    case Primitive::Atan2:
    case Primitive::Hypot: {
      const bool first_kept = random_chance(rng, 1, 2);
      Term first = argument(rng, draw, left);
      Term second = argument(rng, draw, right);
      if (first_kept) {
        first = positive(rng, first, false);
      } else {
        second = positive(rng, second, false);
      }
      return apply(p, mk_pair(first, second));
    }
    case Primitive::Max:
    case Primitive::Min: {
      if (aimed && random_chance(rng, 1, 2)) {
        Term first = argument(rng, draw, budget);
        return apply(p, mk_pair(first, tie_literal(rng)));
      }
      Term first = argument(rng, draw, left);
      return apply(p, mk_pair(first, argument(rng, draw, right)));
    }
    default: {
      Term first = argument(rng, draw, left);
      return apply(p, mk_pair(first, argument(rng, draw, right)));
    }
  }
}

Term random_argument_inside(Rng& rng, Primitive p, std::uint32_t budget, const RealTermDraw& draw) {
  switch (p) {
    case Primitive::Abs:
    case Primitive::Sign:
      return nonzero(rng, draw(budget), false);
    case Primitive::Max:
    case Primitive::Min: {
      Term m = draw(budget);
      const double c = random_literal(rng);  // never 0
      return mk_pair(m, mk_add(m, mk_lit(c)));
    }
    default:
      return app_arg(random_application(rng, p, budget, draw));
  }
}

bool defined_everywhere(Primitive p) {
  if (is_declared(p)) return spec_of(p).domain == DeclaredDomain::Everywhere;
  switch (p) {
    case Primitive::Mul:
    case Primitive::Sin:
    case Primitive::Cos:
    case Primitive::Exp:
    case Primitive::Tanh:
    case Primitive::Abs:
    case Primitive::Max:
    case Primitive::Min:
      return true;
    default:
      return false;
  }
}

}  // namespace perturb::calculus
