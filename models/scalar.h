// Tagged<F>: an element of the ring F[ε1, ε2, …]/(εi²) of truncated
// polynomials in tagged, nilpotent infinitesimals (spec §6; the scalars of the
// `smooth` and `closures` models). Forward-mode AD: x + v·ε carries a value and
// a directional derivative; distinct tags keep nested derivatives apart.
//
//   value  = c₀ + Σ c_m·m     m a non-empty monomial (product of distinct ε's)
//   ε_i·ε_i = 0               so a product of monomials sharing a tag vanishes
//
// Representation: c₀ inline, the perturbation Σ c_m·m as a vector of terms
// sorted by monomial_less with no zero coefficients (so structurally equal
// values are ==). An unperturbed value has an empty vector, which never
// allocates: it costs a double plus an empty vector.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "models/monomial.h"
#include "models/tag.h"

namespace perturb::models {

template <class F>
class Tagged {
 public:
  // One perturbation term c·m: m non-empty, c ≠ 0.
  struct Term {
    Monomial monomial;
    F coefficient;
    friend bool operator==(const Term&, const Term&) = default;
  };
  using Terms = std::vector<Term>;

  // The unperturbed value `value`; implicit so that F mixes with Tagged<F>.
  Tagged(F value = F(0)) : primal_(std::move(value)) {}

  // ε_tag.
  static Tagged infinitesimal(Tag tag) { return Tagged(F(0), Terms{Term{Monomial{tag}, F(1)}}); }

  // The coefficient of the empty monomial.
  const F& primal_value() const { return primal_; }

  // The perturbation terms, sorted by monomial_less, without zero coefficients.
  const Terms& perturbation() const { return terms_; }

  // The coefficient of `monomial` (F(0) if absent); the empty monomial gives the primal.
  F coefficient(const Monomial& monomial) const {
    if (monomial.empty()) return primal_;
    const auto found = std::lower_bound(
        terms_.begin(), terms_.end(), monomial,
        [](const Term& term, const Monomial& m) { return monomial_less(term.monomial, m); });
    return found != terms_.end() && found->monomial == monomial ? found->coefficient : F(0);
  }

  // The coefficient of ε_tag as a Tagged: Σ_{m ∋ ε_tag} c·(m ∖ ε_tag).
  Tagged tangent(Tag tag) const {
    F primal(0);
    Terms rest;
    for (const Term& term : terms_) {
      if (!monomial_contains(term.monomial, tag)) continue;
      if (term.monomial.size() == 1) {
        primal = term.coefficient;
      } else {
        rest.push_back(Term{monomial_without(term.monomial, tag), term.coefficient});
      }
    }
    return Tagged(std::move(primal), std::move(rest));
  }

  // The value with every monomial containing ε_tag dropped (ε_tag := 0).
  Tagged primal(Tag tag) const {
    Terms rest;
    for (const Term& term : terms_) {
      if (!monomial_contains(term.monomial, tag)) rest.push_back(term);
    }
    return Tagged(primal_, std::move(rest));
  }

  // The value with ε_a and ε_b exchanged everywhere.
  Tagged swapped(Tag a, Tag b) const {
    Terms renamed;
    renamed.reserve(terms_.size());
    for (const Term& term : terms_) {
      renamed.push_back(Term{monomial_swapped(term.monomial, a, b), term.coefficient});
    }
    return Tagged(primal_, std::move(renamed));
  }

  // Whether ε_tag occurs in some monomial.
  bool has_tag(Tag tag) const {
    return std::any_of(terms_.begin(), terms_.end(),
                       [tag](const Term& term) { return monomial_contains(term.monomial, tag); });
  }

  // The value minus its primal: the nilpotent part Σ c_m·m.
  Tagged nilpotent() const { return Tagged(F(0), terms_, Canonical{}); }

  // Whether the value is a plain element of F.
  bool is_unperturbed() const { return terms_.empty(); }

  // Whether every coefficient, the primal included, is finite.
  bool is_finite() const {
    using std::isfinite;
    return isfinite(primal_) && std::all_of(terms_.begin(), terms_.end(), [](const Term& term) {
             return isfinite(term.coefficient);
           });
  }

  // "c₀ + c·ε1 + c·ε1ε2 …" in graded order; just "c₀" when unperturbed.
  std::string to_string() const {
    std::string text = fmt::format("{}", primal_);
    for (const Term& term : terms_) {
      text += fmt::format(" + {}{}", term.coefficient, monomial_to_string(term.monomial));
    }
    return text;
  }

  friend bool operator==(const Tagged&, const Tagged&) = default;

  friend Tagged operator-(const Tagged& x) {
    Terms negated;
    negated.reserve(x.terms_.size());
    for (const Term& term : x.terms_) negated.push_back(Term{term.monomial, -term.coefficient});
    return Tagged(-x.primal_, std::move(negated), Canonical{});
  }

  friend Tagged operator+(const Tagged& a, const Tagged& b) {
    if (b.terms_.empty()) return Tagged(a.primal_ + b.primal_, a.terms_, Canonical{});
    if (a.terms_.empty()) return Tagged(a.primal_ + b.primal_, b.terms_, Canonical{});
    return Tagged(a.primal_ + b.primal_, merged_sum(a.terms_, b.terms_), Canonical{});
  }

  friend Tagged operator-(const Tagged& a, const Tagged& b) { return a + (-b); }

  // (a₀ + A)(b₀ + B) = a₀b₀ + a₀B + b₀A + AB, where AB drops products sharing a tag.
  friend Tagged operator*(const Tagged& a, const Tagged& b) {
    if (b.terms_.empty()) return a.scaled(b.primal_);
    if (a.terms_.empty()) return b.scaled(a.primal_);
    Terms product;
    product.reserve(a.terms_.size() + b.terms_.size() + a.terms_.size() * b.terms_.size());
    for (const Term& term : a.terms_)
      product.push_back(Term{term.monomial, term.coefficient * b.primal_});
    for (const Term& term : b.terms_)
      product.push_back(Term{term.monomial, a.primal_ * term.coefficient});
    for (const Term& ta : a.terms_) {
      for (const Term& tb : b.terms_) {
        if (auto m = monomial_product(ta.monomial, tb.monomial)) {
          product.push_back(Term{std::move(*m), ta.coefficient * tb.coefficient});
        }
      }
    }
    return Tagged(a.primal_ * b.primal_, std::move(product));
  }

  // a / b = a · (1/b), with 1/b by its Taylor expansion (see reciprocal).
  friend Tagged operator/(const Tagged& a, const Tagged& b) {
    if (b.terms_.empty()) {
      if (a.terms_.empty()) return Tagged(a.primal_ / b.primal_);
      Terms quotient;
      quotient.reserve(a.terms_.size());
      for (const Term& term : a.terms_)
        quotient.push_back(Term{term.monomial, term.coefficient / b.primal_});
      return Tagged(a.primal_ / b.primal_, std::move(quotient));
    }
    return a * reciprocal(b);
  }

  Tagged& operator+=(const Tagged& other) { return *this = *this + other; }
  Tagged& operator-=(const Tagged& other) { return *this = *this - other; }
  Tagged& operator*=(const Tagged& other) { return *this = *this * other; }
  Tagged& operator/=(const Tagged& other) { return *this = *this / other; }

 private:
  struct Canonical {};  // marks terms already sorted, merged and free of zeros

  Tagged(F primal, Terms terms) : primal_(std::move(primal)), terms_(canonical(std::move(terms))) {}
  Tagged(F primal, Terms terms, Canonical) : primal_(std::move(primal)), terms_(std::move(terms)) {}

  // Sorts by monomial, adds coefficients of equal monomials, drops zeros; in place.
  static Terms canonical(Terms terms) {
    std::sort(terms.begin(), terms.end(),
              [](const Term& x, const Term& y) { return monomial_less(x.monomial, y.monomial); });
    auto kept = terms.begin();  // terms before `kept` are final
    for (auto next = terms.begin(); next != terms.end();) {
      auto same = next + 1;
      while (same != terms.end() && same->monomial == next->monomial) {
        next->coefficient += same->coefficient;
        ++same;
      }
      if (!(next->coefficient == F(0))) {
        if (kept != next) *kept = std::move(*next);
        ++kept;
      }
      next = same;
    }
    terms.erase(kept, terms.end());
    return terms;
  }

  // The sum of two canonical term lists, by merging.
  static Terms merged_sum(const Terms& a, const Terms& b) {
    Terms sum;
    sum.reserve(a.size() + b.size());
    auto i = a.begin();
    auto j = b.begin();
    while (i != a.end() || j != b.end()) {
      if (j == b.end() || (i != a.end() && monomial_less(i->monomial, j->monomial))) {
        sum.push_back(*i++);
      } else if (i == a.end() || monomial_less(j->monomial, i->monomial)) {
        sum.push_back(*j++);
      } else {
        F coefficient = i->coefficient + j->coefficient;
        if (!(coefficient == F(0))) sum.push_back(Term{i->monomial, std::move(coefficient)});
        ++i;
        ++j;
      }
    }
    return sum;
  }

  // The value times the unperturbed factor s.
  Tagged scaled(const F& s) const {
    if (terms_.empty()) return Tagged(primal_ * s);
    Terms product;
    product.reserve(terms_.size());
    for (const Term& term : terms_) product.push_back(Term{term.monomial, term.coefficient * s});
    return Tagged(primal_ * s, std::move(product));
  }

  F primal_;
  Terms terms_;
};

// f(a + n) = Σ_k f⁽ᵏ⁾(a)·nᵏ/k! for the nilpotent part n of x, where
// derivative(k) = f⁽ᵏ⁾(a). The sum is finite: nᵏ = 0 once k exceeds the number
// of distinct tags in n, and the loop stops at the first vanishing power.
template <class F, class Derivative>
Tagged<F> taylor(const Tagged<F>& x, Derivative derivative) {
  if (x.is_unperturbed()) return Tagged<F>(derivative(0));
  const Tagged<F> nilpotent = x.nilpotent();
  Tagged<F> result(derivative(0));
  Tagged<F> power = nilpotent;  // nᵏ
  F factorial(1);
  for (int k = 1; !power.is_unperturbed(); ++k) {
    factorial *= F(k);
    result += power * Tagged<F>(derivative(k) / factorial);
    power = power * nilpotent;
  }
  return result;
}

// sin(a + n): the derivatives of sin cycle through sin, cos, −sin, −cos.
template <class F>
Tagged<F> sin(const Tagged<F>& x) {
  using std::cos;
  using std::sin;
  const F s = sin(x.primal_value());
  const F c = cos(x.primal_value());
  return taylor(x, [&](int k) -> F {
    switch (k % 4) {
      case 0:
        return s;
      case 1:
        return c;
      case 2:
        return -s;
      default:
        return -c;
    }
  });
}

// cos(a + n): the derivatives of cos cycle through cos, −sin, −cos, sin.
template <class F>
Tagged<F> cos(const Tagged<F>& x) {
  using std::cos;
  using std::sin;
  const F s = sin(x.primal_value());
  const F c = cos(x.primal_value());
  return taylor(x, [&](int k) -> F {
    switch (k % 4) {
      case 0:
        return c;
      case 1:
        return -s;
      case 2:
        return -c;
      default:
        return s;
    }
  });
}

// exp(a + n) = exp(a)·Σ nᵏ/k!.
template <class F>
Tagged<F> exp(const Tagged<F>& x) {
  using std::exp;
  const F e = exp(x.primal_value());
  return taylor(x, [&](int) -> F { return e; });
}

// 1/(a + n): the k-th derivative of 1/a is (−1)ᵏ·k!/aᵏ⁺¹.
template <class F>
Tagged<F> reciprocal(const Tagged<F>& x) {
  const F a = x.primal_value();
  return taylor(x, [&](int k) -> F {
    F value = F(1) / a;
    for (int i = 1; i <= k; ++i) value *= F(-i) / a;
    return value;
  });
}

}  // namespace perturb::models
