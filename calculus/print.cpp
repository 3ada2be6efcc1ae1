#include "calculus/print.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <optional>
#include <unordered_set>

#include "calculus/lexer.h"

namespace perturb::calculus {
namespace {

// How tightly the context of a printed term binds, loosest first; a term whose
// own form binds more loosely than its context requires gets parentheses.
enum Level { kLambda = 0, kSum = 1, kProduct = 2, kApplication = 3, kAtom = 4 };

// The components of a bag that is a pair ι1 M1 + … + ι2 N1 + … (both sides present).
struct PairView {
  Term first;
  Term second;
};

// Splits a bag into its pair part (if it has injections of both kinds) and the rest.
std::optional<PairView> pair_part(const Term& bag, std::vector<Term>& rest) {
  std::vector<Term> first, second;
  for (const Term& s : summands(bag)) {
    if (is_inj(s)) {
      (component(s) == 1 ? first : second).push_back(operand(s));
    } else {
      rest.push_back(s);
    }
  }
  if (first.empty() || second.empty()) {
    rest = summands(bag);
    return std::nullopt;
  }
  return PairView{mk_sum(bag->type()->left(), first), mk_sum(bag->type()->right(), second)};
}

// The pair a bag is, when it consists of injections of both kinds only.
std::optional<PairView> as_pair(const Term& bag) {
  std::vector<Term> rest;
  auto pair = pair_part(bag, rest);
  if (!pair || !rest.empty()) return std::nullopt;
  return pair;
}

// M and N when term is pi1 (T M <1, N>), the expansion of D M N.
std::optional<PairView> as_derivative(const Term& term) {
  if (!is_proj(term) || component(term) != 1) return std::nullopt;
  const Term& inner = operand(term);
  if (!is_app(inner) || !is_tan(app_fn(inner))) return std::nullopt;
  std::vector<Term> second;
  int ones = 0;
  for (const Term& s : summands(app_arg(inner))) {
    if (!is_inj(s)) return std::nullopt;
    if (component(s) == 2) {
      second.push_back(operand(s));
    } else if (is_lit(operand(s)) && lit_value(operand(s)) == 1.0) {
      ++ones;
    } else {
      return std::nullopt;
    }
  }
  if (ones != 1) return std::nullopt;
  return PairView{operand(app_fn(inner)), mk_sum(app_arg(inner)->type()->right(), second)};
}

class Printer {
 public:
  explicit Printer(const Context& context) : context_size_(context.size()) {
    const auto& entries = context.entries();
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const std::string& name = entries[i].name;
      bool shadowed = false;
      for (std::size_t j = i + 1; j < entries.size(); ++j) shadowed |= entries[j].name == name;
      const std::uint32_t index = static_cast<std::uint32_t>(entries.size() - 1 - i);
      if (is_variable_name(name) && !shadowed) {
        names_.push_back(name);
        in_scope_.insert(name);
      } else {
        names_.push_back(placeholder(index));
      }
    }
  }

  void print(const Term& term, Level level, std::string& out) {
    if (is_sum(term)) return print_sum(term, level, out);
    switch (term->kind()) {
      case TermKind::Var:
        out += variable_name(var_index(term));
        return;
      case TermKind::Lit:
        out += literal_to_string(lit_value(term));
        return;
      case TermKind::Prim:
        out += primitive_name(prim_of(term));
        return;
      case TermKind::Lam:
        return print_lambda(term, level, out);
      case TermKind::App:
        return print_application(term, level, out);
      case TermKind::Tan:
      case TermKind::Inj:
      case TermKind::Proj:
        return print_prefix(term, level, out);
      case TermKind::Sum:
        break;
    }
    throw InternalError("to_string: unknown term kind");
  }

 private:
  static std::string placeholder(std::uint32_t index) { return fmt::format("?{}", index); }

  std::string variable_name(std::uint32_t index) const {
    const std::size_t depth = names_.size() - context_size_;
    if (index >= names_.size()) return placeholder(static_cast<std::uint32_t>(index - depth));
    return names_[names_.size() - 1 - index];
  }

  // A name for a binder with hint that no enclosing name and no keyword uses.
  std::string fresh_name(const std::string& hint) const {
    const std::string base = is_variable_name(hint) ? hint : "x";
    if (!in_scope_.contains(base)) return base;
    std::string stem = base;
    while (stem.size() > 1 && std::isdigit(static_cast<unsigned char>(stem.back()))) {
      stem.pop_back();
    }
    for (int n = 1;; ++n) {
      std::string candidate = stem + std::to_string(n);
      if (is_variable_name(candidate) && !in_scope_.contains(candidate)) return candidate;
    }
  }

  static void open(bool parens, std::string& out) {
    if (parens) out += '(';
  }
  static void close(bool parens, std::string& out) {
    if (parens) out += ')';
  }

  void print_sum(const Term& term, Level level, std::string& out) {
    if (is_zero(term)) {
      if (is_real(term->type())) {
        out += '0';
      } else {
        annotated(term, out);
      }
      return;
    }
    std::vector<Term> rest;
    const auto pair = pair_part(term, rest);
    if (pair && rest.empty()) return print_pair(*pair, out);
    const bool parens = level > kSum;
    open(parens, out);
    bool first = true;
    for (const Term& summand : rest) {
      if (!first) out += " + ";
      first = false;
      print(summand, kProduct, out);
    }
    if (pair) {
      out += " + ";
      print_pair(*pair, out);
    }
    close(parens, out);
  }

  void print_pair(const PairView& pair, std::string& out) {
    out += '<';
    print(pair.first, kLambda, out);
    out += ", ";
    print(pair.second, kLambda, out);
    out += '>';
  }

  void print_lambda(const Term& term, Level level, std::string& out) {
    const bool parens = level > kLambda;
    open(parens, out);
    const std::string name = fresh_name(lam_name(term));
    out += '\\';
    out += name;
    out += ':';
    out += to_string(lam_domain(term));
    out += ". ";
    names_.push_back(name);
    in_scope_.insert(name);
    print(lam_body(term), kLambda, out);
    in_scope_.erase(name);
    names_.pop_back();
    close(parens, out);
  }

  void print_application(const Term& term, Level level, std::string& out) {
    const Term& fn = app_fn(term);
    if (is_prim(fn) && prim_of(fn) == Primitive::Mul) {
      if (auto factors = as_pair(app_arg(term))) {
        const bool parens = level > kProduct;
        open(parens, out);
        print(factors->first, kProduct, out);
        out += " * ";
        print(factors->second, kApplication, out);
        close(parens, out);
        return;
      }
    }
    const bool parens = level > kApplication;
    open(parens, out);
    print(fn, kApplication, out);
    out += ' ';
    print(app_arg(term), kAtom, out);
    close(parens, out);
  }

  // (M : σ): for the forms whose type the surface syntax leaves open.
  void annotated(const Term& term, std::string& out) {
    out += '(';
    if (is_zero(term)) {
      out += '0';
    } else {
      print_prefix(term, kLambda, out, false);
    }
    out += " : ";
    out += to_string(term->type());
    out += ')';
  }

  // ι_k M fixes only the k-th factor; the other is left to elaboration, which
  // defaults it to R (elaborate.h), so any other factor is written out.
  static bool needs_annotation(const Term& inj) {
    return !is_real(product_component(inj->type(), 3 - component(inj)));
  }

  void print_prefix(const Term& term, Level level, std::string& out, bool annotate = true) {
    if (annotate && is_inj(term) && needs_annotation(term)) return annotated(term, out);
    const bool parens = level > kApplication;
    open(parens, out);
    if (auto derivative = as_derivative(term)) {
      out += "D ";
      print(derivative->first, kAtom, out);
      out += ' ';
      print(derivative->second, kAtom, out);
    } else {
      if (is_tan(term)) {
        out += "T ";
      } else {
        out += is_inj(term) ? "in" : "pi";
        out += std::to_string(component(term));
        out += ' ';
      }
      print(operand(term), kAtom, out);
    }
    close(parens, out);
  }

  std::size_t context_size_;
  std::vector<std::string> names_;  // display names, outermost first: context, then binders
  std::unordered_set<std::string> in_scope_;
};

}  // namespace

std::string literal_to_string(double value) {
  if (std::isnan(value)) return std::signbit(value) ? "-nan" : "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  return fmt::format("{}", value);
}

std::string to_string(const Term& term, const Context& context) {
  std::string out;
  Printer(context).print(term, kLambda, out);
  return out;
}

}  // namespace perturb::calculus
