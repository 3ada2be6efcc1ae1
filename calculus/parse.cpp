#include "calculus/parse.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "calculus/lexer.h"

// Evaluates expr (an ErrorOr); on error returns it, else moves its value into var.
#define PERTURB_ASSIGN_OR_RETURN(var, expr)           \
  auto var##_or_error = (expr);                       \
  if (!var##_or_error) return var##_or_error.error(); \
  auto var = std::move(var##_or_error).value()

namespace perturb::calculus {
namespace {

std::string where(const SourcePosition& position) {
  return fmt::format("line {}, column {}", position.line, position.column);
}

// Recursive descent over the token list; one function per grammar rule of parse.h.
class Parser {
 public:
  Parser(std::string_view text, std::vector<Token> tokens)
      : text_(text), tokens_(std::move(tokens)) {}

  ErrorOr<SurfaceProgram> program() {
    SurfaceProgram result;
    result.source = std::string(text_);
    while (at_definition_start()) {
      SurfaceDefinition definition;
      definition.name = peek().text;
      definition.position = peek().position;
      index_ += 2;
      PERTURB_ASSIGN_OR_RETURN(body, term());
      definition.body = std::move(body);
      result.definitions.push_back(std::move(definition));
      if (is_symbol(";")) {
        ++index_;
      } else if (!at_definition_start() && peek().kind != TokenKind::End) {
        return trailing_error();
      }
    }
    if (peek().kind == TokenKind::End) {
      const char* what = result.definitions.empty()
                             ? "expected a term, found end of input"
                             : "expected a term after the definitions (end the last definition "
                               "with ';'), found end of input";
      return Error{what, peek().position};
    }
    PERTURB_ASSIGN_OR_RETURN(final_term, term());
    result.term = std::move(final_term);
    if (is_symbol(";")) ++index_;
    if (peek().kind != TokenKind::End) return trailing_error();
    return result;
  }

  ErrorOr<Type> whole_type() {
    PERTURB_ASSIGN_OR_RETURN(result, type());
    if (peek().kind != TokenKind::End) {
      return Error{fmt::format("expected end of input after the type, found {}", describe(peek())),
                   peek().position};
    }
    return result;
  }

 private:
  // Counts the nesting of recursive rules; deeper than kMaxNesting is an error.
  class NestingGuard {
   public:
    explicit NestingGuard(std::uint32_t& depth) : depth_(depth) { ++depth_; }
    ~NestingGuard() { --depth_; }
    NestingGuard(const NestingGuard&) = delete;
    NestingGuard& operator=(const NestingGuard&) = delete;
    bool too_deep() const { return depth_ > kMaxNesting; }

   private:
    std::uint32_t& depth_;
  };

  const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(index_ + ahead, tokens_.size() - 1)];
  }
  const Token& previous() const { return tokens_[index_ - 1]; }
  bool is_symbol(std::string_view s, std::size_t ahead = 0) const {
    return peek(ahead).kind == TokenKind::Symbol && peek(ahead).text == s;
  }
  bool is_keyword(std::string_view s) const {
    return peek().kind == TokenKind::Keyword && peek().text == s;
  }
  bool at_definition_start() const {
    return peek().kind == TokenKind::Identifier && is_symbol("=", 1);
  }
  Error expected(std::string_view what) const {
    return Error{fmt::format("expected {}, found {}", what, describe(peek())), peek().position};
  }
  Error too_deep(std::string_view what) const {
    return Error{fmt::format("{} nested deeper than {} levels", what, kMaxNesting),
                 peek().position};
  }

  // The error for a token left over after a complete term.
  Error trailing_error() const {
    const Token& token = peek();
    if (is_symbol(")") || is_symbol(">")) {
      return Error{fmt::format("unmatched '{}'", token.text), token.position};
    }
    if (at_definition_start()) {
      return Error{fmt::format("expected end of input, found the definition of {} after the "
                               "final term",
                               quoted(token.text)),
                   token.position};
    }
    if (is_symbol(":")) {
      return Error{"expected end of input, found ':' (write annotations in parentheses: (M : σ))",
                   token.position};
    }
    if (is_symbol("\\") || is_keyword("let")) {
      return Error{fmt::format("expected end of input, found {} (put a λ or let that is an "
                               "argument in parentheses)",
                               describe(token)),
                   token.position};
    }
    return expected("end of input");
  }

  std::unique_ptr<SurfaceTerm> start(SurfaceKind kind, const Token& first) const {
    auto node = std::make_unique<SurfaceTerm>();
    node->kind = kind;
    node->position = first.position;
    node->begin = first.begin;
    return node;
  }
  std::unique_ptr<SurfaceTerm> start(SurfaceKind kind, const SurfaceTerm& first_child) const {
    auto node = std::make_unique<SurfaceTerm>();
    node->kind = kind;
    node->position = first_child.position;
    node->begin = first_child.begin;
    return node;
  }

  // Completes node: its source range ends at the last consumed token.
  ErrorOr<Surface> finish(std::unique_ptr<SurfaceTerm> node) const {
    node->end = previous().end;
    for (const Surface& child : node->children) {
      node->depth = std::max(node->depth, child->depth + 1);
    }
    if (node->depth > kMaxNesting) {
      return Error{fmt::format("term nested deeper than {} levels", kMaxNesting), node->position};
    }
    return Surface(std::move(node));
  }

  ErrorOr<Surface> term() {
    NestingGuard guard(term_nesting_);
    if (guard.too_deep()) return too_deep("term");
    if (is_symbol("\\")) return lambda();
    if (is_keyword("let")) return let();
    return sum();
  }

  ErrorOr<Surface> lambda() {
    const Token& backslash = peek();
    ++index_;
    if (peek().kind != TokenKind::Identifier) return expected("a variable name after '\\'");
    auto node = start(SurfaceKind::Lambda, backslash);
    node->name = peek().text;
    ++index_;
    if (!is_symbol(":")) return expected(fmt::format("':' and the type of {}", quoted(node->name)));
    ++index_;
    PERTURB_ASSIGN_OR_RETURN(domain, type());
    node->type = domain;
    if (!is_symbol("."))
      return expected(fmt::format("'.' after the type of {}", quoted(node->name)));
    ++index_;
    PERTURB_ASSIGN_OR_RETURN(body, term());
    node->children.push_back(std::move(body));
    return finish(std::move(node));
  }

  ErrorOr<Surface> let() {
    const Token& keyword = peek();
    ++index_;
    if (peek().kind != TokenKind::Identifier) return expected("a variable name after 'let'");
    auto node = start(SurfaceKind::Let, keyword);
    node->name = peek().text;
    ++index_;
    if (!is_symbol("=")) return expected(fmt::format("'=' after let {}", quoted(node->name)));
    ++index_;
    PERTURB_ASSIGN_OR_RETURN(value, term());
    if (!is_keyword("in")) {
      return expected(fmt::format("'in' after the value of {} (let at {})", quoted(node->name),
                                  where(keyword.position)));
    }
    ++index_;
    PERTURB_ASSIGN_OR_RETURN(body, term());
    node->children.push_back(std::move(value));
    node->children.push_back(std::move(body));
    return finish(std::move(node));
  }

  // M + N and M - N, which is M + -N.
  ErrorOr<Surface> sum() {
    PERTURB_ASSIGN_OR_RETURN(first, product());
    if (!is_symbol("+") && !is_symbol("-")) return first;
    auto node = start(SurfaceKind::Sum, *first);
    node->children.push_back(std::move(first));
    while (is_symbol("+") || is_symbol("-")) {
      if (is_symbol("+")) {
        ++index_;
        PERTURB_ASSIGN_OR_RETURN(next, product());
        node->children.push_back(std::move(next));
      } else {  // - N: the whole product N negated
        auto negated = start(SurfaceKind::Negate, peek());
        ++index_;
        PERTURB_ASSIGN_OR_RETURN(next, product());
        negated->children.push_back(std::move(next));
        PERTURB_ASSIGN_OR_RETURN(done, finish(std::move(negated)));
        node->children.push_back(std::move(done));
      }
    }
    return finish(std::move(node));
  }

  ErrorOr<Surface> product() {
    PERTURB_ASSIGN_OR_RETURN(left, factor());
    while (is_symbol("*")) {
      ++index_;
      PERTURB_ASSIGN_OR_RETURN(right, factor());
      auto node = start(SurfaceKind::Multiply, *left);
      node->children.push_back(std::move(left));
      node->children.push_back(std::move(right));
      PERTURB_ASSIGN_OR_RETURN(done, finish(std::move(node)));
      left = std::move(done);
    }
    return left;
  }

  // A factor of a product: an application, or -M (a '-' before anything
  // but a digit; -1 is a literal).
  ErrorOr<Surface> factor() {
    if (is_symbol("-")) return negation();
    return application();
  }

  // -M for the factor M after the '-' at the current token.
  ErrorOr<Surface> negation() {
    NestingGuard guard(term_nesting_);
    if (guard.too_deep()) return too_deep("term");
    auto node = start(SurfaceKind::Negate, peek());
    ++index_;
    PERTURB_ASSIGN_OR_RETURN(negated, factor());
    node->children.push_back(std::move(negated));
    return finish(std::move(node));
  }

  bool starts_atom() const {
    const Token& token = peek();
    switch (token.kind) {
      case TokenKind::Identifier:
        return !at_definition_start();
      case TokenKind::Number:
        return true;
      case TokenKind::Keyword:
        return primitive_named(token.text).has_value();
      case TokenKind::Symbol:
        return token.text == "(" || token.text == "<";
      case TokenKind::End:
        return false;
    }
    return false;
  }

  bool starts_prefix() const {
    const Token& token = peek();
    return token.kind == TokenKind::Keyword && !primitive_named(token.text) &&
           token.text != "let" && token.text != "in";
  }

  ErrorOr<Surface> application() {
    PERTURB_ASSIGN_OR_RETURN(function, head());
    for (;;) {
      if (starts_prefix()) {
        return Error{fmt::format("'{0}' cannot be an argument; write ({0} …)", peek().text),
                     peek().position};
      }
      if (!starts_atom()) return function;
      PERTURB_ASSIGN_OR_RETURN(argument, atom("a term"));
      auto node = start(SurfaceKind::Apply, *function);
      node->children.push_back(std::move(function));
      node->children.push_back(std::move(argument));
      PERTURB_ASSIGN_OR_RETURN(done, finish(std::move(node)));
      function = std::move(done);
    }
  }

  ErrorOr<Surface> head() {
    if (!starts_prefix()) return atom("a term");
    const Token& keyword = peek();
    ++index_;
    const std::string& word = keyword.text;
    std::unique_ptr<SurfaceTerm> node;
    if (word == "T") {
      node = start(SurfaceKind::Tangent, keyword);
    } else if (word == "D") {
      node = start(SurfaceKind::Derivative, keyword);
    } else {
      node = start(word.starts_with("in") ? SurfaceKind::Inject : SurfaceKind::Project, keyword);
      node->component = word.back() - '0';
    }
    const int arity = word == "D" ? 2 : 1;
    for (int i = 0; i < arity; ++i) {
      if (starts_prefix()) {
        return Error{fmt::format("'{0}' cannot be an argument of '{1}'; write {1} ({0} …)",
                                 peek().text, word),
                     peek().position};
      }
      PERTURB_ASSIGN_OR_RETURN(argument,
                               atom(arity == 1 ? fmt::format("the argument of '{}'", word)
                                               : fmt::format("two arguments of '{}'", word)));
      node->children.push_back(std::move(argument));
    }
    return finish(std::move(node));
  }

  ErrorOr<Surface> atom(std::string_view what) {
    const Token& token = peek();
    switch (token.kind) {
      case TokenKind::Identifier:
        if (at_definition_start()) break;
        return leaf(SurfaceKind::Variable, [&](SurfaceTerm& node) { node.name = token.text; });
      case TokenKind::Number:
        if (token.number == 0.0) return leaf(SurfaceKind::Zero, [](SurfaceTerm&) {});
        return leaf(SurfaceKind::Literal, [&](SurfaceTerm& node) { node.literal = token.number; });
      case TokenKind::Keyword:
        if (auto primitive = primitive_named(token.text)) {
          return leaf(SurfaceKind::Primitive,
                      [&](SurfaceTerm& node) { node.primitive = *primitive; });
        }
        if (token.text == "let") return expected_with_lambda_hint(what);
        break;
      case TokenKind::Symbol:
        if (token.text == "(") return parenthesised();
        if (token.text == "<") return pair();
        if (token.text == "\\") return expected_with_lambda_hint(what);
        break;
      case TokenKind::End:
        break;
    }
    return expected(what);
  }

  Error expected_with_lambda_hint(std::string_view what) const {
    return Error{fmt::format("expected {}, found {} (put a λ or let that is an operand in "
                             "parentheses)",
                             what, describe(peek())),
                 peek().position};
  }

  template <class Fill>
  ErrorOr<Surface> leaf(SurfaceKind kind, Fill fill) {
    auto node = start(kind, peek());
    fill(*node);
    ++index_;
    return finish(std::move(node));
  }

  ErrorOr<Surface> parenthesised() {
    const Token& open = peek();
    ++index_;
    PERTURB_ASSIGN_OR_RETURN(inner, term());
    if (is_symbol(":")) {
      ++index_;
      PERTURB_ASSIGN_OR_RETURN(annotation, type());
      auto node = start(SurfaceKind::Annotate, open);
      node->type = annotation;
      node->children.push_back(std::move(inner));
      if (!is_symbol(")")) return unclosed(open, ")");
      ++index_;
      return finish(std::move(node));
    }
    if (!is_symbol(")")) return unclosed(open, ")");
    ++index_;
    return inner;
  }

  Error unclosed(const Token& open, std::string_view close) const {
    return Error{
        fmt::format("expected '{}' to close '{}' at {}", close, open.text, where(open.position)),
        peek().position};
  }

  ErrorOr<Surface> pair() {
    const Token& open = peek();
    ++index_;
    auto node = start(SurfaceKind::Pair, open);
    PERTURB_ASSIGN_OR_RETURN(first, term());
    if (!is_symbol(",")) {
      return Error{
          fmt::format("expected ',' between the components of '<' at {}", where(open.position)),
          peek().position};
    }
    ++index_;
    PERTURB_ASSIGN_OR_RETURN(second, term());
    if (!is_symbol(">")) return unclosed(open, ">");
    ++index_;
    node->children.push_back(std::move(first));
    node->children.push_back(std::move(second));
    return finish(std::move(node));
  }

  // ---- types ----

  ErrorOr<Type> type() {
    NestingGuard guard(type_nesting_);
    if (guard.too_deep()) return too_deep("type");
    PERTURB_ASSIGN_OR_RETURN(domain, product_type());
    if (!is_symbol("->")) return domain;
    ++index_;
    PERTURB_ASSIGN_OR_RETURN(codomain, type());
    return checked_depth(mk_arrow(domain, codomain));
  }

  ErrorOr<Type> product_type() {
    PERTURB_ASSIGN_OR_RETURN(left, tangent_type());
    while (is_symbol("*")) {
      ++index_;
      PERTURB_ASSIGN_OR_RETURN(right, tangent_type());
      PERTURB_ASSIGN_OR_RETURN(product, checked_depth(mk_product(left, right)));
      left = product;
    }
    return left;
  }

  // 'T'* followed by an atomic or parenthesised type; the T's are counted, not recursed into.
  ErrorOr<Type> tangent_type() {
    std::uint32_t tangents = 0;
    while (is_keyword("T")) {
      if (tangents++ == kMaxNesting) return too_deep("type");
      ++index_;
    }
    Type result;
    if (is_symbol("(")) {
      const Token& open = peek();
      ++index_;
      PERTURB_ASSIGN_OR_RETURN(inner, type());
      if (!is_symbol(")")) return unclosed(open, ")");
      ++index_;
      result = inner;
    } else if (peek().kind == TokenKind::Identifier &&
               std::isupper(static_cast<unsigned char>(peek().text[0]))) {
      result = mk_atom(peek().text);
      ++index_;
    } else {
      return expected("a type (R, a capitalised name, T σ or (σ))");
    }
    for (; tangents > 0; --tangents) {
      PERTURB_ASSIGN_OR_RETURN(tangent, checked_depth(mk_tangent(result)));
      result = tangent;
    }
    return result;
  }

  ErrorOr<Type> checked_depth(Type type) const {
    if (type->depth() > kMaxNesting) {
      return Error{fmt::format("type nested deeper than {} levels", kMaxNesting),
                   previous().position};
    }
    return type;
  }

  std::string_view text_;
  std::vector<Token> tokens_;
  std::size_t index_ = 0;
  // Separate counters: a binder type deep inside a term is not itself deep.
  std::uint32_t term_nesting_ = 0;
  std::uint32_t type_nesting_ = 0;
};

}  // namespace

ErrorOr<SurfaceProgram> parse_surface(std::string_view text) {
  PERTURB_ASSIGN_OR_RETURN(tokens, lex(text));
  return Parser(text, std::move(tokens)).program();
}

ErrorOr<Type> parse_type(std::string_view text) {
  PERTURB_ASSIGN_OR_RETURN(tokens, lex(text));
  return Parser(text, std::move(tokens)).whole_type();
}

ErrorOr<Program> parse_program(std::string_view text, const Context& free_variables,
                               const Type& expected) {
  PERTURB_ASSIGN_OR_RETURN(program, parse_surface(text));
  return elaborate(program, free_variables, expected);
}

}  // namespace perturb::calculus
