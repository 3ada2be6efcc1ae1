// A structural morphism of the closures model compiled into a flat program
// (issue 14): the tree of closures of models/closures/structural_node.h inlined into
// one array of instructions over registers, so that an application is a loop
// instead of a call through a closure per combinator and a tuple per pair.
//
// The compiler follows the shapes of the values through the tree: the value
// of a product is a pair of shapes, known when compiling, so pairs,
// projections of pairs, identities and compositions cost nothing at run
// time; a shape is materialised as a tuple only where a value is needed whole
// (the result, an opaque child's argument, an addition at a register).
// Results of mul, sin, cos, exp are kept as scalars, not values. The zero
// value stays apart from a tuple of zeros, as in the model: `!` and `0`
// give the static zero, add(0, b) is b (not 0 + b, which differs at b = −0),
// and a register holding a zero at run time goes through the same
// scalar_of, component and add as the tree. Instructions whose value is
// not used are dropped, but for opaque children (called in the tree's order,
// left before right) and, over an exact field, arithmetic, which stops an
// evaluation whose numbers outgrow their budget.
//
// A program compiled for a perturbed argument takes x and v and the tag ε
// and gives the image of perturbed(x, v, ε) without building it: each part
// of the argument the tree reads is perturbed where it is read (perturbed is
// taken part by part, so the parts are the same values).
//
// An application gives the tree's image bit for bit (the same floating-point
// operations on the same operands) and counts the same steps: the tree's
// structural nodes are counted at once before the program runs, opaque
// children count their own. (So past the budget the program stops before
// its first instruction, where the tree stops partway: both with
// EvaluationBudgetExceeded.) The shared subterms' memo stays a barrier: a
// memoized morphism is opaque.
//
// The one-tag lane. Over double, a program without opaque children first
// runs with its scalars as plain (primal, coefficient) pairs: every scalar
// of one forward-mode pass is a + c·ε in the one tag ε of its argument (or
// plain), and the lane repeats Tagged's floating-point operations for those
// two forms, branch for branch (models/scalars/scalar.h), without Tagged's
// representation. A scalar of any other form (a point already perturbed,
// a nested derivative's) ends the lane's run; the program then runs again
// with Tagged scalars, and does so from then on. (Without opaque children a
// run has no effect to repeat: its steps are counted before either run.)
// Zero parts of x or v stay in the lane: they make plain or one-tag scalars.
#pragma once

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "models/closures/structural_node.h"

namespace perturb::models::closures {

template <class F>
class StructuralProgram {
 public:
  using Value = BasicValue<F>;
  using Scalar = Tagged<F>;
  using Map = typename BasicMorphism<F>::Map;
  using Argument = ProgramArgument;

  // The program of root's tree for a plain or a perturbed argument; null
  // when the tree is deeper than kMaxDepth or, inlined, larger than kMaxNodes
  // nodes (it then stays a tree).
  static std::unique_ptr<const StructuralProgram> compile(const StructuralNode<F>& root,
                                                          Argument argument = Argument::Plain);

  // root.evaluate(point), from a program for a plain argument.
  Value run(const Value& point) const;
  // root.evaluate(perturbed(x, v, tag)), from a program for a perturbed argument.
  Value run_perturbed(const Value& x, const Value& v, Tag tag) const;
  // Both count the steps root.evaluate would (not root's own, its caller's).

  static constexpr int kMaxDepth = 4096;
  static constexpr std::uint32_t kMaxNodes = 1u << 18;

  // For tests and docs: the instructions run per application, and the
  // structural steps counted per application.
  std::size_t size() const { return code_.size(); }
  std::uint64_t steps() const { return steps_; }
  // Whether the next run tries the one-tag lane: not when the program has
  // none, nor once a run has left it.
  bool tries_one_tag_lane() const {
    return has_one_tag_lane_ && !one_tag_lane_left_.load(std::memory_order_relaxed);
  }

 private:
  class Compiler;
  struct Frame;

  // The registers every program starts with; the compiler allocates the rest.
  static constexpr std::uint32_t kInput = 0;      // the argument (x when perturbed)
  static constexpr std::uint32_t kZero = 1;       // the static zero, value and scalar
  static constexpr std::uint32_t kDirection = 2;  // v, when the argument is perturbed
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

  // A scalar of the one-tag lane: primal + coefficient·ε when perturbed
  // (then coefficient ≠ 0, as Tagged keeps no zero term), else primal.
  // `perturbed` is !(coefficient == 0) when set by an operation, stored
  // rather than derived where read: deriving it cost more instructions and
  // GCC then no longer fused sin and cos (docs/performance.md §4).
  struct OneTagScalar {
    F primal;
    F coefficient;
    bool perturbed;
  };

  // V: a register holding a value (a view of one); S: a scalar.
  enum class Op : std::uint8_t {
    Component0,  // V ← component 0 of V (a view into it)
    Component1,  // V ← component 1 of V
    ScalarOf,    // S ← scalar_of(V) (a view into it; a copy in the one-tag lane)
    Box,         // V ← the scalar S as a value
    Mul,         // S ← S · S
    Sin,         // S ← sin S, and Cos, Exp
    Cos,
    Exp,
    AddScalars,     // S ← S + S
    Add,            // V ← add(V, V)
    Pair,           // V ← <V, V>
    Call,           // V ← calls_[b](V)
    Perturb,        // V ← perturbed(V, V, ε)
    PerturbScalar,  // S ← scalar_of(perturbed(V, V, ε))
    // The parts of a perturbed argument descend together: x_p and v_p at once.
    Components0,  // V, V' ← component 0 of V_a, of V_b (V' the register after V)
    Components1,
    PerturbComponent0,  // S ← scalar_of(perturbed(component 0 of V, of V, ε))
    PerturbComponent1,
  };
  struct Instruction {
    Op op;
    std::uint32_t result;  // the register written
    std::uint32_t a, b;    // operand registers; for Call, b is the index in calls_
    // Where an owned result is kept (a value or a scalar slot; the one-tag
    // lane keeps a ScalarOf in a scalar slot too).
    std::uint32_t slot = 0;
    // The one-tag lane's slots of the scalar operands a and b: it reads
    // scalars from their slots, not through registers.
    std::uint32_t scalar_a = 0, scalar_b = 0;
  };

  Value execute(const Value& x, const Value* v, Tag tag) const;
  // The run with Tagged scalars.
  Value execute_tagged(const Value& x, const Value* v, Tag tag) const;
  // The run in the one-tag lane, or nothing when a scalar is of another form.
  std::optional<Value> execute_one_tag(const Value& x, const Value* v, Tag tag) const;
  // The views into values, common to both runs: Component0/1, and
  // Components0/1 with the descents that follow, each into the last's parts
  // (the nested argument's spine, walked in one loop); the last run.
  static void run_component(const Instruction& i, Frame& frame);
  static const Instruction* run_components(const Instruction* i, const Instruction* end,
                                           Frame& frame);
  // The part of x or v a PerturbScalar (its operand) or a PerturbComponent
  // (a component of its operand) perturbs.
  static const Value& perturbed_part(const Instruction& i, const Value& operand);
  // The instructions that build values (Add, Pair, Call, Perturb), common to both runs.
  void execute_on_values(const Instruction& i, Frame& frame, Tag tag) const;

  std::vector<Instruction> code_;
  std::vector<Map> calls_;
  std::vector<Value> constants_;
  // The registers whose views are known before a run (the static zero, the
  // constants: as values and as scalars); the argument's are set per run,
  // the others written by the code before they are read.
  struct Fixed {
    std::uint32_t index;
    const Value* value;
    const Scalar* scalar;
  };
  std::vector<Fixed> fixed_;
  // The fixed registers' scalars in the one-tag lane (all plain), in the
  // slots after the code's.
  std::vector<OneTagScalar> fixed_one_tag_;
  // Whether the program may run in the one-tag lane (over double, no
  // opaque children), and whether a run has left it (then none tries again:
  // the programs that meet other scalars, as the inner program of a second
  // derivative does, meet them at every run).
  bool has_one_tag_lane_ = false;
  mutable std::atomic<bool> one_tag_lane_left_{false};
  std::uint32_t registers_ = 0;
  std::uint32_t value_slots_ = 0, scalar_slots_ = 0;
  std::uint32_t result_ = 0;
  std::uint64_t steps_ = 0;
};

}  // namespace perturb::models::closures
