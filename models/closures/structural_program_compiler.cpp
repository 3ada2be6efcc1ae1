#include <algorithm>
#include <boost/container/small_vector.hpp>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>

#include "calculus/error.h"
#include "models/closures/perturbed_real.h"
#include "models/closures/structural_program.h"

namespace perturb::models::closures {

template <class F>
class StructuralProgram<F>::Compiler {
 public:
  explicit Compiler(StructuralProgram& program) : program_(program) {}

  // Whether root's tree fits the bounds; the program is complete when it does.
  bool compile(const StructuralNode<F>& root, Argument argument) {
    const std::uint32_t input = argument == Argument::Plain
                                    ? register_shape(kInput)
                                    : add_shape({Shape::Kind::Perturbed, kInput, kDirection});
    const std::uint32_t result = node(root, input, 0);
    if (failed_) return false;
    program_.result_ = value_register(result, 0);
    if (failed_) return false;
    program_.steps_ = nodes_ - 1;  // root's own step is its caller's
    // The fixed scalars (the zero, constants) are plain: no condition on them.
    program_.has_one_tag_lane_ = std::is_same_v<F, double> && program_.calls_.empty();
    drop_unused_instructions();
    assign_slots();
    program_.registers_ = static_cast<std::uint32_t>(registers_.size());
    program_.fixed_.push_back({kZero, &kZeroValue, &scalar_of(kZeroValue)});
    for (std::size_t i = 0; i < constant_registers_.size(); ++i) {
      const Value& constant = program_.constants_[i];
      program_.fixed_.push_back({constant_registers_[i], &constant, &constant.scalar()});
    }
    if (program_.has_one_tag_lane_) {
      for (const Fixed& fixed : program_.fixed_) {
        calculus::check(fixed.scalar->is_unperturbed(),
                        "closures: a program's constant is perturbed");
        program_.fixed_one_tag_.push_back({fixed.scalar->primal_value(), F(0), false});
      }
      assign_one_tag_lane_operands();
    }
    return true;
  }

 private:
  // What is known when compiling of the value a node gives: a register (its
  // value known at run time), the static zero, a pair of shapes, or the
  // argument's part x_p + ε·v_p (registers x_p, v_p) not yet perturbed.
  struct Shape {
    enum class Kind : std::uint8_t { Register, Zero, Pair, Perturbed } kind;
    std::uint32_t a = 0, b = 0;
  };
  // What a register holds: a value, a scalar, or both (constants, the zero).
  enum class Holds : std::uint8_t { Value, Scalar, Both };

  std::uint32_t register_shape(std::uint32_t r) { return add_shape({Shape::Kind::Register, r, 0}); }
  std::uint32_t zero_shape() { return add_shape({Shape::Kind::Zero, 0, 0}); }
  std::uint32_t pair_shape(std::uint32_t a, std::uint32_t b) {
    return add_shape({Shape::Kind::Pair, a, b});
  }
  std::uint32_t add_shape(Shape shape) {
    shapes_.push_back(shape);
    return static_cast<std::uint32_t>(shapes_.size() - 1);
  }

  std::uint32_t new_register(Holds holds) {
    registers_.push_back(holds);
    return static_cast<std::uint32_t>(registers_.size() - 1);
  }
  std::uint32_t emit(Op op, std::uint32_t a, std::uint32_t b = 0) {
    const bool scalar = op == Op::ScalarOf || writes_scalar(op);
    const std::uint32_t result = new_register(scalar ? Holds::Scalar : Holds::Value);
    program_.code_.push_back({op, result, a, b});
    return result;
  }
  bool holds_value(std::uint32_t r) const { return registers_[r] != Holds::Scalar; }
  bool holds_scalar(std::uint32_t r) const { return registers_[r] != Holds::Value; }

  // Whether the bounds are passed at this depth (then the compilation fails).
  bool too_deep(int depth) {
    if (depth > kMaxDepth) failed_ = true;
    return failed_;
  }

  // The shape of n's image of a value of shape `input`.
  std::uint32_t node(const StructuralNode<F>& n, std::uint32_t input, int depth) {
    if (too_deep(depth) || ++nodes_ > kMaxNodes) {
      failed_ = true;
      return input;
    }
    using Kind = typename StructuralNode<F>::Kind;
    switch (n.kind()) {
      case Kind::Identity:
        return input;
      case Kind::Compose: {
        const std::uint32_t inner = child(n.second(), n.second_structure(), input, depth);
        return child(n.first(), n.first_structure(), inner, depth);
      }
      case Kind::Pair: {
        const std::uint32_t left = child(n.first(), n.first_structure(), input, depth);
        return pair_shape(left, child(n.second(), n.second_structure(), input, depth));
      }
      case Kind::Proj1:
        return component(input, 0);
      case Kind::Proj2:
        return component(input, 1);
      case Kind::Bang:
      case Kind::Zero:
        return zero_shape();
      case Kind::Add: {
        const std::uint32_t left = child(n.first(), n.first_structure(), input, depth);
        return add(left, child(n.second(), n.second_structure(), input, depth), depth);
      }
      case Kind::Mul: {
        const std::uint32_t x = scalar_register(component(input, 0), depth);
        return register_shape(emit(Op::Mul, x, scalar_register(component(input, 1), depth)));
      }
      case Kind::Sin:
        return register_shape(emit(Op::Sin, scalar_register(input, depth)));
      case Kind::Cos:
        return register_shape(emit(Op::Cos, scalar_register(input, depth)));
      case Kind::Exp:
        return register_shape(emit(Op::Exp, scalar_register(input, depth)));
      case Kind::Constant:
        program_.constants_.push_back(Value::real(n.constant()));
        constant_registers_.push_back(new_register(Holds::Both));
        return register_shape(constant_registers_.back());
    }
    throw calculus::InternalError("closures: a structural node of no known kind");
  }

  // A child of a node: inlined when structural, else called.
  std::uint32_t child(const Map& map, const StructuralNode<F>* structure, std::uint32_t input,
                      int depth) {
    if (structure != nullptr) return node(*structure, input, depth + 1);
    const std::uint32_t argument = value_register(input, depth);
    program_.calls_.push_back(map);
    return register_shape(
        emit(Op::Call, argument, static_cast<std::uint32_t>(program_.calls_.size() - 1)));
  }

  // Component i of a value of shape s: the pair's part, the zero's zero, the
  // perturbed argument's part, or read from a register (once per register and i).
  std::uint32_t component(std::uint32_t s, int i) {
    const Shape shape = shapes_[s];
    switch (shape.kind) {
      case Shape::Kind::Pair:
        return i == 0 ? shape.a : shape.b;
      case Shape::Kind::Zero:
        return s;
      case Shape::Kind::Perturbed: {
        const auto [x, v] = perturbed_components(shape.a, shape.b, i);
        return add_shape({Shape::Kind::Perturbed, x, v});
      }
      case Shape::Kind::Register:
        break;
    }
    return register_shape(component_register(shape.a, i));
  }
  std::uint32_t component_register(std::uint32_t r, int i) {
    // A scalar has no components: boxed, the run fails as the tree would.
    const std::uint32_t whole = holds_value(r) ? r : boxed(r);
    auto [it, inserted] = components_.try_emplace({whole, i}, 0);
    if (inserted) it->second = emit(i == 0 ? Op::Component0 : Op::Component1, whole);
    return it->second;
  }
  // Component i of the argument's part x_p + ε·v_p: x_p's and v_p's read by
  // one instruction (unless one was read already), whose two registers a
  // scalar of the part reads through its parents.
  std::pair<std::uint32_t, std::uint32_t> perturbed_components(std::uint32_t x, std::uint32_t v,
                                                               int i) {
    if (!components_.contains({x, i}) && !components_.contains({v, i}) && holds_value(x) &&
        holds_value(v)) {
      const std::uint32_t x_part = emit(i == 0 ? Op::Components0 : Op::Components1, x, v);
      const std::uint32_t v_part = new_register(Holds::Value);
      calculus::check(v_part == x_part + 1, "closures: a descent's registers apart");
      components_.emplace(std::pair{x, i}, x_part);
      components_.emplace(std::pair{v, i}, v_part);
      descents_.emplace(x_part, Descent{x, v, i});
      return {x_part, v_part};
    }
    const std::uint32_t x_part = component_register(x, i);
    return {x_part, component_register(v, i)};
  }

  // A register holding the scalar of shape s: a pair, ill-typed, is built
  // whole, and the run fails as the tree would, on a tuple where a scalar was
  // expected.
  std::uint32_t scalar_register(std::uint32_t s, int depth) {
    const Shape shape = shapes_[s];
    if (shape.kind == Shape::Kind::Register && holds_scalar(shape.a)) return shape.a;
    if (shape.kind == Shape::Kind::Zero) return kZero;
    if (shape.kind == Shape::Kind::Perturbed) {
      auto [it, inserted] = perturbed_scalars_.try_emplace({shape.a, shape.b}, 0);
      if (!inserted) return it->second;
      const auto descent = descents_.find(shape.a);
      if (descent != descents_.end() && shape.b == shape.a + 1) {
        const Descent& parents = descent->second;
        it->second = emit(parents.index == 0 ? Op::PerturbComponent0 : Op::PerturbComponent1,
                          parents.x, parents.v);
      } else {
        it->second = emit(Op::PerturbScalar, shape.a, shape.b);
      }
      return it->second;
    }
    const std::uint32_t value = value_register(s, depth);
    auto [it, inserted] = scalars_.try_emplace(value, 0);
    if (inserted) it->second = emit(Op::ScalarOf, value);
    return it->second;
  }

  // A register holding the value of shape s, built once per shape: a tuple
  // for a pair, the perturbed part for the argument's part.
  std::uint32_t value_register(std::uint32_t s, int depth) {
    if (too_deep(depth)) return kZero;
    const Shape shape = shapes_[s];
    switch (shape.kind) {
      case Shape::Kind::Register:
        return holds_value(shape.a) ? shape.a : boxed(shape.a);
      case Shape::Kind::Zero:
        return kZero;
      case Shape::Kind::Pair:
      case Shape::Kind::Perturbed:
        break;
    }
    if (shape.kind == Shape::Kind::Perturbed) {
      // Once per part of the argument, however many shapes name it.
      auto [it, inserted] = perturbed_values_.try_emplace({shape.a, shape.b}, 0);
      if (inserted) it->second = emit(Op::Perturb, shape.a, shape.b);
      return it->second;
    }
    if (const auto it = values_.find(s); it != values_.end()) return it->second;
    const std::uint32_t left = value_register(shape.a, depth + 1);
    const std::uint32_t result = emit(Op::Pair, left, value_register(shape.b, depth + 1));
    values_.emplace(s, result);
    return result;
  }
  std::uint32_t boxed(std::uint32_t scalar) {
    auto [it, inserted] = boxes_.try_emplace(scalar, 0);
    if (inserted) it->second = emit(Op::Box, scalar);
    return it->second;
  }

  // The shape of x + y: the zero is the identity and pairs add by parts, as
  // closures::add does at run time; two scalars (never the zero value: a
  // scalar register is the result of an operation) add as scalars; other
  // registers add at run time.
  std::uint32_t add(std::uint32_t x, std::uint32_t y, int depth) {
    if (too_deep(depth)) return x;
    const Shape a = shapes_[x], b = shapes_[y];
    if (a.kind == Shape::Kind::Zero) return y;
    if (b.kind == Shape::Kind::Zero) return x;
    if (a.kind != Shape::Kind::Pair && b.kind != Shape::Kind::Pair) {
      if (a.kind == Shape::Kind::Register && b.kind == Shape::Kind::Register &&
          registers_[a.a] == Holds::Scalar && registers_[b.a] == Holds::Scalar)
        return register_shape(emit(Op::AddScalars, a.a, b.a));
      const std::uint32_t left = value_register(x, depth);
      return register_shape(emit(Op::Add, left, value_register(y, depth)));
    }
    // A pair and a pair, a register or a perturbed part (a tuple or the zero
    // at run time: its parts are added, or the pair's parts kept, as add would).
    const std::uint32_t left = add(component(x, 0), component(y, 0), depth + 1);
    return pair_shape(left, add(component(x, 1), component(y, 1), depth + 1));
  }

  static bool is_view(Op op) {
    return op == Op::Component0 || op == Op::Component1 || op == Op::ScalarOf || writes_two(op);
  }
  // Whether op writes its result register and the next.
  static bool writes_two(Op op) { return op == Op::Components0 || op == Op::Components1; }
  static bool writes_scalar(Op op) {
    return op == Op::Mul || op == Op::Sin || op == Op::Cos || op == Op::Exp ||
           op == Op::AddScalars || op == Op::PerturbScalar || op == Op::PerturbComponent0 ||
           op == Op::PerturbComponent1;
  }

  // Whether an unread result of op may go uncomputed: views always; over
  // an exact field nothing else, since its arithmetic stops an evaluation
  // whose numbers grow past the budget (models/scalars/rational.h), and whether an
  // evaluation completes must not depend on its tier; calls never.
  static bool droppable(Op op) {
    if (is_view(op)) return true;
    return !kExactField<F> && op != Op::Call;
  }

  // Removes the instructions whose registers nothing reads, where droppable.
  void drop_unused_instructions() {
    std::vector<bool> read(registers_.size(), false);
    read[program_.result_] = true;
    std::vector<Instruction> kept;
    for (auto it = program_.code_.rbegin(); it != program_.code_.rend(); ++it) {
      const bool unread = !read[it->result] && !(writes_two(it->op) && read[it->result + 1]);
      if (unread && droppable(it->op)) continue;
      for (const std::uint32_t operand : operands(*it)) read[operand] = true;
      kept.push_back(*it);
    }
    std::reverse(kept.begin(), kept.end());
    program_.code_ = std::move(kept);
  }

  // Gives each owned result a slot (of values or of scalars), reusing the
  // slots of registers no later instruction reads (a view keeps the register
  // it looks into alive). A ScalarOf, a view in the Tagged run, has a scalar
  // slot for the one-tag lane's copy when the program has the lane.
  void assign_slots() {
    std::vector<Instruction>& code = program_.code_;
    const std::size_t count = registers_.size();
    const auto never = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> last_read(count, 0);
    std::vector<bool> seen(count, false);
    const auto read_until = [&](std::uint32_t r, std::size_t i) {
      last_read[r] = seen[r] ? std::max(last_read[r], i) : i;
      seen[r] = true;
    };
    read_until(program_.result_, never);
    for (std::size_t i = code.size(); i-- > 0;) {
      const Instruction& instruction = code[i];
      const bool two = writes_two(instruction.op);
      if (!seen[instruction.result]) read_until(instruction.result, i);  // never read
      if (two && !seen[instruction.result + 1]) read_until(instruction.result + 1, i);
      std::size_t until = is_view(instruction.op) ? std::max(i, last_read[instruction.result]) : i;
      if (two) until = std::max(until, last_read[instruction.result + 1]);
      for (const std::uint32_t operand : operands(instruction)) read_until(operand, until);
    }
    struct Pool {
      std::uint32_t& count;
      std::vector<std::uint32_t> free;
      std::uint32_t take() {
        if (free.empty()) return count++;
        const std::uint32_t slot = free.back();
        free.pop_back();
        return slot;
      }
    };
    Pool values{program_.value_slots_, {}}, scalars{program_.scalar_slots_, {}};
    std::vector<std::uint32_t> slot_of(count, kNone);
    std::vector<std::vector<std::uint32_t>> freed_after(code.size());
    for (std::uint32_t r = 0; r < count; ++r) {
      if (seen[r] && last_read[r] != never) freed_after[last_read[r]].push_back(r);
    }
    for (std::size_t i = 0; i < code.size(); ++i) {
      Instruction& instruction = code[i];
      const bool lane_copy = instruction.op == Op::ScalarOf && program_.has_one_tag_lane_;
      if (!is_view(instruction.op) || lane_copy) {
        const bool scalar = writes_scalar(instruction.op) || lane_copy;
        instruction.slot = scalar ? scalars.take() : values.take();
        slot_of[instruction.result] = instruction.slot;
      }
      for (const std::uint32_t r : freed_after[i]) {
        if (slot_of[r] == kNone) continue;
        (registers_[r] == Holds::Scalar ? scalars : values).free.push_back(slot_of[r]);
        slot_of[r] = kNone;
      }
    }
  }

  // Gives each scalar operand its slot in the one-tag lane: the slot of the
  // instruction that wrote it, or for a fixed register one after the code's.
  void assign_one_tag_lane_operands() {
    std::vector<std::uint32_t> lane_slot(registers_.size(), kNone);
    for (const Instruction& i : program_.code_) {
      if (writes_scalar(i.op) || i.op == Op::ScalarOf) lane_slot[i.result] = i.slot;
    }
    for (std::uint32_t k = 0; k < program_.fixed_.size(); ++k)
      lane_slot[program_.fixed_[k].index] = program_.scalar_slots_ + k;
    for (Instruction& i : program_.code_) {
      if (!reads_scalars(i.op)) continue;
      i.scalar_a = lane_slot[i.a];
      if (operands(i).size() == 2) i.scalar_b = lane_slot[i.b];
    }
  }
  static bool reads_scalars(Op op) {
    return op == Op::Box || op == Op::Mul || op == Op::Sin || op == Op::Cos || op == Op::Exp ||
           op == Op::AddScalars;
  }

  static boost::container::small_vector<std::uint32_t, 2> operands(const Instruction& i) {
    switch (i.op) {
      case Op::Mul:
      case Op::AddScalars:
      case Op::Add:
      case Op::Pair:
      case Op::Perturb:
      case Op::PerturbScalar:
      case Op::Components0:
      case Op::Components1:
      case Op::PerturbComponent0:
      case Op::PerturbComponent1:
        return {i.a, i.b};
      default:
        return {i.a};
    }
  }

  static inline const Value kZeroValue{};

  StructuralProgram& program_;
  std::vector<Shape> shapes_;
  std::vector<Holds> registers_{Holds::Value, Holds::Both,
                                Holds::Value};  // kInput, kZero, kDirection
  std::map<std::pair<std::uint32_t, int>, std::uint32_t> components_;
  // The parents of the x_p registers of Components instructions.
  struct Descent {
    std::uint32_t x, v;
    int index;
  };
  std::map<std::uint32_t, Descent> descents_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> perturbed_values_,
      perturbed_scalars_;
  std::map<std::uint32_t, std::uint32_t> scalars_, boxes_, values_;
  std::vector<std::uint32_t> constant_registers_;
  std::uint32_t nodes_ = 0;
  bool failed_ = false;
};

template <class F>
std::unique_ptr<const StructuralProgram<F>> StructuralProgram<F>::compile(
    const StructuralNode<F>& root, Argument argument) {
  auto program = std::unique_ptr<StructuralProgram>(new StructuralProgram());
  if (!Compiler(*program).compile(root, argument)) return nullptr;
  return program;
}

#define PERTURB_INSTANTIATE_STRUCTURAL_COMPILER(F)                                    \
  template std::unique_ptr<const StructuralProgram<F>> StructuralProgram<F>::compile( \
      const StructuralNode<F>&, Argument);
PERTURB_FOR_EACH_FIELD(PERTURB_INSTANTIATE_STRUCTURAL_COMPILER)

}  // namespace perturb::models::closures
