#include "lab/semantic_join.h"

#include <random>

#include "models/builtin_models.h"
#include "proofs/cases/check_case.h"
#include "semantics/interpret.h"

namespace perturb::lab {
namespace {

using Status = ModelVerdict::Status;

template <class M>
ModelVerdict compare_in(const M& model, const calculus::Context& context,
                        const calculus::Type& type, const calculus::Term& a,
                        const calculus::Term& b, std::uint64_t seed, std::uint32_t points) {
  ModelVerdict verdict{std::string(model.name()), Status::CannotInterpret, "", 0};
  try {
    auto left = semantics::interpret(model, context, a, type);
    auto right = semantics::interpret(model, context, b, type);
    if (!left || !right) {
      verdict.detail = (!left ? left.error() : right.error()).message;
      return verdict;
    }
    auto domain = semantics::interpret_context(model, context);
    auto codomain = semantics::interpret_type(model, type);
    if (!domain || !codomain) {
      verdict.detail = (!domain ? domain.error() : codomain.error()).message;
      return verdict;
    }
    std::mt19937_64 rng(seed);
    const semantics::Tolerance tolerance;
    for (std::uint32_t i = 0; i < points; ++i) {
      const auto point = model.random_point(*domain, rng);
      const auto p = model.apply(*left, point);
      const auto q = model.apply(*right, point);
      const semantics::Comparison comparison =
          proofs::detail::compare(model, *codomain, p, q, tolerance, rng);
      if (comparison == semantics::Comparison::Different) {
        verdict.status = Status::Different;
        verdict.detail = "at " + model.describe_point(*domain, point) + ": " +
                         model.describe_point(*codomain, p) + " vs " +
                         model.describe_point(*codomain, q);
        return verdict;
      }
      if (comparison == semantics::Comparison::Equal) ++verdict.points;
    }
    verdict.status = verdict.points > 0 ? Status::Equal : Status::NotFinite;
  } catch (const std::exception& e) {
    verdict.status = Status::GaveUp;
    verdict.detail = e.what();
  }
  return verdict;
}

}  // namespace

const char* status_name(ModelVerdict::Status status) {
  switch (status) {
    case Status::Equal:
      return "equal";
    case Status::Different:
      return "different";
    case Status::CannotInterpret:
      return "cannot interpret";
    case Status::NotFinite:
      return "not finite";
    case Status::GaveUp:
      return "gave up";
  }
  return "unknown";
}

std::vector<ModelVerdict> compare_in_models(const calculus::Context& context,
                                            const calculus::Type& type, const calculus::Term& a,
                                            const calculus::Term& b, std::uint64_t seed,
                                            std::uint32_t points,
                                            std::span<const semantics::AnyModel> also) {
  std::vector<ModelVerdict> verdicts;
  // The floating-point models: the certified ones would need the precision
  // ladder of proofs/cases/check_case.h to decide.
  const auto compare = [&](const semantics::AnyModel& model) {
    if (model.is_foil() || model.capabilities().certified) return;
    verdicts.push_back(compare_in(model, context, type, a, b, seed, points));
  };
  for (const semantics::AnyModel& model : models::builtin_models()) compare(model);
  for (const semantics::AnyModel& model : also) compare(model);
  return verdicts;
}

}  // namespace perturb::lab
