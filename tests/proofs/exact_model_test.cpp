// The exact model closures@rational in the checker (issue 12): every hosted
// law holds with no tolerance at all, its cases have no sin, cos or exp, a
// text law with them is refused with its reason, and the tolerance that
// hides a small error in double hides nothing here.
#include <catch2/catch.hpp>

#include "calculus/term.h"
#include "checker_support.h"
#include "proofs/binding/builtin_text_law_bindings.h"
#include "proofs/laws/text_law.h"
#include "proofs/run/health.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

namespace {

const char* const kExact = "closures@rational";

// Whether term has a primitive p with wanted(p) anywhere.
template <class Wanted>
bool has_primitive(const calculus::Term& term, Wanted wanted) {
  std::vector<calculus::Term> pending = {term};
  while (!pending.empty()) {
    const calculus::Term t = pending.back();
    pending.pop_back();
    if (calculus::is_prim(t) && wanted(calculus::prim_of(t))) return true;
    for (const calculus::Term& child : t->children()) pending.push_back(child);
  }
  return false;
}

// A primitive the rationals do not host: any but mul, abs, max, min and sign.
bool has_transcendental(const calculus::Term& term) {
  using calculus::Primitive;
  return has_primitive(term, [](Primitive p) {
    return p != Primitive::Mul && p != Primitive::Abs && p != Primitive::Max &&
           p != Primitive::Min && p != Primitive::Sign;
  });
}

bool has_mul(const calculus::Term& term) {
  return has_primitive(term, [](calculus::Primitive p) { return p == calculus::Primitive::Mul; });
}

TextLawBindings bind_text(std::string_view text) {
  auto law = TextLaw::make(text, "equation.1");
  INFO(text);
  if (!law.ok()) FAIL(law.error().to_string());
  return builtin_text_law_bindings({std::make_shared<const TextLaw>(*law)});
}

LawBinding text_binding(const TextLawBindings& bound, std::string_view model) {
  for (const LawBinding& b : bound.bindings) {
    if (b.model == model) return b;
  }
  FAIL("no binding on " << model);
  return bound.bindings.front();
}

}  // namespace

TEST_CASE("closures@rational: no case of any law has sin, cos or exp", "[exact]") {
  std::uint64_t laws = 0, cases_with_mul = 0;
  for (const LawBinding& b : all_bindings()) {
    if (b.model != kExact) continue;
    ++laws;
    CHECK_FALSE(b.capabilities.transcendentals);
    for (std::uint64_t i = 0; i < 40; ++i) {
      const Case k = generate_case(b, small_run(3, 40).engine, i);
      bool mul = false;
      for (const CaseTerm& t : k.terms) {
        INFO(b.info.id << " case " << i);
        CHECK_FALSE(has_transcendental(t.term));
        mul = mul || has_mul(t.term);
      }
      for (const calculus::Term& p : k.point) CHECK_FALSE(has_transcendental(p));
      cases_with_mul += mul;
    }
  }
  // The catalogue's 85 and the signature's laws of abs, max and min (6).
  CHECK(laws == 91);
  // Products are still there: the fragment is primitive-free, not linear.
  CHECK(cases_with_mul > 85 * 40 / 10);
}

TEST_CASE("closures@rational passes every hosted law with tolerance 0", "[exact]") {
  std::vector<LawBinding> exact;
  for (const LawBinding& b : all_bindings())
    if (b.model == kExact) exact.push_back(b);
  for (const LawResult& result : run_laws(exact, small_run(5, 60))) {
    INFO(result.info.id);
    CHECK(result.failed == 0);
    CHECK(health_problems(result, DiscardLimits{}).empty());
  }
}

TEST_CASE("closures@rational decides by equality what double leaves to a tolerance", "[exact]") {
  // True, but double refutes it by cancellation.
  const TextLawBindings cancellation =
      bind_text("forall a : R. (a + 10000000000000000) + -10000000000000000 = a");
  const LawResult exact_pass =
      run_laws({text_binding(cancellation, kExact)}, small_run(1, 100)).front();
  CHECK(exact_pass.passed == 100);
  // False by a relative 1e-10, below double's tolerance of 1e-7.
  const TextLawBindings tiny = bind_text("forall a : R. a * 1.0000000001 = a");
  CHECK(run_laws({text_binding(tiny, "closures")}, small_run(1, 100)).front().failed == 0);
  const LawResult exact_fail =
      run_laws({text_binding(tiny, kExact)}, small_run(1, 100, /*shrink=*/true)).front();
  CHECK(exact_fail.failed > 90);
  REQUIRE(exact_fail.counterexample);
  REQUIRE(exact_fail.counterexample->outcome.difference);
  CHECK(exact_fail.counterexample->outcome.difference->separation.value_or(0) > 0);
}

TEST_CASE("a text law with sin is refused on closures@rational, with the reason", "[exact]") {
  const TextLawBindings bound = bind_text("forall a : R. sin a * sin a + cos a * cos a = 1");
  bool refused = false;
  for (const TextLawRefusal& refusal : bound.refusals) {
    if (refusal.model != kExact) continue;
    refused = true;
    CHECK(refusal.reason == "it is exact over the rationals, and the equation has sin, cos or exp");
  }
  CHECK(refused);
  for (const LawBinding& b : bound.bindings) CHECK(b.model != kExact);
}
