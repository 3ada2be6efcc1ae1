// The targeted family of the JFP 2019 bug (proofs/laws/laws_soundness.h,
// detail::shared_derivative_term): closed terms of type R whose value is
// a²·g''(Q + 2aP), which closures computes and no-renaming gets as 0.
#include <catch2/catch.hpp>

#include "calculus/typecheck.h"
#include "models/closures/closures.h"
#include "proofs/laws/laws_soundness.h"
#include "semantics/interpret.h"

using namespace perturb;

TEST_CASE("shared derivatives are closed terms of type R that closures interprets", "[generator]") {
  const std::uint64_t seed = 1;
  const int repeat = 200;
  const models::Closures closures;
  for (int i = 0; i < repeat; ++i) {
    INFO("seed " << seed << ", case " << i << " of " << repeat);
    proofs::CaseGenerator gen(proofs::case_seed(seed, "shared-derivative", "test", i), {});
    const calculus::Term term = proofs::laws::detail::shared_derivative_term(gen);
    CHECK(term->loose_bvar_range() == 0);
    const auto type = calculus::type_of(calculus::Context{}, term);
    REQUIRE(type.ok());
    CHECK(calculus::is_real(*type));
    CHECK(semantics::interpret(closures, calculus::Context{}, term, *type).ok());
  }
}
