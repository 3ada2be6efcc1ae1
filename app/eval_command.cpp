// `perturb eval INPUT | -e TERM | -f FILE [--model NAME] [--at x=VALUE …] [--json]`
//
// Interprets the term in a model (spec §5; default `closures`) and prints its
// value at the point given by --at. The --at variables, in order, are the
// term's context of free variables; a VALUE is a number or a pair:
//
//   value ::= NUMBER | '<' value ',' value '>'        (a number has type R)
//
// Output: numbers, <a, b> for pairs, <function σ -> τ> for functions (types in
// the surface syntax, as `perturb type` prints them); with --json
// {"type": "<type>", "value": V}, V a number, a two-element array for a pair,
// or {"function": "<type>"}. A non-finite real prints as nan, inf or -inf, and
// in JSON as the string "nan", "inf" or "-inf".
#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <cmath>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "app/commands.h"
#include "app/deadline.h"
#include "app/exit_status.h"
#include "app/input.h"
#include "app/memory_budget.h"
#include "app/option_checks.h"
#include "calculus/normalize.h"
#include "calculus/print.h"
#include "models/registry.h"
#include "semantics/evaluation_budget.h"
#include "semantics/interpret.h"

namespace perturb::app {

namespace {

// A value given with --at: a number, or a pair of values.
struct AtValue {
  double number = 0;
  std::vector<AtValue> pair;  // empty for a number, two elements for a pair
};

// One --at binding.
struct AtBinding {
  std::string name;
  AtValue value;
  calculus::Type type;
};

// Pairs nested deeper than this in one --at value are rejected, not recursed into.
constexpr int kMaxAtNesting = 100;

// Reads `value` (see the file comment) from text, starting at `at`.
class AtValueReader {
 public:
  explicit AtValueReader(std::string_view text) : text_(text) {}

  // The whole text as one value, or an Error saying where it went wrong.
  calculus::ErrorOr<AtValue> read_all() {
    auto value = read(0);
    if (!value) return value;
    skip_spaces();
    if (at_ < text_.size()) return error("unexpected text after the value");
    return value;
  }

 private:
  calculus::ErrorOr<AtValue> read(int depth) {
    skip_spaces();
    if (at_ < text_.size() && text_[at_] == '<') {
      if (depth >= kMaxAtNesting) return error("pairs nested too deeply");
      ++at_;
      auto first = read(depth + 1);
      if (!first) return first;
      if (!expect(',')) return error("expected ',' in a pair");
      auto second = read(depth + 1);
      if (!second) return second;
      if (!expect('>')) return error("expected '>' to close a pair");
      return AtValue{0, {std::move(first).value(), std::move(second).value()}};
    }
    return read_number();
  }

  calculus::ErrorOr<AtValue> read_number() {
    const char* begin = text_.data() + at_;
    const char* end = text_.data() + text_.size();
    if (begin != end && *begin == '+') ++begin;  // from_chars rejects a leading '+'
    double number = 0;
    const auto [stop, status] = std::from_chars(begin, end, number);
    if (status != std::errc() || stop == begin) return error("expected a number or '<'");
    if (!std::isfinite(number)) return error("a value is a finite number (as literals are)");
    at_ = static_cast<std::size_t>(stop - text_.data());
    return AtValue{number, {}};
  }

  bool expect(char c) {
    skip_spaces();
    if (at_ >= text_.size() || text_[at_] != c) return false;
    ++at_;
    return true;
  }

  void skip_spaces() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }

  calculus::Error error(const std::string& what) const {
    const std::string where =
        at_ < text_.size() ? fmt::format("at character {}", at_ + 1) : "at the end";
    return calculus::Error{fmt::format("{} {}", what, where), std::nullopt};
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

// R for a number, σ × τ for a pair.
calculus::Type type_of(const AtValue& value) {
  if (value.pair.empty()) return calculus::real_type();
  return calculus::mk_product(type_of(value.pair[0]), type_of(value.pair[1]));
}

bool is_identifier(std::string_view name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_'))
    return false;
  for (char c : name) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '\'')) return false;
  }
  return true;
}

// "x=VALUE" as a binding, or an Error naming the malformed argument.
calculus::ErrorOr<AtBinding> parse_at(const std::string& argument) {
  const auto fail = [&](const std::string& why) {
    return calculus::Error{fmt::format("malformed --at '{}': {}", argument, why), std::nullopt};
  };
  const std::size_t equals = argument.find('=');
  if (equals == std::string::npos) return fail("expected NAME=VALUE");
  const std::string name = argument.substr(0, equals);
  if (!is_identifier(name)) return fail(fmt::format("'{}' is not a variable name", name));
  auto value = AtValueReader(std::string_view(argument).substr(equals + 1)).read_all();
  if (!value) return fail(value.error().message);
  calculus::Type type = type_of(*value);
  return AtBinding{name, std::move(value).value(), std::move(type)};
}

// The point of the model that an --at value denotes.
template <class C>
typename C::Point to_point(const C& c, const AtValue& value) {
  if (value.pair.empty()) return c.apply(c.constant(value.number), c.unit_point());
  return c.pair_point(to_point(c, value.pair[0]), to_point(c, value.pair[1]));
}

// A real as text; every NaN is "nan" (its sign bit means nothing here).
std::string format_number(double number) {
  return std::isnan(number) ? "nan" : fmt::format("{}", number);
}

// A real in JSON: a number, or the string "nan", "inf" or "-inf" (JSON has no
// non-finite numbers, and null would hide which one it was).
nlohmann::json json_number(double number) {
  if (std::isfinite(number)) return number;
  return std::isnan(number) ? "nan" : number > 0 ? "inf" : "-inf";
}

// How many reals and functions a value of this type prints, saturating.
std::uint64_t printed_leaves(const calculus::Type& type,
                             std::unordered_map<const calculus::TypeNode*, std::uint64_t>& memo) {
  if (!calculus::is_product(type)) return 1;
  if (auto it = memo.find(type.get()); it != memo.end()) return it->second;
  const std::uint64_t left = printed_leaves(type->left(), memo);
  const std::uint64_t right = printed_leaves(type->right(), memo);
  const std::uint64_t leaves = left > UINT64_MAX - right ? UINT64_MAX : left + right;
  memo.emplace(type.get(), leaves);
  return leaves;
}

// The point p of |type| (object x) as text.
template <class C>
std::string describe(const C& c, const calculus::Type& type, const typename C::Object& x,
                     const typename C::Point& p) {
  if (calculus::is_real(type)) return format_number(c.real_value(p));  // nan, inf, -inf as such
  if (calculus::is_product(type)) {
    const auto [left, right] = *c.factors(x);
    return "<" + describe(c, type->left(), left, c.apply(c.proj1(left, right), p)) + ", " +
           describe(c, type->right(), right, c.apply(c.proj2(left, right), p)) + ">";
  }
  if (calculus::is_arrow(type)) return "<function " + calculus::to_string(type) + ">";
  return c.describe_point(x, p);  // an atom ℝⁿ
}

// The point p of |type| (object x) as JSON.
template <class C>
nlohmann::json to_json(const C& c, const calculus::Type& type, const typename C::Object& x,
                       const typename C::Point& p) {
  if (calculus::is_real(type)) return json_number(c.real_value(p));
  if (calculus::is_product(type)) {
    const auto [left, right] = *c.factors(x);
    return nlohmann::json::array(
        {to_json(c, type->left(), left, c.apply(c.proj1(left, right), p)),
         to_json(c, type->right(), right, c.apply(c.proj2(left, right), p))});
  }
  if (calculus::is_arrow(type)) return {{"function", calculus::to_string(type)}};
  return c.describe_point(x, p);  // an atom ℝⁿ
}

struct EvalOptions {
  ProgramSource source;
  std::uint64_t print_limit = calculus::kDefaultPrintLimit;
  std::string model = "closures";
  std::vector<std::string> at;
  bool json = false;
  double max_seconds = 0;  // 0: no limit
  std::uint64_t max_steps = semantics::ModelConfig{}.max_evaluation_steps;
};

// Prints the value of program at the --at point in model c; 0, or 2 after
// reporting an error.
template <class C>
int evaluate_in(const C& c, const std::string& origin, const calculus::Program& program,
                const std::vector<AtBinding>& bindings, bool json, std::uint64_t print_limit) {
  if constexpr (!semantics::CartesianDifferentialCategory<C>) {
    return report_error("",
                        {fmt::format("model '{}' cannot interpret terms", c.name()), std::nullopt});
  } else {
    auto morphism = semantics::interpret(c, program.context, program.term, program.type);
    if (!morphism) return report_error(origin, morphism.error());
    std::vector<typename C::Point> values;
    for (const AtBinding& binding : bindings) values.push_back(to_point(c, binding.value));
    std::unordered_map<const calculus::TypeNode*, std::uint64_t> memo;
    if (const std::uint64_t leaves = printed_leaves(program.type, memo); leaves > print_limit) {
      return report_error(
          origin, {fmt::format("not evaluated: a value of type {} has {} parts, over --print-limit "
                               "{}",
                               calculus::to_string(program.type, print_limit),
                               calculus::tree_size_text(leaves), print_limit),
                   std::nullopt});
    }
    try {
      const typename C::Point point = c.apply(
          *morphism, semantics::context_point(c, std::span<const typename C::Point>(values)));
      const typename C::Object object = c.codomain(*morphism);
      const std::string text =
          json ? nlohmann::json{{"type", calculus::to_string(program.type, print_limit)},
                                {"value", to_json(c, program.type, object, point)}}
                     .dump()
               : describe(c, program.type, object, point);
      std::cout << text << '\n';
    } catch (const semantics::EvaluationBudgetExceeded& error) {
      report_error(origin, {error.what(), std::nullopt});
      return kExitFails;  // gave up on a budget
    }
    return kExitHolds;
  }
}

int run_eval(const EvalOptions& options) {
  std::vector<AtBinding> bindings;
  calculus::Context context;
  for (const std::string& argument : options.at) {
    auto binding = parse_at(argument);
    if (!binding) return report_error("", binding.error());
    if (context.lookup(binding->name)) {
      return report_error("", {fmt::format("--at gives '{}' twice", binding->name), std::nullopt});
    }
    context.push(binding->name, binding->type);
    bindings.push_back(std::move(binding).value());
  }
  auto input = read_input(options.source);
  if (!input) return report_error("", input.error());
  auto program = calculus::parse_program(input->text, context);
  if (!program) {
    calculus::Error error = program.error();
    // An unknown name in the term is a free variable without a value.
    if (error.message.starts_with("unknown name"))
      error.message += " (give it a value with --at NAME=VALUE)";
    return report_error(input->origin, error);
  }
  int status = 2;
  const bool found = models::visit_builtin_model(
      options.model, {.max_evaluation_steps = options.max_steps}, [&](const auto& model) {
        status = evaluate_in(model, input->origin, *program, bindings, options.json,
                             options.print_limit);
      });
  if (!found) {
    std::string known;
    for (const std::string& name : models::builtin_model_names())
      known += (known.empty() ? "" : ", ") + name;
    return report_error(
        "", {fmt::format("unknown model '{}' (known: {})", options.model, known), std::nullopt});
  }
  return status;
}

}  // namespace

void add_eval_command(CLI::App& app) {
  auto options = std::make_shared<EvalOptions>();
  CLI::App* command = app.add_subcommand("eval", "Evaluate a term in a model at a point");
  add_memory_option(command);
  add_program_arguments(command, options->source);
  add_print_limit_option(command, options->print_limit);
  command->add_option("--model", options->model,
                      "The model (default closures; see perturb list models)");
  command->add_option("--at", options->at,
                      "A value for a free variable: NAME=VALUE, VALUE a number or <a, b>");
  command->add_flag("--json", options->json, "Print {\"type\": …, \"value\": …} as JSON");
  command
      ->add_option("--max-steps", options->max_steps,
                   "Give up with exit status 1 when the evaluation takes more than this many steps "
                   "(applications of morphisms, in closures and its foils; default 100000000)")
      ->check(unsigned_integer_check())
      ->check(CLI::PositiveNumber);
  command
      ->add_option("--max-time", options->max_seconds,
                   "Give up with exit status 1 after this many seconds of wall clock (default: no "
                   "limit; the evaluation's own step budget is deterministic)")
      ->check(CLI::PositiveNumber);
  command->callback([options] {
    if (options->max_seconds > 0) exit_after(options->max_seconds);
    const int status = run_eval(*options);
    if (status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace perturb::app
