#include "proofs/binding/certified_twin.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "calculus/any_subterm.h"
#include "models/builtin_models.h"
#include "models/scalars/fields.h"

namespace perturb::proofs {

namespace {

using Check = decltype(LawBinding::check);

// Whether a failure is a difference of the sides (rounding can cause it), not
// an error of the model or the interpretation.
bool is_difference(const Outcome& outcome) {
  return outcome.verdict == Verdict::Failed && outcome.difference.has_value();
}

bool is_non_finite(const Outcome& outcome) {
  return outcome.verdict == Verdict::Failed && outcome.failure == FailureKind::NonFinite;
}

// A primitive of the case that the twin does not host (a primitive declared
// without a series has no certified evaluation), if any.
std::optional<calculus::Primitive> unhosted_primitive(const Case& k,
                                                      const semantics::Capabilities& twin) {
  std::optional<calculus::Primitive> unhosted;
  const auto check = [&](const calculus::Term& t) {
    if (calculus::is_prim(t) && !twin.hosts(calculus::prim_of(t))) unhosted = calculus::prim_of(t);
    return unhosted.has_value();
  };
  for (const CaseTerm& term : k.terms) {
    if (calculus::any_subterm(term.term, check)) return unhosted;
  }
  for (const calculus::Term& point : k.point) {
    if (calculus::any_subterm(point, check)) return unhosted;
  }
  return std::nullopt;
}

// outcome's failure standing uncertified: the twin could not evaluate the
// case (an error, a primitive it does not host, a budget, a non-finite value).
Outcome uncertified_by(Outcome outcome, const Outcome& confirmation, const std::string& twin_name) {
  outcome.detail +=
      fmt::format(" (uncertified: {} could not check it: {})", twin_name, confirmation.detail);
  return outcome;
}

// A non-finite failure in double, decided by the twin's confirmation of the
// same case (spec §6, "Four outcomes"). Where the twin does not host a
// primitive of the case, nothing decides it, as without a twin: a
// non-finite discard.
Outcome decided_by_twin(Outcome outcome, const Outcome& confirmation, const std::string& twin_name,
                        std::optional<calculus::Primitive> unhosted) {
  if (unhosted) {
    outcome.verdict = Verdict::Discarded;
    outcome.discard_kind = DiscardKind::NonFinite;
    outcome.detail = fmt::format("{} ({} does not host {})", kNonFiniteUndecidedDetail, twin_name,
                                 calculus::primitive_name(*unhosted));
    return outcome;
  }
  if (confirmation.verdict == Verdict::Discarded &&
      confirmation.discard_kind == DiscardKind::OutsideDomain) {
    outcome.verdict = Verdict::Discarded;
    outcome.discard_kind = DiscardKind::OutsideDomain;
    outcome.detail = confirmation.detail;
  } else if (confirmation.beyond_double_range) {
    outcome.verdict = Verdict::Discarded;
    outcome.discard_kind = DiscardKind::Overflow;
    outcome.detail = fmt::format("{}, as {} shows", kOverflowDetail, twin_name);
  } else if (confirmation.verdict == Verdict::Discarded ||
             (confirmation.verdict == Verdict::Failed &&
              confirmation.failure == FailureKind::Error)) {
    return uncertified_by(std::move(outcome), confirmation, twin_name);
  } else {
    outcome.detail += "; certified by " + twin_name + ", where every value is within range";
    outcome.certified = true;
  }
  return outcome;
}

// check, with every difference confirmed by twin (named twin_name) and every
// non-finite value decided by it.
Check certified(Check check, Check twin, std::string twin_name,
                semantics::Capabilities twin_capabilities) {
  return [check = std::move(check), twin = std::move(twin), twin_name = std::move(twin_name),
          twin_capabilities](const Case& k, const semantics::Tolerance& tolerance,
                             std::uint64_t compare_seed) {
    Outcome outcome = check(k, tolerance, compare_seed);
    if (is_non_finite(outcome)) {
      return decided_by_twin(std::move(outcome), twin(k, tolerance, compare_seed), twin_name,
                             unhosted_primitive(k, twin_capabilities));
    }
    if (!is_difference(outcome)) return outcome;
    const Outcome confirmation = twin(k, tolerance, compare_seed);
    if (is_difference(confirmation)) {
      // The witness becomes the twin's, whose δ is proved.
      outcome.detail += "; certified by " + twin_name;
      outcome.certified = true;
      outcome.difference = confirmation.difference;
      return outcome;
    }
    if (confirmation.verdict == Verdict::Passed ||
        (confirmation.verdict == Verdict::Discarded &&
         confirmation.discard_kind == DiscardKind::Rounding)) {
      outcome.verdict = Verdict::Discarded;
      outcome.discard_kind = DiscardKind::Rounding;
      outcome.detail = fmt::format(
          "a rounding artefact: the sides differ in double, but {} does not confirm it{}",
          twin_name, confirmation.verdict == Verdict::Passed ? "" : " (undecided at 1024 bits)");
      outcome.difference.reset();
      return outcome;
    }
    return uncertified_by(std::move(outcome), confirmation, twin_name);
  };
}

// check, with every difference marked uncertified, and every non-finite
// value decided by `decider` when given — a certified model that is not the
// model's twin: its record of the same case places the applications
// (outside, overflow), but its values say nothing of the model's, so it
// confirms no difference — else a non-finite discard.
Check uncertified(Check check, const LawBinding* decider = nullptr) {
  Check decide = decider ? decider->check : Check{};
  return [check = std::move(check), decide = std::move(decide),
          name = decider ? decider->model : std::string{},
          capabilities = decider ? decider->capabilities : semantics::Capabilities{}](
             const Case& k, const semantics::Tolerance& tolerance, std::uint64_t compare_seed) {
    Outcome outcome = check(k, tolerance, compare_seed);
    if (is_difference(outcome)) outcome.detail += " (uncertified: the model has no certified twin)";
    if (!is_non_finite(outcome)) return outcome;
    if (decide) {
      return decided_by_twin(std::move(outcome), decide(k, tolerance, compare_seed), name,
                             unhosted_primitive(k, capabilities));
    }
    outcome.verdict = Verdict::Discarded;
    outcome.discard_kind = DiscardKind::NonFinite;
    outcome.detail = std::string(kNonFiniteUndecidedDetail);
    return outcome;
  };
}

}  // namespace

void certify_by_twins(std::vector<LawBinding>& bindings) {
  std::map<std::pair<std::string, std::string>, const LawBinding*> by_law_and_model;
  for (const LawBinding& binding : bindings)
    by_law_and_model[{std::string(binding.info.id), binding.model}] = &binding;
  // The twins' checks are copied before any binding is changed.
  std::vector<std::pair<LawBinding*, Check>> composed;
  const std::vector<std::string> builtin = models::builtin_model_names();
  for (LawBinding& binding : bindings) {
    if (binding.capabilities.certified || binding.twin_composed) continue;
    const auto twin = by_law_and_model.find(
        {std::string(binding.info.id), binding.model + models::kFieldSuffix<models::Ball>});
    const bool from_plugin =
        std::find(builtin.begin(), builtin.end(), binding.model) == builtin.end();
    const auto decider = by_law_and_model.find({std::string(binding.info.id), kPluginDecider});
    if (twin == by_law_and_model.end()) {
      const bool decided = from_plugin && decider != by_law_and_model.end();
      composed.emplace_back(&binding,
                            uncertified(binding.check, decided ? decider->second : nullptr));
    } else {
      binding.certified_by = twin->second->model;
      composed.emplace_back(&binding, certified(binding.check, twin->second->check,
                                                twin->second->model, twin->second->capabilities));
    }
  }
  for (auto& [binding, check] : composed) {
    binding->twin_composed = true;
    binding->check = std::move(check);
  }
}

}  // namespace perturb::proofs
