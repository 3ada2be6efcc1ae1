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
  if (!a.perturbed && !b.perturbed) return plain<S>(strong_product(a.primal, b.primal));
  if (a.perturbed && b.perturbed)
    return with_term<S>(
        strong_product(a.primal, b.primal),
        strong_product(a.coefficient, b.primal) + strong_product(a.primal, b.coefficient));
  if (!b.perturbed)
    return with_term<S>(strong_product(a.primal, b.primal),
                        strong_product(a.coefficient, b.primal));
  return with_term<S>(strong_product(b.primal, a.primal), strong_product(b.coefficient, a.primal));
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
  return with_term<S>(value + strong_product(F(0), q), strong_product(x.coefficient, q));
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
  return with_term<S>(x + strong_product(F(0), v), F(1) * v);
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
    return with_term<S>(strong_product(F(0), c), F(1) * c);
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

// Every member defined here; compile() is instantiated with the compiler
// (structural_program_compiler.cpp).
#define PERTURB_INSTANTIATE_STRUCTURAL_PROGRAM(F) template class StructuralProgram<F>;
PERTURB_FOR_EACH_FIELD(PERTURB_INSTANTIATE_STRUCTURAL_PROGRAM)

}  // namespace perturb::models::closures
