#include "models/closures/structural_node.h"

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

template <class F>
BasicValue<F> apply_perturbed(const StructuralNode<F>& node, const BasicValue<F>& x,
                              const BasicValue<F>& v, Tag tag) {
  return node.apply_perturbed(x, v, tag);
}

#define PERTURB_INSTANTIATE_STRUCTURAL_NODE(F)                                           \
  template class StructuralNode<F>;                                                      \
  template BasicValue<F> apply_perturbed(const StructuralNode<F>&, const BasicValue<F>&, \
                                         const BasicValue<F>&, Tag);
PERTURB_FOR_EACH_FIELD(PERTURB_INSTANTIATE_STRUCTURAL_NODE)

}  // namespace perturb::models::closures
