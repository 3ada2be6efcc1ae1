// Tests of the lexer: token kinds, positions (columns count code points),
// numbers including negative literals, comments, lexical errors.
#include "calculus/lexer.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

using namespace perturb::calculus;

namespace {

std::vector<Token> tokens_of(std::string_view text) {
  auto tokens = lex(text);
  REQUIRE(tokens.ok());
  return tokens.value();
}

std::string lex_error(std::string_view text) {
  auto tokens = lex(text);
  REQUIRE_FALSE(tokens.ok());
  return tokens.error().to_string();
}

}  // namespace

TEST_CASE("tokens have kinds, spellings and positions", "[lexer]") {
  const auto tokens = tokens_of("\\x:R. x # comment\n  -> λy");
  REQUIRE(tokens.size() == 10);
  CHECK(tokens[0].kind == TokenKind::Symbol);
  CHECK(tokens[0].text == "\\");
  CHECK(tokens[1].kind == TokenKind::Identifier);
  CHECK(tokens[1].text == "x");
  CHECK(tokens[3].text == "R");
  CHECK(tokens[4].text == ".");
  CHECK(tokens[6].text == "->");
  CHECK(tokens[6].position == SourcePosition{2, 3});
  CHECK(tokens[7].text == "\\");  // λ is normalized
  CHECK(tokens[7].position == SourcePosition{2, 6});
  CHECK(tokens[8].position == SourcePosition{2, 7});  // λ is one column wide
  CHECK(tokens[9].kind == TokenKind::End);
}

TEST_CASE("keywords are not identifiers", "[lexer]") {
  for (const char* word :
       {"let",   "in",  "T",    "D",    "in1", "in2", "pi1",   "pi2",   "sin", "cos", "exp", "mul",
        "recip", "log", "sqrt", "tanh", "abs", "pow", "atan2", "hypot", "max", "min", "sign"}) {
    CHECK(tokens_of(word)[0].kind == TokenKind::Keyword);
    CHECK_FALSE(is_variable_name(word));
  }
  CHECK(tokens_of("in3")[0].kind == TokenKind::Identifier);
  CHECK(tokens_of("x'")[0].text == "x'");
  CHECK(is_variable_name("x_1'"));
  CHECK_FALSE(is_variable_name("inf"));
  CHECK_FALSE(is_variable_name("1x"));
  CHECK_FALSE(is_variable_name(""));
}

TEST_CASE("numbers: decimals, exponents, negative literals; inf and nan are not literals",
          "[lexer]") {
  CHECK(tokens_of("2.5")[0].number == 2.5);
  CHECK(tokens_of("-1")[0].number == -1.0);
  CHECK(tokens_of("1e+20")[0].number == 1e20);
  CHECK(tokens_of("1.5E-3")[0].number == 1.5e-3);
  CHECK(tokens_of("0.1")[0].number == 0.1);
  for (const char* special : {"inf", "-inf", "nan", "-nan"}) {
    const auto tokens = lex(special);
    REQUIRE_FALSE(tokens.ok());
    CHECK(tokens.error().to_string() ==
          fmt::format("line 1, column 1: '{}' is not a literal: literals are finite real numbers",
                      special));
  }
  CHECK(lex("infinity").ok());  // an identifier
  // "2." is the number 2 followed by a dot (as in \x:R.2).
  const auto two_dot = tokens_of("2.");
  CHECK(two_dot[0].number == 2.0);
  CHECK(two_dot[1].text == ".");
  // -> is never the start of a negative number.
  CHECK(tokens_of("R->R")[1].text == "->");
  // A '-' before anything but a digit is the minus symbol.
  const auto minus = tokens_of("x - y");
  CHECK(minus[1].kind == TokenKind::Symbol);
  CHECK(minus[1].text == "-");
  CHECK(tokens_of("x -1")[1].number == -1.0);
  CHECK(tokens_of("-x")[0].text == "-");
}

TEST_CASE("lexical errors are positioned one-liners", "[lexer]") {
  CHECK(lex_error("x\n  $") == "line 2, column 3: unexpected character '$'");
  CHECK(lex_error(std::string("\x01\x02\xff", 3)) == "line 1, column 1: unexpected byte 0x01");
  CHECK(lex_error(std::string("x \0", 3)) == "line 1, column 3: unexpected byte 0x00");
  CHECK(lex_error("1e999") == "line 1, column 1: number '1e999' is out of range");
  CHECK(lex_error("2x") == "line 1, column 1: malformed number '2x'");
}
