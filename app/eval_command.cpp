// `perturb eval INPUT | -e TERM | -f FILE [--model NAME] [--plugin LIB …] [--at x=TERM …] [--json]`
//
// Interprets the term in a model (spec §5; default `closures`) and prints its
// value at the point given by --at. The --at variables, in order, are the
// term's context of free variables; the value of each is a closed term of
// the surface syntax, whose inferred type is the variable's type (a number
// is R, <1, 2> is R * R, \x:R. x * x is R -> R).
//
// Output: numbers, <a, b> for pairs, <function σ -> τ> for functions (types in
// the surface syntax, as `perturb type` prints them); with --json
// {"type": "<type>", "value": V}, V a number, a two-element array for a pair,
// or {"function": "<type>"}. A non-finite real prints as nan, inf or -inf, and
// in JSON as the string "nan", "inf" or "-inf".
#include <fmt/format.h>

#include <cctype>
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
#include "app/plugin_loader.h"
#include "calculus/normalize.h"
#include "calculus/print.h"
#include "semantics/evaluation_budget.h"
#include "semantics/interpret.h"
#include "semantics/model_refusal.h"

namespace perturb::app {

namespace {

// One --at binding: a variable and the closed term that is its value.
struct AtBinding {
  std::string name;
  calculus::Program value;
};

bool is_identifier(std::string_view name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_'))
    return false;
  for (char c : name) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '\'')) return false;
  }
  return true;
}

// "x=TERM" as a binding, TERM a closed term (its type inferred, as by
// `perturb type`), or an Error naming the malformed argument.
calculus::ErrorOr<AtBinding> parse_at(const std::string& argument) {
  const auto fail = [&](const std::string& why) {
    return calculus::Error{fmt::format("malformed --at {}: {}", calculus::quoted(argument), why),
                           std::nullopt};
  };
  const std::size_t equals = argument.find('=');
  if (equals == std::string::npos) return fail("expected NAME=TERM");
  const std::string name = argument.substr(0, equals);
  if (!is_identifier(name))
    return fail(fmt::format("{} is not a variable name", calculus::quoted(name)));
  auto value = calculus::parse_program(std::string_view(argument).substr(equals + 1));
  if (!value) {
    // Positions count in the whole argument, NAME= included.
    calculus::Error error = value.error();
    if (error.position && error.position->line == 1)
      error.position->column += static_cast<int>(equals + 1);
    return fail(error.to_string());
  }
  return AtBinding{name, std::move(value).value()};
}

// The point of the model that an --at value denotes: |⊢ TERM : σ| at the
// unit point, or an Error when the model cannot interpret the term.
template <class C>
calculus::ErrorOr<typename C::Point> to_point(const C& c, const AtBinding& binding) {
  auto value = semantics::interpret(c, {}, binding.value.term, binding.value.type);
  if (!value)
    return calculus::Error{fmt::format("--at {}: {}", binding.name, value.error().to_string()),
                           std::nullopt};
  return c.apply(*value, c.unit_point());
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
  std::vector<std::string> plugins;
  bool json = false;
  double max_seconds = 0;  // 0: no limit
  std::uint64_t max_steps = semantics::ModelConfig{}.max_evaluation_steps;
};

// Prints the value of program at the --at point in model c; 0, or 2 after
// reporting an error.
template <class C>
int evaluate_in(const C& c, const std::string& origin, const calculus::Program& program,
                const std::vector<AtBinding>& bindings, bool json, std::uint64_t print_limit) {
  if (!semantics::capabilities(c).differential) {
    return report_error("",
                        {fmt::format("model '{}' cannot interpret terms", c.name()), std::nullopt});
  }
  auto morphism = semantics::interpret(c, program.context, program.term, program.type);
  if (!morphism) return report_error(origin, morphism.error());
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
    std::vector<typename C::Point> values;
    for (const AtBinding& binding : bindings) {
      auto value = to_point(c, binding);
      if (!value) return report_error("", value.error());
      values.push_back(std::move(value).value());
    }
    const typename C::Point point =
        c.apply(*morphism, semantics::context_point(c, std::span<const typename C::Point>(values)));
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

int run_eval(const EvalOptions& options) {
  // The plugins first: the term may name primitives they declare.
  auto plugins = load_plugins(options.plugins);
  if (!plugins) return report_error("", plugins.error());
  std::vector<AtBinding> bindings;
  calculus::Context context;
  for (const std::string& argument : options.at) {
    auto binding = parse_at(argument);
    if (!binding) return report_error("", binding.error());
    if (context.lookup(binding->name)) {
      return report_error("", {fmt::format("--at gives '{}' twice", binding->name), std::nullopt});
    }
    context.push(binding->name, binding->value.type);
    bindings.push_back(std::move(binding).value());
  }
  auto input = read_input(options.source);
  if (!input) return report_error("", input.error());
  auto program = calculus::parse_program(input->text, context);
  if (!program) {
    calculus::Error error = program.error();
    // An unknown name in the term is a free variable without a value.
    if (error.kind == calculus::ErrorKind::UnknownName)
      error.message += " (give it a value with --at NAME=TERM)";
    return report_error(input->origin, error);
  }
  const std::optional<semantics::AnyModel> model =
      find_model(options.model, *plugins, {.max_evaluation_steps = options.max_steps});
  if (model) {
    try {
      return evaluate_in(*model, input->origin, *program, bindings, options.json,
                         options.print_limit);
    } catch (const semantics::ModelRefusal& refusal) {
      return report_error(input->origin, {fmt::format("model '{}' cannot evaluate this term: {}",
                                                      model->name(), refusal.what()),
                                          std::nullopt});
    }
  } else {
    return report_error("", {unknown_model_message(options.model, *plugins), std::nullopt});
  }
}

}  // namespace

void add_eval_command(CLI::App& app) {
  auto options = std::make_shared<EvalOptions>();
  CLI::App* command = app.add_subcommand("eval", "Evaluate a term in a model at a point");
  add_memory_option(command);
  add_program_arguments(command, options->source);
  add_print_limit_option(command, options->print_limit);
  command->add_option("--model", options->model,
                      "The model (default closures; see perturb list models), built-in or a "
                      "plugin's");
  add_plugin_option(command, options->plugins);
  command
      ->add_option("--at", options->at,
                   "A value for a free variable: NAME=TERM, TERM any closed term, e.g. x=2, "
                   "'p=<1, 2>', 'f=\\x:R. x * x'; the variable has the term's type (repeatable)")
      ->allow_extra_args(false);
  command->add_flag("--json", options->json, "Print {\"type\": …, \"value\": …} as JSON");
  command
      ->add_option("--max-steps", options->max_steps,
                   "Give up with exit status 1 when the evaluation takes more than this many steps "
                   "(applications of morphisms, in closures and its foils; default 100000000; "
                   "a plugin's model keeps its own budget)")
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
