#include "calculus/parse_equation.h"

#include <string>
#include <vector>

#include "calculus/lexer.h"
#include "calculus/parse.h"

namespace perturb::calculus {
namespace {

bool is_symbol(const Token& token, std::string_view symbol) {
  return token.kind == TokenKind::Symbol && token.text == symbol;
}

// An error found in a part of the text that begins at origin, positioned in
// the whole text.
Error positioned_in_whole(Error error, SourcePosition origin) {
  if (error.position) {
    SourcePosition& at = *error.position;
    if (at.line == 1) at.column += origin.column - 1;
    at.line += origin.line - 1;
  }
  return error;
}

Error error_at(const Token& token, std::string message) {
  return Error{std::move(message), token.position};
}

// The text of tokens [first, last], parsed by parse(text) and positioned in the whole text.
template <class Parse>
auto parse_part(std::string_view text, const std::vector<Token>& tokens, std::size_t first,
                std::size_t last, Parse parse) -> decltype(parse(text)) {
  auto parsed = parse(text.substr(tokens[first].begin, tokens[last].end - tokens[first].begin));
  if (!parsed) return positioned_in_whole(parsed.error(), tokens[first].position);
  return parsed;
}

// Reads "forall declaration (',' declaration)* '.'" from tokens[i] on into
// metavariables; i ends after the '.'.
ErrorOr<Context> parse_metavariables(std::string_view text, const std::vector<Token>& tokens,
                                     std::size_t& i) {
  Context metavariables;
  while (true) {
    std::vector<const Token*> names;
    while (tokens[i].kind == TokenKind::Identifier) names.push_back(&tokens[i++]);
    if (names.empty()) {
      return error_at(tokens[i], "expected a metavariable name, found " + describe(tokens[i]));
    }
    if (!is_symbol(tokens[i], ":")) {
      return error_at(tokens[i], "expected ':' and the type of " + names.back()->text + ", found " +
                                     describe(tokens[i]));
    }
    const std::size_t first = ++i;
    while (tokens[i].kind != TokenKind::End && !is_symbol(tokens[i], ",") &&
           !is_symbol(tokens[i], ".")) {
      ++i;
    }
    if (i == first) return error_at(tokens[i], "expected a type, found " + describe(tokens[i]));
    if (tokens[i].kind == TokenKind::End) {
      return error_at(tokens[i], "expected ',' or '.' after the type of " + names.back()->text +
                                     ", found end of input");
    }
    auto type = parse_part(text, tokens, first, i - 1, parse_type);
    if (!type) {
      // The type's text ends where the declaration does: say what ends it.
      Error error = type.error();
      constexpr std::string_view kAtEnd = "found end of input";
      if (error.message.ends_with(kAtEnd)) {
        error.message.replace(error.message.size() - kAtEnd.size(), kAtEnd.size(),
                              "found " + describe(tokens[i]));
        error.position = tokens[i].position;
      }
      return error;
    }
    for (const Token* name : names) {
      if (metavariables.lookup(name->text)) {
        return error_at(*name, "the metavariable " + name->text + " is declared twice");
      }
      metavariables.push(name->text, *type);
    }
    if (is_symbol(tokens[i++], ".")) return metavariables;
  }
}

}  // namespace

ErrorOr<TextEquation> parse_equation(std::string_view text) {
  auto lexed = lex(text);
  if (!lexed) return lexed.error();
  const std::vector<Token>& tokens = *lexed;
  std::size_t i = 0;
  TextEquation result;
  if (tokens[i].kind == TokenKind::Identifier && tokens[i].text == "forall") {
    auto metavariables = parse_metavariables(text, tokens, ++i);
    if (!metavariables) return metavariables.error();
    result.metavariables = *metavariables;
  }
  // The '=' of the equation: each `let` before it owns one '='.
  std::size_t lets = 0, equals = tokens.size();
  for (std::size_t j = i; tokens[j].kind != TokenKind::End && equals == tokens.size(); ++j) {
    if (tokens[j].kind == TokenKind::Keyword && tokens[j].text == "let") {
      ++lets;
    } else if (is_symbol(tokens[j], "=")) {
      if (lets == 0)
        equals = j;
      else
        --lets;
    }
  }
  const Token& end = tokens.back();
  if (equals == tokens.size())
    return error_at(end, "expected '=' between the two sides of the equation");
  if (equals == i) return error_at(tokens[i], "expected a term before '='");
  if (&tokens[equals + 1] == &end) return error_at(end, "expected a term after '='");
  const auto side = [&](std::size_t first, std::size_t last, const Type& expected) {
    return parse_part(text, tokens, first, last, [&](std::string_view part) {
      return parse_program(part, result.metavariables, expected);
    });
  };
  auto lhs = side(i, equals - 1, nullptr);
  if (!lhs) return lhs.error();
  auto rhs = side(equals + 1, tokens.size() - 2, lhs->type);
  if (!rhs) return rhs.error();
  result.lhs = lhs->term;
  result.rhs = rhs->term;
  result.type = lhs->type;
  return result;
}

}  // namespace perturb::calculus
