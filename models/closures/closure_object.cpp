#include "models/closures/closure_object.h"

#include <boost/container/small_vector.hpp>
#include <set>
#include <utility>
#include <vector>

#include "calculus/error.h"

namespace perturb::models::closures {

using calculus::check;

struct Object::Node {
  Kind kind;
  std::string name;    // Atom
  int dimension = 0;   // Atom
  Object left, right;  // Product, Exponential
};

namespace {
std::shared_ptr<const Object::Node> make_node(Object::Kind kind, std::string name = {},
                                              int dimension = 0, Object left = {},
                                              Object right = {}) {
  return std::make_shared<const Object::Node>(
      Object::Node{kind, std::move(name), dimension, std::move(left), std::move(right)});
}
}  // namespace

Object::Object() : node_(nullptr) {}
Object::Object(std::shared_ptr<const Node> node) : node_(std::move(node)) {}

const Object& Object::real() {
  static const Object object(make_node(Kind::Real));
  return object;
}

Object Object::atom(std::string name, int dimension) {
  check(dimension >= 1, "closures: an atom has dimension at least 1");
  return Object(make_node(Kind::Atom, std::move(name), dimension));
}

Object Object::product(Object left, Object right) {
  return Object(make_node(Kind::Product, {}, 0, std::move(left), std::move(right)));
}

Object Object::exponential(Object domain, Object codomain) {
  return Object(make_node(Kind::Exponential, {}, 0, std::move(domain), std::move(codomain)));
}

Object::Kind Object::kind() const { return node_ ? node_->kind : Kind::Terminal; }

const std::string& Object::atom_name() const {
  check(kind() == Kind::Atom, "closures: an atom was expected");
  return node_->name;
}

int Object::dimension() const {
  check(kind() == Kind::Atom, "closures: an atom was expected");
  return node_->dimension;
}

const Object& Object::left() const {
  check(kind() == Kind::Product || kind() == Kind::Exponential,
        "closures: a product or exponential was expected");
  return node_->left;
}

const Object& Object::right() const {
  check(kind() == Kind::Product || kind() == Kind::Exponential,
        "closures: a product or exponential was expected");
  return node_->right;
}

// Objects are DAGs (T X = X × X shares X), and two equal objects built apart
// share no node. The first kTreeSteps pairs are compared as a tree, without
// bookkeeping (the objects of ordinary cases are that small); past them each
// pair of nodes is compared once, so equality costs the DAG's size, not its
// tree's (2^n for T applied n times).
bool operator==(const Object& a, const Object& b) {
  constexpr std::size_t kTreeSteps = 64;
  using NodePair = std::pair<const Object::Node*, const Object::Node*>;
  boost::container::small_vector<NodePair, 16> pending{{a.node_.get(), b.node_.get()}};
  std::set<NodePair> compared;
  for (std::size_t steps = 0; !pending.empty(); ++steps) {
    const auto [x, y] = pending.back();
    pending.pop_back();
    if (x == y) continue;
    if (steps >= kTreeSteps && !compared.insert({x, y}).second) continue;
    // The terminal object is the null node: equal only to itself.
    if (x == nullptr || y == nullptr) return false;
    if (x->kind != y->kind) return false;
    switch (x->kind) {
      case Object::Kind::Terminal:
      case Object::Kind::Real:
        break;
      case Object::Kind::Atom:
        if (x->name != y->name || x->dimension != y->dimension) return false;
        break;
      case Object::Kind::Product:
      case Object::Kind::Exponential:
        pending.emplace_back(x->left.node_.get(), y->left.node_.get());
        pending.emplace_back(x->right.node_.get(), y->right.node_.get());
        break;
    }
  }
  return true;
}

std::string Object::to_string(const char* arrow) const {
  switch (kind()) {
    case Kind::Terminal:
      return "1";
    case Kind::Real:
      return "R";
    case Kind::Atom:
      return node_->name;
    case Kind::Product: {
      // Left associative: only a right factor that is a product needs parentheses.
      const bool wrap_left = left().kind() == Kind::Exponential;
      const bool wrap_right =
          right().kind() == Kind::Exponential || right().kind() == Kind::Product;
      const std::string l = left().to_string(arrow), r = right().to_string(arrow);
      return (wrap_left ? "(" + l + ")" : l) + " × " + (wrap_right ? "(" + r + ")" : r);
    }
    case Kind::Exponential: {
      const std::string l = left().to_string(arrow), r = right().to_string(arrow);
      const bool wrap_left = left().kind() == Kind::Exponential;
      return (wrap_left ? "(" + l + ")" : l) + " " + arrow + " " + r;
    }
  }
  return "?";
}

}  // namespace perturb::models::closures
