// Reading the surface syntax (design.md, "Surface syntax"):
//
//   program     ::= definition* term ';'?
//   definition  ::= IDENT '=' term ';'?        (ends at ';' or where the next `IDENT =` begins)
//   term        ::= ('\' | 'λ') IDENT ':' type '.' term | 'let' IDENT '=' term 'in' term | sum
//   sum         ::= product (('+' product) | ('-' factor))*     (M - N is M + -N)
//   product     ::= factor ('*' factor)*                       (left associative)
//   factor      ::= '-' factor | application                   (-M is -1 * M)
//   application ::= head atom*                                  (left associative)
//   head        ::= ('T' | 'in1' | 'in2' | 'pi1' | 'pi2') atom | 'D' atom atom | atom
//   atom        ::= IDENT | NUMBER | PRIMITIVE (a name of calculus/signature.h)
//                 | '(' term ')' | '(' term ':' type ')' | '<' term ',' term '>'
//   type        ::= product_type ('->' type)?                  (right associative)
//   product_type::= tangent_type ('*' tangent_type)*            (left associative)
//   tangent_type::= 'T' tangent_type | CAPITALISED_IDENT | '(' type ')'
//
// The numeral 0 is the additive zero; other numerals are real literals.
// Nesting is limited to kMaxNesting levels so that reading never exhausts the
// stack; deeper input is a positioned error.
#pragma once

#include <string_view>

#include "calculus/context.h"
#include "calculus/elaborate.h"
#include "calculus/error.h"
#include "calculus/surface.h"
#include "calculus/type.h"

namespace perturb::calculus {

// Deepest nesting of terms or types the parser accepts (well below kMaxTermDepth).
inline constexpr std::uint32_t kMaxNesting = 1000;

// The syntax tree of a program, or the first syntax error with its position.
ErrorOr<SurfaceProgram> parse_surface(std::string_view text);

// A complete type written in the surface syntax, e.g. "T R -> R".
ErrorOr<Type> parse_type(std::string_view text);

// Parses and elaborates (elaborate.h) a program whose free variables are
// free_variables, checking its term against expected unless that is null.
ErrorOr<Program> parse_program(std::string_view text, const Context& free_variables = {},
                               const Type& expected = nullptr);

}  // namespace perturb::calculus
