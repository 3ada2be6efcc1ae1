#include "models/scalars/rational.h"

#include <cmath>

#include "calculus/error.h"
#include "semantics/evaluation_budget.h"

namespace perturb::models {

namespace {

unsigned long bits(const mpq_class& q) {
  return mpz_sizeinbase(q.get_num_mpz_t(), 2) + mpz_sizeinbase(q.get_den_mpz_t(), 2);
}

}  // namespace

Rational::Rational(double x) {
  calculus::check(std::isfinite(x), "Rational: a non-finite double has no rational value");
  value_ = x;  // mpq_set_d: exact
}

Rational::Rational(mpq_class value) : value_(std::move(value)) {
  if (bits(value_) > kMaxRationalBits) {
    throw semantics::EvaluationBudgetExceeded(
        fmt::format("an exact rational grew past {} bits", kMaxRationalBits));
  }
}

Rational operator+(const Rational& a, const Rational& b) {
  return Rational(mpq_class(a.value_ + b.value_));
}

Rational operator-(const Rational& a, const Rational& b) {
  return Rational(mpq_class(a.value_ - b.value_));
}

Rational operator*(const Rational& a, const Rational& b) {
  return Rational(mpq_class(a.value_ * b.value_));
}

Rational operator/(const Rational& a, const Rational& b) {
  calculus::check(sgn(b.value_) != 0, "Rational: division by zero");
  return Rational(mpq_class(a.value_ / b.value_));
}

std::string to_string(const Rational& x) {
  const double nearest = x.to_double();
  if (std::isfinite(nearest) && mpq_class(nearest) == x.get()) return fmt::format("{}", nearest);
  return x.get().get_str();
}

}  // namespace perturb::models
