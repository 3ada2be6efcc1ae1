// Tests of Tagged<F>, the ring F[ε1, ε2, …]/(εi²) (spec §6): hand-computed
// expansions, the tag operations, nested derivatives, and RapidCheck
// properties (ring axioms, Pythagoras, chain and product rules per tag).
#include "models/scalars/scalar.h"

#include <rapidcheck/catch.h>

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>
#include <thread>
#include <vector>

#include "calculus/error.h"

using namespace perturb::models;
using Scalar = Tagged<double>;

namespace {

Scalar eps(Tag tag) { return Scalar::infinitesimal(tag); }

// Three fresh tags in increasing order (fresh_tag is monotone).
std::array<Tag, 3> three_tags() { return {fresh_tag(), fresh_tag(), fresh_tag()}; }

bool close(double x, double y) {
  return std::abs(x - y) <= 1e-9 * (1 + std::max(std::abs(x), std::abs(y)));
}

// Coefficient-wise closeness over every monomial in the given tags.
bool close(const Scalar& x, const Scalar& y, const std::array<Tag, 3>& tags) {
  for (unsigned subset = 0; subset < 8; ++subset) {
    Monomial monomial;
    for (unsigned i = 0; i < 3; ++i) {
      if (subset & (1u << i)) monomial.push_back(tags[i]);
    }
    if (!close(x.coefficient(monomial), y.coefficient(monomial))) return false;
  }
  return true;
}

// Σ c·Π_{i ∈ subset} ε_{tags[i]} for the given (subset bitmask, c/100) pairs.
Scalar from_spec(const std::array<Tag, 3>& tags, const std::vector<std::pair<int, int>>& spec) {
  Scalar value;
  for (const auto& [subset, hundredths] : spec) {
    Scalar monomial(hundredths / 100.0);
    for (unsigned i = 0; i < 3; ++i) {
      if (subset & (1 << i)) monomial *= eps(tags[i]);
    }
    value += monomial;
  }
  return value;
}

// A random element over `tags` with at most 8 terms, coefficients in [−2, 2].
rc::Gen<Scalar> small_tagged(std::array<Tag, 3> tags) {
  using Spec = std::vector<std::pair<int, int>>;
  return rc::gen::map(rc::gen::resize(8, rc::gen::container<Spec>(rc::gen::pair(
                                             rc::gen::inRange(0, 8), rc::gen::inRange(-200, 201)))),
                      [tags](const Spec& spec) { return from_spec(tags, spec); });
}

}  // namespace

TEST_CASE("fresh tags are distinct and increasing, also across threads", "[scalar]") {
  const Tag a = fresh_tag();
  const Tag b = fresh_tag();
  CHECK(a < b);
  std::vector<std::vector<Tag>> per_thread(4);
  {
    std::vector<std::jthread> threads;
    for (auto& tags : per_thread) {
      threads.emplace_back([&tags] {
        for (int i = 0; i < 1000; ++i) tags.push_back(fresh_tag());
      });
    }
  }
  std::set<Tag> all;
  for (const auto& tags : per_thread) {
    CHECK(std::is_sorted(tags.begin(), tags.end()));
    all.insert(tags.begin(), tags.end());
  }
  CHECK(all.size() == 4000);
  CHECK(*all.begin() > b);
}

TEST_CASE("an unperturbed value behaves like its double", "[scalar]") {
  const Scalar x(1.5);
  CHECK(x.is_unperturbed());
  CHECK(x.primal_value() == 1.5);
  CHECK((x * 2.0 + 1.0).primal_value() == 4.0);
  CHECK((x / 3.0).primal_value() == 0.5);
  CHECK(sin(x).primal_value() == std::sin(1.5));
  CHECK(cos(x).primal_value() == std::cos(1.5));
  CHECK(exp(x).primal_value() == std::exp(1.5));
  CHECK((2.0 - x).primal_value() == 0.5);
  CHECK((-x).primal_value() == -1.5);
  CHECK(Scalar() == Scalar(0.0));
  CHECK(x.to_string() == "1.5");
}

TEST_CASE("ε·ε = 0 and products sharing a tag vanish", "[scalar]") {
  const auto [e1, e2, e3] = three_tags();
  CHECK(eps(e1) * eps(e1) == Scalar(0.0));
  CHECK((eps(e1) * eps(e2)) * (eps(e2) * eps(e3)) == Scalar(0.0));
  CHECK((eps(e1) * eps(e2)).coefficient({e1, e2}) == 1.0);
  CHECK((eps(e2) * eps(e1)) == (eps(e1) * eps(e2)));
  const Scalar x = 3.0 + 2.0 * eps(e1);
  CHECK(x * x == 9.0 + 12.0 * eps(e1));  // (3 + 2ε)² = 9 + 12ε
}

TEST_CASE("(a + ε1)(b + ε2) = ab + b ε1 + a ε2 + ε1ε2", "[scalar]") {
  const auto [e1, e2, e3] = three_tags();
  const Scalar product = (2.0 + eps(e1)) * (5.0 + eps(e2));
  CHECK(product.primal_value() == 10.0);
  CHECK(product.coefficient({e1}) == 5.0);
  CHECK(product.coefficient({e2}) == 2.0);
  CHECK(product.coefficient({e1, e2}) == 1.0);
  CHECK(product.coefficient({e3}) == 0.0);
  CHECK(product.perturbation().size() == 3);
  CHECK(product.to_string() == fmt::format("10 + 5ε{} + 2ε{} + 1ε{}ε{}", e1, e2, e1, e2));
}

TEST_CASE("sums cancel to an unperturbed value", "[scalar]") {
  const auto [e1, e2, e3] = three_tags();
  const Scalar x = 1.0 + eps(e1) + 2.0 * eps(e2) * eps(e3);
  CHECK((x - x).is_unperturbed());
  CHECK(x - x == Scalar(0.0));
  CHECK((x + (-x)) == Scalar(0.0));
}

TEST_CASE("sin(x + ε1 + ε2) = sin x + cos x ε1 + cos x ε2 − sin x ε1ε2", "[scalar]") {
  const auto [e1, e2, e3] = three_tags();
  const double x = 0.7;
  const Scalar s = sin(x + eps(e1) + eps(e2));
  CHECK(s.primal_value() == std::sin(x));
  CHECK(s.coefficient({e1}) == Approx(std::cos(x)));
  CHECK(s.coefficient({e2}) == Approx(std::cos(x)));
  CHECK(s.coefficient({e1, e2}) == Approx(-std::sin(x)));
  CHECK(s.perturbation().size() == 3);
  const Scalar c = cos(x + eps(e1) + eps(e2));
  CHECK(c.coefficient({e1}) == Approx(-std::sin(x)));
  CHECK(c.coefficient({e1, e2}) == Approx(-std::cos(x)));
}

TEST_CASE("exp(1 + ε1 + ε2 + ε3) has every coefficient e", "[scalar]") {
  const auto [e1, e2, e3] = three_tags();
  const Scalar e = exp(1.0 + eps(e1) + eps(e2) + eps(e3));
  const double expected = std::exp(1.0);
  CHECK(e.primal_value() == expected);
  CHECK(e.coefficient({e1}) == Approx(expected));
  CHECK(e.coefficient({e2, e3}) == Approx(expected));
  CHECK(e.coefficient({e1, e2, e3}) == Approx(expected));
  CHECK(e.perturbation().size() == 7);
}

TEST_CASE("Taylor terms scale with the perturbation's coefficients", "[scalar]") {
  const auto [e1, e2, e3] = three_tags();
  // sin(x + 2ε1 + 3ε2) = sin x + 2cos x ε1 + 3cos x ε2 − 6 sin x ε1ε2
  const Scalar s = sin(0.3 + 2.0 * eps(e1) + 3.0 * eps(e2));
  CHECK(s.coefficient({e1}) == Approx(2 * std::cos(0.3)));
  CHECK(s.coefficient({e1, e2}) == Approx(-6 * std::sin(0.3)));
  // exp(ε1ε2) = 1 + ε1ε2: the square of ε1ε2 already vanishes
  CHECK(exp(eps(e1) * eps(e2)) == 1.0 + eps(e1) * eps(e2));
}

TEST_CASE("division by a perturbed value uses the Taylor series of 1/b", "[scalar]") {
  const auto [e1, e2, e3] = three_tags();
  const Scalar r = 1.0 / (2.0 + eps(e1));
  CHECK(r == 0.5 - 0.25 * eps(e1));  // 1/(2+ε) = 1/2 − ε/4, exact in binary
  const Scalar r2 = 1.0 / (2.0 + eps(e1) + eps(e2));
  CHECK(r2.coefficient({e1, e2}) == 0.25);  // (1/b)'' = 2/b³ = 1/4
  const Scalar q = (1.0 + eps(e1)) / (1.0 + eps(e1));
  CHECK(q == Scalar(1.0));
  CHECK((6.0 + 3.0 * eps(e3)) / 3.0 == 2.0 + eps(e3));
}

TEST_CASE("tangent, primal and swapped on mixed monomials", "[scalar]") {
  const auto [e1, e2, e3] = three_tags();
  // v = 1 + 2ε1 + 3ε2 + 4ε1ε2 + 5ε2ε3
  const Scalar v =
      1.0 + 2.0 * eps(e1) + 3.0 * eps(e2) + 4.0 * eps(e1) * eps(e2) + 5.0 * eps(e2) * eps(e3);
  CHECK(v.tangent(e2) == 3.0 + 4.0 * eps(e1) + 5.0 * eps(e3));
  CHECK(v.tangent(e1) == 2.0 + 4.0 * eps(e2));
  CHECK(v.tangent(e3) == 5.0 * eps(e2));
  CHECK(v.primal(e2) == 1.0 + 2.0 * eps(e1));
  CHECK(v.primal(e3) == 1.0 + 2.0 * eps(e1) + 3.0 * eps(e2) + 4.0 * eps(e1) * eps(e2));
  CHECK(v.swapped(e1, e3) ==
        1.0 + 2.0 * eps(e3) + 3.0 * eps(e2) + 4.0 * eps(e3) * eps(e2) + 5.0 * eps(e2) * eps(e1));
  CHECK(v.swapped(e1, e3).swapped(e3, e1) == v);
  CHECK(v.swapped(e1, e1) == v);
  CHECK(v.has_tag(e3));
  CHECK_FALSE(v.primal(e3).has_tag(e3));
  CHECK_FALSE(v.tangent(e3).has_tag(e3));
  const Tag unused = fresh_tag();
  CHECK(v.tangent(unused) == Scalar(0.0));
  CHECK(v.primal(unused) == v);
  CHECK(v.swapped(e2, unused) == 1.0 + 2.0 * eps(e1) + 3.0 * eps(unused) +
                                     4.0 * eps(e1) * eps(unused) + 5.0 * eps(e3) * eps(unused));
}

TEST_CASE("nested derivatives with two tags: d²/dx² x³ at 2 = 12", "[scalar]") {
  const auto [outer, inner, unused] = three_tags();
  (void)unused;
  const auto cube = [](const Scalar& x) { return x * x * x; };
  // One shot: the ε1ε2 coefficient of (2 + ε1 + ε2)³ is 6x = 12.
  CHECK(cube(2.0 + eps(outer) + eps(inner)).coefficient({outer, inner}) == 12.0);
  // Nested: f'(x) = tangent_inner((x + ε_inner)³), then differentiate in outer.
  const auto derivative = [&](const Scalar& x) { return cube(x + eps(inner)).tangent(inner); };
  const Scalar first = derivative(2.0 + eps(outer));
  CHECK(first.primal_value() == 12.0);          // 3x² at 2
  CHECK(first.tangent(outer) == Scalar(12.0));  // 6x at 2
}

TEST_CASE("is_finite looks at every coefficient", "[scalar]") {
  const Tag e = fresh_tag();
  CHECK((1.0 + eps(e)).is_finite());
  CHECK_FALSE((1.0 + INFINITY * eps(e)).is_finite());
  CHECK_FALSE(Scalar(NAN).is_finite());
  CHECK_FALSE((1.0 / (0.0 + eps(e))).is_finite());
}

TEST_CASE("ring axioms hold on random elements (within tolerance)", "[scalar][property]") {
  const auto tags = three_tags();
  rc::prop("associativity, commutativity, distributivity", [&] {
    const Scalar a = *small_tagged(tags);
    const Scalar b = *small_tagged(tags);
    const Scalar c = *small_tagged(tags);
    RC_ASSERT(close((a + b) + c, a + (b + c), tags));
    RC_ASSERT(a + b == b + a);
    RC_ASSERT(close((a * b) * c, a * (b * c), tags));
    RC_ASSERT(close(a * b, b * a, tags));
    RC_ASSERT(close(a * (b + c), a * b + a * c, tags));
    RC_ASSERT(a + Scalar(0.0) == a);
    RC_ASSERT(a * Scalar(1.0) == a);
    RC_ASSERT((a - a).is_unperturbed());
  });
}

TEST_CASE("sin² + cos² = 1 in the primal and 0 in every tangent", "[scalar][property]") {
  const auto tags = three_tags();
  rc::prop("Pythagoras", [&] {
    const Scalar x = *small_tagged(tags);
    const Scalar one = sin(x) * sin(x) + cos(x) * cos(x);
    const double s = std::sin(x.primal_value());
    const double c = std::cos(x.primal_value());
    RC_ASSERT(one.primal_value() == s * s + c * c);
    RC_ASSERT(close(one, Scalar(1.0), tags));
  });
}

TEST_CASE("tangents obey the chain and product rules per tag", "[scalar][property]") {
  const auto tags = three_tags();
  rc::prop("d_ε f(x) = f'(primal_ε x)·d_ε x", [&] {
    const Scalar x = *small_tagged(tags);
    const Scalar y = *small_tagged(tags);
    const Tag e = tags[*rc::gen::inRange(0, 3)];
    const Scalar p = x.primal(e);
    const Scalar dx = x.tangent(e);
    RC_ASSERT(close(sin(x).tangent(e), cos(p) * dx, tags));
    RC_ASSERT(close(cos(x).tangent(e), -sin(p) * dx, tags));
    RC_ASSERT(close(exp(x).tangent(e), exp(p) * dx, tags));
    RC_ASSERT(close(sin(x).primal(e), sin(p), tags));
    RC_ASSERT(close((x * y).tangent(e), dx * y.primal(e) + p * y.tangent(e), tags));
    // x = primal_ε x + ε·tangent_ε x
    RC_ASSERT(close(x, p + eps(e) * dx, tags));
  });
}

TEST_CASE("division inverts multiplication away from zero", "[scalar][property]") {
  const auto tags = three_tags();
  rc::prop("(a / b)·b = a", [&] {
    const Scalar a = *small_tagged(tags);
    const Scalar b = *small_tagged(tags);
    RC_PRE(std::abs(b.primal_value()) > 0.25);
    RC_ASSERT(close((a / b) * b, a, tags));
  });
}

// ---- the two forms of the perturbation (models/scalars/scalar.h): first order, at
// most kInlineTerms single-tag terms, held inline; anything else a sorted
// vector. Each value has one form, so a value reached through the other form
// must still be ==, print the same and list the same terms. ----

namespace {

using Terms = Scalar::Terms;

// The value primal + Σ c·m built term by term in the given order: every sum
// of disjoint monomials is exact, so the order must not matter.
Scalar rebuilt(double primal, const Terms& terms) {
  Scalar value(primal);
  for (const Scalar::Term& term : terms) {
    Scalar monomial(term.coefficient);
    for (Tag t : term.monomial) monomial *= eps(t);
    value += monomial;
  }
  return value;
}

// Sorted by monomial_less without repeats, and no zero coefficient.
bool canonical(const Terms& terms) {
  for (std::size_t i = 0; i < terms.size(); ++i) {
    if (terms[i].coefficient == 0.0 || terms[i].monomial.empty()) return false;
    if (i > 0 && !monomial_less(terms[i - 1].monomial, terms[i].monomial)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("0, 1, 2 and 3 first-order terms across the inline boundary", "[scalar][forms]") {
  const auto [e1, e2, e3] = three_tags();
  const Scalar zero_terms = (1.0 + eps(e1)) - eps(e1);
  CHECK(zero_terms.is_unperturbed());
  CHECK(zero_terms == Scalar(1.0));
  CHECK(zero_terms.perturbation().empty());

  const Scalar one_term = 1.0 + 2.0 * eps(e2);
  CHECK(one_term.perturbation() == Terms{{{e2}, 2.0}});
  CHECK(one_term.to_string() == fmt::format("1 + 2ε{}", e2));

  // Built in either tag order, two terms come out sorted by tag.
  const Scalar two_terms = 1.0 + 3.0 * eps(e3) + 2.0 * eps(e1);
  CHECK(two_terms.perturbation() == Terms{{{e1}, 2.0}, {{e3}, 3.0}});
  CHECK(two_terms == 1.0 + 2.0 * eps(e1) + 3.0 * eps(e3));
  CHECK(two_terms.coefficient({e1}) == 2.0);
  CHECK(two_terms.coefficient({e2}) == 0.0);
  CHECK(two_terms.coefficient({e1, e3}) == 0.0);

  // A third tag spills into the general form; removing it comes back.
  const Scalar three_terms = two_terms + 4.0 * eps(e2);
  CHECK(three_terms.perturbation() == Terms{{{e1}, 2.0}, {{e2}, 4.0}, {{e3}, 3.0}});
  CHECK(three_terms == 4.0 * eps(e2) + 3.0 * eps(e3) + 1.0 + 2.0 * eps(e1));
  CHECK(three_terms.coefficient({e2}) == 4.0);
  CHECK(three_terms - 4.0 * eps(e2) == two_terms);
  CHECK((three_terms - three_terms.nilpotent()) == Scalar(1.0));
  CHECK(three_terms.to_string() == fmt::format("1 + 2ε{} + 4ε{} + 3ε{}", e1, e2, e3));

  // Negation of the general form (its own branch of operator-).
  CHECK(-three_terms == -1.0 - 2.0 * eps(e1) - 4.0 * eps(e2) - 3.0 * eps(e3));

  // Two two-term values whose sum cancels down to one term.
  const Scalar a = 2.0 * eps(e1) + 5.0 * eps(e2);
  const Scalar b = -2.0 * eps(e1) + 1.0 * eps(e3);
  CHECK(a + b == 5.0 * eps(e2) + eps(e3));
  CHECK((a + b).perturbation().size() == 2);
  CHECK(a + (-a) == Scalar(0.0));
}

TEST_CASE("products in one tag stay first order; in two tags they do not", "[scalar][forms]") {
  const auto [e1, e2, e3] = three_tags();
  (void)e3;
  // (3 + 2ε)(5 − 4ε) = 15 + (2·5 + 3·(−4))ε = 15 − 2ε
  CHECK((3.0 + 2.0 * eps(e1)) * (5.0 - 4.0 * eps(e1)) == 15.0 - 2.0 * eps(e1));
  // (1 + ε)(1 − ε) = 1 − ε² = 1: the first-order coefficient cancels
  CHECK(((1.0 + eps(e1)) * (1.0 - eps(e1))).is_unperturbed());
  // (1 + ε1)(1 + ε2) = 1 + ε1 + ε2 + ε1ε2: three terms, one of second order
  const Scalar mixed = (1.0 + eps(e1)) * (1.0 + eps(e2));
  CHECK(mixed.perturbation() == Terms{{{e1}, 1.0}, {{e2}, 1.0}, {{e1, e2}, 1.0}});
  // Two terms, one of them second order: general although short.
  const Scalar short_mixed = eps(e1) + eps(e1) * eps(e2);
  CHECK(short_mixed.perturbation() == Terms{{{e1}, 1.0}, {{e1, e2}, 1.0}});
  CHECK(short_mixed - eps(e1) * eps(e2) == eps(e1));
  CHECK(short_mixed * eps(e1) == Scalar(0.0));
  CHECK(short_mixed * eps(e2) == eps(e1) * eps(e2));
  // (ε1 + ε2)² = 2ε1ε2, from two first-order terms
  CHECK((eps(e1) + eps(e2)) * (eps(e1) + eps(e2)) == 2.0 * eps(e1) * eps(e2));
}

TEST_CASE("zero coefficients vanish in the first-order form too", "[scalar][forms]") {
  const Tag e = fresh_tag();
  CHECK((eps(e) * 0.0).is_unperturbed());
  CHECK((0.0 * eps(e)) == Scalar(0.0));
  CHECK((1e-200 * eps(e) * 1e-200).is_unperturbed());  // the coefficient underflows to 0
  CHECK(((2.0 + 1e-200 * eps(e)) / 1e200).is_unperturbed());
  CHECK(exp(1.0 + 0.0 * eps(e)) == Scalar(std::exp(1.0)));
}

TEST_CASE("tangent, primal and swapped across the inline boundary", "[scalar][forms]") {
  const auto [e1, e2, e3] = three_tags();
  // First order, two tags.
  const Scalar first = 1.0 + 2.0 * eps(e1) + 3.0 * eps(e3);
  CHECK(first.tangent(e1) == Scalar(2.0));
  CHECK(first.tangent(e2) == Scalar(0.0));
  CHECK(first.primal(e1) == 1.0 + 3.0 * eps(e3));
  CHECK(first.primal(e2) == first);
  CHECK(first.has_tag(e3));
  CHECK_FALSE(first.has_tag(e2));
  // Swapping e1 past e3 reorders the two inline terms.
  CHECK(first.swapped(e1, e2).perturbation() == Terms{{{e2}, 2.0}, {{e3}, 3.0}});
  const Scalar reordered = first.swapped(e3, e2).swapped(e1, e3);
  CHECK(reordered.perturbation() == Terms{{{e2}, 3.0}, {{e3}, 2.0}});
  CHECK(reordered == 1.0 + 3.0 * eps(e2) + 2.0 * eps(e3));
  CHECK(first.swapped(e1, e3).swapped(e1, e3) == first);
  // General to first order: dropping or extracting the second-order tag.
  const Scalar general = 1.0 + 2.0 * eps(e1) + 4.0 * eps(e1) * eps(e2);
  CHECK(general.primal(e2) == 1.0 + 2.0 * eps(e1));
  CHECK(general.tangent(e1) == 2.0 + 4.0 * eps(e2));
  CHECK(general.tangent(e2) == 4.0 * eps(e1));
  CHECK(general.swapped(e2, e3) == 1.0 + 2.0 * eps(e1) + 4.0 * eps(e1) * eps(e3));
  // Three first-order terms: general; one primal away from inline.
  const Scalar three = first + 5.0 * eps(e2);
  CHECK(three.primal(e2) == first);
  CHECK(three.tangent(e2) == Scalar(5.0));
  CHECK(three.swapped(e1, e2) == 1.0 + 5.0 * eps(e1) + 2.0 * eps(e2) + 3.0 * eps(e3));
}

TEST_CASE("the Taylor series in the first-order form stops after one term", "[scalar][forms]") {
  const Tag e = fresh_tag();
  const double x = 0.4;
  CHECK(sin(x + 2.0 * eps(e)) == std::sin(x) + 2.0 * std::cos(x) * eps(e));
  CHECK(cos(x + 2.0 * eps(e)) == std::cos(x) + std::sin(x) * -2.0 * eps(e));
  CHECK(exp(x + eps(e)) == std::exp(x) + std::exp(x) * eps(e));
  CHECK(1.0 / (2.0 + eps(e)) == 0.5 - 0.25 * eps(e));
}

// taylor takes a shortcut for a + c·ε (one_tag_taylor): it must give what
// the series' loop gives, f(a) + (a + c·ε − a)·f'(a)/1!, bit for bit, the
// strong zero of 0·∞ and the sign of zero included (the reports are compared
// byte for byte across versions).
TEST_CASE("has_one_tag: a + c·ε for one tag, in the first-order form", "[scalar][forms]") {
  const Tag e = fresh_tag(), f = fresh_tag();
  CHECK((Scalar(1.0) + eps(e) * 2.0).has_one_tag());
  CHECK(eps(e).has_one_tag());
  CHECK_FALSE(Scalar(1.0).has_one_tag());
  CHECK_FALSE((eps(e) + eps(f)).has_one_tag());
  CHECK_FALSE((eps(e) * eps(f)).has_one_tag());  // ε_e·ε_f: the general form
}

TEST_CASE("the one-tag Taylor shortcut is the series' first step, bit for bit", "[scalar][forms]") {
  const Tag e = fresh_tag();
  const double inf = std::numeric_limits<double>::infinity();
  const auto same_bits = [](double x, double y) {
    return std::memcmp(&x, &y, sizeof x) == 0 || (std::isnan(x) && std::isnan(y));
  };
  for (const double a : {0.4, -0.0, 0.0, 1e308, -3.5, 710.0, inf}) {
    // c finite: c·ε is built as ε·c, whose primal 0·c is 0 even for an infinite c.
    for (const double c : {2.0, -1e-300, 1e300, -5e-324}) {
      const Scalar x = a + c * eps(e);
      const auto series = [&](double d0, double d1) {
        return Scalar(d0) + x.nilpotent() * Scalar(d1 / 1.0);
      };
      const double p = x.primal_value();  // a + 0·c: +0 for a = −0
      const std::pair<Scalar, Scalar> pairs[] = {
          {sin(x), series(std::sin(p), std::cos(p))},
          {cos(x), series(std::cos(p), -std::sin(p))},
          {exp(x), series(std::exp(p), std::exp(p))},
          {reciprocal(x), series(1 / p, (1 / p) * (-1 / p))},
      };
      for (const auto& [shortcut, loop] : pairs) {
        INFO("a = " << a << ", c = " << c << ": " << shortcut.to_string() << " against "
                    << loop.to_string());
        CHECK(same_bits(shortcut.primal_value(), loop.primal_value()));
        CHECK(same_bits(shortcut.tangent(e).primal_value(), loop.tangent(e).primal_value()));
        CHECK(shortcut.has_tag(e) == loop.has_tag(e));
      }
    }
  }
}

TEST_CASE("products have strong zeros: 0·a = 0 for every a, at every order", "[scalar]") {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(strong_product(0.0, inf) == 0);
  CHECK(strong_product(-inf, 0.0) == 0);
  CHECK(strong_product(0.0, nan) == 0);
  CHECK(std::isnan(strong_product(1.0, nan)));
  CHECK(strong_product(2.0, inf) == inf);
  // A finite product is IEEE's, the sign of zero included.
  CHECK(std::signbit(strong_product(-0.0, 3.0)));
  const Tag e = fresh_tag(), f = fresh_tag();
  // 0·(∞ + ε): 0 in every coefficient, in each form of the product.
  CHECK(Scalar(0.0) * Scalar(inf) == Scalar(0.0));
  CHECK((Scalar(0.0) * (inf + eps(e))).is_unperturbed());
  CHECK((Scalar(0.0) * (inf + eps(e))).primal_value() == 0);
  const Scalar general = (0.0 + eps(e)) * (inf + eps(f));
  CHECK(general.primal_value() == 0);
  CHECK(general.coefficient({e, f}) == 1);
  CHECK(general.coefficient({f}) == 0);
  CHECK(general.coefficient({e}) == inf);
  Scalar in_place = 0.0 + eps(e);
  in_place *= inf + 0.0 * eps(e);
  CHECK(in_place.primal_value() == 0);
}

TEST_CASE("x *= y is x * y bit for bit, in place or not", "[scalar][forms]") {
  const Tag e = fresh_tag(), f = fresh_tag();
  const double inf = std::numeric_limits<double>::infinity();
  const auto same_bits = [](double x, double y) {
    return std::memcmp(&x, &y, sizeof x) == 0 || (std::isnan(x) && std::isnan(y));
  };
  // a + c·ε in e (the in-place case against each other), in f, plain, general.
  std::vector<Scalar> values = {Scalar(1.5), eps(e) * eps(f) + 2.0, 3.0 + eps(f)};
  for (const double a : {0.5, -0.0, 2.0, inf, 1e-200})
    for (const double c : {1.0, -2.0, 1e-200, -inf}) values.push_back(Scalar::first_order(a, e, c));
  for (const Scalar& x : values) {
    for (const Scalar& y : values) {
      Scalar in_place = x;
      in_place *= y;
      const Scalar product = x * y;
      INFO(x.to_string() << " times " << y.to_string() << ": " << in_place.to_string()
                         << " against " << product.to_string());
      CHECK(same_bits(in_place.primal_value(), product.primal_value()));
      CHECK(in_place.has_one_tag() == product.has_one_tag());
      CHECK(in_place.is_unperturbed() == product.is_unperturbed());
      for (const Tag t : {e, f}) {
        CHECK(in_place.has_tag(t) == product.has_tag(t));
        CHECK(same_bits(in_place.tangent(t).primal_value(), product.tangent(t).primal_value()));
      }
      if (product.is_finite()) CHECK(in_place == product);
    }
  }
  // The coefficient cancels in place: (1 + ε)(1 − ε) = 1, unperturbed.
  Scalar cancelled = 1.0 + eps(e);
  cancelled *= 1.0 - eps(e);
  CHECK(cancelled.is_unperturbed());
  CHECK(cancelled == Scalar(1.0));
  // Aliased: (3 + 2ε)² = 9 + 12ε.
  Scalar squared = 3.0 + 2.0 * eps(e);
  squared *= squared;
  CHECK(squared == 9.0 + 12.0 * eps(e));
}

TEST_CASE("every value has one form, whatever built it", "[scalar][forms][property]") {
  const auto tags = three_tags();
  rc::prop("results are canonical and equal their term-by-term rebuild", [&] {
    const Scalar a = *small_tagged(tags);
    const Scalar b = *small_tagged(tags);
    const Tag e = tags[*rc::gen::inRange(0, 3)];
    const Tag f = tags[*rc::gen::inRange(0, 3)];
    for (const Scalar& x : {a, a + b, a - b, a * b, sin(a), a.tangent(e), a.primal(e),
                            a.swapped(e, f), a.nilpotent()}) {
      Terms terms = x.perturbation();
      RC_ASSERT(canonical(terms));
      RC_ASSERT(rebuilt(x.primal_value(), terms) == x);
      std::reverse(terms.begin(), terms.end());
      RC_ASSERT(rebuilt(x.primal_value(), terms) == x);
    }
  });
}

// ∞·0 = NaN: the powers of a nilpotent part with an infinite coefficient
// never look like 0, so the Taylor series must stop at the number of tags.
TEST_CASE("primitives of values with infinite coefficients terminate, non-finite", "[scalar]") {
  const Tag first = fresh_tag(), second = fresh_tag();
  const Tagged<double> x = Tagged<double>(30.0) + Tagged<double>::infinitesimal(first) +
                           Tagged<double>::infinitesimal(second) * Tagged<double>(2.0);
  const Tagged<double> overflowed = exp(exp(x));
  CHECK_FALSE(overflowed.is_finite());
  CHECK_FALSE(exp(overflowed).is_finite());
  CHECK_FALSE(sin(overflowed).is_finite());
  CHECK_FALSE(
      exp(Tagged<double>(1.0) + Tagged<double>::infinitesimal(first) * overflowed).is_finite());
}
