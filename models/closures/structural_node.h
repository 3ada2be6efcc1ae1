// A morphism of the closures model built from the category's structure
// alone (issue 14): how it was built, kept beside the closure tree, so that a
// morphism applied often can be compiled into a flat program
// (models/closures/structural_program.h) that gives the same images, bit for bit.
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
// compose, pair and add always did; past kApplicationsBeforeCompiling root
// applications it compiles its tree once (for plain points, and apart for
// the perturbed points of its tangent map) and runs the program from then
// on. A law case applies most morphisms at a few points, for which compiling
// would cost more than it saves; a morphism applied in a loop is compiled.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "models/closures/closures.h"

namespace perturb::models::closures {

template <class F>
class StructuralProgram;

// The points a program is compiled for: plain ones, or x + ε·v given as x, v, ε.
enum class ProgramArgument : std::uint8_t { Plain, Perturbed };

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
  const Map& first() const { return children_.first; }
  const Map& second() const { return children_.second; }
  const StructuralNode* first_structure() const { return first_structure_; }
  const StructuralNode* second_structure() const { return second_structure_; }

  // A root application: the tree until the node is compiled, then the program.
  // (Inline: a law case applies thousands of morphisms a few times each.)
  Value operator()(const Value& point) const {
    if (counted_below_threshold()) [[likely]]
      return evaluate(point);
    return apply_past_threshold(point);
  }
  // A root application at perturbed(x, v, tag), the point of a derivative:
  // the same tiers, with a program that perturbs the parts it reads.
  Value apply_perturbed(const Value& x, const Value& v, Tag tag) const;
  // The image of point by the tree of closures, each child applied as one
  // step of the evaluation (the node's own step is its caller's).
  Value evaluate(const Value& point) const;
  const StructuralNode* structure() const { return this; }
  // Whether root applications at a plain point run the compiled program now.
  bool compiled() const { return compiled_for(ProgramArgument::Plain) != nullptr; }
  // Whether root applications at perturbed points run the compiled program now.
  bool compiled_for_perturbed_points() const {
    return compiled_for(ProgramArgument::Perturbed) != nullptr;
  }

  // Root applications before the tree is compiled: well past the few points
  // a law case applies most morphisms at (with 4, compilations that did not
  // pay back cost the closures law families 10–35 %, law_throughput_bench).
  static constexpr std::uint32_t kApplicationsBeforeCompiling = 64;

 private:
  // A child applied inside the tree: one step, then its tree or its function.
  static Value apply_child(const Map& child, const StructuralNode* structure, const Value& point);

  // A program for one kind of argument, published by the thread that
  // compiled it first (threads that lose the race discard theirs: compiling
  // is a pure function of the tree); it stays null when the tree is too large.
  // (Not std::call_once: glibc's wakes waiters with a system call, at every
  // compilation.)
  struct Tier {
    std::atomic<const StructuralProgram<F>*> compiled{nullptr};
    ~Tier();
  };
  // The programs of a node past the threshold (most nodes never reach it, so
  // they are allocated then: a node is built for every combinator of a case).
  struct Tiers {
    Tier plain, perturbed;
    std::atomic<bool> not_compilable{false};
    Tier& operator[](ProgramArgument argument) {
      return argument == ProgramArgument::Plain ? plain : perturbed;
    }
  };
  // Counts this root application if the node is below the threshold, and
  // says whether it was.
  bool counted_below_threshold() const {
    if (tiers_.load(std::memory_order_relaxed) != nullptr) return false;
    const std::uint32_t applications = root_applications_.load(std::memory_order_relaxed);
    if (applications >= kApplicationsBeforeCompiling) return false;
    root_applications_.store(applications + 1, std::memory_order_relaxed);
    return true;
  }
  // A root application at a plain point once the node is past the threshold.
  Value apply_past_threshold(const Value& point) const;
  // The program for the argument, compiled on the first call past the
  // threshold; null when the tree is not compilable.
  const StructuralProgram<F>* program_for(ProgramArgument argument) const;
  // The program for the argument if compiled, else null.
  const StructuralProgram<F>* compiled_for(ProgramArgument argument) const {
    Tiers* tiers = tiers_.load(std::memory_order_acquire);
    return tiers == nullptr ? nullptr : (*tiers)[argument].compiled.load(std::memory_order_acquire);
  }

  bool has_children() const {
    return kind_ == Kind::Compose || kind_ == Kind::Pair || kind_ == Kind::Add;
  }

  // What an evaluation reads first, together (beside the morphism's vtable
  // pointer): a case interprets into thousands of nodes that are visited
  // once or twice each, so the cache lines a visit touches are its cost.
  Kind kind_;
  // Root applications, plain or perturbed, counted without a
  // read-modify-write (a lost count between threads only delays compiling).
  mutable std::atomic<std::uint32_t> root_applications_{0};
  const StructuralNode* first_structure_ = nullptr;
  const StructuralNode* second_structure_ = nullptr;
  // The children of Compose, Pair and Add; the constant of Constant.
  struct Children {
    Map first, second;
  };
  union {
    Children children_;
    double constant_;
  };
  mutable std::atomic<Tiers*> tiers_{nullptr};
};

}  // namespace perturb::models::closures
