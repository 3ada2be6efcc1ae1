// Tagged<F>: an element of the ring F[ε1, ε2, …]/(εi²) of truncated
// polynomials in tagged, nilpotent infinitesimals (spec §6; the scalars of the
// `smooth` and `closures` models). Forward-mode AD: x + v·ε carries a value and
// a directional derivative; distinct tags keep nested derivatives apart.
//
//   value  = c₀ + Σ c_m·m     m a non-empty monomial (product of distinct ε's)
//   ε_i·ε_i = 0               so a product of monomials sharing a tag vanishes
//
// Representation: c₀ inline, and the perturbation Σ c_m·m, with no zero
// coefficients, in exactly one of two forms, chosen by its shape alone (so
// structurally equal values are ==):
//
//   first order   at most kInlineTerms terms, each of one tag: Σ c_i·ε_{t_i}
//                 with t_1 < t_2, held inline (no allocation). This is every
//                 scalar of one forward-mode pass: x + ε·v and all that a
//                 computation makes of it, since ε·ε = 0 keeps it first order.
//   general       anything else: a vector of terms sorted by monomial_less,
//                 shared by the copies of the value.
//
// The arithmetic computes each coefficient by the same floating-point
// operations in both forms; the first-order form only skips the allocations
// (the shared pointer's block and the vector's), the sort and the monomial
// products.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "models/scalars/monomial.h"
#include "models/scalars/tag.h"

namespace perturb::models {

// a·b with strong zeros (spec §6): 0·b = 0 for every b, ±∞ and NaN
// included, decided on the values at evaluation time, at every order. Only a
// non-finite product is looked at, so every product that IEEE gives as a
// number is IEEE's, bit for bit.
template <class F>
F strong_product(const F& a, const F& b) {
  using std::isfinite;
  F product = a * b;
  if (!isfinite(product)) [[unlikely]] {
    if (a == F(0) || b == F(0)) return F(0);
  }
  return product;
}

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

  // The most first-order terms held inline: one tag for T f, a second for
  // sums such as x + ε1·v + ε2·w before they are multiplied together.
  static constexpr std::size_t kInlineTerms = 2;

  // The unperturbed value `value`; implicit so that F mixes with Tagged<F>.
  Tagged(F value = F(0)) : primal_(std::move(value)) {}
  // The unperturbed double `value`, for a field F other than double (balls,
  // rationals) into which every double converts exactly; implicit so that
  // double constants mix with Tagged<F> as they do with Tagged<double>.
  template <std::same_as<double> D>
  requires(!std::same_as<F, double>) Tagged(D value) : Tagged(F(value)) {}

  // ε_tag.
  static Tagged infinitesimal(Tag tag) {
    Tagged x;
    x.push_first_order(tag, F(1));
    return x;
  }

  // primal + coefficient·ε_tag, without the term when the coefficient is 0.
  static Tagged first_order(F primal, Tag tag, F coefficient) {
    Tagged x(std::move(primal));
    x.push_first_order(tag, std::move(coefficient));
    return x;
  }

  // The coefficient of the empty monomial.
  const F& primal_value() const { return primal_; }

  // The perturbation terms, sorted by monomial_less, without zero coefficients
  // (a fresh list: the first-order form keeps none).
  Terms perturbation() const {
    Terms terms;
    terms.reserve(term_count());
    for_each_term([&](const Monomial& m, const F& c) { terms.push_back(Term{m, c}); });
    return terms;
  }

  // The coefficient of `monomial` (F(0) if absent); the empty monomial gives the primal.
  F coefficient(const Monomial& monomial) const {
    if (monomial.empty()) return primal_;
    if (!is_general()) {
      const std::size_t i = monomial.size() == 1 ? first_order_index(monomial.front()) : count_;
      return i < count_ ? coefficients_[i] : F(0);
    }
    const std::span<const Term> terms = general();
    const auto found = std::lower_bound(
        terms.begin(), terms.end(), monomial,
        [](const Term& term, const Monomial& m) { return monomial_less(term.monomial, m); });
    return found != terms.end() && found->monomial == monomial ? found->coefficient : F(0);
  }

  // The coefficient of ε_tag as a Tagged: Σ_{m ∋ ε_tag} c·(m ∖ ε_tag).
  Tagged tangent(Tag tag) const {
    if (!is_general()) {
      const std::size_t i = first_order_index(tag);
      return i < count_ ? Tagged(coefficients_[i]) : Tagged(F(0));
    }
    F primal(0);
    Terms rest;
    for (const Term& term : general()) {
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
    if (!is_general()) {
      Tagged rest(primal_);
      for (std::size_t i = 0; i < count_; ++i) {
        if (tags_[i] != tag) rest.push_first_order(tags_[i], coefficients_[i]);
      }
      return rest;
    }
    Terms rest;
    for (const Term& term : general()) {
      if (!monomial_contains(term.monomial, tag)) rest.push_back(term);
    }
    return Tagged(primal_, std::move(rest), Canonical{});
  }

  // The value with ε_a and ε_b exchanged everywhere.
  Tagged swapped(Tag a, Tag b) const {
    if (!is_general()) {
      Tagged renamed(*this);
      for (std::size_t i = 0; i < count_; ++i) renamed.tags_[i] = swapped_tag(tags_[i], a, b);
      if (count_ == 2 && renamed.tags_[1] < renamed.tags_[0]) {
        std::swap(renamed.tags_[0], renamed.tags_[1]);
        std::swap(renamed.coefficients_[0], renamed.coefficients_[1]);
      }
      return renamed;
    }
    Terms renamed;
    renamed.reserve(general().size());
    for (const Term& term : general()) {
      renamed.push_back(Term{monomial_swapped(term.monomial, a, b), term.coefficient});
    }
    return Tagged(primal_, std::move(renamed));
  }

  // Whether ε_tag occurs in some monomial.
  bool has_tag(Tag tag) const {
    if (!is_general()) return first_order_index(tag) < count_;
    return std::ranges::any_of(
        general(), [tag](const Term& term) { return monomial_contains(term.monomial, tag); });
  }

  // The value minus its primal: the nilpotent part Σ c_m·m.
  Tagged nilpotent() const {
    Tagged n(*this);
    n.primal_ = F(0);
    return n;
  }

  // Whether the value is a plain element of F.
  bool is_unperturbed() const { return count_ == 0 && !general_; }

  // Whether the value is a + c·ε for one tag ε: every scalar of one
  // forward-mode pass.
  bool has_one_tag() const { return count_ == 1 && !is_general(); }

  // How many distinct tags occur: a product of more nilpotent factors than
  // this vanishes.
  std::size_t tag_count() const {
    if (!is_general()) return count_;
    std::vector<Tag> tags;
    for (const Term& term : general())
      tags.insert(tags.end(), term.monomial.begin(), term.monomial.end());
    std::sort(tags.begin(), tags.end());
    return static_cast<std::size_t>(std::unique(tags.begin(), tags.end()) - tags.begin());
  }

  // Whether every coefficient, the primal included, is finite.
  bool is_finite() const {
    using std::isfinite;
    return isfinite(primal_) &&
           std::all_of(coefficients_.begin(), coefficients_.begin() + count_,
                       [](const F& c) { return isfinite(c); }) &&
           std::ranges::all_of(general(),
                               [](const Term& term) { return isfinite(term.coefficient); });
  }

  // "c₀ + c·ε1 + c·ε1ε2 …" in graded order; just "c₀" when unperturbed.
  std::string to_string() const {
    std::string text = fmt::format("{}", primal_);
    for (const Term& term : perturbation()) {
      text += fmt::format(" + {}{}", term.coefficient, monomial_to_string(term.monomial));
    }
    return text;
  }

  friend bool operator==(const Tagged& a, const Tagged& b) {
    return a.primal_ == b.primal_ && a.count_ == b.count_ &&
           std::equal(a.tags_.begin(), a.tags_.begin() + a.count_, b.tags_.begin()) &&
           std::equal(a.coefficients_.begin(), a.coefficients_.begin() + a.count_,
                      b.coefficients_.begin()) &&
           std::ranges::equal(a.general(), b.general());
  }

  friend Tagged operator-(const Tagged& x) {
    Tagged negated(-x.primal_);
    for (std::size_t i = 0; i < x.count_; ++i)
      negated.push_first_order(x.tags_[i], -x.coefficients_[i]);
    if (!x.is_general()) return negated;
    Terms terms;
    terms.reserve(x.general_->size());
    for (const Term& term : *x.general_) terms.push_back(Term{term.monomial, -term.coefficient});
    negated.general_ = std::make_shared<const Terms>(std::move(terms));
    return negated;
  }

  friend Tagged operator+(const Tagged& a, const Tagged& b) {
    if (a.is_unperturbed() && b.is_unperturbed()) return Tagged(a.primal_ + b.primal_);
    if (b.is_unperturbed()) return a.shifted(a.primal_ + b.primal_);
    if (a.is_unperturbed()) return b.shifted(a.primal_ + b.primal_);
    if (!a.is_general() && !b.is_general()) return first_order_sum(a, b);
    Terms storage_a, storage_b;
    return Tagged(a.primal_ + b.primal_, merged_sum(a.terms(storage_a), b.terms(storage_b)),
                  Canonical{});
  }

  friend Tagged operator-(const Tagged& a, const Tagged& b) { return a + (-b); }

  // (a₀ + A)(b₀ + B) = a₀b₀ + a₀B + b₀A + AB, where AB drops products sharing a tag.
  // The two cases of a forward pass (both plain, both a + c·ε in one tag)
  // are tested here, inline; the others are product_otherwise's.
  friend Tagged operator*(const Tagged& a, const Tagged& b) {
    if (a.is_unperturbed() && b.is_unperturbed())
      return Tagged(strong_product(a.primal_, b.primal_));
    if (a.count_ == 1 && b.count_ == 1 && a.tags_[0] == b.tags_[0]) {
      return one_tag_product(a, b);
    }
    return product_otherwise(a, b);
  }

  // a / b = a · (1/b), with 1/b by its Taylor expansion (see reciprocal).
  friend Tagged operator/(const Tagged& a, const Tagged& b) {
    if (b.is_unperturbed())
      return a.mapped(a.primal_ / b.primal_, [&](const F& c) { return c / b.primal_; });
    return a * reciprocal(b);
  }

  Tagged& operator+=(const Tagged& other) { return *this = *this + other; }
  Tagged& operator-=(const Tagged& other) { return *this = *this - other; }
  // In place when both are a + c·ε in one same tag (a running product of a
  // forward pass): the product's operations, without a temporary to move in.
  Tagged& operator*=(const Tagged& other) {
    if (count_ == 1 && other.count_ == 1 && tags_[0] == other.tags_[0]) {
      F coefficient = strong_product(coefficients_[0], other.primal_) +
                      strong_product(primal_, other.coefficients_[0]);
      primal_ = strong_product(primal_, other.primal_);
      if (coefficient == F(0)) {  // dropped: the slot left as a new value's
        count_ = 0;
        tags_[0] = Tag{};
        coefficients_[0] = F(0);
      } else {
        coefficients_[0] = std::move(coefficient);
      }
      return *this;
    }
    return *this = *this * other;
  }
  Tagged& operator/=(const Tagged& other) { return *this = *this / other; }

 private:
  struct Canonical {};  // marks terms already sorted, merged and free of zeros

  // From any list of terms: sorted, merged, zeros dropped, then in its form.
  Tagged(F primal, Terms terms)
      : Tagged(std::move(primal), canonical(std::move(terms)), Canonical{}) {}

  // From a canonical list of terms, in the first-order form if it fits.
  Tagged(F primal, Terms terms, Canonical) : primal_(std::move(primal)) {
    const bool fits = terms.size() <= kInlineTerms &&
                      std::all_of(terms.begin(), terms.end(),
                                  [](const Term& term) { return term.monomial.size() == 1; });
    if (!fits) {
      general_ = std::make_shared<const Terms>(std::move(terms));
      return;
    }
    for (Term& term : terms) push_first_order(term.monomial.front(), std::move(term.coefficient));
  }

  bool is_general() const { return general_ != nullptr; }
  // The general form's terms; none in the first-order form.
  std::span<const Term> general() const {
    return general_ ? std::span<const Term>(*general_) : std::span<const Term>();
  }

  // a·b for a, b of one term each in the same tag: AB = c·d·ε² = 0, so the
  // product stays first order in that tag. Its own function so that the
  // result is built in place (a named local among operator*'s other returns
  // was copied out, and the copy's loads stalled on its stores).
  static Tagged one_tag_product(const Tagged& a, const Tagged& b) {
    Tagged product(strong_product(a.primal_, b.primal_));
    product.push_first_order(a.tags_[0], strong_product(a.coefficients_[0], b.primal_) +
                                             strong_product(a.primal_, b.coefficients_[0]));
    return product;
  }

  // a·b when a and b are not both plain nor both in one same tag.
  static Tagged product_otherwise(const Tagged& a, const Tagged& b) {
    if (b.is_unperturbed()) return a.scaled(b.primal_);
    if (a.is_unperturbed()) return b.scaled(a.primal_);
    return general_product(a, b);
  }

  // a·b in general: every pair of terms multiplied, products sharing a tag
  // dropped. Its own function, never inlined, so that operator*, whose other
  // cases are a few instructions, does not carry this one's frame (GCC
  // inlined it, and every product of a forward pass saved five registers).
  [[gnu::noinline]] static Tagged general_product(const Tagged& a, const Tagged& b) {
    Terms product;
    product.reserve(a.term_count() + b.term_count() + a.term_count() * b.term_count());
    a.for_each_term([&](const Monomial& m, const F& c) {
      product.push_back(Term{m, strong_product(c, b.primal_)});
    });
    b.for_each_term([&](const Monomial& m, const F& c) {
      product.push_back(Term{m, strong_product(a.primal_, c)});
    });
    a.for_each_term([&](const Monomial& ma, const F& ca) {
      b.for_each_term([&](const Monomial& mb, const F& cb) {
        if (auto m = monomial_product(ma, mb))
          product.push_back(Term{std::move(*m), strong_product(ca, cb)});
      });
    });
    return Tagged(strong_product(a.primal_, b.primal_), std::move(product));
  }

  std::size_t term_count() const { return count_ + general().size(); }

  // visit(monomial, coefficient) for each term, in monomial_less order.
  template <class Visit>
  void for_each_term(Visit visit) const {
    for (std::size_t i = 0; i < count_; ++i) visit(Monomial{tags_[i]}, coefficients_[i]);
    for (const Term& term : general()) visit(term.monomial, term.coefficient);
  }

  // Appends c·ε_tag to the first-order form: tag above every tag held, c ≠ 0
  // is checked here (a zero coefficient is dropped), room is the caller's.
  void push_first_order(Tag tag, F coefficient) {
    if (coefficient == F(0)) return;
    tags_[count_] = tag;
    coefficients_[count_] = std::move(coefficient);
    ++count_;
  }

  // The position of ε_tag in the first-order form, or count_ if absent.
  std::size_t first_order_index(Tag tag) const {
    std::size_t i = 0;
    while (i < count_ && tags_[i] != tag) ++i;
    return i;
  }

  static Tag swapped_tag(Tag t, Tag a, Tag b) { return t == a ? b : t == b ? a : t; }

  // The perturbation as a term list: the general one, or the first-order one
  // written into `storage`.
  const Terms& terms(Terms& storage) const {
    if (is_general()) return *general_;
    storage = perturbation();
    return storage;
  }

  // The same perturbation under the primal `primal`.
  Tagged shifted(F primal) const {
    Tagged x(*this);
    x.primal_ = std::move(primal);
    return x;
  }

  // The sum of two first-order forms, by merging on tags as merged_sum does.
  static Tagged first_order_sum(const Tagged& a, const Tagged& b) {
    std::array<Tag, 2 * kInlineTerms> tags;
    std::array<F, 2 * kInlineTerms> coefficients;
    std::size_t n = 0, i = 0, j = 0;
    while (i < a.count_ || j < b.count_) {
      if (j == b.count_ || (i < a.count_ && a.tags_[i] < b.tags_[j])) {
        tags[n] = a.tags_[i];
        coefficients[n++] = a.coefficients_[i++];
      } else if (i == a.count_ || b.tags_[j] < a.tags_[i]) {
        tags[n] = b.tags_[j];
        coefficients[n++] = b.coefficients_[j++];
      } else {
        F coefficient = a.coefficients_[i++] + b.coefficients_[j++];
        if (coefficient == F(0)) continue;
        tags[n] = a.tags_[i - 1];
        coefficients[n++] = std::move(coefficient);
      }
    }
    if (n <= kInlineTerms) {
      Tagged sum(a.primal_ + b.primal_);
      for (std::size_t k = 0; k < n; ++k) sum.push_first_order(tags[k], std::move(coefficients[k]));
      return sum;
    }
    Terms terms;
    terms.reserve(n);
    for (std::size_t k = 0; k < n; ++k)
      terms.push_back(Term{Monomial{tags[k]}, std::move(coefficients[k])});
    return Tagged(a.primal_ + b.primal_, std::move(terms), Canonical{});
  }

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

  // primal + Σ coefficient(c_m)·m: each coefficient mapped, zeros dropped.
  template <class Coefficient>
  Tagged mapped(F primal, Coefficient coefficient) const {
    if (!is_general()) return first_order_mapped(std::move(primal), coefficient);
    Terms terms;
    terms.reserve(general().size());
    for (const Term& term : general())
      terms.push_back(Term{term.monomial, coefficient(term.coefficient)});
    return Tagged(std::move(primal), std::move(terms));
  }

  // mapped for the first-order form; its own function for the reason
  // one_tag_product is.
  template <class Coefficient>
  Tagged first_order_mapped(F primal, Coefficient& coefficient) const {
    Tagged x(std::move(primal));
    for (std::size_t i = 0; i < count_; ++i)
      x.push_first_order(tags_[i], coefficient(coefficients_[i]));
    return x;
  }

  // The value times the unperturbed factor s.
  Tagged scaled(const F& s) const {
    return mapped(strong_product(primal_, s), [&](const F& c) { return strong_product(c, s); });
  }

  template <class G, class Derivative>
  friend Tagged<G> one_tag_taylor(const Tagged<G>& x, Derivative& derivative);

  F primal_;
  std::size_t count_ = 0;                       // terms in the first-order form
  std::array<Tag, kInlineTerms> tags_{};        // increasing; the first count_ are used
  std::array<F, kInlineTerms> coefficients_{};  // non-zero; the first count_ are used
  // The general form, shared by copies (it is never changed once built):
  // null, not empty, in the first-order form, so that copying and destroying
  // a first-order scalar, the scalars of every forward-mode pass, is a
  // pointer test rather than a vector's copy and destructor out of line.
  std::shared_ptr<const Terms> general_;
};

// taylor for x = a + c·ε, one tag: n² = 0, so the sum is f(a) + f'(a)·c·ε.
// Every scalar of one forward-mode pass is of this form; taylor's loop would
// build and drop five values to get it. The same floating-point operations
// as the loop (0·q for the primal of n·q, which is 0 even for an infinite q:
// strong_product).
template <class F, class Derivative>
Tagged<F> one_tag_taylor(const Tagged<F>& x, Derivative& derivative) {
  const F q = derivative(1) / F(1);  // the loop's f'(a)/1!
  Tagged<F> result(derivative(0) + strong_product(F(0), q));
  result.push_first_order(x.tags_[0], strong_product(x.coefficients_[0], q));
  return result;
}

// f(a + n) = Σ_k f⁽ᵏ⁾(a)·nᵏ/k! for the nilpotent part n of x, where
// derivative(k) = f⁽ᵏ⁾(a). The sum is finite: nᵏ = 0 once k exceeds the number
// of distinct tags in n. The loop stops there even when nᵏ is not visibly 0:
// with an infinite coefficient, ∞·0 = NaN keeps terms that ε² = 0 kills.
template <class F, class Derivative>
Tagged<F> taylor_series(const Tagged<F>& x, Derivative& derivative) {
  const Tagged<F> nilpotent = x.nilpotent();
  Tagged<F> result(derivative(0));
  Tagged<F> power = nilpotent;  // nᵏ
  F factorial(1);
  const auto order = static_cast<int>(nilpotent.tag_count());
  for (int k = 1; k <= order && !power.is_unperturbed(); ++k) {
    factorial *= F(k);
    result += power * Tagged<F>(derivative(k) / factorial);
    power = power * nilpotent;
  }
  return result;
}

// taylor's two cases of a forward pass, tested inline; the series otherwise.
template <class F, class Derivative>
Tagged<F> taylor(const Tagged<F>& x, Derivative derivative) {
  if (x.is_unperturbed()) return Tagged<F>(derivative(0));
  if (x.has_one_tag()) return one_tag_taylor(x, derivative);
  return taylor_series(x, derivative);
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
