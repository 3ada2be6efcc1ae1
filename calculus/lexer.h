// Tokens of the surface syntax (design.md, "Surface syntax").
//
//   identifier  [A-Za-z_][A-Za-z0-9_']*        (keywords below are not identifiers)
//   number      -?[0-9]+(.[0-9]+)?([eE][+-]?[0-9]+)?  |  -?inf  |  -?nan
//   symbol      \  λ  .  :  (  )  <  >  ,  +  -  *  ->  =  ;
//   keyword     let in T D in1 in2 pi1 pi2, and the primitives' names (calculus/signature.h)
//
// A '-' followed by a digit (or inf, nan) begins a number: `f -1` applies f
// to −1; any other '-' is the minus of `x - y` and `-x`.
//   comment     # to the end of the line (skipped, like white space)
//
// `inf` and `nan` exist so that every double the reducer can compute prints as
// a literal that reads back bit for bit (see print.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "calculus/error.h"

namespace perturb::calculus {

enum class TokenKind { Identifier, Keyword, Number, Symbol, End };

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;       // the spelling; "λ" is normalized to "\"
  double number = 0;      // Number: its value
  std::size_t begin = 0;  // byte offsets into the input, [begin, end)
  std::size_t end = 0;
  SourcePosition position;  // of begin
};

// True for the reserved words of the term syntax.
bool is_keyword(std::string_view word);

// True when word could name a variable: an identifier that is not a keyword.
bool is_variable_name(std::string_view word);

// The tokens of text followed by one End token, or the first lexical error
// (an unexpected byte, a malformed or out-of-range number).
ErrorOr<std::vector<Token>> lex(std::string_view text);

// How a token is named in error messages: 'x', '(' or "end of input".
std::string describe(const Token& token);

}  // namespace perturb::calculus
