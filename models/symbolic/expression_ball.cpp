#include "models/symbolic/expression_ball.h"

#include <algorithm>
#include <span>
#include <sstream>
#include <vector>

#include "models/scalars/ball_comparison.h"
#include "models/symbolic/expression_budget.h"
#include "models/symbolic/expression_tree.h"
#include "models/symbolic/zero_proof.h"

namespace perturb::models::expressions {

namespace {

// The integer n as an fmpz (through its digits: FLINT's own setters from
// machine integers are inline calls into GMP).
void set_integer(fmpz_t result, const GiNaC::numeric& n) {
  std::ostringstream digits;
  digits << n;
  calculus::check(fmpz_set_str(result, digits.str().c_str(), 10) == 0,
                  "symbolic: an integer Arb cannot read");
}

// The integer n as an exact ball.
Ball integer_ball(const GiNaC::numeric& n) {
  Ball result;
  if (n.int_length() < 63) {
    arb_set_si(result.get(), n.to_long());
    return result;
  }
  fmpz_t value;
  fmpz_init(value);
  set_integer(value, n);
  arb_set_fmpz(result.get(), value);
  fmpz_clear(value);
  return result;
}

// The rational q, exactly when the working precision can hold it.
Ball ball_of(const GiNaC::numeric& q) {
  calculus::check(q.is_rational(), "symbolic: a number that is not an exact rational");
  if (q.is_integer()) return integer_ball(q);
  return integer_ball(q.numer()) / integer_ball(q.denom());
}

// Whether a comes before b: NaN first, then by midpoint, then by radius.
bool ball_less(const Ball& a, const Ball& b) {
  const bool a_nan = arf_is_nan(arb_midref(a.get())), b_nan = arf_is_nan(arb_midref(b.get()));
  if (a_nan || b_nan) return a_nan && !b_nan;
  const int midpoints = arf_cmp(arb_midref(a.get()), arb_midref(b.get()));
  if (midpoints != 0) return midpoints < 0;
  return mag_cmp(arb_radref(a.get()), arb_radref(b.get())) < 0;
}

// The balls in the order of ball_less. GiNaC orders the terms of a sum by
// hashes that depend on where its library is loaded; combining them in an
// order of their own makes enclosures, and so verdicts, the same in every
// run.
std::vector<Ball> sorted(std::span<const Ball> balls) {
  std::vector<Ball> result(balls.begin(), balls.end());
  std::sort(result.begin(), result.end(), ball_less);
  return result;
}

}  // namespace

Ball to_ball(const ex& e) {
  return fold<Ball>(e, kMaxNodes, [](const ex& node, std::span<const Ball> children) {
    if (GiNaC::is_exactly_a<GiNaC::numeric>(node)) {
      return ball_of(GiNaC::ex_to<GiNaC::numeric>(node));
    }
    if (GiNaC::is_exactly_a<GiNaC::add>(node)) {
      Ball sum;
      for (const Ball& child : sorted(children)) sum += child;
      return sum;
    }
    if (GiNaC::is_exactly_a<GiNaC::mul>(node)) {
      Ball product(1);
      for (const Ball& child : sorted(children)) product *= child;
      return product;
    }
    if (GiNaC::is_exactly_a<GiNaC::power>(node)) {
      fmpz_t exponent;
      fmpz_init(exponent);
      set_integer(exponent, integer_exponent(node));
      Ball result;
      arb_pow_fmpz(result.get(), children[0].get(), exponent, ball_precision());
      fmpz_clear(exponent);
      return result;
    }
    if (is_ex_the_function(node, GiNaC::sin)) return sin(children[0]);
    if (is_ex_the_function(node, GiNaC::cos)) return cos(children[0]);
    if (is_ex_the_function(node, GiNaC::exp)) return exp(children[0]);
    throw calculus::InternalError(
        "symbolic: a point that is not a closed expression of rationals, +, ·, integer powers, "
        "sin, cos, exp");
  });
}

semantics::Comparison compare_values(const ex& a, const ex& b) {
  if (a.is_equal(b)) return semantics::Comparison::Equal;
  const semantics::Comparison certified = compare_certified(to_ball(a), to_ball(b));
  if (certified != semantics::Comparison::Undecided) return certified;
  return proves_zero_difference(a, b) ? semantics::Comparison::Equal
                                      : semantics::Comparison::Undecided;
}

}  // namespace perturb::models::expressions
