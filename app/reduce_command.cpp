// `perturb reduce INPUT | -e TERM | -f FILE [options]`: normalizes a term and prints the
// result, optionally the trace and statistics.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "app/commands.h"
#include "app/input.h"
#include "app/memory_budget.h"
#include "app/option_checks.h"
#include "calculus/normalize.h"
#include "calculus/print.h"

namespace perturb::app {
namespace {

struct ReduceOptions {
  ProgramSource source;
  std::string strategy = "normal";
  calculus::NormalizeOptions normalize;
  bool stats = false;
  // "" (no trace), "rules" (each step with the size of the term after it,
  // what --trace alone gives) or "terms" (each step with the term after it,
  // elided past trace_width characters).
  std::string trace;
  std::size_t trace_width = 160;
  std::uint64_t print_limit = calculus::kDefaultPrintLimit;
};

// The term in surface syntax, unless its tree is too large to print usefully.
std::string printable(const calculus::Term& term, const calculus::Context& context,
                      std::uint64_t print_limit) {
  if (term->tree_size() > print_limit) {
    return fmt::format("(not printed: tree size {} exceeds --print-limit {}; DAG size {})",
                       calculus::tree_size_text(term->tree_size()), print_limit,
                       calculus::dag_size(term));
  }
  return calculus::to_string(term, context);
}

// text cut to at most width characters (code points, so that a λ or × is
// never split) by eliding its middle: the head says where the term starts,
// the tail what the step left at its end. 0: no limit.
std::string elided(const std::string& text, std::size_t width) {
  std::vector<std::size_t> starts;  // byte offset of each code point
  for (std::size_t i = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) starts.push_back(i);
  if (width == 0 || starts.size() <= width) return text;
  const std::string gap = " … ";
  const std::size_t kept = width > 3 ? width - 3 : 0;
  const std::size_t head = (kept + 1) / 2, tail = kept - head;
  std::string before = text.substr(0, starts[head]);
  std::string after = text.substr(starts[starts.size() - tail]);
  while (!before.empty() && before.back() == ' ') before.pop_back();
  while (!after.empty() && after.front() == ' ') after.erase(0, 1);
  return before + gap + after;
}

calculus::Strategy strategy_named(const std::string& name) {
  if (name == "applicative") return calculus::Strategy::ApplicativeOrder;
  if (name == "random") return calculus::Strategy::Random;
  return calculus::Strategy::NormalOrder;
}

void run_reduce(ReduceOptions options) {
  const calculus::Program program = read_program(options.source);
  options.normalize.strategy = strategy_named(options.strategy);
  options.normalize.trace = !options.trace.empty();
  const calculus::NormalizeResult result = calculus::normalize(program.term, options.normalize);
  for (std::size_t i = 0; i < result.trace.size(); ++i) {
    const calculus::TraceStep& step = result.trace[i];
    std::string also;
    if (step.occurrence_count > 1) {
      std::vector<std::string> listed;
      for (const calculus::Position& p : step.occurrences) listed.push_back(calculus::to_string(p));
      also =
          fmt::format(" (shared: all {} occurrences, {}{})", step.occurrence_count,
                      fmt::join(listed, ", "), step.occurrence_count > listed.size() ? ", …" : "");
    }
    const std::string after =
        options.trace == "rules"
            ? fmt::format("size {} (tree {})", calculus::dag_size(step.term),
                          calculus::tree_size_text(step.term->tree_size()))
            : elided(printable(step.term, program.context, options.print_limit),
                     options.trace_width);
    std::cout << fmt::format("{}. {} at {}{}: {}\n", i + 1, step.rule,
                             calculus::to_string(step.position), also, after);
  }
  std::cout << printable(result.term, program.context, options.print_limit) << '\n';
  if (options.stats) {
    std::cout << fmt::format(
        "result: {}\nsteps: {}\nsize (DAG): {}\nsize (tree): {}\nmemory (estimated peak): {} "
        "bytes\n",
        calculus::describe(result), result.steps, calculus::dag_size(result.term),
        calculus::tree_size_text(result.term->tree_size()), result.peak_memory_bytes);
  }
  if (result.status != calculus::NormalizeStatus::NormalForm) {
    std::cerr << "perturb: " << calculus::describe(result) << '\n';
    throw CLI::RuntimeError(1);
  }
}

}  // namespace

void add_reduce_command(CLI::App& app) {
  auto options = std::make_shared<ReduceOptions>();
  CLI::App* command = app.add_subcommand(
      "reduce",
      "Normalize a term with the rules beta, pi, T and the delta-rules (spec §4, §6) and print "
      "the result. Exit status: 0 normal form, 1 gave up (a budget was exceeded; the last term "
      "is printed), 2 bad input, 5 the heap reached --max-memory");
  add_program_arguments(command, options->source);
  command
      ->add_option("--strategy", options->strategy,
                   "Which redex to contract next: normal (leftmost-outermost, the default), "
                   "applicative (leftmost-innermost) or random (seeded by --seed); T (\\x.s) "
                   "waits until s is normal (docs/syntax.md)")
      ->check(CLI::IsMember({"normal", "applicative", "random"}));
  command
      ->add_option("--seed", options->normalize.seed,
                   "Seed of the random strategy (default 0); the same seed gives the same "
                   "reduction")
      ->check(unsigned_integer_check());
  command
      ->add_flag("--trace{rules}", options->trace,
                 "Print every step first: its number, rule, position (child indices from the "
                 "root; a shared redex lists every occurrence the step contracts) and the size "
                 "of the term after it (DAG and tree); --trace=terms prints the term after it "
                 "instead, its middle elided past --trace-width characters")
      ->check(CLI::IsMember({"terms", "rules"}));
  command
      ->add_option("--trace-width", options->trace_width,
                   "With --trace=terms, elide the middle of a term longer than this many "
                   "characters (default 160; 0: never)")
      ->check(unsigned_integer_check());
  command
      ->add_option("--max-steps", options->normalize.max_steps,
                   "Give up after this many steps (default 100000)")
      ->check(unsigned_integer_check())
      ->check(CLI::PositiveNumber);
  command
      ->add_option("--max-size", options->normalize.max_size,
                   "Give up when the term's DAG size (distinct nodes), or the nodes one step "
                   "builds, exceed this (default 1000000)")
      ->check(unsigned_integer_check())
      ->check(CLI::PositiveNumber);
  command
      ->add_option_function<std::uint64_t>(
          "--max-memory",
          [options](std::uint64_t bytes) {
            options->normalize.max_memory = bytes;
            set_memory_budget(bytes);
          },
          "Give up when the estimated memory (bytes per node kept and built, deterministic) "
          "would exceed this many bytes, and stop when the heap in use "
          "would, with exit status 5 (default 2147483648 = 2 GiB)")
      ->check(CLI::PositiveNumber);
  command
      ->add_option("--max-time", options->normalize.max_seconds,
                   "Give up after this many seconds of wall clock, checked between steps "
                   "(default: no limit; the only budget that depends on machine load)")
      ->check(CLI::PositiveNumber);
  command->add_flag(
      "--no-delta", [options](std::int64_t) { options->normalize.rules.delta = false; },
      "Switch off the delta-rules (T of primitives, arithmetic on literals, mul with a zero "
      "factor); only beta, pi and T remain");
  command->add_flag("--stats", options->stats,
                    "After the result, print the outcome, the number of steps, the result's size "
                    "as a DAG (distinct nodes) and as a tree (computed, not built; '≥ 1.8e19' "
                    "when it saturates) and the peak memory estimate");
  add_print_limit_option(command, options->print_limit);
  command->callback([options] { run_reduce(*options); });
}

}  // namespace perturb::app
