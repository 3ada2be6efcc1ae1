// sound.T's targeted family (proofs/laws/laws_soundness.h,
// detail::own_output_tangent_case): T (λx:ρ → ρ. x (x r)) at its stated
// type, one case in about four of sound.T on a higher-order model, and the
// shape that refutes the finite-difference foil, which a uniform draw
// refutes in about one case in a hundred (first at case 56 of seed 1).
#include <catch2/catch.hpp>

#include "calculus/typecheck.h"
#include "proofs/binding/builtin_bindings.h"
#include "proofs/laws/laws_soundness.h"
#include "proofs/run/runner.h"

using namespace perturb;
using namespace perturb::proofs;

namespace {

// Whether term is T (λx:ρ → ρ. x (x r)).
bool has_own_output_shape(const calculus::Term& term) {
  if (!calculus::is_tan(term)) return false;
  const calculus::Term& lam = calculus::operand(term);
  if (!calculus::is_lam(lam)) return false;
  const auto is_x = [](const calculus::Term& t) {
    return calculus::is_var(t) && calculus::var_index(t) == 0;
  };
  const calculus::Term& body = calculus::lam_body(lam);
  return calculus::is_app(body) && is_x(calculus::app_fn(body)) &&
         calculus::is_app(calculus::app_arg(body)) &&
         is_x(calculus::app_fn(calculus::app_arg(body)));
}

const LawBinding& sound_t_on(const std::vector<LawBinding>& bindings, const std::string& model) {
  for (const LawBinding& binding : bindings) {
    if (binding.info.id == "sound.T" && binding.model == model) return binding;
  }
  FAIL("no sound.T on " << model);
  throw;
}

}  // namespace

TEST_CASE("own-output cases have the stated type and shape", "[generator]") {
  for (std::uint64_t i = 0; i < 200; ++i) {
    INFO("case " << i);
    CaseGenerator gen(case_seed(1, "own-output", "test", i), {.higher_order = true});
    const Case k = laws::detail::own_output_tangent_case(gen);
    const CaseTerm& m = k.term("M");
    CHECK(has_own_output_shape(m.term));
    const auto type = calculus::type_of(m.context, m.term);
    REQUIRE(type.ok());
    CHECK(*type == m.type);
  }
}

TEST_CASE("sound.T draws about one case in four from the own-output family", "[generator]") {
  const std::vector<LawBinding> bindings = builtin_bindings();
  const LawBinding& binding = sound_t_on(bindings, "closures");
  const RunOptions options;
  const std::uint64_t cases = 400;
  std::uint64_t family = 0;
  for (std::uint64_t i = 0; i < cases; ++i)
    family += has_own_output_shape(generate_case(binding, options.engine, i).term("M").term);
  CHECK(family >= cases / 6);
  CHECK(family <= cases / 3);
}

TEST_CASE("finite-difference fails sound.T within its first 16 cases", "[generator][foil]") {
  const std::vector<LawBinding> bindings = builtin_bindings();
  const LawBinding& binding = sound_t_on(bindings, "finite-difference");
  const RunOptions options;
  std::uint64_t failed = 0;
  for (std::uint64_t i = 0; i < 16; ++i)
    failed += check_case_at(binding, options.engine, i).outcome.verdict == Verdict::Failed;
  CHECK(failed > 0);
}
