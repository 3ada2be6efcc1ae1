#include "calculus/lexer.h"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

#include "calculus/signature.h"

namespace perturb::calculus {
namespace {

// The syntax's own words; the primitives' names (calculus/signature.h) are keywords too.
constexpr std::array<std::string_view, 8> kKeywords = {"let", "in",  "T",   "D",
                                                       "in1", "in2", "pi1", "pi2"};

// The UTF-8 spelling of λ, the one non-ASCII character the syntax knows.
constexpr std::string_view kLambda = "\xCE\xBB";

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_identifier_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_identifier_char(char c) { return is_identifier_start(c) || is_digit(c) || c == '\''; }

// Walks the input keeping line and column; a column counts code points.
class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  ErrorOr<std::vector<Token>> run() {
    std::vector<Token> tokens;
    for (;;) {
      skip_blanks_and_comments();
      Token token;
      token.begin = offset_;
      token.position = position_;
      if (at_end()) {
        token.end = offset_;
        tokens.push_back(std::move(token));
        return tokens;
      }
      if (auto error = read_token(token)) return *error;
      token.end = offset_;
      tokens.push_back(std::move(token));
    }
  }

 private:
  bool at_end() const { return offset_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const {
    return offset_ + ahead < text_.size() ? text_[offset_ + ahead] : '\0';
  }
  bool starts_with(std::string_view s) const { return text_.substr(offset_).starts_with(s); }

  void advance() {
    const char c = text_[offset_++];
    if (c == '\n') {
      ++position_.line;
      position_.column = 1;
    } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++position_.column;
    }
  }
  void advance(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) advance();
  }

  void skip_blanks_and_comments() {
    while (!at_end()) {
      const char c = peek();
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        advance();
      } else if (c == '#') {
        while (!at_end() && peek() != '\n') advance();
      } else {
        return;
      }
    }
  }

  // Fills token from the input at the current offset, or returns the error.
  std::optional<Error> read_token(Token& token) {
    const char c = peek();
    if (starts_with(kLambda)) {
      advance(kLambda.size());
      token.kind = TokenKind::Symbol;
      token.text = "\\";
      return std::nullopt;
    }
    if (starts_with("->")) return symbol(token, 2);
    if (std::string_view("\\.:()<>,+*=;").find(c) != std::string_view::npos) {
      return symbol(token, 1);
    }
    if (is_digit(c) || (c == '-' && (is_digit(peek(1)) || is_special_number(1)))) {
      return read_number(token);
    }
    if (is_identifier_start(c)) {
      if (is_special_number(0)) return read_number(token);
      const std::size_t start = offset_;
      while (!at_end() && is_identifier_char(peek())) advance();
      token.text = std::string(text_.substr(start, offset_ - start));
      token.kind = is_keyword(token.text) ? TokenKind::Keyword : TokenKind::Identifier;
      return std::nullopt;
    }
    if (c == '-') return symbol(token, 1);  // minus: '-' before a digit began a literal
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) {
      return Error{fmt::format("unexpected character '{}'", c), position_};
    }
    return Error{fmt::format("unexpected byte 0x{:02X}", byte), position_};
  }

  std::optional<Error> symbol(Token& token, std::size_t length) {
    token.kind = TokenKind::Symbol;
    token.text = std::string(text_.substr(offset_, length));
    advance(length);
    return std::nullopt;
  }

  // True when `inf` or `nan` (not followed by an identifier character) starts
  // `ahead` bytes from here.
  bool is_special_number(std::size_t ahead) const {
    const std::string_view rest = text_.substr(std::min(text_.size(), offset_ + ahead));
    return (rest.starts_with("inf") || rest.starts_with("nan")) &&
           (rest.size() == 3 || !is_identifier_char(rest[3]));
  }

  std::optional<Error> read_number(Token& token) {
    const SourcePosition start_position = position_;
    const std::size_t start = offset_;
    const bool negative = peek() == '-';
    if (negative) advance();
    if (is_special_number(0)) {
      // The calculus's literals are real numbers; IEEE specials are values a
      // model may compute (and eval reports), never input.
      return Error{fmt::format("'{}{}' is not a literal: literals are finite real numbers",
                               negative ? "-" : "", text_.substr(offset_, 3)),
                   start_position};
    } else {
      while (is_digit(peek())) advance();
      if (peek() == '.' && is_digit(peek(1))) {
        advance();
        while (is_digit(peek())) advance();
      }
      const bool sign = peek(1) == '+' || peek(1) == '-';
      if ((peek() == 'e' || peek() == 'E') && is_digit(peek(sign ? 2 : 1))) {
        advance(sign ? 2 : 1);
        while (is_digit(peek())) advance();
      }
      const char* first = text_.data() + start;
      const char* last = text_.data() + offset_;
      const auto [end, status] = std::from_chars(first, last, token.number);
      if (status != std::errc() || end != last) {
        return Error{
            fmt::format("number {} is out of range", quoted(std::string_view(first, last))),
            start_position};
      }
    }
    if (is_identifier_char(peek())) {
      return Error{
          fmt::format("malformed number {}", quoted(text_.substr(start, offset_ - start + 1))),
          start_position};
    }
    token.kind = TokenKind::Number;
    token.text = std::string(text_.substr(start, offset_ - start));
    return std::nullopt;
  }

  std::string_view text_;
  std::size_t offset_ = 0;
  SourcePosition position_;
};

}  // namespace

bool is_keyword(std::string_view word) {
  for (std::string_view keyword : kKeywords) {
    if (word == keyword) return true;
  }
  return word == "inf" || word == "nan" || primitive_named(word).has_value();
}

bool is_variable_name(std::string_view word) {
  if (word.empty() || !is_identifier_start(word.front()) || is_keyword(word)) return false;
  for (char c : word) {
    if (!is_identifier_char(c)) return false;
  }
  return true;
}

ErrorOr<std::vector<Token>> lex(std::string_view text) { return Lexer(text).run(); }

std::string describe(const Token& token) {
  if (token.kind == TokenKind::End) return "end of input";
  return quoted(token.text);
}

}  // namespace perturb::calculus
