// A morphism of the closures model built from the category's structure
// alone (issue 14): how it was built, kept beside the closure tree, so that a
// morphism applied often can be compiled into a flat program
// (models/structural_program.h) that gives the same images, bit for bit.
//
//   node ::= id | f ∘ g | ⟨f, g⟩ | π1 | π2 | ! | 0 | f + g
//          | mul | sin | cos | exp | constant c
//
// where f and g are morphisms, structural nodes or not (a memoized morphism,
// an eval, a curry, a derivative: opaque to the compiler, called as they are).
//
// Evaluation is tiered. A node applied from outside a structural tree (a
// "root" application: by a morphism's caller, a closure, a memo) evaluates
// its tree of closures, each child applied as one step of the evaluation, as
// compose, pair and add always did; on its kApplicationsBeforeCompiling-th
// root application it compiles its tree once and runs the program from then
// on. A law case applies most morphisms at a few points, for which compiling
// would cost more than it saves; a morphism applied in a loop (a function
// value applied at every probe, a benchmark) is compiled.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "models/closures.h"

namespace perturb::models::closures {

template <class F>
class StructuralProgram;

template <class F>
class StructuralNode {
 public:
  using Value = BasicValue<F>;
  using Map = typename BasicMorphism<F>::Map;
  enum class Kind : std::uint8_t {
    Identity,
    Compose,  // first ∘ second
    Pair,     // ⟨first, second⟩
    Proj1,
    Proj2,
    Bang,
    Zero,
    Add,  // first + second
    Mul,
    Sin,
    Cos,
    Exp,
    Constant,
  };

  // A node without children (not Compose, Pair or Add).
  explicit StructuralNode(Kind kind, double constant = 0.0);
  // Compose, Pair or Add of the two morphisms' functions.
  StructuralNode(Kind kind, const Map& first, const Map& second);
  // Only moved into its morphism, before any application: the tier starts afresh.
  StructuralNode(StructuralNode&& other) noexcept;
  StructuralNode& operator=(StructuralNode&&) = delete;
  ~StructuralNode();

  Kind kind() const { return kind_; }
  double constant() const { return constant_; }
  // The children of Compose, Pair and Add (first ∘ second, ⟨first, second⟩,
  // first + second), and their structure (null when opaque).
  const Map& first() const { return *first_; }
  const Map& second() const { return *second_; }
  const StructuralNode* first_structure() const { return first_structure_; }
  const StructuralNode* second_structure() const { return second_structure_; }

  // A root application: the tree until the node is compiled, then the program.
  Value operator()(const Value& point) const;
  // A root application at perturbed(x, v, tag), the point of a derivative:
  // the same tiers, with a program that perturbs the parts it reads.
  Value apply_perturbed(const Value& x, const Value& v, Tag tag) const;
  // The image of point by the tree of closures, each child applied as one
  // step of the evaluation (the node's own step is its caller's).
  Value evaluate(const Value& point) const;
  const StructuralNode* structure() const { return this; }
  // Whether root applications at a plain point run the compiled program now.
  bool compiled() const { return plain_.compiled.load(std::memory_order_acquire) != nullptr; }
  // Whether root applications at perturbed points run the compiled program now.
  bool compiled_for_perturbed_points() const {
    return perturbed_.compiled.load(std::memory_order_acquire) != nullptr;
  }

  // Root applications before the tree is compiled.
  static constexpr std::uint32_t kApplicationsBeforeCompiling = 4;

 private:
  // A child applied inside the tree: one step, then its tree or its function.
  static Value apply_child(const Map& child, const StructuralNode* structure, const Value& point);

  // A program for one kind of argument, built once and published through
  // `compiled`; it stays null when the tree is too large to compile.
  struct Tier {
    std::once_flag once;
    std::unique_ptr<const StructuralProgram<F>> program;
    std::atomic<const StructuralProgram<F>*> compiled{nullptr};
  };
  // Whether root applications should go on evaluating the tree.
  bool stays_a_tree() const;
  // The tier's program, compiled on its first call; null when not compilable.
  const StructuralProgram<F>* compiled_program(Tier& tier, bool perturbed) const;

  Kind kind_;
  double constant_ = 0.0;
  std::optional<Map> first_, second_;
  const StructuralNode* first_structure_ = nullptr;
  const StructuralNode* second_structure_ = nullptr;
  // Root applications, plain or perturbed, counted without a
  // read-modify-write (a lost count between threads only delays compiling).
  mutable std::atomic<std::uint32_t> root_applications_{0};
  mutable std::atomic<bool> not_compilable_{false};
  mutable Tier plain_, perturbed_;
};

}  // namespace perturb::models::closures
