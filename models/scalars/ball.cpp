#include "models/scalars/ball.h"

#include <arf.h>
#include <mag.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

#include "calculus/error.h"
#include "semantics/evaluation_record.h"

namespace perturb::models {

namespace {

thread_local long working_precision = 64;

// Arb caches constants (π, logarithms) per thread; a thread that used them
// frees them as it exits, or they would leak with every worker thread.
struct FlintThreadCleanup {
  ~FlintThreadCleanup() { flint_cleanup(); }
};

void cleanup_at_thread_exit() {
  thread_local FlintThreadCleanup cleanup;
  (void)cleanup;
}

// result, noted in the evaluation record when it may lie beyond the largest
// double: where a model over double overflows (semantics/evaluation_record.h),
// which balls see and double cannot. That is a bound |m| + r ≥ 2¹⁰²⁴, an
// infinite one included, Arb's enclosure of a magnitude too large even for
// its exponents (exp (exp (exp (exp 3)))); a NaN midpoint is a domain error
// (log 0), not a magnitude.
Ball range_noted(Ball result) {
  if (arf_is_nan(arb_midref(result.get()))) return result;
  mag_t bound;
  mag_init(bound);
  arb_get_mag(bound, result.get());
  if (mag_cmp_2exp_si(bound, 1024) >= 0) semantics::note_beyond_double_range();
  mag_clear(bound);
  return result;
}

}  // namespace

Ball::Ball(double x) {
  arb_init(&value_);
  arb_set_d(&value_, x);
}

Ball::Ball(int x) {
  arb_init(&value_);
  arb_set_si(&value_, x);
}

Ball::Ball(const Ball& other) {
  arb_init(&value_);
  arb_set(&value_, &other.value_);
}

Ball::Ball(Ball&& other) noexcept {
  arb_init(&value_);
  arb_swap(&value_, &other.value_);
}

Ball& Ball::operator=(const Ball& other) {
  arb_set(&value_, &other.value_);
  return *this;
}

Ball& Ball::operator=(Ball&& other) noexcept {
  arb_swap(&value_, &other.value_);
  return *this;
}

double Ball::midpoint() const { return arf_get_d(arb_midref(&value_), ARF_RND_NEAR); }

double Ball::radius() const { return mag_get_d(arb_radref(&value_)); }

Ball operator-(const Ball& x) {
  Ball result;
  arb_neg(result.get(), x.get());
  return result;
}

Ball operator+(const Ball& a, const Ball& b) {
  Ball result;
  arb_add(result.get(), a.get(), b.get(), working_precision);
  return range_noted(std::move(result));
}

Ball operator-(const Ball& a, const Ball& b) {
  Ball result;
  arb_sub(result.get(), a.get(), b.get(), working_precision);
  return range_noted(std::move(result));
}

Ball operator*(const Ball& a, const Ball& b) {
  Ball result;
  arb_mul(result.get(), a.get(), b.get(), working_precision);
  return range_noted(std::move(result));
}

Ball operator/(const Ball& a, const Ball& b) {
  Ball result;
  arb_div(result.get(), a.get(), b.get(), working_precision);
  return range_noted(std::move(result));
}

namespace {

// f(x) for one of Arb's elementary functions, at the working precision.
Ball elementary(void (*f)(arb_ptr, arb_srcptr, slong), const Ball& x) {
  cleanup_at_thread_exit();
  Ball result;
  f(result.get(), x.get(), working_precision);
  return range_noted(std::move(result));
}

}  // namespace

Ball sin(const Ball& x) { return elementary(arb_sin, x); }
Ball cos(const Ball& x) { return elementary(arb_cos, x); }
Ball exp(const Ball& x) { return elementary(arb_exp, x); }
Ball log(const Ball& x) { return elementary(arb_log, x); }
Ball sqrt(const Ball& x) { return elementary(arb_sqrt, x); }
Ball tanh(const Ball& x) { return elementary(arb_tanh, x); }

Ball pow(const Ball& x, const Ball& y) {
  cleanup_at_thread_exit();
  Ball result;
  // An exact integer exponent by repeated products: arb_pow takes
  // exp(y log x) whenever x's midpoint is 0, which is NaN for [0 ± r]^1.
  if (arb_is_exact(y.get()) && arf_is_int(arb_midref(y.get())) &&
      arf_cmpabs_2exp_si(arb_midref(y.get()), 30) < 0) {
    fmpz_t exponent;
    fmpz_init(exponent);
    arf_get_fmpz(exponent, arb_midref(y.get()), ARF_RND_DOWN);
    arb_pow_fmpz(result.get(), x.get(), exponent, working_precision);
    fmpz_clear(exponent);
  } else {
    arb_pow(result.get(), x.get(), y.get(), working_precision);
  }
  return range_noted(std::move(result));
}

Ball atan2(const Ball& y, const Ball& x) {
  cleanup_at_thread_exit();
  Ball result;
  arb_atan2(result.get(), y.get(), x.get(), working_precision);
  return range_noted(std::move(result));
}

Ball hypot(const Ball& x, const Ball& y) {
  cleanup_at_thread_exit();
  Ball result;
  arb_hypot(result.get(), x.get(), y.get(), working_precision);
  return range_noted(std::move(result));
}

Ball abs(const Ball& x) {
  Ball result;
  arb_abs(result.get(), x.get());
  return result;
}

Ball unit_interval() {
  Ball result;
  arb_zero_pm_one(result.get());
  return result;
}

std::string to_string(const Ball& x) {
  if (arb_is_exact(x.get()) && x.is_finite()) {
    const double m = x.midpoint();
    if (arf_equal_d(arb_midref(x.get()), m)) return fmt::format("{}", m);
  }
  const std::unique_ptr<char, void (*)(void*)> text(arb_get_str(x.get(), 15, 0), flint_free);
  return text.get();
}

long ball_precision() { return working_precision; }

BallPrecision::BallPrecision(long bits) : previous_(working_precision) {
  calculus::check(bits >= 53, "ball precision below the 53 bits of a double");
  working_precision = bits;
}

BallPrecision::~BallPrecision() { working_precision = previous_; }

namespace {

// Whether x's radius is at most 2^(−p/2)·max(1, |midpoint|).
bool is_tight(const Ball& x, long precision) {
  if (!x.is_finite()) return false;
  mag_t bound, magnitude;
  mag_init(bound);
  mag_init(magnitude);
  arf_get_mag(magnitude, arb_midref(x.get()));
  mag_one(bound);
  mag_max(bound, bound, magnitude);
  mag_mul_2exp_si(bound, bound, -precision / 2);
  const bool tight = mag_cmp(arb_radref(x.get()), bound) <= 0;
  mag_clear(bound);
  mag_clear(magnitude);
  return tight;
}

}  // namespace

BallRelation compare_balls(const Ball& a, const Ball& b, long precision) {
  if (a.is_finite() && b.is_finite() && !arb_overlaps(a.get(), b.get()))
    return BallRelation::Disjoint;
  return is_tight(a, precision) && is_tight(b, precision) ? BallRelation::Tight
                                                          : BallRelation::Loose;
}

double separation(const Ball& a, const Ball& b) {
  if (!a.is_finite() || !b.is_finite()) return 0;
  arb_t difference;
  arb_init(difference);
  arb_sub(difference, a.get(), b.get(), std::max(working_precision, 64L));
  arf_t bound;
  arf_init(bound);
  arb_get_abs_lbound_arf(bound, difference, 64);
  // Rounded down, so that the δ reported is still a lower bound.
  const double gap = arf_get_d(bound, ARF_RND_DOWN);
  arf_clear(bound);
  arb_clear(difference);
  return gap;
}

}  // namespace perturb::models
