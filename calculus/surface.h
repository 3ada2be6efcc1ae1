// The surface syntax tree: what the user wrote, with positions, before names
// are resolved and sugar is expanded (elaborate.h turns it into core Terms).
//
//   M ::= x | c | 0 | f                                  Variable Literal Zero Primitive
//       | \x:σ. M | let x = M in N                        Lambda Let
//       | M N | T M | in_k M | pi_k M | D M N             Apply Tangent Inject Project Derivative
//       | M1 + … + Mn | <M, N> | M * N | (M : σ)          Sum Pair Multiply Annotate
//       | -M                                             Negate (M - N is M + -N)
//
// A program is a list of definitions `name = M` followed by a final term.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "calculus/error.h"
#include "calculus/term.h"
#include "calculus/type.h"

namespace perturb::calculus {

enum class SurfaceKind : std::uint8_t {
  Variable,
  Literal,
  Zero,
  Primitive,
  Lambda,
  Let,
  Apply,
  Tangent,
  Inject,
  Project,
  Derivative,
  Sum,
  Pair,
  Multiply,
  Annotate,
  Negate,
};

struct SurfaceTerm;
using Surface = std::unique_ptr<const SurfaceTerm>;

struct SurfaceTerm {
  SurfaceKind kind;
  SourcePosition position;  // where the term starts
  std::size_t begin = 0;    // byte range of the term in the source, [begin, end)
  std::size_t end = 0;
  std::uint32_t depth = 1;               // height of this tree (a leaf has depth 1)
  std::string name;                      // Variable, Lambda, Let: the name
  double literal = 0;                    // Literal
  Primitive primitive = Primitive::Mul;  // Primitive
  int component = 0;                     // Inject, Project: k
  Type type;                             // Lambda: binder type; Annotate: the annotation
  // Lambda: body; Let: value, body; Apply: function, argument; Tangent,
  // Inject, Project: operand; Derivative: function, point; Sum: summands;
  // Pair, Multiply: left, right; Annotate: the annotated term; Negate: the negated term.
  std::vector<Surface> children;
};

struct SurfaceDefinition {
  std::string name;
  SourcePosition position;
  Surface body;
};

struct SurfaceProgram {
  std::string source;  // the text the byte ranges refer to
  std::vector<SurfaceDefinition> definitions;
  Surface term;
};

// The source text of term on one line: comments dropped, white space runs
// collapsed to one space, cut to about max_length characters with "...".
std::string excerpt(const SurfaceProgram& program, const SurfaceTerm& term,
                    std::size_t max_length = 60);

}  // namespace perturb::calculus
