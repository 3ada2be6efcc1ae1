#include "proofs/laws/reference_laws.h"

#include <fmt/format.h>

#include <iterator>

#include "calculus/error.h"
#include "calculus/random_draws.h"
#include "proofs/cases/case_generator.h"

namespace perturb::proofs {
namespace {

constexpr std::string_view kAgainst = ", against ";

// D^order f a, in the surface syntax: f a, D f a, D (\y1:R. D f y1) a, …
std::string derivative_text(int order) {
  std::string g = "f";
  for (int i = 1; i < order; ++i) g = fmt::format("(\\y{}:R. D {} y{})", i, g, i);
  return order == 0 ? "f a" : fmt::format("D {} a", g);
}

// Points aimed at 0 or ±1 in one case in kSpecialOdds, where derivative
// libraries go wrong (the random literals never give 0).
constexpr std::uint32_t kSpecialOdds = 2;
constexpr double kSpecialPoints[] = {0.0, 1.0, -1.0};

}  // namespace

std::shared_ptr<const TextLaw> reference_law(int order, const std::string& reference) {
  auto law = TextLaw::make(
      "forall f : R -> R, a : R. " + derivative_text(order) + " = " + derivative_text(order),
      fmt::format("ref.order-{}", order));
  if (!law.ok()) throw calculus::InternalError("reference_law: " + law.error().to_string());
  law->reference = "§6 reference";
  law->statement =
      "forall f : R -> R, a : R. " + derivative_text(order) + std::string(kAgainst) + reference;
  return std::make_shared<const TextLaw>(std::move(*law));
}

Case generate_reference_case(const TextLaw& law, CaseGenerator& gen) {
  Case k = generate_text_law_case(law, gen);
  if (calculus::random_chance(gen.rng(), 1, kSpecialOdds)) {
    const auto pick = calculus::random_below(gen.rng(), std::size(kSpecialPoints));
    k.point.back() = calculus::mk_lit(kSpecialPoints[pick]);
  }
  return k;
}

std::string reference_of_statement(const std::string& statement) {
  const std::size_t at = statement.rfind(kAgainst);
  return at == std::string::npos ? "" : statement.substr(at + kAgainst.size());
}

}  // namespace perturb::proofs
