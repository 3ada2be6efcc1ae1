#include "calculus/reduce.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <mutex>
#include <unordered_map>

#include "calculus/mutation.h"
#include "calculus/parse.h"
#include "calculus/substitution.h"
#include "calculus/tangent.h"
#include "calculus/uncharged_memory.h"

namespace perturb::calculus {
namespace {

constexpr std::string_view kBeta = "beta";
constexpr std::string_view kPi = "pi";
constexpr std::string_view kPiZero = "pi-zero";
constexpr std::string_view kTangent = "T";
constexpr std::string_view kArith = "delta-arith";
constexpr std::string_view kMulZero = "delta-mul-zero";

// "delta-T-sin", … for each primitive of the signature.
std::string_view delta_tangent_rule(Primitive primitive) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const PrimitiveSpec& spec : standard_signature()) {
      all.push_back("delta-T-" + std::string(spec.name));
    }
    return all;
  }();
  if (!is_declared(primitive)) return names.at(static_cast<std::size_t>(primitive));
  // A declared primitive's, made when first asked (from any thread).
  static std::mutex mutex;
  static std::deque<std::string> declared;
  const auto index = static_cast<std::size_t>(primitive) - std::size(kStandardPrimitives);
  const std::lock_guard lock(mutex);
  while (declared.size() <= index) {
    const auto p = static_cast<Primitive>(std::size(kStandardPrimitives) + declared.size());
    declared.push_back("delta-T-" + std::string(spec_of(p).name));
  }
  return declared[index];
}

Error reduce_error(std::string message) {
  Error error;
  error.message = std::move(message);
  return error;
}

// T c as a term (spec §6): the signature's δ-rule, read once. Shared, so
// charged to no case.
Term delta_tangent(Primitive primitive) {
  static const std::vector<Term> rules = [] {
    const UnchargedScope uncharged;
    std::vector<Term> all;
    for (const PrimitiveSpec& spec : standard_signature()) {
      auto program = parse_program(spec.delta_rule);
      if (!program) {
        throw InternalError(
            fmt::format("the δ-rule of {} does not read: {}", spec.name, program.error().message));
      }
      all.push_back(program->term);
    }
    return all;
  }();
  if (!is_declared(primitive)) return rules.at(static_cast<std::size_t>(primitive));
  // A declared primitive's δ-rule read at each use: it read once already
  // when declared (calculus/declared_primitive.h), and interning makes it
  // the same term each time.
  const UnchargedScope uncharged;
  return parse_program(spec_of(primitive).delta_rule)->term;
}

// DeltaRuleOffByDirection's δ-rule: λq:T A. ⟨π1 (rule q) + d, π2 (rule q)⟩
// with d the first direction of q (π1 q, or π1 (π1 q) for a binary c).
Term off_by_direction(Primitive primitive, const Term& rule) {
  const Type domain = mk_tangent(arrow_domain(primitive_type(primitive)));
  const Term q = mk_var(0, domain);
  const Term direction = spec_of(primitive).arity == 1 ? mk_proj(1, q) : mk_proj(1, mk_proj(1, q));
  const Term image = mk_app(rule, q);
  return mk_lam("q", domain, mk_pair(mk_add(mk_proj(1, image), direction), mk_proj(2, image)));
}

// The literal value of primitive applied to arg, if arg is 0 or a literal
// (for mul: ⟨a, b⟩ of literals) and the value is finite.
std::optional<double> folded_value(Primitive primitive, const Term& arg, const Rules& rules) {
  double value;
  if (primitive == Primitive::Mul) {
    // arg is ⟨a, b⟩ = ι1 a + ι2 b (in either order) with literals a and b.
    const auto literal_in = [&](int k) -> std::optional<double> {
      for (const Term& s : summands(arg)) {
        if (is_inj(s) && component(s) == k && is_lit(operand(s))) return lit_value(operand(s));
      }
      return std::nullopt;
    };
    const auto first = literal_in(1), second = literal_in(2);
    if (!is_sum(arg) || arg->children().size() != 2 || !first || !second) return std::nullopt;
    value = *first * *second;
    // The product is exact when its rounding error, fma(a, b, −ab), is 0.
    if (!rules.rounded_folds && std::fma(*first, *second, -value) != 0) return std::nullopt;
  } else if (spec_of(primitive).arity == 1) {
    if (!is_zero(arg) && !is_lit(arg)) return std::nullopt;
    const double x = is_zero(arg) ? 0.0 : lit_value(arg);
    // sin, cos and exp of a non-zero rational are irrational (Lindemann);
    // the others are folded only when rounding is allowed, or abs and sign,
    // which are exact.
    const bool exact = primitive == Primitive::Abs || primitive == Primitive::Sign ||
                       (x == 0 && (primitive == Primitive::Sin || primitive == Primitive::Cos ||
                                   primitive == Primitive::Exp));
    if (!rules.rounded_folds && !exact) return std::nullopt;
    value = evaluate_primitive(primitive, x);
  } else {
    return std::nullopt;
  }
  if (!std::isfinite(value)) return std::nullopt;
  return value;
}

// Whether the pair argument of mul lacks its ι1 or its ι2 part, so that
// mul N = 0 by bilinearity.
bool lacks_a_factor(const Term& arg) {
  bool first = false, second = false;
  for (const Term& s : summands(arg)) {
    if (!is_inj(s)) return false;
    (component(s) == 1 ? first : second) = true;
  }
  return !(first && second);
}

// ---- literal folding in sums: summands w(c) for a chain w of ι_k and λx:σ ----

// One link of a chain: (kind, k or the binder type).
using ChainLink = std::pair<TermKind, const void*>;

// The chain above a literal and the literal's value, if summand is w(c).
std::optional<std::pair<std::vector<ChainLink>, double>> literal_chain(const Term& summand) {
  std::vector<ChainLink> chain;
  const Term* current = &summand;
  for (; is_inj(*current) || is_lam(*current); current = &(*current)->children()[0]) {
    const void* detail =
        is_inj(*current)
            ? reinterpret_cast<const void*>(static_cast<std::uintptr_t>(component(*current)))
            : lam_domain(*current).get();
    chain.emplace_back((*current)->kind(), detail);
  }
  if (!is_lit(*current)) return std::nullopt;
  return std::make_pair(std::move(chain), lit_value(*current));
}

// w(c) with the literal c replaced by value (0 collapses the chain to 0).
Term rewrap(const Term& chained, double value) {
  if (is_lit(chained)) return mk_lit(value);
  const Term inner = rewrap(chained->children()[0], value);
  if (is_inj(chained)) {
    const int k = component(chained);
    return mk_inj(k, inner, product_component(chained->type(), 3 - k));
  }
  return mk_lam(lam_name(chained), lam_domain(chained), inner);
}

struct FoldGroup {
  std::vector<ChainLink> chain;
  std::vector<std::size_t> members;  // indices into the sum's summands
  double total = 0;
  bool exact = true;  // every partial sum of the total was exact
};

// a + b rounded, and whether that is exact (Knuth's TwoSum error is 0).
std::pair<double, bool> exact_sum(double a, double b) {
  const double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb) == 0};
}

// The groups of ≥ 2 summands with the same chain whose total is finite (and
// exact, each partial sum, unless rules allow rounded folds).
std::vector<FoldGroup> foldable_groups(const Term& sum, const Rules& rules) {
  std::vector<FoldGroup> groups;
  const auto& parts = sum->children();
  for (std::size_t i = 0; i < parts.size(); ++i) {
    auto chained = literal_chain(parts[i]);
    if (!chained) continue;
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const FoldGroup& g) { return g.chain == chained->first; });
    if (it == groups.end()) {
      groups.push_back({std::move(chained->first), {}, 0});
      it = std::prev(groups.end());
    }
    it->members.push_back(i);
    const auto [total, exact] = exact_sum(it->total, chained->second);
    it->total = total;
    it->exact = it->exact && exact;
  }
  std::erase_if(groups, [&](const FoldGroup& g) {
    return g.members.size() < 2 || !std::isfinite(g.total) || (!rules.rounded_folds && !g.exact);
  });
  return groups;
}

Term fold_literals(const Term& sum, const Rules& rules) {
  const auto& parts = sum->children();
  std::vector<bool> folded(parts.size(), false);
  std::vector<Term> result;
  for (const FoldGroup& group : foldable_groups(sum, rules)) {
    for (std::size_t i : group.members) folded[i] = true;
    result.push_back(rewrap(parts[group.members.front()], group.total));
  }
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (!folded[i]) result.push_back(parts[i]);
  }
  return mk_sum(sum->type(), result);
}

// ---- the rules ----

std::optional<std::string_view> application_rule(const Term& term, const Rules& rules) {
  const Term& fn = app_fn(term);
  if (is_lam(fn)) return kBeta;
  if (!rules.delta || !is_prim(fn)) return std::nullopt;
  const Primitive primitive = prim_of(fn);
  if (primitive == Primitive::Mul && lacks_a_factor(app_arg(term))) return kMulZero;
  if (folded_value(primitive, app_arg(term), rules)) return kArith;
  return std::nullopt;
}

std::optional<Term> contract_with(const Term& term, std::string_view rule, const Rules& rules,
                                  std::uint64_t max_nodes) {
  if (rule == kBeta) return substitute(lam_body(app_fn(term)), app_arg(term), max_nodes);
  if (rule == kPi) return operand(operand(term));
  if (rule == kPiZero) {
    if (active_mutant() == Mutant::ProjectionIgnoresInjection) return operand(operand(term));
    return mk_zero(term->type());
  }
  if (rule == kTangent) {
    const Term& lam = operand(term);
    return mk_lam(lam_name(lam), mk_tangent(lam_domain(lam)), tangent_of(lam_body(lam), max_nodes));
  }
  if (rule == kMulZero) return mk_zero(real_type());
  if (rule == kArith) {
    if (is_sum(term)) return fold_literals(term, rules);
    return mk_lit(*folded_value(prim_of(app_fn(term)), app_arg(term), rules));
  }
  // the delta-T-… rules
  const Primitive primitive = prim_of(operand(term));
  if (delta_rule_mutated(primitive)) return off_by_direction(primitive, delta_tangent(primitive));
  return delta_tangent(primitive);
}

// Memoised "contains a redex" over the DAG of one term.
class RedexSearch {
 public:
  explicit RedexSearch(const Rules& rules) : rules_(rules) {}

  bool contains(const Term& term) {
    if (auto it = memo_.find(term); it != memo_.end()) return it->second;
    bool found = redex_rule(term, rules_).has_value();
    for (const Term& child : term->children()) found = found || contains(child);
    memo_.emplace(term, found);
    return found;
  }

  void collect(const Term& term, Position& position, std::vector<Redex>& out, std::size_t limit) {
    if (out.size() >= limit || !contains(term)) return;
    if (auto rule = redex_rule(term, rules_)) out.push_back({position, *rule});
    for (std::uint32_t i = 0; i < term->children().size(); ++i) {
      position.push_back(i);
      collect(term->children()[i], position, out, limit);
      position.pop_back();
    }
  }

 private:
  const Rules& rules_;
  std::unordered_map<Term, bool> memo_;  // owns its keys: no reuse of dead addresses
};

// term with the subterm at position[depth..] replaced by replace(subterm).
template <class Replace>
Term replace_at(const Term& term, const Position& position, std::size_t depth, Replace&& replace) {
  if (depth == position.size()) return replace(term);
  std::vector<Term> children = term->children();
  children[position[depth]] = replace_at(children[position[depth]], position, depth + 1, replace);
  return rebuild(term, children);
}

}  // namespace

std::string to_string(const Position& position) {
  if (position.empty()) return "ε";
  return fmt::format("{}", fmt::join(position, "."));
}

std::optional<std::string_view> redex_rule(const Term& term, const Rules& rules) {
  switch (term->kind()) {
    case TermKind::App:
      return application_rule(term, rules);
    case TermKind::Proj:
      if (!is_inj(operand(term))) return std::nullopt;
      return component(term) == component(operand(term)) ? kPi : kPiZero;
    case TermKind::Tan:
      if (is_lam(operand(term))) return kTangent;
      if (rules.delta && is_prim(operand(term))) return delta_tangent_rule(prim_of(operand(term)));
      return std::nullopt;
    case TermKind::Sum:
      if (rules.delta && !foldable_groups(term, rules).empty()) return kArith;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

std::optional<Contraction> contract(const Term& term, const Rules& rules, std::uint64_t max_nodes) {
  const auto rule = redex_rule(term, rules);
  if (!rule) return std::nullopt;
  return Contraction{*rule, *contract_with(term, *rule, rules, max_nodes)};
}

bool has_redex(const Term& term, const Rules& rules) { return RedexSearch(rules).contains(term); }

std::vector<Redex> find_redexes(const Term& term, const Rules& rules, std::size_t limit) {
  std::vector<Redex> out;
  Position position;
  RedexSearch(rules).collect(term, position, out, limit);
  return out;
}

ErrorOr<Term> subterm_at(const Term& term, const Position& position) {
  const Term* current = &term;
  for (std::uint32_t index : position) {
    if (index >= (*current)->children().size()) {
      return reduce_error(fmt::format("position {} is outside the term", to_string(position)));
    }
    current = &(*current)->children()[index];
  }
  return *current;
}

ErrorOr<Contraction> reduce_at(const Term& term, const Position& position, const Rules& rules,
                               std::uint64_t max_nodes) {
  ErrorOr<Term> redex = subterm_at(term, position);
  if (!redex) return redex.error();
  std::optional<Contraction> contracted = contract(*redex, rules, max_nodes);
  if (!contracted) {
    return reduce_error(fmt::format("no redex at position {}", to_string(position)));
  }
  contracted->result =
      replace_at(term, position, 0, [&](const Term&) { return contracted->result; });
  return *contracted;
}

}  // namespace perturb::calculus
