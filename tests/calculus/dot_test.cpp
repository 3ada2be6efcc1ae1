// Tests of calculus/dot.h: the shared layout draws a shared subterm once, the
// tree layout once per occurrence; variables are named in the tree and
// indexed in the DAG; labels are quoted for DOT; the node limit is an error.
#include "calculus/dot.h"

#include <catch2/catch.hpp>
#include <string>

#include "calculus/parse.h"

using namespace perturb::calculus;

namespace {

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

Program program(const std::string& text, const Context& context = {}) {
  auto parsed = parse_program(text, context);
  REQUIRE(parsed.ok());
  return *parsed;
}

}  // namespace

TEST_CASE("to_dot: a shared subterm is one node, or one per occurrence in the tree", "[dot]") {
  const Program p = program("\\x:R. sin x * sin x");
  auto shared = to_dot(p.term, p.context, DotLayout::Shared, 1000);
  auto tree = to_dot(p.term, p.context, DotLayout::Tree, 1000);
  REQUIRE(shared.ok());
  REQUIRE(tree.ok());
  INFO(*shared << *tree);
  CHECK(shared->starts_with("digraph term {\n"));
  CHECK(shared->ends_with("}\n"));
  // mul <sin x, sin x>: two applications when sin x is shared, three as a tree.
  CHECK(count(*shared, "[label=\"@\"]") == 2);
  CHECK(count(*tree, "[label=\"@\"]") == 3);
  CHECK(count(*shared, "[label=\"sin\"]") == 1);
  CHECK(count(*tree, "[label=\"sin\"]") == 2);
  // A tree has nodes − 1 edges; sin x has one parent more.
  CHECK(count(*shared, " -> ") == dag_size(p.term) - 1 + 1);
  CHECK(count(*tree, " -> ") == p.term->tree_size() - 1);
  CHECK(count(*shared, "[label=\"#0\"]") == 1);
  CHECK(count(*tree, "[label=\"x\"]") == 2);
  CHECK(count(*shared, "[label=\"λx:R\"]") == 1);
  CHECK(count(*shared, "[label=\"fn\"]") == 2);
  CHECK(count(*shared, "[label=\"arg\"]") == 2);
}

TEST_CASE("to_dot: free variables by their context names, binders innermost first", "[dot]") {
  const Context context({{"y", real_type()}});
  const Program p = program("\\x:R. \\z:R. x + y + z", context);
  auto tree = to_dot(p.term, p.context, DotLayout::Tree, 1000);
  REQUIRE(tree.ok());
  INFO(*tree);
  for (const char* name : {"x", "y", "z"})
    CHECK(count(*tree, std::string("[label=\"") + name + "\"]") == 1);
}

TEST_CASE("to_dot: zero, injections, projections, literals and T are labelled", "[dot]") {
  const Program p = program("pi1 (T sin <1.5, 0>) + (0 : R)");
  auto dot = to_dot(p.term, p.context, DotLayout::Shared, 1000);
  REQUIRE(dot.ok());
  INFO(*dot);
  CHECK(count(*dot, "[label=\"pi1\"]") == 1);
  CHECK(count(*dot, "[label=\"T\"]") == 1);
  CHECK(count(*dot, "[label=\"1.5\"]") == 1);
  CHECK(count(*dot, "[label=\"in1 : R * R\"]") == 1);
}

TEST_CASE("to_dot: more nodes than the limit is an error that says how many", "[dot]") {
  const Program p = program("\\x:R. sin x * sin x");
  auto refused = to_dot(p.term, p.context, DotLayout::Tree, 5);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message == "the drawing would have " + std::to_string(p.term->tree_size()) +
                                       " nodes, more than --max-nodes 5");
  CHECK(to_dot(p.term, p.context, DotLayout::Shared, dag_size(p.term)).ok());
}
