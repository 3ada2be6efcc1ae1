#include "models/closures/value.h"

#include <utility>

#include "calculus/error.h"
#include "models/closures/perturbed_real.h"
#include "models/scalars/fields.h"

namespace perturb::models::closures {

using calculus::check;

template <class F>
BasicValue<F> BasicValue<F>::tuple(std::vector<BasicValue> elements) {
  return tuple_made(elements.size(), [&](std::size_t i) { return std::move(elements[i]); });
}

template <class F>
BasicValue<F> BasicValue<F>::pair(BasicValue first, BasicValue second) {
  return tuple_made(2, [&](std::size_t i) { return std::move(i == 0 ? first : second); });
}

template <class F>
BasicValue<F> BasicValue<F>::closure(Function function, std::string description) {
  BasicValue value;
  ::new (static_cast<void*>(&value.storage_.function)) SharedFunction(
      std::make_shared<const Closure>(Closure{std::move(function), std::move(description)}));
  value.kind_ = Kind::Closure;
  return value;
}

template <class F>
bool BasicValue<F>::same_object_as(const BasicValue& other) const {
  if (kind_ != other.kind_) return false;
  switch (kind_) {
    case Kind::Zero:
      return true;
    case Kind::Scalar:
      return false;
    case Kind::Tuple:
      return storage_.elements.values == other.storage_.elements.values;
    case Kind::Closure:
      return storage_.function == other.storage_.function;
  }
  return false;
}

template <class F>
const BasicFunction<F>& BasicValue<F>::function() const {
  check(is_closure(), "closures: a function was expected");
  return storage_.function->function;
}

template <class F>
const std::string& BasicValue<F>::description() const {
  check(is_closure(), "closures: a function was expected");
  return storage_.function->description;
}

template <class F>
BasicValue<F> apply(const BasicValue<F>& function, const BasicValue<F>& argument) {
  if (function.is_zero()) return BasicValue<F>();
  return function.function()(argument);
}

namespace {

// add's and perturbed's complaint (an internal error: values come typed).
constexpr const char* kTuplesOfDifferentLengths = "closures: adding tuples of different lengths";

// <f(a1), …, f(an)>.
template <class F, class Map>
BasicValue<F> map_elements(const BasicValue<F>& tuple, Map map) {
  const std::span<const BasicValue<F>> elements = tuple.elements();
  return BasicValue<F>::tuple_made(elements.size(),
                                   [&](std::size_t i) { return map(elements[i]); });
}

}  // namespace

template <class F>
BasicValue<F> add(const BasicValue<F>& a, const BasicValue<F>& b) {
  using Value = BasicValue<F>;
  if (a.is_zero()) return b;
  if (b.is_zero()) return a;
  check(a.kind() == b.kind(), "closures: adding values of different types");
  switch (a.kind()) {
    case Value::Kind::Scalar:
      return a.scalar() + b.scalar();
    case Value::Kind::Tuple: {
      const std::span<const Value> left = a.elements(), right = b.elements();
      check(left.size() == right.size(), kTuplesOfDifferentLengths);
      return Value::tuple_made(left.size(), [&](std::size_t i) { return add(left[i], right[i]); });
    }
    case Value::Kind::Closure:
      return Value::closure([a, b](const Value& x) { return add(apply(a, x), apply(b, x)); });
    case Value::Kind::Zero:
      break;
  }
  return Value();
}

template <class F>
BasicValue<F> scaled(const BasicValue<F>& value, const std::type_identity_t<Tagged<F>>& factor) {
  using Value = BasicValue<F>;
  switch (value.kind()) {
    case Value::Kind::Zero:
      return value;
    case Value::Kind::Scalar:
      return value.scalar() * factor;
    case Value::Kind::Tuple:
      return map_elements(value, [&](const Value& element) { return scaled(element, factor); });
    case Value::Kind::Closure:
      return Value::closure(
          [value, factor](const Value& x) { return scaled(apply(value, x), factor); });
  }
  return Value();
}

template <class F>
BasicValue<F> perturbed(const BasicValue<F>& x, const BasicValue<F>& v, Tag tag) {
  using Value = BasicValue<F>;
  if (v.is_zero()) return x;
  if (x.is_tuple() && v.is_tuple()) {
    const std::span<const Value> left = x.elements(), right = v.elements();
    check(left.size() == right.size(), kTuplesOfDifferentLengths);
    // Points of ℝⁿ are tuples of reals: those elements without a call.
    return Value::tuple_made(left.size(), [&](std::size_t i) -> Value {
      if (are_plain_reals(left[i], right[i]))
        return perturbed_real(left[i].scalar(), right[i].scalar(), tag);
      return perturbed(left[i], right[i], tag);
    });
  }
  if (are_plain_reals(x, v)) return perturbed_real(x.scalar(), v.scalar(), tag);
  return add(x, scaled(v, Tagged<F>::infinitesimal(tag)));
}

template <class F>
BasicValue<F> swapped(const BasicValue<F>& value, Tag a, Tag b) {
  using Value = BasicValue<F>;
  switch (value.kind()) {
    case Value::Kind::Zero:
      return value;
    case Value::Kind::Scalar:
      // Unperturbed scalars (the common case) are shared, not rebuilt.
      if (value.scalar().is_unperturbed()) return value;
      return value.scalar().swapped(a, b);
    case Value::Kind::Tuple:
      return map_elements(value, [=](const Value& element) { return swapped(element, a, b); });
    case Value::Kind::Closure:
      return Value::closure(
          [value, a, b](const Value& x) { return swapped(apply(value, swapped(x, a, b)), a, b); });
  }
  return Value();
}

namespace {

template <class F>
BasicValue<F> extract_scalar(const Tagged<F>& scalar, Tag tag, Part part) {
  using Value = BasicValue<F>;
  if (scalar.is_unperturbed()) return part == Part::Tangent ? Value() : Value(scalar);
  return part == Part::Tangent ? scalar.tangent(tag) : scalar.primal(tag);
}

// part_ε(f) at function type, per `renaming` (see Renaming in value.h).
template <class F>
BasicValue<F> extract_function(const BasicValue<F>& function, Tag tag, Part part,
                               Renaming renaming) {
  using Value = BasicValue<F>;
  if (renaming == Renaming::Never) {
    return Value::closure([function, tag, part](const Value& argument) {
      return extract(apply(function, argument), tag, part, Renaming::Never);
    });
  }
  return Value::closure([function, tag, part](const Value& argument) {
    const Tag renamed = fresh_tag();
    const Value result = apply(function, swapped(argument, tag, renamed));
    return swapped(extract(result, tag, part, Renaming::EveryApplication), tag, renamed);
  });
}

}  // namespace

template <class F>
BasicValue<F> extract(const BasicValue<F>& value, Tag tag, Part part, Renaming renaming) {
  using Value = BasicValue<F>;
  switch (value.kind()) {
    case Value::Kind::Zero:
      return value;
    case Value::Kind::Scalar:
      return extract_scalar(value.scalar(), tag, part);
    case Value::Kind::Tuple:
      return map_elements(
          value, [&](const Value& element) { return extract(element, tag, part, renaming); });
    case Value::Kind::Closure:
      return extract_function(value, tag, part, renaming);
  }
  return Value();
}

#define PERTURB_INSTANTIATE_VALUE(F)                                                 \
  template class BasicValue<F>;                                                      \
  template BasicValue<F> apply(const BasicValue<F>&, const BasicValue<F>&);          \
  template BasicValue<F> add(const BasicValue<F>&, const BasicValue<F>&);            \
  template BasicValue<F> scaled(const BasicValue<F>&, const Tagged<F>&);             \
  template BasicValue<F> perturbed(const BasicValue<F>&, const BasicValue<F>&, Tag); \
  template BasicValue<F> swapped(const BasicValue<F>&, Tag, Tag);                    \
  template BasicValue<F> extract(const BasicValue<F>&, Tag, Part, Renaming);
PERTURB_FOR_EACH_FIELD(PERTURB_INSTANTIATE_VALUE)

}  // namespace perturb::models::closures
