// The shrinker's candidates keep the type and get smaller; shrinking a foil's
// counterexample keeps it failing and never grows it. Case labels name the
// forms a hand-built case uses.
#include <algorithm>
#include <catch2/catch.hpp>

#include "../checker_support.h"
#include "calculus/parse.h"
#include "calculus/print.h"
#include "calculus/typecheck.h"
#include "proofs/cases/labels.h"
#include "proofs/cases/shrink.h"

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
      const Case k = generate_case(bound, options.engine, index);
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
    const Outcome replayed =
        bound.check(c.shrunk, options.engine.tolerance, compare_seed_of(c.case_seed));
    CHECK(replayed.verdict == Verdict::Failed);
    CHECK(replayed.detail == c.original_outcome.detail);
    CHECK(c.outcome.verdict == Verdict::Failed);
    for (const CaseTerm& entry : c.shrunk.terms) {
      const auto type = calculus::type_of(entry.context, entry.term);
      CHECK((type.ok() && *type == entry.type));
    }
  }
}

TEST_CASE("the shrinker keeps a failure's kind and certainty, whatever its message says",
          "[shrink]") {
  const auto real = calculus::real_type();
  const calculus::Context context({{"x", real}});
  Case failing;
  failing.terms.push_back({"M", context, parse("sin (x * 2.5) + x * x", context, real), real});
  failing.point_context.push("x", real);
  failing.point.push_back(calculus::mk_lit(3));
  // A model error whose message names the term's size, as a model's messages
  // may carry numbers: it differs from candidate to candidate.
  const auto error_naming_the_size = [](const Case& k) {
    Outcome outcome;
    outcome.verdict = Verdict::Failed;
    outcome.failure = FailureKind::Error;
    outcome.detail = "error: a term of " + std::to_string(case_size(k)) + " nodes";
    return outcome;
  };
  const Outcome original = error_naming_the_size(failing);
  const ShrinkResult shrunk = shrink_case(failing, original, error_naming_the_size);
  CHECK(shrunk.steps > 0);
  CHECK(case_size(shrunk.shrunk) == 2);  // M = 0 at the point 0
  CHECK(shrunk.outcome.detail != original.detail);

  // A certified difference whose every other candidate fails another way,
  // or less certainly, is not shrunk.
  for (const auto& [failure, certified] :
       {std::pair{FailureKind::SidesDiffer, false}, std::pair{FailureKind::NotParallel, true},
        std::pair{FailureKind::Error, true}}) {
    const auto otherwise_when_changed = [&, failure = failure,
                                         certified = certified](const Case& k) {
      Outcome outcome;
      outcome.verdict = Verdict::Failed;
      outcome.failure = FailureKind::SidesDiffer;
      outcome.certified = true;
      if (k.terms[0].term != failing.terms[0].term || k.point[0] != failing.point[0]) {
        outcome.failure = failure;
        outcome.certified = certified;
      }
      return outcome;
    };
    INFO("other candidates fail as " << failure_kind_name(failure) << ", certified " << certified);
    const ShrinkResult kept =
        shrink_case(failing, otherwise_when_changed(failing), otherwise_when_changed);
    CHECK(kept.steps == 0);
    CHECK(case_size(kept.shrunk) == case_size(failing));
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
                                                   "order:first", "structure:primitive-under-T:2",
                                                   "structure:sin-under-T:2"});

  Case higher;
  const Context functions({{"f", calculus::mk_arrow(real, real)}});
  higher.terms.push_back({"M", functions, parse("in1 (f 1)", functions, calculus::mk_tangent(real)),
                          calculus::mk_tangent(real)});
  higher.terms.push_back({"N", {}, calculus::mk_zero(real), real});
  CHECK(case_labels(higher) == std::vector<std::string>{"T-depth:0", "form:0", "form:application",
                                                        "form:literal", "form:variable", "form:ι",
                                                        "order:higher"});
}

namespace {

// The structure:* labels of a case with the one term M (Γ ⊢ M : type).
std::vector<std::string> structure_labels(const calculus::Context& context, const std::string& text,
                                          const calculus::Type& type) {
  Case k;
  k.terms.push_back({"M", context, parse(text, context, type), type});
  std::vector<std::string> structure;
  for (const std::string& label : case_labels(k)) {
    if (label.starts_with("structure:")) structure.push_back(label);
  }
  return structure;
}

}  // namespace

TEST_CASE("structure labels: T under λ, function arguments, own output, shared derivatives",
          "[labels]") {
  using calculus::Context;
  const auto real = calculus::real_type();
  const auto function = calculus::mk_arrow(real, real);
  const Context none;
  // T under a binder, and the primitive under it.
  CHECK(structure_labels(none, "\\x:R. pi1 (T sin <1, x>)", function) ==
        std::vector<std::string>{"structure:T-under-λ", "structure:primitive-under-T:1",
                                 "structure:sin-under-T:1"});
  // Every primitive of the signature by name, not only the paper's four.
  CHECK(structure_labels(none, "\\x:R. pi1 (T atan2 <<1, 0>, <x, 2>>)", function) ==
        std::vector<std::string>{"structure:T-under-λ", "structure:atan2-under-T:1",
                                 "structure:primitive-under-T:1"});
  // A function-typed argument; f applied to its own output.
  const Context f({{"f", function}});
  CHECK(structure_labels(f, "(\\g:R -> R. g 1) f", real) ==
        std::vector<std::string>{"structure:function-argument"});
  CHECK(structure_labels(f, "f (f 1)", real) ==
        std::vector<std::string>{"structure:applied-to-own-output"});
  // The search from g's application passes f (f 1) first: f's own search,
  // in the same (emptied) table, must still find f 1.
  const Context fg({{"f", function}, {"g", function}});
  CHECK(structure_labels(fg, "g (f (f 1))", real) ==
        std::vector<std::string>{"structure:applied-to-own-output"});
  CHECK(structure_labels(fg, "g (f 1)", real).empty());
  // let d = D s 0 in d (d f): a shared derivative on its own output.
  const std::string shared =
      "(\\d:(R -> R) -> R -> R. d (d (\\x:R. x * x)) 2) "
      "((\\u:R. \\g:R -> R. \\x:R. pi1 (T g <u, x>)) 1)";
  const std::vector<std::string> labels = structure_labels(none, shared, real);
  CHECK(std::count(labels.begin(), labels.end(), "structure:shared-derivative-on-own-output") == 1);
}

TEST_CASE("structure labels: the last variable of the context under a binder", "[labels]") {
  using calculus::Context;
  const auto real = calculus::real_type();
  const auto function = calculus::mk_arrow(real, real);
  const Context one({{"x", real}});
  CHECK(structure_labels(one, "\\y:R. x + y", function) ==
        std::vector<std::string>{"structure:last-variable-under-λ"});
  // x is not the last entry here: nothing to lift for a substitution of z.
  const Context three({{"x", real}, {"y", real}, {"z", real}});
  CHECK(structure_labels(three, "\\w:R. x + w", function) ==
        std::vector<std::string>{"structure:context-of-3+"});
  const std::vector<std::string> last = structure_labels(three, "\\w:R. z + w", function);
  CHECK(last == std::vector<std::string>{"structure:context-of-3+",
                                         "structure:last-variable-under-λ",
                                         "structure:last-variable-under-λ-in-context-of-3+"});
}

TEST_CASE("structure labels: not computed past 4000 DAG nodes", "[labels]") {
  const auto real = calculus::real_type();
  const auto function = calculus::mk_arrow(real, real);
  // λx. π1 (T sin ⟨1, x⟩) + 1 + 2 + … + n: the λ distributes over the sum (spec §3),
  // so n literals and n λs, about 2n + 10 DAG nodes.
  const auto with_literals = [&](int n) {
    std::string text = "\\x:R. pi1 (T sin <1, x>)";
    for (int i = 1; i <= n; ++i) text += " + " + std::to_string(i);
    return structure_labels({}, text, function);
  };
  CHECK(with_literals(100) == std::vector<std::string>{"structure:T-under-λ",
                                                       "structure:primitive-under-T:1",
                                                       "structure:sin-under-T:1"});
  CHECK(with_literals(1900).size() == 3);
  CHECK(with_literals(2100).empty());
}

TEST_CASE("case labels of several terms are the union of each one's", "[labels]") {
  // The first term grows the case's tables past their inline slots; the
  // others are labelled in the same tables, emptied. The last two hold the
  // same node f (index 1 under one λ) at the same depth, but only the
  // second's context has 3 variables: were the tables not emptied, its
  // visit of f would be skipped and its context-of-3+ label lost.
  const auto real = calculus::real_type();
  const auto function = calculus::mk_arrow(real, real);
  const calculus::Context small({{"f", function}});
  const calculus::Context three({{"a", real}, {"b", real}, {"f", function}});
  std::string large = "\\x:R. pi1 (T sin <1, x>)";
  for (int i = 1; i <= 100; ++i) large += " + " + std::to_string(i);
  Case k;
  k.terms.push_back({"L", {}, parse(large, {}, function), function});
  k.terms.push_back({"A", small, parse("\\y:R. f y", small, function), function});
  k.terms.push_back({"B", three, parse("\\y:R. f y", three, function), function});
  std::vector<std::string> each;
  for (const CaseTerm& term : k.terms) {
    Case alone;
    alone.terms.push_back(term);
    for (std::string& label : case_labels(alone)) each.push_back(std::move(label));
  }
  std::sort(each.begin(), each.end());
  each.erase(std::unique(each.begin(), each.end()), each.end());
  // T-depth is of the whole case: the deepest.
  std::erase(each, "T-depth:0");
  CHECK(case_labels(k) == each);
  CHECK(std::count(each.begin(), each.end(), "structure:last-variable-under-λ-in-context-of-3+") ==
        1);
}
