#include "models/closure_random.h"

#include <functional>
#include <utility>
#include <vector>

namespace perturb::models::closures {

namespace {

using Probe = std::function<Scalar(const Value&)>;
using Builder = std::function<Value(const Scalar&, const Scalar&)>;

double uniform(std::mt19937_64& rng, double low, double high) {
  return std::uniform_real_distribution<double>(low, high)(rng);
}

// A smooth map X → R that depends on every part of its argument.
Probe random_probe(const ClosureCategory& category, const Object& object, std::mt19937_64& rng) {
  switch (object.kind()) {
    case Object::Kind::Terminal:
      return [](const Value&) { return Scalar(0.0); };
    case Object::Kind::Real: {
      const double a = uniform(rng, 0.5, 1.5);
      return [a](const Value& x) { return scalar_of(x) * a; };
    }
    case Object::Kind::Atom: {
      std::vector<double> weights(static_cast<std::size_t>(object.dimension()));
      for (double& w : weights) w = uniform(rng, -1.0, 1.0);
      return [weights](const Value& x) {
        Scalar sum(0.0);
        for (std::size_t i = 0; i < weights.size(); ++i)
          sum += scalar_of(component(x, i)) * weights[i];
        return sum;
      };
    }
    case Object::Kind::Product: {
      Probe first = random_probe(category, object.left(), rng);
      Probe second = random_probe(category, object.right(), rng);
      const double coupling = uniform(rng, -0.5, 0.5);
      return [first, second, coupling](const Value& x) {
        const Scalar a = first(component(x, 0)), b = second(component(x, 1));
        return a + b + a * b * coupling;
      };
    }
    case Object::Kind::Exponential: {
      const Value argument = random_value(category, object.left(), rng);
      Probe result = random_probe(category, object.right(), rng);
      return [argument, result](const Value& f) { return result(apply(f, argument)); };
    }
  }
  return {};
}

// A smooth map R × R → Y.
Builder random_builder(const ClosureCategory& category, const Object& object,
                       std::mt19937_64& rng) {
  switch (object.kind()) {
    case Object::Kind::Terminal:
      return [](const Scalar&, const Scalar&) { return Value(); };
    case Object::Kind::Real: {
      const double a = uniform(rng, -1.5, 1.5), b = uniform(rng, -1.5, 1.5),
                   c = uniform(rng, -1.5, 1.5);
      switch (std::uniform_int_distribution<int>(0, 2)(rng)) {
        case 0:
          return [=](const Scalar& s, const Scalar& t) { return sin(s * a + t * b) + Scalar(c); };
        case 1:
          return [=](const Scalar& s, const Scalar& t) { return s * t * a + s * s * b + t * c; };
        default:
          return [=](const Scalar& s, const Scalar& t) {
            return cos(s) * t * a + exp(sin(t) * b) * c;
          };
      }
    }
    case Object::Kind::Atom: {
      std::vector<Builder> parts;
      for (int i = 0; i < object.dimension(); ++i)
        parts.push_back(random_builder(category, Object::real(), rng));
      return [parts](const Scalar& s, const Scalar& t) {
        std::vector<Value> elements;
        for (const Builder& part : parts) elements.push_back(part(s, t));
        return Value::tuple(std::move(elements));
      };
    }
    case Object::Kind::Product: {
      Builder first = random_builder(category, object.left(), rng);
      Builder second = random_builder(category, object.right(), rng);
      return [first, second](const Scalar& s, const Scalar& t) {
        return Value::pair(first(s, t), second(s, t));
      };
    }
    case Object::Kind::Exponential: {
      Probe probe = random_probe(category, object.left(), rng);
      Builder result = random_builder(category, object.right(), rng);
      const double coupling = uniform(rng, -1.0, 1.0);
      return [probe, result, coupling](const Scalar& s, const Scalar& t) {
        return Value::closure([=](const Value& x) {
          const Scalar p = probe(x);
          return result(s + p, t + s * p * coupling);
        });
      };
    }
  }
  return {};
}

}  // namespace

Value random_value(const ClosureCategory& category, const Object& object, std::mt19937_64& rng) {
  switch (object.kind()) {
    case Object::Kind::Terminal:
      return Value();
    case Object::Kind::Real:
      return Value::real(uniform(rng, -2.0, 2.0));
    case Object::Kind::Atom: {
      std::vector<Value> elements;
      for (int i = 0; i < object.dimension(); ++i)
        elements.push_back(Value::real(uniform(rng, -2.0, 2.0)));
      return Value::tuple(std::move(elements));
    }
    case Object::Kind::Product: {
      Value first = random_value(category, object.left(), rng);
      return Value::pair(std::move(first), random_value(category, object.right(), rng));
    }
    case Object::Kind::Exponential:
      return category.random_point(object, rng);
  }
  return Value();
}

Value random_smooth_function(const ClosureCategory& category, const Object& exponential,
                             std::mt19937_64& rng) {
  Probe first = random_probe(category, exponential.left(), rng);
  Probe second = random_probe(category, exponential.left(), rng);
  Builder result = random_builder(category, exponential.right(), rng);
  return Value::closure(
      [first, second, result](const Value& x) { return result(first(x), second(x)); });
}

}  // namespace perturb::models::closures
