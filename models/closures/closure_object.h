// The objects of the `closures` model: the types its values inhabit.
//
//   X, Y ::= 1 | R | ℝⁿ (an atom α ≠ R, n from the configuration) | X × Y | X ⇒ Y
//
// Atoms are named after the calculus's atomic types, so that A and B are
// different objects even though both denote ℝⁿ.
#pragma once

#include <memory>
#include <string>

namespace perturb::models::closures {

class Object {
 public:
  enum class Kind : unsigned char { Terminal, Real, Atom, Product, Exponential };

  // 1 (the default), R, ℝⁿ named name, X × Y, X ⇒ Y.
  Object();
  static const Object& real();
  static Object atom(std::string name, int dimension);
  static Object product(Object left, Object right);
  static Object exponential(Object domain, Object codomain);

  Kind kind() const;
  // The atom's name and n (require an atom).
  const std::string& atom_name() const;
  int dimension() const;
  // X and Y of X × Y, or of X ⇒ Y (require a product or an exponential).
  const Object& left() const;
  const Object& right() const;

  // Structural equality (atoms by name and dimension).
  friend bool operator==(const Object& a, const Object& b);

  // "1", "R", "A", "R × R", "R ⇒ R × R": × binds tighter than ⇒, ⇒ is right
  // associative, × left associative; `arrow` is the symbol for ⇒.
  std::string to_string(const char* arrow = "⇒") const;

  struct Node;  // opaque; defined in closure_object.cpp

 private:
  explicit Object(std::shared_ptr<const Node> node);
  std::shared_ptr<const Node> node_;
};

}  // namespace perturb::models::closures
