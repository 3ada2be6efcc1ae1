// Checking one case of one law in one model: build the equation, evaluate
// both sides at the case's point, compare. Every way this can go wrong is an
// Outcome, never an escaping exception. Where every primitive application
// is inside its smooth set (spec §6, "Four outcomes"), a non-finite value is
// a failure of its own kind, unless a value went beyond the double range
// (an overflow discard); a case with an application outside is an
// outside-domain discard, whatever its sides; one at a kink is decided and
// labelled kink:F. An evaluation that exceeds the model's budget is
// discarded; a model or interpretation error is a failure with its message.
#pragma once

#include <exception>
#include <new>
#include <optional>
#include <random>
#include <span>
#include <string>

#include "calculus/error.h"
#include "proofs/cases/law_support.h"
#include "semantics/capabilities.h"
#include "semantics/category_error.h"
#include "semantics/comparison.h"
#include "semantics/difference.h"
#include "semantics/evaluation_budget.h"
#include "semantics/evaluation_record.h"
#include "semantics/interpret.h"
#include "semantics/tolerance.h"

namespace perturb::proofs {

// Where p and q, which compared Different with an rng seeded compare_seed,
// differ: the model's `difference` replayed from the same seed, else (any
// model) the two reals when x is R; nullopt when neither says.
template <class C>
std::optional<semantics::Difference> difference_of(const C& c, const typename C::Object& x,
                                                   const typename C::Point& p,
                                                   const typename C::Point& q,
                                                   const semantics::Tolerance& tolerance,
                                                   std::uint64_t compare_seed) {
  if constexpr (semantics::HasDifference<C>) {
    if (semantics::capabilities(c).says_difference) {
      std::mt19937_64 rng(compare_seed);
      return c.difference(x, p, q, tolerance, rng);
    }
  }
  if (!(x == c.real())) return std::nullopt;
  return semantics::Difference{
      {}, static_cast<double>(c.real_value(p)), static_cast<double>(c.real_value(q))};
}

// The point 1 → A of a case: |p| for a one-entry point context whose object
// is the sides' domain A, else ⟨…⟨id_1, |p1|⟩…, |pn|⟩ : 1 → |Γ|.
template <semantics::CartesianLeftAdditiveCategory C>
typename C::Morphism point_morphism(const C& c, const Case& k, const typename C::Object& domain) {
  const auto one = c.terminal();
  const auto value = [&](std::size_t i) {
    return denotation(c, CaseTerm{"point", {}, k.point[i], k.point_context.entries()[i].type});
  };
  if (k.point.size() == 1 && domain == point_object(c, k)) return value(0);
  auto point = c.identity(one);
  for (std::size_t i = 0; i < k.point.size(); ++i) point = c.pair(point, value(i));
  return point;
}

// The Point of a linear-only model (semantics/capabilities.h) that a closed
// point term of a first-order type denotes: a bag of literals at R, of
// injections at products. Anything else (a shrunk point the model cannot
// read) says nothing about the law and is discarded.
template <class C>
requires semantics::LinearOnlyModel<C> || semantics::ErasedModel<C>
typename C::Point linear_point_value(const C& c, const calculus::Term& term,
                                     const calculus::Type& type) {
  if (calculus::is_product(type)) {
    std::vector<calculus::Term> parts[2];
    for (const calculus::Term& summand : calculus::summands(term)) {
      if (!calculus::is_inj(summand))
        throw Discard(DiscardKind::Typing, "a point that is not a tuple of literals");
      parts[calculus::component(summand) - 1].push_back(calculus::operand(summand));
    }
    return c.pair_point(
        linear_point_value(c, calculus::mk_sum(type->left(), parts[0]), type->left()),
        linear_point_value(c, calculus::mk_sum(type->right(), parts[1]), type->right()));
  }
  double value = 0;
  for (const calculus::Term& summand : calculus::summands(term)) {
    if (!calculus::is_real(type) || !calculus::is_lit(summand)) {
      throw Discard(DiscardKind::Typing, "a point that is not a tuple of literals");
    }
    value += calculus::lit_value(summand);
  }
  return c.real_point(value);
}

// Both sides of case k at its point. For a model with global elements the
// point is the morphism |p| : 1 → A (point_morphism); a linear-only model has
// none but 0, so there the point is built as a Point of A directly:
// (…((), |p1|)…, |pn|), or |p| for one entry of object A.
template <semantics::CartesianLeftAdditiveCategory C>
std::pair<typename C::Point, typename C::Point> sides_at_point(
    const C& c, const Case& k, const Equation<typename C::Morphism>& sides,
    const typename C::Object& domain) {
  if constexpr (semantics::LinearOnlyModel<C> || semantics::ErasedModel<C>) {
    if (semantics::capabilities(c).linear_only) {
      const auto& entries = k.point_context.entries();
      auto point = c.unit_point();
      if (k.point.size() == 1 && domain == point_object(c, k)) {
        point = linear_point_value(c, k.point[0], entries[0].type);
      } else {
        for (std::size_t i = 0; i < k.point.size(); ++i) {
          point = c.pair_point(point, linear_point_value(c, k.point[i], entries[i].type));
        }
      }
      return {c.apply(sides.lhs, point), c.apply(sides.rhs, point)};
    }
  }
  const auto point = point_morphism(c, k, domain);
  return {c.apply(c.compose(sides.lhs, point), c.unit_point()),
          c.apply(c.compose(sides.rhs, point), c.unit_point())};
}

namespace detail {

// p against q, points of x: the model's compare where it has one, else
// is_finite and approx_equal.
template <class C>
semantics::Comparison compare(const C& c, const typename C::Object& x, const typename C::Point& p,
                              const typename C::Point& q, const semantics::Tolerance& tolerance,
                              std::mt19937_64& rng) {
  if constexpr (semantics::HasCompare<C>) {
    if (semantics::capabilities(c).compares) return c.compare(x, p, q, tolerance, rng);
  }
  if (!c.is_finite(x, p) || !c.is_finite(x, q)) return semantics::Comparison::NotFinite;
  return c.approx_equal(x, p, q, tolerance, rng) ? semantics::Comparison::Equal
                                                 : semantics::Comparison::Different;
}

// The detail of a certified model's counterexample; its witness has δ.
inline const std::string kCertifiedDifference = "certified: the sides' enclosures are disjoint";

// The detail of an outcome whose comparison was Undecided (a rounding discard).
inline const std::string kUndecided =
    "undecided: the sides' enclosures overlap but are too wide to call them equal";

// The details of a proving model's proof and of its inconclusive case.
inline const std::string kProved = "proved: the sides' difference simplifies to 0 at every point";
inline const std::string kInconclusive =
    "inconclusive: the sides agree at the point, but their difference did not simplify to 0 "
    "within the model's budgets";

// check_sides at the current precision, without the via_normal_form note.
template <class C, class MakeSides>
Outcome check_sides_once(const C& c, const Case& k, const semantics::Tolerance& tolerance,
                         std::uint64_t compare_seed, const MakeSides& make_sides) {
  const semantics::Capabilities model = semantics::capabilities(c);
  Outcome outcome;
  try {
    const Equation<typename C::Morphism> sides = make_sides();
    const auto domain = c.domain(sides.lhs);
    const auto codomain = c.codomain(sides.lhs);
    if (!(c.domain(sides.rhs) == domain) || !(c.codomain(sides.rhs) == codomain)) {
      outcome.verdict = Verdict::Failed;
      outcome.failure = FailureKind::NotParallel;
      outcome.detail = "the two sides are not parallel: " + c.describe_object(domain) + " → " +
                       c.describe_object(codomain) + " and " +
                       c.describe_object(c.domain(sides.rhs)) + " → " +
                       c.describe_object(c.codomain(sides.rhs));
      return outcome;
    }
    if constexpr (semantics::ProvingModel<C>) {
      if (model.proving) {
        if (c.uses_primitive(sides.lhs) || c.uses_primitive(sides.rhs))
          outcome.labels.emplace_back("sides:primitive");
        if (c.proves_equal(sides.lhs, sides.rhs)) {
          outcome.verdict = Verdict::Passed;
          outcome.detail = kProved;
          return outcome;
        }
      }
    }
    const auto [lhs, rhs] = sides_at_point(c, k, sides, domain);
    outcome.lhs = c.describe_point(codomain, lhs);
    outcome.rhs = c.describe_point(codomain, rhs);
    std::mt19937_64 rng(compare_seed);
    const semantics::Comparison comparison = compare(c, codomain, lhs, rhs, tolerance, rng);
    outcome.comparison = comparison;
    switch (comparison) {
      case semantics::Comparison::Equal:
        if (model.proving) {
          outcome.verdict = Verdict::Discarded;
          outcome.detail = kInconclusive;
          outcome.discard_kind = DiscardKind::Inconclusive;
        } else {
          outcome.verdict = Verdict::Passed;
        }
        break;
      case semantics::Comparison::Different:
        outcome.verdict = Verdict::Failed;
        outcome.failure = FailureKind::SidesDiffer;
        outcome.detail = "the two sides differ beyond the tolerance";
        outcome.difference = difference_of(c, codomain, lhs, rhs, tolerance, compare_seed);
        break;
      case semantics::Comparison::NotFinite:
        outcome.verdict = Verdict::Failed;
        outcome.failure = FailureKind::NonFinite;
        outcome.detail = std::string(kNonFiniteDetail);
        break;
      case semantics::Comparison::Undecided:
        outcome.verdict = Verdict::Discarded;
        outcome.detail = kUndecided;
        outcome.discard_kind = DiscardKind::Rounding;
        break;
    }
  } catch (const Discard& error) {
    outcome.verdict = Verdict::Discarded;
    outcome.detail = error.what();
    outcome.discard_kind = error.kind();
  } catch (const calculus::TooDeep& error) {
    outcome.verdict = Verdict::Discarded;
    outcome.detail = error.what();
    outcome.discard_kind = DiscardKind::Budget;
  } catch (const semantics::EvaluationBudgetExceeded& error) {
    outcome.verdict = Verdict::Discarded;
    outcome.detail = error.what();
    outcome.discard_kind = DiscardKind::Budget;
  } catch (const std::bad_alloc&) {
    // The process's memory or the case's budget (semantics/case_memory.h)
    // ran out: the runner, which opened that budget, decides.
    throw;
  } catch (const std::exception& error) {
    outcome.verdict = Verdict::Failed;
    outcome.failure = FailureKind::Error;
    outcome.detail = std::string("error: ") + error.what();
  }
  return outcome;
}

// check_sides_once, at each precision of a certified model until the
// comparison is decided; a counterexample then says it is certified, and a
// case still undecided at the highest precision is a rounding discard. A
// value that is not finite is tried at the next precision too: a ball too
// wide at this one (cos of a huge argument) can straddle the boundary of a
// primitive's domain and give NaN where a narrower one is inside. record
// holds the evaluation at the precision that decided.
template <class C, class MakeSides>
Outcome check_sides_unlabelled(const C& c, const Case& k, const semantics::Tolerance& tolerance,
                               std::uint64_t compare_seed, const MakeSides& make_sides,
                               semantics::EvaluationRecord& record) {
  if constexpr (semantics::HasPrecisionLadder<C>) {
    if (semantics::capabilities(c).precision_ladder) {
      Outcome outcome;
      long bits = 0;
      const std::span<const long> precisions = c.precisions();
      for (const long precision : precisions) {
        bits = precision;
        record = semantics::EvaluationRecord{};
        const auto scope = c.at_precision(bits);
        outcome = check_sides_once(c, k, tolerance, compare_seed, make_sides);
        const bool retry = outcome.comparison == semantics::Comparison::Undecided ||
                           (outcome.comparison == semantics::Comparison::NotFinite &&
                            precision != precisions.back());
        if (!retry) break;
      }
      if (outcome.comparison == semantics::Comparison::Undecided) {
        outcome.detail = kUndecided + " at " + std::to_string(bits) + " bits";
      } else if (outcome.verdict == Verdict::Failed && outcome.difference) {
        // Not the precision that decided, which varies from case to case.
        outcome.detail = kCertifiedDifference;
        outcome.certified = true;
      }
      return outcome;
    }
  }
  return check_sides_once(c, k, tolerance, compare_seed, make_sides);
}

// Notes in outcome what its evaluation met, as labels: applied:F for an
// application of F, a primitive with special points (and applied for any),
// special:WHY for a special point (and special for any), kink:F for an application of F at a
// kink, and whether a term was read through its normal form.
inline void label_by_record(Outcome& outcome, const semantics::EvaluationRecord& record) {
  outcome.via_normal_form = record.via_normal_form;
  if (!record.applied.empty()) outcome.labels.push_back("applied");
  for (const calculus::Primitive primitive : record.applied)
    outcome.labels.push_back("applied:" + std::string(calculus::spec_of(primitive).name));
  if (!record.special_points.empty()) outcome.labels.push_back("special");
  for (const std::string_view why : record.special_points)
    outcome.labels.push_back("special:" + std::string(why));
  for (const std::string_view why : record.kinks)
    outcome.labels.push_back("kink:" + std::string(why.substr(0, why.find(':'))));
}

// Applies spec §6's four outcomes to an outcome checked under record: a
// case with an application outside is not decided; a non-finite value where
// a value went beyond the double range is an overflow, and one where an
// enclosure reached outside a smooth set is undecided (Rounding).
inline void decide_at_the_edges(Outcome& outcome, const semantics::EvaluationRecord& record) {
  if (!record.outside.empty() && outcome.verdict != Verdict::Discarded) {
    outcome.verdict = Verdict::Discarded;
    outcome.discard_kind = DiscardKind::OutsideDomain;
    outcome.detail = "outside the domain: " + std::string(record.outside.front());
    outcome.difference.reset();
    outcome.certified = false;
    return;
  }
  if (outcome.verdict == Verdict::Failed && outcome.failure == FailureKind::NonFinite &&
      record.beyond_double_range) {
    outcome.verdict = Verdict::Discarded;
    outcome.discard_kind = DiscardKind::Overflow;
    outcome.detail = std::string(kOverflowDetail);
    return;
  }
  if (outcome.verdict == Verdict::Failed && outcome.failure == FailureKind::NonFinite &&
      !record.straddled.empty()) {
    outcome.verdict = Verdict::Discarded;
    outcome.discard_kind = DiscardKind::Rounding;
    outcome.detail = "undecided: an enclosure reaches where a primitive is not smooth (" +
                     std::string(record.straddled.front()) + ")";
    outcome.difference.reset();
    outcome.certified = false;
  }
}

}  // namespace detail

// The outcome of case k in model c for the equation make_sides() builds
// (Equation<C::Morphism>, throwing Discard or an error); compare_seed drives
// extensional comparison.
template <class C, class MakeSides>
Outcome check_sides(const C& c, const Case& k, const semantics::Tolerance& tolerance,
                    std::uint64_t compare_seed, const MakeSides& make_sides) {
  semantics::EvaluationRecord record;
  const semantics::EvaluationRecording recording(record);
  Outcome outcome;
  const auto check = [&] {
    outcome = detail::check_sides_unlabelled(c, k, tolerance, compare_seed, make_sides, record);
  };
  if constexpr (semantics::SerialModel<C>) {
    if (semantics::capabilities(c).serial) {
      const auto lock = c.exclusive();
      check();
    } else {
      check();
    }
  } else {
    check();
  }
  detail::label_by_record(outcome, record);
  outcome.beyond_double_range = record.beyond_double_range;
  detail::decide_at_the_edges(outcome, record);
  return outcome;
}

// The outcome of case k of Law in model c; compare_seed drives extensional comparison.
template <class Law, class C>
Outcome check_case(const C& c, const Case& k, const semantics::Tolerance& tolerance,
                   std::uint64_t compare_seed) {
  return check_sides(c, k, tolerance, compare_seed, [&] { return Law::equation(c, k); });
}

}  // namespace perturb::proofs
