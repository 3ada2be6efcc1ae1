// smooth reads every first-order judgement (issue "typed core", item 4): a
// term outside the first-order fragment whose context and type are
// first-order is interpreted through its normal form (semantics/interpret.h,
// Theorem 5.6), and agrees with closures, which interprets it directly.
#include <catch2/catch.hpp>
#include <cmath>
#include <iostream>

#include "../read_reals.h"
#include "calculus/parse.h"
#include "calculus/print.h"
#include "calculus/random_term.h"
#include "models/closures/closures.h"
#include "models/smooth/smooth.h"
#include "semantics/interpret.h"

using namespace perturb;

namespace {

using perturb::testing::read_reals;

// The coordinates of |Γ ⊢ term : type| at the point of Γ with coordinates
// `at` (x:R, y:R, p:R × R), or nothing when the model refuses it.
template <class C>
std::optional<std::vector<double>> value_at(const C& c, const calculus::Context& context,
                                            const calculus::Term& term, const double (&at)[4],
                                            std::string* refusal = nullptr) {
  auto f = semantics::interpret(c, context, term, term->type());
  if (!f) {
    if (refusal) *refusal = f.error().to_string();
    return std::nullopt;
  }
  const auto real = [&](double r) { return c.apply(c.constant(r), c.unit_point()); };
  const std::vector<typename C::Point> values{real(at[0]), real(at[1]),
                                              c.pair_point(real(at[2]), real(at[3]))};
  const auto point = semantics::context_point(c, std::span<const typename C::Point>(values));
  std::vector<double> out;
  read_reals(c, c.codomain(*f), c.apply(*f, point), out);
  return out;
}

double closed_value(const std::string& text) {
  const models::Smooth smooth;
  auto program = calculus::parse_program(text);
  REQUIRE(program.ok());
  auto value = semantics::evaluate_closed(smooth, program->term, program->type);
  INFO(text);
  REQUIRE(value.ok());
  return smooth.real_value(*value);
}

}  // namespace

TEST_CASE("smooth evaluates λ, D of λ and nested D through the normal form", "[smooth][nf]") {
  CHECK(closed_value("D (\\x:R. x * x) 3") == Approx(6));
  CHECK(closed_value("D (\\y:R. D (\\x:R. x*x*x) y) 2") == Approx(12));
  CHECK(closed_value("D (\\x:R. D (\\y:R. sin (x*y)) 0.5) 0.7") ==
        Approx(0.819358480237971).epsilon(1e-12));
  CHECK(closed_value("let p = D (\\x:R. <\\y:R. x * y, \\y:R. y>) 2 in pi1 p 3") == Approx(3));
  CHECK(closed_value("(\\f:R -> R. f (f 2)) (\\x:R. x * x + 1)") == Approx(26));
  // A judgement of function type is still refused, saying why.
  const models::Smooth smooth;
  auto program = calculus::parse_program("\\x:R. x");
  REQUIRE(program.ok());
  auto refused = semantics::interpret(smooth, {}, program->term, program->type);
  REQUIRE_FALSE(refused.ok());
  CHECK_THAT(refused.error().message, Catch::Contains("smooth is first-order"));
}

TEST_CASE("smooth and closures agree on 10 000 random first-order judgements", "[smooth][nf]") {
  const models::Smooth smooth;
  const models::Closures closures;
  const calculus::Type real = calculus::real_type();
  const calculus::Context context(
      {{"x", real}, {"y", real}, {"p", calculus::mk_product(real, real)}});
  const calculus::TypeShape first_order{.max_depth = 2, .atoms = {"R"}};
  std::uint64_t refused = 0, non_finite = 0, via_normal_form = 0;
  const std::uint64_t cases = 10000, base_seed = 90210;
  for (std::uint64_t i = 0; i < cases; ++i) {
    const std::uint64_t seed = base_seed + i;
    calculus::Rng rng(seed);
    calculus::Type type = calculus::random_type(rng, first_order);
    while (!calculus::is_first_order(type)) type = calculus::random_type(rng, first_order);
    const calculus::Term term = calculus::random_term(rng, context, type, {.size = 12});
    const double at[4] = {calculus::random_literal(rng), calculus::random_literal(rng),
                          calculus::random_literal(rng), calculus::random_literal(rng)};
    const auto expected = value_at(closures, context, term, at);
    REQUIRE(expected);
    std::string why;
    const auto found = value_at(smooth, context, term, at, &why);
    INFO("seed " << seed << ": " << calculus::to_string(term, context) << " : "
                 << calculus::to_string(type) << (why.empty() ? "" : "; smooth: " + why));
    if (!found) {
      ++refused;
      continue;
    }
    if (!semantics::interpret_detail::Interpreter<models::Smooth>(smooth).run(context, term)) {
      ++via_normal_form;
    }
    REQUIRE(found->size() == expected->size());
    for (std::size_t k = 0; k < found->size(); ++k) {
      if (!std::isfinite((*found)[k]) || !std::isfinite((*expected)[k])) {
        ++non_finite;
        break;
      }
      CHECK((*found)[k] == Approx((*expected)[k]).epsilon(1e-9).margin(1e-9));
    }
  }
  std::cout << "smooth vs closures, " << cases << " random first-order judgements (seeds "
            << base_seed << "…): " << via_normal_form << " read through their normal form, "
            << refused << " refused by smooth, " << non_finite << " non-finite\n";
  CHECK(refused == 0);
  CHECK(non_finite < cases / 100);
}
