#include "models/value.h"

#include <utility>

#include "calculus/error.h"

namespace perturb::models::closures {

using calculus::check;

Value Value::tuple(std::vector<Value> elements) {
  Value value;
  value.data_ = std::make_shared<const std::vector<Value>>(std::move(elements));
  return value;
}

Value Value::pair(Value first, Value second) {
  std::vector<Value> elements;
  elements.reserve(2);
  elements.push_back(std::move(first));
  elements.push_back(std::move(second));
  return tuple(std::move(elements));
}

Value Value::closure(Function function, std::string description) {
  Value value;
  value.data_ =
      std::make_shared<const Closure>(Closure{std::move(function), std::move(description)});
  return value;
}

bool same_object(const Value& a, const Value& b) {
  if (a.data_.index() != b.data_.index()) return false;
  switch (a.kind()) {
    case Value::Kind::Zero:
      return true;
    case Value::Kind::Scalar:
      return false;
    case Value::Kind::Tuple:
      return std::get<Value::Elements>(a.data_) == std::get<Value::Elements>(b.data_);
    case Value::Kind::Closure:
      return std::get<Value::SharedFunction>(a.data_) == std::get<Value::SharedFunction>(b.data_);
  }
  return false;
}

const Scalar& Value::scalar() const {
  check(is_scalar(), "closures: a scalar was expected");
  return std::get<Scalar>(data_);
}

std::span<const Value> Value::elements() const {
  check(is_tuple(), "closures: a tuple was expected");
  return *std::get<Elements>(data_);
}

const Function& Value::function() const {
  check(is_closure(), "closures: a function was expected");
  return std::get<SharedFunction>(data_)->function;
}

const std::string& Value::description() const {
  check(is_closure(), "closures: a function was expected");
  return std::get<SharedFunction>(data_)->description;
}

const Scalar& scalar_of(const Value& value) {
  static const Scalar zero(0.0);
  return value.is_zero() ? zero : value.scalar();
}

const Value& component(const Value& tuple, std::size_t index) {
  static const Value zero;
  if (tuple.is_zero()) return zero;
  const std::span<const Value> elements = tuple.elements();
  check(index < elements.size(), "closures: tuple component out of range");
  return elements[index];
}

Value apply(const Value& function, const Value& argument) {
  if (function.is_zero()) return Value();
  return function.function()(argument);
}

namespace {

// <f(a1), …, f(an)>.
template <class Map>
Value map_elements(const Value& tuple, Map map) {
  std::vector<Value> mapped;
  mapped.reserve(tuple.elements().size());
  for (const Value& element : tuple.elements()) mapped.push_back(map(element));
  return Value::tuple(std::move(mapped));
}

}  // namespace

Value add(const Value& a, const Value& b) {
  if (a.is_zero()) return b;
  if (b.is_zero()) return a;
  check(a.kind() == b.kind(), "closures: adding values of different types");
  switch (a.kind()) {
    case Value::Kind::Scalar:
      return a.scalar() + b.scalar();
    case Value::Kind::Tuple: {
      const std::span<const Value> left = a.elements(), right = b.elements();
      check(left.size() == right.size(), "closures: adding tuples of different lengths");
      std::vector<Value> sum;
      sum.reserve(left.size());
      for (std::size_t i = 0; i < left.size(); ++i) sum.push_back(add(left[i], right[i]));
      return Value::tuple(std::move(sum));
    }
    case Value::Kind::Closure:
      return Value::closure([a, b](const Value& x) { return add(apply(a, x), apply(b, x)); });
    case Value::Kind::Zero:
      break;
  }
  return Value();
}

Value scaled(const Value& value, const Scalar& factor) {
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

Value swapped(const Value& value, Tag a, Tag b) {
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

Value extract_scalar(const Scalar& scalar, Tag tag, Part part) {
  if (scalar.is_unperturbed()) return part == Part::Tangent ? Value() : Value(scalar);
  return part == Part::Tangent ? scalar.tangent(tag) : scalar.primal(tag);
}

// part_ε(f) at function type, per `renaming` (see Renaming in value.h).
Value extract_function(const Value& function, Tag tag, Part part, Renaming renaming) {
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

Value extract(const Value& value, Tag tag, Part part, Renaming renaming) {
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

}  // namespace perturb::models::closures
