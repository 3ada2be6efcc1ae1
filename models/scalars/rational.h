// Rational: an exact rational number (GMP's mpq_class), the field of the
// exact model `closures@rational`. Sums, products and quotients are exact,
// and every double converts exactly (it is m·2^e), so two sides of a law
// compare by equality with no tolerance at all. There are no sin, cos or exp:
// the model is the primitive-free fragment (sums, products, literals, T, λ,
// pairs), and refuses the transcendental primitives.
//
// Exact numbers can grow without bound (a product of n factors has n times
// their digits), so every operation checks a size budget: a result of more
// than kMaxRationalBits bits throws semantics::EvaluationBudgetExceeded, and
// the law case that needed it is a budget discard.
#pragma once

#include <fmt/format.h>
#include <gmpxx.h>

#include <string>

namespace perturb::models {

// The most bits a numerator and a denominator may have together.
inline constexpr unsigned long kMaxRationalBits = 1ul << 16;

class Rational {
 public:
  // 0.
  Rational() = default;
  // The double x exactly; x must be finite (a non-finite double has no
  // rational value: calculus::InternalError).
  Rational(double x);
  Rational(int x) : value_(x) {}

  const mpq_class& get() const { return value_; }
  // The double nearest the value (rounded towards zero by GMP), for reports.
  double to_double() const { return value_.get_d(); }

  friend bool operator==(const Rational& a, const Rational& b) { return a.value_ == b.value_; }
  friend bool operator<(const Rational& a, const Rational& b) { return a.value_ < b.value_; }
  friend bool operator>(const Rational& a, const Rational& b) { return b < a; }
  friend Rational operator-(const Rational& x) { return Rational(mpq_class(-x.value_)); }
  friend Rational operator+(const Rational& a, const Rational& b);
  friend Rational operator-(const Rational& a, const Rational& b);
  friend Rational operator*(const Rational& a, const Rational& b);
  // a / b; b ≠ 0 (a zero divisor is a bug of the caller: calculus::InternalError).
  friend Rational operator/(const Rational& a, const Rational& b);
  Rational& operator+=(const Rational& other) { return *this = *this + other; }
  Rational& operator-=(const Rational& other) { return *this = *this - other; }
  Rational& operator*=(const Rational& other) { return *this = *this * other; }
  Rational& operator/=(const Rational& other) { return *this = *this / other; }

 private:
  // Takes a computed value, checking the size budget.
  explicit Rational(mpq_class value);
  mpq_class value_;
};

// Every rational is finite (so the scalar code's finiteness checks pass).
inline bool isfinite(const Rational&) { return true; }

// "3/4", "-2", or for a dyadic value the shortest double that is exactly it
// ("0.375"), so that literals read as they were written.
std::string to_string(const Rational& x);

}  // namespace perturb::models

template <>
struct fmt::formatter<perturb::models::Rational> : fmt::formatter<std::string> {
  auto format(const perturb::models::Rational& x, format_context& context) const {
    return fmt::formatter<std::string>::format(perturb::models::to_string(x), context);
  }
};
