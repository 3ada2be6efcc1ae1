#include "models/closures/structural_program.h"

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

namespace perturb::models::closures {

// ---- the node and its tiers ----

template <class F>
StructuralNode<F>::StructuralNode(Kind kind, double constant) : kind_(kind), constant_(constant) {
  calculus::check(!has_children(), "closures: a structural node with children built without them");
}

template <class F>
StructuralNode<F>::StructuralNode(Kind kind, const Map& first, const Map& second)
    : kind_(kind),
      first_structure_(first.structure()),
      second_structure_(second.structure()),
      children_{first, second} {
  if (!has_children()) {
    std::destroy_at(&children_);
    throw calculus::InternalError("closures: children given to a structural leaf");
  }
}

template <class F>
StructuralNode<F>::StructuralNode(StructuralNode&& other) noexcept
    : kind_(other.kind_),
      first_structure_(other.first_structure_),
      second_structure_(other.second_structure_) {
  if (has_children()) {
    ::new (static_cast<void*>(&children_)) Children(std::move(other.children_));
  } else {
    constant_ = other.constant_;
  }
}

template <class F>
StructuralNode<F>::~StructuralNode() {
  if (has_children()) std::destroy_at(&children_);
  delete tiers_.load(std::memory_order_acquire);
}

template <class F>
[[gnu::always_inline]] inline BasicValue<F> StructuralNode<F>::apply_child(
    const Map& child, const StructuralNode* structure, const Value& point) {
  if (structure == nullptr) return child(point);  // counts its own step
  count_step<F>();
  return structure->evaluate(point);
}

template <class F>
BasicValue<F> StructuralNode<F>::evaluate(const Value& point) const {
  switch (kind_) {
    case Kind::Identity:
      return point;
    case Kind::Compose: {
      const Value inner = apply_child(children_.second, second_structure_, point);
      return apply_child(children_.first, first_structure_, inner);
    }
    case Kind::Pair:
      // Left before right, on every compiler (the program's order too), each
      // built in its element's place.
      return Value::tuple_made(2, [&](std::size_t i) {
        return i == 0 ? apply_child(children_.first, first_structure_, point)
                      : apply_child(children_.second, second_structure_, point);
      });
    case Kind::Proj1:
      return component(point, 0);
    case Kind::Proj2:
      return component(point, 1);
    case Kind::Bang:
    case Kind::Zero:
      return Value();
    case Kind::Add: {
      const Value left = apply_child(children_.first, first_structure_, point);
      return add(left, apply_child(children_.second, second_structure_, point));
    }
    case Kind::Mul:
      return scalar_of(component(point, 0)) * scalar_of(component(point, 1));
    case Kind::Sin:
    case Kind::Cos:
    case Kind::Exp:
      if constexpr (kHasTranscendentals<F>) {
        const Tagged<F>& x = scalar_of(point);
        return kind_ == Kind::Sin ? sin(x) : kind_ == Kind::Cos ? cos(x) : exp(x);
      }
      break;
    case Kind::Constant:
      return Value::real(constant_);
  }
  throw calculus::InternalError("closures: a structural node of no known kind");
}

template <class F>
const StructuralProgram<F>* StructuralNode<F>::program_for(ProgramArgument argument) const {
  Tiers* tiers = tiers_.load(std::memory_order_acquire);
  if (tiers == nullptr) {
    auto fresh = std::make_unique<Tiers>();
    if (tiers_.compare_exchange_strong(tiers, fresh.get(), std::memory_order_acq_rel)) {
      tiers = fresh.release();
    }  // else another thread's, now in `tiers`
  }
  Tier& tier = (*tiers)[argument];
  if (const auto* program = tier.compiled.load(std::memory_order_acquire)) return program;
  if (tiers->not_compilable.load(std::memory_order_relaxed)) return nullptr;
  std::unique_ptr<const StructuralProgram<F>> program;
  try {
    program = StructuralProgram<F>::compile(*this, argument);
  } catch (...) {
    // (A constant the field cannot hold, the memory budget): the tree it is.
    tiers->not_compilable.store(true, std::memory_order_relaxed);
    throw;
  }
  if (!program) {
    tiers->not_compilable.store(true, std::memory_order_relaxed);
    return nullptr;
  }
  const StructuralProgram<F>* expected = nullptr;
  if (tier.compiled.compare_exchange_strong(expected, program.get(), std::memory_order_acq_rel))
    return program.release();
  return expected;  // another thread's, equal to ours
}

template <class F>
StructuralNode<F>::Tier::~Tier() {
  delete compiled.load(std::memory_order_acquire);
}

template <class F>
BasicValue<F> StructuralNode<F>::apply_past_threshold(const Value& point) const {
  if (const auto* program = program_for(ProgramArgument::Plain)) return program->run(point);
  return evaluate(point);
}

template <class F>
BasicValue<F> StructuralNode<F>::apply_perturbed(const Value& x, const Value& v, Tag tag) const {
  if (!counted_below_threshold()) {
    if (const auto* program = program_for(ProgramArgument::Perturbed))
      return program->run_perturbed(x, v, tag);
  }
  return evaluate(perturbed(x, v, tag));
}

// ---- the compiler ----

namespace {

constexpr std::uint32_t kInput = 0;      // the register of the argument (x when perturbed)
constexpr std::uint32_t kZero = 1;       // the register of the static zero, value and scalar
constexpr std::uint32_t kDirection = 2;  // the register of v, when the argument is perturbed
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

}  // namespace

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

// ---- running a program ----

namespace {

// closures::component, inline (the out-of-line call was a tenth of a
// perturbed run): element i of a tuple, the zero value for the zero value
// (itself: no static zero, whose guard was tested at every call).
template <class F>
[[gnu::always_inline]] inline const BasicValue<F>& part(const BasicValue<F>& tuple, std::size_t i) {
  if (tuple.is_zero()) return tuple;
  const std::span<const BasicValue<F>> elements = tuple.elements();
  calculus::check(i < elements.size(), "closures: tuple component out of range");
  return elements[i];
}

}  // namespace

template <class F>
BasicValue<F> StructuralProgram<F>::run(const Value& point) const {
  return execute(point, nullptr, Tag{});
}

template <class F>
BasicValue<F> StructuralProgram<F>::run_perturbed(const Value& x, const Value& v, Tag tag) const {
  return execute(x, &v, tag);
}

// The registers of a run and the slots of its owned values.
template <class F>
struct StructuralProgram<F>::Frame {
  Frame(const StructuralProgram& program, const Value& x, const Value* v)
      : values(program.registers_, boost::container::default_init),
        value_slots(program.value_slots_) {
    for (const Fixed& fixed : program.fixed_) values[fixed.index] = fixed.value;
    values[kInput] = &x;
    if (v != nullptr) values[kDirection] = v;
  }

  // Builds i's result in its slot (a returned value moved into a slot
  // stalled on its own stores); a slot whose construction throws is given a
  // zero again, for the buffer's destructor.
  template <class Make>
  void put(const Instruction& i, Make&& make) {
    Value& slot = value_slots[i.slot];
    std::destroy_at(&slot);
    try {
      ::new (static_cast<void*>(&slot)) Value(make());
    } catch (...) {
      ::new (static_cast<void*>(&slot)) Value();
      throw;
    }
    values[i.result] = &slot;
  }

  // Most programs of a law case fit the inline buffers: no allocation. The
  // views are not initialised: each is written before it is read. (Inline
  // capacities for the programs of law cases and n = 10 of closures_bench,
  // about 1.5 KB of stack per run: programs nest through opaque children as
  // deep as a term's shared subterms.)
  boost::container::small_vector<const Value*, 96> values;
  boost::container::small_vector<Value, 8> value_slots;
};

template <class F>
[[gnu::always_inline]] inline void StructuralProgram<F>::run_component(const Instruction& i,
                                                                       Frame& frame) {
  frame.values[i.result] = &part(*frame.values[i.a], i.op == Op::Component1);
}

template <class F>
[[gnu::always_inline]] inline auto StructuralProgram<F>::run_components(const Instruction* i,
                                                                        const Instruction* end,
                                                                        Frame& frame)
    -> const Instruction* {
  // x_p and v_p stay in registers down the spine (through the frame, each
  // level waited for its store).
  const Value* x = frame.values[i->a];
  const Value* v = frame.values[i->b];
  for (;;) {
    const std::size_t index = i->op == Op::Components1;
    x = &part(*x, index);
    v = &part(*v, index);
    frame.values[i->result] = x;
    frame.values[i->result + 1] = v;
    const Instruction* next = i + 1;
    if (next == end || (next->op != Op::Components0 && next->op != Op::Components1) ||
        next->a != i->result || next->b != i->result + 1)
      return i;
    i = next;
  }
}

template <class F>
[[gnu::always_inline]] inline const BasicValue<F>& StructuralProgram<F>::perturbed_part(
    const Instruction& i, const Value& operand) {
  if (i.op == Op::PerturbScalar) return operand;
  return part(operand, i.op == Op::PerturbComponent1);
}

template <class F>
void StructuralProgram<F>::execute_on_values(const Instruction& i, Frame& frame, Tag tag) const {
  const auto& values = frame.values;
  switch (i.op) {
    case Op::Add:
      frame.put(i, [&] { return closures::add(*values[i.a], *values[i.b]); });
      return;
    case Op::Pair:
      frame.put(i, [&] { return Value::pair(*values[i.a], *values[i.b]); });
      return;
    case Op::Call:
      frame.put(i, [&] { return calls_[i.b](*values[i.a]); });
      return;
    case Op::Perturb:
      frame.put(i, [&] { return perturbed(*values[i.a], *values[i.b], tag); });
      return;
    default:
      throw calculus::InternalError("closures: a scalar instruction run as one on values");
  }
}

template <class F>
BasicValue<F> StructuralProgram<F>::execute(const Value& x, const Value* v, Tag tag) const {
  count_steps<F>(steps_);
  if (tries_one_tag_lane()) {
    if (std::optional<Value> image = execute_one_tag(x, v, tag)) return std::move(*image);
    one_tag_lane_left_.store(true, std::memory_order_relaxed);
  }
  return execute_tagged(x, v, tag);
}

template <class F>
BasicValue<F> StructuralProgram<F>::execute_tagged(const Value& x, const Value* v, Tag tag) const {
  Frame frame(*this, x, v);
  auto& values = frame.values;
  boost::container::small_vector<const Scalar*, 96> scalars(registers_,
                                                            boost::container::default_init);
  for (const Fixed& fixed : fixed_) scalars[fixed.index] = fixed.scalar;
  boost::container::small_vector<Scalar, 8> scalar_slots(scalar_slots_, Scalar(F(0)));
  // As Frame::put, for scalars.
  const auto scalar = [&](const Instruction& i, auto&& make) {
    Scalar& slot = scalar_slots[i.slot];
    std::destroy_at(&slot);
    try {
      ::new (static_cast<void*>(&slot)) Scalar(make());
    } catch (...) {
      ::new (static_cast<void*>(&slot)) Scalar(F(0));
      throw;
    }
    scalars[i.result] = &slot;
  };
  for (const Instruction *at = code_.data(), *end = at + code_.size(); at != end; ++at) {
    const Instruction& i = *at;
    switch (i.op) {
      case Op::Component0:
      case Op::Component1:
        run_component(i, frame);
        break;
      case Op::Components0:
      case Op::Components1:
        at = run_components(at, end, frame);
        break;
      case Op::ScalarOf:
        scalars[i.result] = &scalar_of(*values[i.a]);
        break;
      case Op::Box:
        frame.put(i, [&] { return Value(*scalars[i.a]); });
        break;
      case Op::Mul:
        scalar(i, [&] { return *scalars[i.a] * *scalars[i.b]; });
        break;
      case Op::Sin:
      case Op::Cos:
      case Op::Exp:
        if constexpr (kHasTranscendentals<F>) {
          const Scalar& operand = *scalars[i.a];
          if (i.op == Op::Sin) {
            scalar(i, [&] { return sin(operand); });
          } else if (i.op == Op::Cos) {
            scalar(i, [&] { return cos(operand); });
          } else {
            scalar(i, [&] { return exp(operand); });
          }
          break;
        }
        throw calculus::InternalError("closures: a transcendental over a field without them");
      case Op::AddScalars:
        scalar(i, [&] { return *scalars[i.a] + *scalars[i.b]; });
        break;
      case Op::PerturbScalar:
      case Op::PerturbComponent0:
      case Op::PerturbComponent1: {
        const Value& x_part = perturbed_part(i, *values[i.a]);
        const Value& v_part = perturbed_part(i, *values[i.b]);
        if (are_plain_reals(x_part, v_part)) {
          scalar(i, [&] { return perturbed_real(x_part.scalar(), v_part.scalar(), tag); });
        } else {
          scalar(i, [&] { return Scalar(scalar_of(perturbed(x_part, v_part, tag))); });
        }
        break;
      }
      default:
        execute_on_values(i, frame, tag);
    }
  }
  return *values[result_];
}

namespace {
namespace one_tag_lane {

// The arithmetic of Tagged (models/scalars/scalar.h) on the lane's scalars S
// (StructuralProgram::OneTagScalar), for plain scalars and one-tag scalars
// a + c·ε, case for case and operation for operation, so that the lane's
// scalars are Tagged's bit for bit.

template <class S, class F>
S plain(const F& primal) {
  return {primal, F(0), false};
}
// primal + coefficient·ε, the term dropped when the coefficient is 0 (push_first_order).
template <class S, class F>
S with_term(const F& primal, const F& coefficient) {
  return {primal, coefficient, !(coefficient == F(0))};
}

// operator*: both plain; one_tag_product; product_otherwise's a.scaled(b₀), b.scaled(a₀).
template <class S>
S product(const S& a, const S& b) {
  if (!a.perturbed && !b.perturbed) return plain<S>(a.primal * b.primal);
  if (a.perturbed && b.perturbed)
    return with_term<S>(a.primal * b.primal, a.coefficient * b.primal + a.primal * b.coefficient);
  if (!b.perturbed) return with_term<S>(a.primal * b.primal, a.coefficient * b.primal);
  return with_term<S>(b.primal * a.primal, b.coefficient * a.primal);
}

// operator+: both plain; shifted (the perturbed one's term kept); first_order_sum.
template <class S>
S sum(const S& a, const S& b) {
  if (!a.perturbed && !b.perturbed) return plain<S>(a.primal + b.primal);
  if (!b.perturbed) return {a.primal + b.primal, a.coefficient, true};
  if (!a.perturbed) return {a.primal + b.primal, b.coefficient, true};
  return with_term<S>(a.primal + b.primal, a.coefficient + b.coefficient);
}

// taylor from f(a) and f'(a): f(a) when plain, else one_tag_taylor's
// f(a) + 0·q and c·q for q = f'(a)/1.
template <class S, class F>
S taylor(const S& x, const F& value, const F& derivative) {
  if (!x.perturbed) return plain<S>(value);
  const F q = derivative / F(1);
  return with_term<S>(value + F(0) * q, x.coefficient * q);
}
// sin, cos, exp (glibc's sincos gives sin's and cos's bits, as GCC assumes
// when it fuses them).
template <class S>
S sine(const S& x) {
  if (!x.perturbed) return plain<S>(std::sin(x.primal));
  const double s = std::sin(x.primal), c = std::cos(x.primal);
  return taylor(x, s, c);
}
template <class S>
S cosine(const S& x) {
  if (!x.perturbed) return plain<S>(std::cos(x.primal));
  const double s = std::sin(x.primal), c = std::cos(x.primal);
  return taylor(x, c, -s);
}
template <class S>
S exponential(const S& x) {
  const double e = std::exp(x.primal);
  return taylor(x, e, e);
}

// perturbed_real: x + 0·v and 1·v.
template <class S, class F>
S perturbed(const F& x, const F& v) {
  return with_term<S>(x + F(0) * v, F(1) * v);
}

// scalar_of(perturbed(x, v, ε)) where a part is the zero value, as
// perturbed computes it: x itself when v is zero (0 when x is zero too),
// and ε·v (0·v and 1·v, the infinitesimal scaled by v) when x is zero;
// nothing for any other form (a scalar in the lane must be plain or in ε).
template <class S, class F>
std::optional<S> perturbed_with_zero(const BasicValue<F>& x, const BasicValue<F>& v) {
  if (v.is_zero()) {
    if (x.is_zero()) return plain<S>(F(0));
    if (is_plain_real(x)) return plain<S>(x.scalar().primal_value());
  } else if (x.is_zero() && is_plain_real(v)) {
    const F& c = v.scalar().primal_value();
    return with_term<S>(F(0) * c, F(1) * c);
  }
  return std::nullopt;
}

template <class F, class S>
Tagged<F> tagged(const S& s, Tag tag) {
  return s.perturbed ? Tagged<F>::first_order(s.primal, tag, s.coefficient) : Tagged<F>(s.primal);
}

}  // namespace one_tag_lane
}  // namespace

template <class F>
std::optional<BasicValue<F>> StructuralProgram<F>::execute_one_tag(const Value& x, const Value* v,
                                                                   Tag tag) const {
  if constexpr (std::is_same_v<F, double>) {
    namespace lane = one_tag_lane;
    using S = OneTagScalar;
    Frame frame(*this, x, v);
    auto& values = frame.values;
    // The scalars by slot (no registers: each operand's slot is known), the
    // fixed ones after the code's.
    boost::container::small_vector<S, 16> scalars(scalar_slots_ + fixed_.size(),
                                                  boost::container::default_init);
    std::copy(fixed_one_tag_.begin(), fixed_one_tag_.end(), scalars.begin() + scalar_slots_);
    const auto scalar = [&](const Instruction& i, const S& s) { scalars[i.slot] = s; };
    for (const Instruction *at = code_.data(), *end = at + code_.size(); at != end; ++at) {
      const Instruction& i = *at;
      switch (i.op) {
        case Op::Component0:
        case Op::Component1:
          run_component(i, frame);
          break;
        case Op::Components0:
        case Op::Components1:
          at = run_components(at, end, frame);
          break;
        case Op::ScalarOf: {
          // Plain, or one-tag in ε when the argument is perturbed; else the lane ends.
          const Scalar& s = scalar_of(*values[i.a]);
          if (s.is_unperturbed()) [[likely]] {
            scalar(i, lane::plain<S>(s.primal_value()));
          } else if (v != nullptr && s.has_one_tag() && s.has_tag(tag)) {
            scalar(i, S{s.primal_value(), s.tangent(tag).primal_value(), true});
          } else {
            return std::nullopt;
          }
          break;
        }
        case Op::Box:
          frame.put(i, [&] { return Value(lane::tagged<F>(scalars[i.scalar_a], tag)); });
          break;
        case Op::Mul:
          scalar(i, lane::product(scalars[i.scalar_a], scalars[i.scalar_b]));
          break;
        case Op::Sin:
          scalar(i, lane::sine(scalars[i.scalar_a]));
          break;
        case Op::Cos:
          scalar(i, lane::cosine(scalars[i.scalar_a]));
          break;
        case Op::Exp:
          scalar(i, lane::exponential(scalars[i.scalar_a]));
          break;
        case Op::AddScalars:
          scalar(i, lane::sum(scalars[i.scalar_a], scalars[i.scalar_b]));
          break;
        case Op::PerturbScalar:
        case Op::PerturbComponent0:
        case Op::PerturbComponent1: {
          const Value& x_part = perturbed_part(i, *values[i.a]);
          const Value& v_part = perturbed_part(i, *values[i.b]);
          if (are_plain_reals(x_part, v_part)) [[likely]] {
            scalar(i, lane::perturbed<S>(x_part.scalar().primal_value(),
                                         v_part.scalar().primal_value()));
            break;
          }
          const std::optional<S> s = lane::perturbed_with_zero<S>(x_part, v_part);
          if (!s) return std::nullopt;
          scalar(i, *s);
          break;
        }
        default:
          execute_on_values(i, frame, tag);
      }
    }
    return *values[result_];
  } else {
    (void)x, (void)v, (void)tag;
    return std::nullopt;
  }
}

template <class F>
BasicValue<F> apply_perturbed(const StructuralNode<F>& node, const BasicValue<F>& x,
                              const BasicValue<F>& v, Tag tag) {
  return node.apply_perturbed(x, v, tag);
}

#define PERTURB_INSTANTIATE_STRUCTURAL(F)                                                \
  template class StructuralNode<F>;                                                      \
  template class StructuralProgram<F>;                                                   \
  template BasicValue<F> apply_perturbed(const StructuralNode<F>&, const BasicValue<F>&, \
                                         const BasicValue<F>&, Tag);
PERTURB_FOR_EACH_FIELD(PERTURB_INSTANTIATE_STRUCTURAL)

}  // namespace perturb::models::closures
