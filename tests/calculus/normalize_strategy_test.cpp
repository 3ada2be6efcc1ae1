// Tests of the normalizer's design (docs/architecture.md, "Normalization"):
// the terms that used to stall, the strategies' definitions checked step by
// step from the trace, shared steps naming every occurrence, and the
// deterministic budgets (memory included).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "calculus/normalize.h"
#include "calculus/parse.h"
#include "calculus/reduce.h"
#include "calculus/typecheck.h"

using namespace perturb::calculus;

namespace {

constexpr Strategy kStrategies[] = {Strategy::NormalOrder, Strategy::ApplicativeOrder,
                                    Strategy::Random};

Program parsed(const std::string& text) {
  ErrorOr<Program> program = parse_program(text);
  INFO(text);
  REQUIRE(program.ok());
  return std::move(program).value();
}

// A redex the normalizer may contract: T (λx.s) only with s normal.
bool ready(const Term& redex) {
  const auto rule = redex_rule(redex);
  if (!rule) return false;
  if (*rule == "T") return !has_redex(lam_body(operand(redex)));
  return true;
}

bool innermost(const Term& redex) {
  for (const Term& child : redex->children()) {
    if (has_redex(child)) return false;
  }
  return true;
}

// The position the strategy must choose in term, by its definition, computed
// from the tree (find_redexes lists the redexes in pre-order).
Position expected_choice(const Term& term, Strategy strategy) {
  for (const Redex& redex : find_redexes(term, {}, 1000000)) {
    const Term node = subterm_at(term, redex.position).value();
    if (strategy == Strategy::NormalOrder ? ready(node) : innermost(node)) return redex.position;
  }
  FAIL("no redex to choose");
  return {};
}

const char* const kStalled[] = {
    "D (\\y:R. D (\\x:R. x*x*x) y) 2",
    "\\f:R->R->R. T (\\x:R. (\\y:R. f x y) x)",
    "D (\\x:R. D (\\y:R. sin (x*y)) 0.5) 0.7",
};

}  // namespace

TEST_CASE("D (λy. D (λx. x*x*x) y) 2 normalizes with the default strategy to 12",
          "[normalize][strategy]") {
  const Program program = parsed(kStalled[0]);
  const NormalizeResult result = normalize(program.term);
  INFO(describe(result));
  REQUIRE(result.status == NormalizeStatus::NormalForm);
  CHECK(result.term == mk_lit(12));
  CHECK(result.steps < 1000);
}

TEST_CASE("T (λx. (λy. f x y) x) normalizes under normal order (spec §7)",
          "[normalize][strategy]") {
  const Program program = parsed(kStalled[1]);
  for (Strategy strategy : kStrategies) {
    INFO(strategy_name(strategy));
    const NormalizeResult result = normalize(program.term, {.strategy = strategy, .seed = 4});
    INFO(describe(result));
    REQUIRE(result.status == NormalizeStatus::NormalForm);
    CHECK(result.steps < 50);
    CHECK_FALSE(has_redex(result.term));
    CHECK(type_of({}, result.term).value() == program.type);
  }
  // The inner β-redex is contracted first: the T-redex waits for its body.
  const NormalizeResult traced = normalize(program.term, {.trace = true});
  REQUIRE(!traced.trace.empty());
  CHECK(traced.trace.front().rule == "beta");
}

TEST_CASE("D (λx. D (λy. sin (x*y)) 0.5) 0.7 normalizes under every strategy",
          "[normalize][strategy]") {
  const Program program = parsed(kStalled[2]);
  for (Strategy strategy : kStrategies) {
    for (std::uint64_t seed : {0, 1, 2}) {
      INFO(strategy_name(strategy) << " seed " << seed);
      const NormalizeResult result = normalize(program.term, {.strategy = strategy, .seed = seed});
      INFO(describe(result));
      REQUIRE(result.status == NormalizeStatus::NormalForm);
      REQUIRE(is_lit(result.term));
      // d/dx [y cos(xy)] at (0.7, 0.5) = cos(0.35) − 0.35 sin(0.35).
      CHECK(lit_value(result.term) == Approx(0.819358480237971).epsilon(1e-12));
    }
  }
}

TEST_CASE("each step contracts the redex the strategy's definition names",
          "[normalize][strategy]") {
  std::vector<std::string> terms(std::begin(kStalled), std::end(kStalled));
  terms.push_back("T (\\x:R. x * x + 1) <1, 3>");
  terms.push_back("D (\\x:R. x * D (\\y:R. x) 2) 1");
  terms.push_back("\\g:R->R. T (\\x:R. (\\h:R->R. h (h x)) g)");
  for (const std::string& text : terms) {
    const Program program = parsed(text);
    for (Strategy strategy : {Strategy::NormalOrder, Strategy::ApplicativeOrder}) {
      INFO(text << ", " << strategy_name(strategy));
      const NormalizeResult result = normalize(program.term, {.strategy = strategy, .trace = true});
      REQUIRE(result.status == NormalizeStatus::NormalForm);
      Term previous = program.term;
      for (const TraceStep& step : result.trace) {
        INFO("step at " << to_string(step.position));
        CHECK(step.position == expected_choice(previous, strategy));
        previous = step.term;
      }
    }
  }
}

TEST_CASE("a shared redex is contracted at all its occurrences, and the trace names them",
          "[normalize][strategy][sharing]") {
  // (λy. y) 2 occurs twice: one step contracts both.
  const Term id2 = mk_app(mk_lam("y", real_type(), mk_var(0, real_type())), mk_lit(2));
  const Term term = mk_mul(id2, id2);
  for (Strategy strategy : kStrategies) {
    INFO(strategy_name(strategy));
    const NormalizeResult result = normalize(term, {.strategy = strategy, .trace = true});
    REQUIRE(result.status == NormalizeStatus::NormalForm);
    CHECK(result.term == mk_lit(4));
    REQUIRE(result.trace.size() == 2);  // beta (both copies), then delta-arith
    const TraceStep& first = result.trace.front();
    CHECK(first.rule == "beta");
    CHECK(first.occurrence_count == 2);
    REQUIRE(first.occurrences.size() == 2);
    CHECK(first.occurrences[0] != first.occurrences[1]);
    for (const Position& p : first.occurrences) CHECK(subterm_at(term, p).value() == id2);
    CHECK(first.occurrences.front() <= first.position);
  }
}

TEST_CASE("budgets are deterministic and named with their values", "[normalize][budgets]") {
  // T (λx. ⟨⟨…⟨x, 1⟩…⟩, 1⟩): T_x doubles the summands under each pair (§3).
  std::string nested = "x";
  for (int i = 0; i < 26; ++i) nested = "<" + nested + ", 1>";
  const Program program = parsed("T (\\x:R. " + nested + ")");
  SECTION("memory: the step that would build too much is not taken") {
    const NormalizeOptions options{.max_size = 1000000000, .max_memory = 64 << 20};
    const NormalizeResult a = normalize(program.term, options);
    const NormalizeResult b = normalize(program.term, options);
    CHECK(a.status == NormalizeStatus::MemoryBudget);
    CHECK(a.steps == b.steps);
    CHECK(a.term == b.term);
    CHECK(a.peak_memory_bytes <= options.max_memory);
    CHECK_THAT(describe(a), Catch::Contains("memory budget exceeded"));
    CHECK_THAT(describe(a), Catch::Contains("--max-memory 67108864"));
  }
  SECTION("size: the message names --max-size and its value, and the term is within it") {
    const NormalizeResult result = normalize(program.term, {.max_size = 20000});
    CHECK(result.status == NormalizeStatus::SizeBudget);
    CHECK_THAT(describe(result), Catch::Contains("(--max-size 20000)"));
    CHECK(dag_size(result.term) <= 20000);
  }
  SECTION("the tree size of a DAG is computed, saturating") {
    CHECK(tree_size_text(12) == "12");
    CHECK(tree_size_text(~std::uint64_t{0}) == "≥ 1.8e19");
  }
}
