#include "proofs/laws/reference_laws.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <vector>

#include "calculus/error.h"
#include "calculus/primitive_domain.h"
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

// Where a case is aimed (spec §6's special points, where derivative
// libraries go wrong; the random literals never give 0): in two cases in
// three f is one primitive applied to small arguments, often x itself
// (CaseGenerator::applied_primitive), and a one of that primitive's special
// coordinates; in one in six f is as drawn and a is 0 or ±1.
constexpr double kUnitPoints[] = {0.0, 1.0, -1.0};

// The first coordinates of p's special points (where its first argument,
// most often x itself, is special), or 0 and ±1 when it has none, at which
// p is not outside its smooth set along a moving first argument (not
// recip's pole, not sqrt's boundary, not sign's jump).
std::vector<double> special_coordinates(calculus::Primitive p) {
  std::vector<double> candidates;
  for (const calculus::SpecialPoint& point : calculus::spec_of(p).special_points) {
    if (point.x) candidates.push_back(*point.x);
  }
  if (candidates.empty()) candidates.assign(std::begin(kUnitPoints), std::end(kUnitPoints));
  std::vector<double> values;
  for (const double x : candidates) {
    const calculus::Application moving{.x = x, .y = 1, .x_moves = true};
    if (std::find(values.begin(), values.end(), x) == values.end() &&
        calculus::place_application(p, moving).placement != calculus::Placement::Outside)
      values.push_back(x);
  }
  if (values.empty()) values.assign(std::begin(kUnitPoints) + 1, std::end(kUnitPoints));
  return values;
}

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
  switch (calculus::random_below(gen.rng(), 6)) {
    case 0:
      k.point.back() = calculus::mk_lit(calculus::random_element(gen.rng(), kUnitPoints));
      break;
    case 1:
    case 2:
    case 3:
    case 4: {
      CaseTerm& f = k.terms.front();
      CaseGenerator::AppliedPrimitive applied = gen.applied_primitive(f.context);
      f.term = std::move(applied.term);
      k.point.back() = calculus::mk_lit(
          calculus::random_element(gen.rng(), special_coordinates(applied.primitive)));
      break;
    }
    default:
      break;
  }
  return k;
}

std::string reference_of_statement(const std::string& statement) {
  const std::size_t at = statement.rfind(kAgainst);
  return at == std::string::npos ? "" : statement.substr(at + kAgainst.size());
}

}  // namespace perturb::proofs
