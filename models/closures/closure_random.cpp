#include "models/closures/closure_random.h"

#include <fmt/format.h>

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "calculus/random_draws.h"

namespace perturb::models::closures {

namespace {

// A random function comes with the closed term that denotes it, so that a
// counterexample can name the argument at which two sides differ. A term
// exists when the objects are built from R, × and ⇒ only (the calculus has
// no unit type and no literals of an atom); elsewhere the text is empty.
using Text = std::string;

template <class F>
struct Probe {
  std::function<Tagged<F>(const BasicValue<F>&)> at;
  std::function<Text(const Text& x)> text;  // the term of type R, given the argument's term
};

template <class F>
struct Builder {
  std::function<BasicValue<F>(const Tagged<F>&, const Tagged<F>&)> at;
  std::function<Text(const Text& s, const Text& t)> text;
};

double uniform(std::mt19937_64& rng, double low, double high) {
  return calculus::random_real(rng, low, high);
}

// A literal exactly as fmt prints a double (shortest round trip), so that the
// term denotes the function itself; negative ones parenthesised.
Text literal(double value) {
  return value < 0 ? fmt::format("({})", value) : fmt::format("{}", value);
}

// The literal of an unperturbed scalar; "" for one that carries an ε (no term
// of the calculus denotes it).
template <class F>
Text scalar_literal(const Tagged<F>& scalar) {
  return scalar.is_unperturbed() ? literal(to_double(scalar.primal_value())) : Text();
}

// The term `pattern` with its holes filled by parts; "" when a part has no
// term, so that a missing term propagates instead of printing a broken one.
template <class... Parts>
Text term(std::string_view pattern, const Parts&... parts) {
  if ((... || parts.empty())) return Text();
  return fmt::vformat(pattern, fmt::make_format_args(parts...));
}

bool has_term(const Object& object) {
  switch (object.kind()) {
    case Object::Kind::Real:
      return true;
    case Object::Kind::Product:
    case Object::Kind::Exponential:
      return has_term(object.left()) && has_term(object.right());
    default:
      return false;
  }
}

// The object as a type of the surface syntax: `*` binds tighter than `->`,
// `*` is left and `->` right associative.
Text surface_type(const Object& object) {
  switch (object.kind()) {
    case Object::Kind::Product: {
      const Text l = surface_type(object.left()), r = surface_type(object.right());
      const bool wrap_left = object.left().kind() == Object::Kind::Exponential;
      const bool wrap_right = object.right().kind() != Object::Kind::Real;
      return (wrap_left ? "(" + l + ")" : l) + " * " + (wrap_right ? "(" + r + ")" : r);
    }
    case Object::Kind::Exponential: {
      const Text l = surface_type(object.left()), r = surface_type(object.right());
      return (object.left().kind() == Object::Kind::Exponential ? "(" + l + ")" : l) + " -> " + r;
    }
    default:
      return object.to_string();
  }
}

// A fresh variable name per λ of one random function, so that no λ captures
// the variables of the terms it is built around.
struct Names {
  int next = 0;
  Text fresh() { return "x" + std::to_string(next++); }
};

template <class F>
Builder<F> random_builder(const BasicClosureCategory<F>& category, const Object& object,
                          std::mt19937_64& rng, Names& names);

// A smooth map X → R that depends on every part of its argument.
template <class F>
Probe<F> random_probe(const BasicClosureCategory<F>& category, const Object& object,
                      std::mt19937_64& rng, Names& names) {
  using Value = BasicValue<F>;
  using Scalar = Tagged<F>;
  switch (object.kind()) {
    case Object::Kind::Terminal:
      return {[](const Value&) { return Scalar(0.0); }, [](const Text&) { return Text(); }};
    case Object::Kind::Real: {
      const double a = uniform(rng, 0.5, 1.5);
      return {[a](const Value& x) { return scalar_of(x) * a; },
              [a](const Text& x) { return term("({} * {})", x, literal(a)); }};
    }
    case Object::Kind::Atom: {
      std::vector<double> weights(static_cast<std::size_t>(object.dimension()));
      for (double& w : weights) w = uniform(rng, -1.0, 1.0);
      return {[weights](const Value& x) {
                Scalar sum(0.0);
                for (std::size_t i = 0; i < weights.size(); ++i)
                  sum += scalar_of(component(x, i)) * weights[i];
                return sum;
              },
              [](const Text&) { return Text(); }};
    }
    case Object::Kind::Product: {
      Probe<F> first = random_probe(category, object.left(), rng, names);
      Probe<F> second = random_probe(category, object.right(), rng, names);
      const double coupling = uniform(rng, -0.5, 0.5);
      return {[first, second, coupling](const Value& x) {
                const Scalar a = first.at(component(x, 0)), b = second.at(component(x, 1));
                return a + b + a * b * coupling;
              },
              [first, second, coupling](const Text& x) {
                const Text a = first.text("(pi1 " + x + ")"), b = second.text("(pi2 " + x + ")");
                return term("({} + {} + {} * {} * {})", a, b, a, b, literal(coupling));
              }};
    }
    case Object::Kind::Exponential: {
      const Value argument = random_value(category, object.left(), rng);
      Probe<F> result = random_probe(category, object.right(), rng, names);
      // A function from another sampler may have no term.
      const Text argument_text = argument.is_closure() && argument.description().empty()
                                     ? Text()
                                     : category.describe_point(object.left(), argument);
      return {[argument, result](const Value& f) { return result.at(apply(f, argument)); },
              [result, argument_text](const Text& f) {
                if (argument_text.empty()) return Text();
                return result.text(term("({} ({}))", f, argument_text));
              }};
    }
  }
  return {};
}

// A smooth map R × R → Y.
template <class F>
Builder<F> random_builder(const BasicClosureCategory<F>& category, const Object& object,
                          std::mt19937_64& rng, Names& names) {
  using Value = BasicValue<F>;
  using Scalar = Tagged<F>;
  switch (object.kind()) {
    case Object::Kind::Terminal:
      return {[](const Scalar&, const Scalar&) { return Value(); },
              [](const Text&, const Text&) { return Text(); }};
    case Object::Kind::Real: {
      const double a = uniform(rng, -1.5, 1.5), b = uniform(rng, -1.5, 1.5),
                   c = uniform(rng, -1.5, 1.5);
      const Text la = literal(a), lb = literal(b), lc = literal(c);
      const int shape = calculus::random_integer(rng, 0, 2);
      // A field without sin, cos and exp (Rational) gets the polynomial only.
      if constexpr (kHasTranscendentals<F>) {
        if (shape == 0) {
          return {[=](const Scalar& s, const Scalar& t) { return sin(s * a + t * b) + Scalar(c); },
                  [=](const Text& s, const Text& t) {
                    return term("(sin ({} * {} + {} * {}) + {})", s, la, t, lb, lc);
                  }};
        }
        if (shape == 2) {
          return {[=](const Scalar& s, const Scalar& t) {
                    return cos(s) * t * a + exp(sin(t) * b) * c;
                  },
                  [=](const Text& s, const Text& t) {
                    return term("(cos {} * {} * {} + exp (sin {} * {}) * {})", s, t, la, t, lb, lc);
                  }};
        }
      }
      return {[=](const Scalar& s, const Scalar& t) { return s * t * a + s * s * b + t * c; },
              [=](const Text& s, const Text& t) {
                return term("({} * {} * {} + {} * {} * {} + {} * {})", s, t, la, s, s, lb, t, lc);
              }};
    }
    case Object::Kind::Atom: {
      std::vector<Builder<F>> parts;
      for (int i = 0; i < object.dimension(); ++i)
        parts.push_back(random_builder(category, Object::real(), rng, names));
      return {[parts](const Scalar& s, const Scalar& t) {
                std::vector<Value> elements;
                for (const Builder<F>& part : parts) elements.push_back(part.at(s, t));
                return Value::tuple(std::move(elements));
              },
              [](const Text&, const Text&) { return Text(); }};
    }
    case Object::Kind::Product: {
      Builder<F> first = random_builder(category, object.left(), rng, names);
      Builder<F> second = random_builder(category, object.right(), rng, names);
      return {[first, second](const Scalar& s, const Scalar& t) {
                return Value::pair(first.at(s, t), second.at(s, t));
              },
              [first, second](const Text& s, const Text& t) {
                return term("<{}, {}>", first.text(s, t), second.text(s, t));
              }};
    }
    case Object::Kind::Exponential: {
      Probe<F> probe = random_probe(category, object.left(), rng, names);
      Builder<F> result = random_builder(category, object.right(), rng, names);
      const double coupling = uniform(rng, -1.0, 1.0);
      const bool described = has_term(object);
      const Text x = names.fresh(), type = surface_type(object.left());
      const auto text = [=](const Text& s, const Text& t) {
        if (!described) return Text();
        const Text p = probe.text(x);
        return term("(\\{}:{}. {})", x, type,
                    result.text(term("({} + {})", s, p),
                                term("({} + {} * {} * {})", t, s, p, literal(coupling))));
      };
      return {[probe, result, coupling, text](const Scalar& s, const Scalar& t) {
                return Value::closure(
                    [=](const Value& x) {
                      const Scalar p = probe.at(x);
                      return result.at(s + p, t + s * p * coupling);
                    },
                    text(scalar_literal(s), scalar_literal(t)));
              },
              text};
    }
  }
  return {};
}

}  // namespace

template <class F>
BasicValue<F> random_value(const BasicClosureCategory<F>& category, const Object& object,
                           std::mt19937_64& rng) {
  using Value = BasicValue<F>;
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

template <class F>
BasicValue<F> random_smooth_function(const BasicClosureCategory<F>& category,
                                     const Object& exponential, std::mt19937_64& rng) {
  using Value = BasicValue<F>;
  Names names;
  Probe<F> first = random_probe(category, exponential.left(), rng, names);
  Probe<F> second = random_probe(category, exponential.left(), rng, names);
  Builder<F> result = random_builder(category, exponential.right(), rng, names);
  Text text;
  if (has_term(exponential)) {
    const Text x = names.fresh();
    text = term("\\{}:{}. {}", x, surface_type(exponential.left()),
                result.text(first.text(x), second.text(x)));
  }
  return Value::closure(
      [first, second, result](const Value& x) { return result.at(first.at(x), second.at(x)); },
      std::move(text));
}

#define PERTURB_INSTANTIATE_RANDOM(F)                                                          \
  template BasicValue<F> random_value(const BasicClosureCategory<F>&, const Object&,           \
                                      std::mt19937_64&);                                       \
  template BasicValue<F> random_smooth_function(const BasicClosureCategory<F>&, const Object&, \
                                                std::mt19937_64&);
PERTURB_FOR_EACH_FIELD(PERTURB_INSTANTIATE_RANDOM)

}  // namespace perturb::models::closures
