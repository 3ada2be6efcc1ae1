#include "proofs/binding/reference_law_binding.h"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "calculus/type.h"
#include "models/scalars/declared_primitive.h"
#include "models/scalars/kink_branch.h"
#include "proofs/cases/check_case.h"
#include "proofs/laws/laws_soundness.h"
#include "proofs/laws/reference_laws.h"
#include "semantics/evaluation_budget.h"
#include "semantics/evaluation_record.h"

namespace perturb::proofs {
namespace {

// A side's real value at case k's point in one model, and what its
// evaluation met.
struct Evaluation {
  semantics::EvaluationRecord record;
  bool finite = false;
  double value = 0;
  std::string text;
};

// Whether model reads the reference laws' λ's: a closed model, or a
// first-order one through normal forms.
bool reads_lambda(const semantics::Capabilities& model) {
  return model.higher_order() || model.via_normal_form;
}

// |D (\y:R. … D f y …) a| built from the category's operations, for a model
// that reads first-order terms only: f : R → R the case's morphism, each
// order one more D(h)∘⟨1, id⟩ (D h y is h's derivative at y along 1), then
// a's projection out of the point context.
semantics::AnyMorphism first_order_side(const semantics::AnyModel& model, int order,
                                        const Case& k) {
  const semantics::AnyObject r = model.real();
  const semantics::AnyMorphism one = model.compose(model.constant(1), model.bang(r));
  semantics::AnyMorphism h = metavariable(model, k, "f");
  for (int i = 0; i < order; ++i)
    h = model.compose(model.derivative(h), model.pair(one, model.identity(r)));
  const calculus::Term a = calculus::mk_var(0, calculus::real_type());
  return model.compose(
      h, laws::detail::denote(model, k.point_context, a, calculus::real_type(), "the point"));
}

Evaluation evaluate(const semantics::AnyModel& model, const TextLaw& law, int order,
                    const Case& k) {
  Evaluation result;
  const semantics::EvaluationRecording recording(result.record);
  const semantics::AnyScope lock =
      semantics::capabilities(model).serial ? model.exclusive() : semantics::AnyScope{};
  const auto morphism =
      reads_lambda(model.capabilities())
          ? laws::detail::denote(model, k.point_context, instantiate_sides(law, k).first,
                                 calculus::real_type(), "the term")
          : first_order_side(model, order, k);
  const auto point = point_morphism(model, k, model.domain(morphism));
  const auto value = model.apply(model.compose(morphism, point), model.unit_point());
  result.finite = model.is_finite(model.real(), value);
  result.text = model.describe_point(model.real(), value);
  if (result.finite) result.value = model.real_value(value);
  return result;
}

// The discard a budget or depth limit of an evaluation is, or nullopt for
// any other error.
std::optional<Outcome> as_budget_discard(const std::exception& error) {
  if (dynamic_cast<const Discard*>(&error) == nullptr &&
      dynamic_cast<const calculus::TooDeep*>(&error) == nullptr &&
      dynamic_cast<const semantics::EvaluationBudgetExceeded*>(&error) == nullptr)
    return std::nullopt;
  Outcome outcome;
  outcome.verdict = Verdict::Discarded;
  const auto* discard = dynamic_cast<const Discard*>(&error);
  outcome.discard_kind = discard ? discard->kind() : DiscardKind::Budget;
  outcome.detail = error.what();
  return outcome;
}

// Whether the reference reproduces `value` at case k when its kinked
// primitives take a branch at their kinks (spec §6, "Kinks": a convention is
// a value some admissible choice gives): abs at 0 and max and min at a tie
// each its convention or either branch, or at order 1, where the derivative
// is multi-affine in the choices, any value between the branches' extremes.
// (Every kink of a kind takes the same branch: a case with two ties may be a
// convention this does not find, never the reverse.)
bool reproduced_by_a_branch(const semantics::AnyModel& reference, const TextLaw& law, int order,
                            const Case& k, double value, const semantics::Tolerance& tolerance) {
  using models::KinkBranch;
  constexpr KinkBranch kBranches[] = {KinkBranch::Convention, KinkBranch::First,
                                      KinkBranch::Second};
  double lowest = std::numeric_limits<double>::infinity(), highest = -lowest;
  bool corners_finite = true;
  for (const KinkBranch abs : kBranches) {
    for (const KinkBranch tie : kBranches) {
      const bool corner = abs != KinkBranch::Convention && tie != KinkBranch::Convention;
      const models::TakingKinkBranches taking({.abs = abs, .tie = tie});
      std::optional<double> taken;
      try {
        const Evaluation evaluation = evaluate(reference, law, order, k);
        if (evaluation.finite && evaluation.record.outside.empty()) taken = evaluation.value;
      } catch (const std::bad_alloc&) {
        throw;
      } catch (const std::exception&) {
        // No value with these branches.
      }
      if (taken && semantics::approx_equal(value, *taken, tolerance)) return true;
      if (!corner) continue;
      if (!taken) {
        corners_finite = false;
        continue;
      }
      lowest = std::min(lowest, *taken);
      highest = std::max(highest, *taken);
    }
  }
  return order == 1 && corners_finite && lowest <= value && value <= highest;
}

Outcome discarded(DiscardKind kind, std::string detail) {
  Outcome outcome;
  outcome.verdict = Verdict::Discarded;
  outcome.discard_kind = kind;
  outcome.detail = std::move(detail);
  return outcome;
}

Outcome check_reference_case(const TextLaw& law, int order, const semantics::AnyModel& model,
                             const semantics::AnyModel& reference, const semantics::AnyModel& own,
                             const Case& k, const semantics::Tolerance& tolerance) {
  Evaluation expected;
  try {
    expected = evaluate(reference, law, order, k);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& error) {
    if (auto budget = as_budget_discard(error)) return *budget;
    return discarded(DiscardKind::Internal,
                     reference.name() + " could not evaluate it: " + error.what());
  }
  if (!expected.record.outside.empty()) {
    return discarded(DiscardKind::OutsideDomain,
                     "outside the domain: " + std::string(expected.record.outside.front()));
  }
  const auto overflow = [&] {
    return discarded(DiscardKind::Overflow,
                     fmt::format("{}, as {} shows", kOverflowDetail, reference.name()));
  };
  const auto reference_not_finite = [&] {
    return discarded(DiscardKind::Internal, reference.name() + "'s value is not finite");
  };

  Outcome outcome;
  Evaluation actual;
  try {
    actual = evaluate(model, law, order, k);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& error) {
    if (auto budget = as_budget_discard(error)) return *budget;
    outcome.verdict = Verdict::Failed;
    outcome.failure = FailureKind::Error;
    outcome.detail = std::string("error: ") + error.what();
    return outcome;
  }
  detail::label_by_record(outcome, actual.record);
  outcome.lhs = actual.text;
  outcome.rhs = expected.text;
  if (!actual.record.outside.empty()) {
    return discarded(DiscardKind::OutsideDomain,
                     "outside the domain: " + std::string(actual.record.outside.front()));
  }
  // A value beyond the double range on the way (spec §6's overflow) excuses
  // a value of the model that is not finite or not the reference's, never
  // one that is.
  if (!actual.finite) {
    if (expected.record.beyond_double_range) return overflow();
    if (!expected.finite) return reference_not_finite();
    outcome.verdict = Verdict::Failed;
    outcome.failure = FailureKind::NonFinite;
    outcome.detail =
        fmt::format("{}; {} gives {}", kNonFiniteDetail, reference.name(), expected.text);
    return outcome;
  }
  if (!expected.finite)
    return expected.record.beyond_double_range ? overflow() : reference_not_finite();
  if (semantics::approx_equal(actual.value, expected.value, tolerance)) return outcome;
  if (expected.record.beyond_double_range) return overflow();
  if (!expected.record.kinks.empty() &&
      reproduced_by_a_branch(reference, law, order, k, actual.value, tolerance)) {
    return discarded(DiscardKind::KinkConvention,
                     fmt::format("a convention at a kink ({}), which {} reproduces with an "
                                 "admissible choice",
                                 expected.record.kinks.front(), reference.name()));
  }
  // A disagreement: a failure of the model when Perturb's own double model
  // agrees with the reference, else a case double cannot hold.
  // (When the model under test is that model, its value is already known.)
  // Own takes a declared primitive's derivatives from the reference's
  // source, its series, so that a wrong declared derivative is the model's
  // failure, not a case double cannot hold.
  std::optional<double> own_value;
  if (model.name() == own.name() && !models::some_declared_series()) {
    own_value = actual.value;
  } else {
    try {
      const models::DerivativesFromSeries reference_derivatives;
      const Evaluation ours = evaluate(own, law, order, k);
      if (ours.finite) own_value = ours.value;
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception&) {
      // own cannot hold the case either: ill-conditioned below.
    }
  }
  if (!own_value || !semantics::approx_equal(*own_value, expected.value, tolerance)) {
    return discarded(
        DiscardKind::IllConditioned,
        fmt::format("ill-conditioned: {} differs from {} too", own.name(), reference.name()));
  }
  outcome.verdict = Verdict::Failed;
  outcome.failure = FailureKind::SidesDiffer;
  outcome.detail =
      fmt::format("the value differs from {}'s beyond the tolerance, where {}{} agrees with it",
                  reference.name(), own.name(),
                  models::some_declared_series() ? " (with the declared primitives' series)" : "");
  outcome.difference = semantics::Difference{{}, actual.value, expected.value};
  return outcome;
}

}  // namespace

std::vector<LawBinding> bind_reference_laws(const semantics::AnyModel& model,
                                            const semantics::AnyModel& reference,
                                            const semantics::AnyModel& own) {
  std::vector<LawBinding> bindings;
  semantics::Capabilities capabilities = model.capabilities();
  // Its cases are decided against the reference, not proved in the model.
  capabilities.proving = false;
  // Against itself a reference law could not fail.
  if (capabilities.linear_only || model.name() == reference.name()) return bindings;
  const auto shared = std::make_shared<const semantics::AnyModel>(model);
  const auto shared_reference = std::make_shared<const semantics::AnyModel>(reference);
  const auto shared_own = std::make_shared<const semantics::AnyModel>(own);
  // The whole signature the three models host: its terms are where a
  // library's derivatives of pow, sqrt, atan2, … are held to the reference.
  const semantics::PrimitiveSet beyond_paper =
      reference.capabilities().hosted() & own.capabilities().hosted();
  // A model that reads first-order terms only gets f as a morphism and
  // the derivatives from its D (first_order_side), not the λ's of the
  // statement: its terms stay first-order all the same.
  semantics::Capabilities readable = capabilities;
  readable.via_normal_form = true;
  for (int order = 0; order <= kHighestReferenceOrder; ++order) {
    const auto law = reference_law(order, reference.name());
    if (text_law_refusal(*law, readable)) continue;
    bindings.push_back(LawBinding{
        .info = law->info(),
        .model = model.name(),
        .foil = model.is_foil(),
        .capabilities = capabilities,
        .generate = [law](CaseGenerator& gen) { return generate_reference_case(*law, gen); },
        .check =
            [law, order, shared, shared_reference, shared_own](
                const Case& k, const semantics::Tolerance& tolerance, std::uint64_t) {
              return check_reference_case(*law, order, *shared, *shared_reference, *shared_own, k,
                                          tolerance);
            },
        // It decides its own non-finite values and differences against the
        // reference: no twin composes it.
        .twin_composed = true,
        .draws_beyond_paper = beyond_paper,
        .derivative_depth = order});
  }
  return bindings;
}

}  // namespace perturb::proofs
