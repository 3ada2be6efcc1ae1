// Ball: a real number enclosed by a ball [m ± r] of Arb (libflint-arb), the
// field of the certified models (`closures@ball` and its foils). Every
// operation returns a ball containing the exact result for every choice of
// reals in its operands' balls, rounded at the working precision of the
// thread (BallPrecision): so a law whose two sides give disjoint balls is
// certainly violated at that case, whatever the rounding.
//
//   precision p   the bits of the midpoints; radii grow with every rounding
//   exact ball    radius 0: every double converts to one exactly
//
// Why Arb rather than MPFI (Boost.Multiprecision's mpfi_float): the working
// precision is per operation in Arb, so this wrapper keeps it per thread and
// the runner's threads can escalate independently; Boost 1.74 keeps the
// default precision of mpfi_float in one process-wide static.
#pragma once

#include <arb.h>
#include <fmt/format.h>

#include <string>

namespace perturb::models {

class Ball {
 public:
  // The exact ball 0.
  Ball() { arb_init(&value_); }
  // The exact ball x (every double is exact at any precision ≥ 53).
  Ball(double x);
  Ball(int x);
  Ball(const Ball& other);
  Ball(Ball&& other) noexcept;
  Ball& operator=(const Ball& other);
  Ball& operator=(Ball&& other) noexcept;
  ~Ball() { arb_clear(&value_); }

  // The double nearest the midpoint.
  double midpoint() const;
  // An upper bound of the radius, as a double (rounded up).
  double radius() const;
  // Neither midpoint nor radius is infinite or NaN.
  bool is_finite() const { return arb_is_finite(&value_) != 0; }
  const arb_struct* get() const { return &value_; }
  arb_struct* get() { return &value_; }

  // Structural equality: the same midpoint and radius. This is what
  // Tagged<Ball> needs to drop exactly-zero terms and nothing else; whether
  // two balls may denote the same real is compare_balls' question.
  friend bool operator==(const Ball& a, const Ball& b) { return arb_equal(&a.value_, &b.value_); }

  friend Ball operator-(const Ball& x);
  friend Ball operator+(const Ball& a, const Ball& b);
  friend Ball operator-(const Ball& a, const Ball& b);
  friend Ball operator*(const Ball& a, const Ball& b);
  friend Ball operator/(const Ball& a, const Ball& b);
  Ball& operator+=(const Ball& other) { return *this = *this + other; }
  Ball& operator-=(const Ball& other) { return *this = *this - other; }
  Ball& operator*=(const Ball& other) { return *this = *this * other; }
  Ball& operator/=(const Ball& other) { return *this = *this / other; }

 private:
  arb_struct value_;
};

Ball sin(const Ball& x);
Ball cos(const Ball& x);
Ball exp(const Ball& x);
Ball log(const Ball& x);
Ball sqrt(const Ball& x);
Ball tanh(const Ball& x);
Ball pow(const Ball& x, const Ball& y);
Ball atan2(const Ball& y, const Ball& x);
Ball hypot(const Ball& x, const Ball& y);
// Whether every real in x is > 0, whether x is exactly 0, whether every real
// in x is < 0: the branch tests of pow, abs, sign, max and min, decided only
// where certain.
inline bool certainly_positive(const Ball& x) { return arb_is_positive(x.get()) != 0; }
inline bool certainly_zero(const Ball& x) { return arb_is_zero(x.get()) != 0; }
inline bool certainly_negative(const Ball& x) { return arb_is_negative(x.get()) != 0; }
// |x|, and the ball [0 ± 1] that encloses [−1, 1] (the derivative of abs, or
// the value of sign, across a ball that straddles 0).
Ball abs(const Ball& x);
Ball unit_interval();
inline bool isfinite(const Ball& x) { return x.is_finite(); }

// "[0.841470984807897 +/- 2.1e-17]" (Arb's notation), or the shortest double
// when the ball is that double exactly.
std::string to_string(const Ball& x);

// ---- the working precision ----

// The bits of precision of this thread's ball arithmetic (64 until a
// BallPrecision says otherwise).
long ball_precision();

// Sets this thread's working precision for its lifetime, then restores it.
class BallPrecision {
 public:
  explicit BallPrecision(long bits);
  ~BallPrecision();
  BallPrecision(const BallPrecision&) = delete;
  BallPrecision& operator=(const BallPrecision&) = delete;

 private:
  long previous_;
};

// ---- certified comparison ----

// How two balls a, b compare at working precision p:
//   Disjoint   no real lies in both: a ≠ b is certain;
//   Tight      they overlap and both radii are at most 2^(−p/2)·max(1, |m|):
//              not refuted at this precision;
//   Loose      they overlap but a radius is wider: a higher precision may
//              decide (or neither is finite).
enum class BallRelation { Disjoint, Tight, Loose };

BallRelation compare_balls(const Ball& a, const Ball& b, long precision);

// A lower bound of |a − b| over all reals in the two balls: positive exactly
// when they are disjoint (the δ of a certified counterexample).
double separation(const Ball& a, const Ball& b);

}  // namespace perturb::models

template <>
struct fmt::formatter<perturb::models::Ball> : fmt::formatter<std::string> {
  auto format(const perturb::models::Ball& x, format_context& context) const {
    return fmt::formatter<std::string>::format(perturb::models::to_string(x), context);
  }
};
