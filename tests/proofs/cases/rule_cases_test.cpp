// The cases of the one-step soundness laws (sound.beta, sound.T, sound.pi,
// sound.pi-zero, sound.delta) each have a redex of their rule: a draw that
// collapsed to a term without one (a λ of 0 is 0, and so is 0 applied) is
// drawn again, so no case passes without testing the rule. On a certified
// model the δ-redex must fold to an exact literal.
#include <catch2/catch.hpp>

#include "../checker_support.h"
#include "proofs/laws/laws_soundness.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

TEST_CASE("every case of a one-step soundness law has a redex of its rule", "[laws][sound]") {
  const std::pair<const char*, const char*> laws[] = {{"sound.beta", "beta"},
                                                      {"sound.T", "T"},
                                                      {"sound.pi", "pi"},
                                                      {"sound.pi-zero", "pi"},
                                                      {"sound.delta", "delta"}};
  for (const char* model : {"closures", "closures@ball", "smooth"}) {
    for (const auto& [law, family] : laws) {
      const LawBinding& bound = binding(law, model);
      const calculus::Rules rules{.rounded_folds = !bound.capabilities.certified};
      const RunOptions options = small_run(1, 500);
      int without = 0;
      for (std::uint64_t i = 0; i < options.engine.cases; ++i) {
        const Case k = generate_case(bound, options.engine, i);
        if (!laws::detail::has_redex_of(k.term("M").term, family, rules)) ++without;
      }
      INFO(law << " on " << model << ": " << without << " of 500 cases without a redex");
      CHECK(without == 0);
    }
  }
}
