// The shrinker's candidates keep the type and get smaller; shrinking a foil's
// counterexample keeps it failing and never grows it. Case labels name the
// forms a hand-built case uses.
#include <catch2/catch.hpp>

#include "calculus/parse.h"
#include "calculus/print.h"
#include "calculus/typecheck.h"
#include "checker_support.h"
#include "proofs/labels.h"
#include "proofs/shrink.h"

using namespace perturb;
using namespace perturb::proofs;
using namespace perturb::proofs::testing;

namespace {

std::uint64_t case_size(const Case& k) {
  std::uint64_t size = 0;
  for (const CaseTerm& entry : k.terms) size += entry.term->tree_size();
  for (const calculus::Term& point : k.point) size += point->tree_size();
  return size;
}

calculus::Term parse(const std::string& text, const calculus::Context& context,
                     const calculus::Type& type) {
  auto program = calculus::parse_program(text, context, type);
  INFO(text);
  REQUIRE(program.ok());
  return program->term;
}

}  // namespace

TEST_CASE("shrink candidates keep the type and are no larger", "[shrink]") {
  const RunOptions options = small_run(3, 1);
  std::uint64_t checked = 0;
  for (const char* law : {"sound.lemma-5.4", "sound.T", "cdc.D5", "tangent.functor.composition"}) {
    const LawBinding& bound = binding(law, "closures");
    for (std::uint64_t index = 0; index < 8; ++index) {
      const Case k = generate_case(bound, options, index);
      for (const CaseTerm& entry : k.terms) {
        const auto candidates = shrink_candidates(entry.context, entry.term, entry.type);
        for (const calculus::Term& candidate : candidates) {
          INFO(law << ", seed 3, case " << index << ", " << entry.role);
          const auto type = calculus::type_of(entry.context, candidate);
          REQUIRE(type.ok());
          CHECK(*type == entry.type);
          CHECK(candidate->tree_size() <= entry.term->tree_size());
          CHECK_FALSE(calculus::alpha_equal(candidate, entry.term));
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("shrink candidates of a literal are simpler literals and 0", "[shrink]") {
  const auto real = calculus::real_type();
  const auto candidates = shrink_candidates({}, calculus::mk_lit(-2.5), real);
  std::vector<std::string> printed;
  for (const calculus::Term& candidate : candidates)
    printed.push_back(calculus::to_string(candidate, {}));
  CHECK(printed == std::vector<std::string>{"0", "1", "-1", "2"});
}

TEST_CASE("a shrunk foil counterexample still fails and is no larger", "[shrink]") {
  for (const auto& [law, foil] :
       {std::pair{"tangent.thm-3.10", "naive-dual"}, std::pair{"cdc.D6", "finite-difference"},
        std::pair{"sound.nf", "no-renaming"}}) {
    const LawBinding& bound = binding(law, foil);
    const RunOptions options = small_run(1, 60, true);
    const LawResult result = run_laws({bound}, options).front();
    INFO(law << " on " << foil);
    REQUIRE(result.counterexample);
    const Counterexample& c = *result.counterexample;
    INFO("original size " << case_size(c.original) << ", shrunk size " << case_size(c.shrunk)
                          << " in " << c.shrink_steps << " steps");
    CHECK(case_size(c.shrunk) <= case_size(c.original));
    CHECK(c.shrink_steps > 0);
    CHECK(case_size(c.shrunk) < case_size(c.original));
    const Outcome replayed = bound.check(c.shrunk, options.tolerance, compare_seed_of(c.case_seed));
    CHECK(replayed.verdict == Verdict::Failed);
    CHECK(replayed.detail == c.original_outcome.detail);
    CHECK(c.outcome.verdict == Verdict::Failed);
    for (const CaseTerm& entry : c.shrunk.terms) {
      const auto type = calculus::type_of(entry.context, entry.term);
      CHECK((type.ok() && *type == entry.type));
    }
  }
}

TEST_CASE("case labels name the forms, T-depth and order of a hand-built case", "[labels]") {
  using calculus::Context;
  const auto real = calculus::real_type();
  const Context context({{"x", real}});
  Case k;
  // λ, application, T (nested twice), variable, literal, primitive, sum.
  k.terms.push_back(
      {"M", context,
       parse("pi1 (pi1 (T (T (\\y:R. sin y)) <<x, 1>, <0, 0>>)) * 2 + x", context, real), real});
  // A literal point.
  k.point_context.push("x", real);
  k.point.push_back(calculus::mk_lit(3));
  // ⟨a, b⟩ is ι1 a + ι2 b (spec §3), hence ι and sum.
  CHECK(case_labels(k) == std::vector<std::string>{"T-depth:2", "form:T", "form:application",
                                                   "form:literal", "form:primitive", "form:sum",
                                                   "form:variable", "form:ι", "form:λ", "form:π",
                                                   "order:first"});

  Case higher;
  const Context functions({{"f", calculus::mk_arrow(real, real)}});
  higher.terms.push_back({"M", functions, parse("in1 (f 1)", functions, calculus::mk_tangent(real)),
                          calculus::mk_tangent(real)});
  higher.terms.push_back({"N", {}, calculus::mk_zero(real), real});
  CHECK(case_labels(higher) == std::vector<std::string>{"T-depth:0", "form:0", "form:application",
                                                        "form:literal", "form:variable", "form:ι",
                                                        "order:higher"});
}
