// A model whose derivatives are computed by a forward-mode AD library: the
// cartesian differential category of smooth maps ℝᵐ → ℝⁿ, each map evaluated
// on the library's dual numbers, one fresh perturbation per D.
//
// A library's dual number over S, L<S>, carries a value and one tangent, both
// of type S; its types nest (L<L<double>>) to a depth fixed at compile time.
// A morphism is therefore one map per nesting level k = 0 … depth, over
// Scalar<k> (Scalar<0> = double, Scalar<k+1> = L<Scalar<k>>), all built from
// the same operations, and
//
//   D(f)_k(v, x) = tangent(f_{k+1}(seed(x, v)))     seed(x, v) = x + ε·v
//
// with ε the perturbation of level k + 1, which no other D uses: each D
// seeds its own level, so that perturbations are told apart by type. D(f)
// has one level fewer than f, and a model of depth d nests derivatives d
// deep (kMaxDerivativeDepth). Every derivative, every sum and product and
// every primitive at every level is the library's own arithmetic; a
// primitive the library lacks is not hosted (hosts_primitive), never
// written here.
//
// A Library says, for this header:
//
//   static constexpr const char* kName;       the model's name
//   static constexpr bool kFoil;              a wrapper wrong on purpose
//   static constexpr int kDepth;              how deep its types nest (≥ 1)
//   template <int k> using Scalar;            double, L<double>, L<L<double>>, …
//                                             (NestedDual<L, k>)
//   template <int k> static Scalar<k + 1> seed(const Scalar<k>& x, const Scalar<k>& v);
//   template <int k> static Scalar<k> tangent(const Scalar<k + 1>& y);
//   static constexpr bool hosts_primitive(Primitive p);
//
// and, where its functions are not named after the primitives
// (functions_by_name.h), one or both of
//
//   template <class S> static S unary(Primitive p, const S& x);        p of arity 1
//   template <class S> static S binary(Primitive p, const S& x, const S& y);  pow,
//                                                 atan2, hypot, max, min
//
// mul is the library's operator*, recip 1 / x by its operator/, a sum its
// operator+.
#pragma once

#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "calculus/random_draws.h"
#include "calculus/signature.h"
#include "functions_by_name.h"
#include "semantics/category_error.h"
#include "semantics/tolerance.h"

namespace ad_libraries {

using perturb::calculus::Primitive;

// double nested in the dual numbers Dual k times: double, Dual<double>,
// Dual<Dual<double>>, …
template <template <class> class Dual, int k>
struct Nested {
  using type = Dual<typename Nested<Dual, k - 1>::type>;
};
template <template <class> class Dual>
struct Nested<Dual, 0> {
  using type = double;
};
template <template <class> class Dual, int k>
using NestedDual = typename Nested<Dual, k>::type;

template <class Library>
class NestedDualModel {
  static constexpr int kLevels = Library::kDepth + 1;
  template <int k>
  using Scalar = typename Library::template Scalar<k>;
  template <int k>
  using Level = std::integral_constant<int, k>;
  template <int k>
  using Map = std::function<std::vector<Scalar<k>>(const std::vector<Scalar<k>>&)>;
  template <int... k>
  static std::tuple<Map<k>...> maps_type(std::integer_sequence<int, k...>);
  using Maps = decltype(maps_type(std::make_integer_sequence<int, kLevels>{}));

  // body(Level<k>{}) for k = 0 … count − 1.
  template <class Body>
  static void for_levels(int count, Body&& body) {
    [&]<int... k>(std::integer_sequence<int, k...>) {
      ((k < count ? body(Level<k>{}) : void()), ...);
    }
    (std::make_integer_sequence<int, kLevels>{});
  }

  // c as a Scalar<k>: seeded with tangent 0 at every level above double.
  template <int k>
  static Scalar<k> constant_at(double c) {
    if constexpr (k == 0) {
      return c;
    } else {
      return Library::template seed<k - 1>(constant_at<k - 1>(c), constant_at<k - 1>(0.0));
    }
  }

 public:
  static constexpr bool linear_only = false;
  static constexpr int kMaxDerivativeDepth = Library::kDepth;
  static constexpr bool hosts_primitive(Primitive p) { return Library::hosts_primitive(p); }

  // 1, R, an atom ℝ² or X × Y, kept as a tree so that factors() can split a product.
  struct Object {
    std::string label;            // "1", "R", the atom's name; empty for a product
    int dimension = 0;            // coordinates of a point
    std::vector<Object> factors;  // X and Y for X × Y, else none
    friend bool operator==(const Object&, const Object&) = default;
  };

  // A smooth map X → Y at its first `levels` nesting levels.
  struct Morphism {
    Object domain;
    Object codomain;
    int levels = 0;
    std::shared_ptr<const Maps> maps;
    std::string description;
  };

  using Point = std::vector<double>;

  std::string name() const { return Library::kName; }
  bool is_foil() const { return Library::kFoil; }

  // ---- objects ----
  Object terminal() const { return {"1", 0, {}}; }
  Object real() const { return {"R", 1, {}}; }
  Object atom(const std::string& name) const { return {name, 2, {}}; }
  Object product(const Object& x, const Object& y) const {
    return {"", x.dimension + y.dimension, {x, y}};
  }
  std::optional<std::pair<Object, Object>> factors(const Object& p) const {
    if (p.factors.size() != 2) return std::nullopt;
    return std::pair{p.factors[0], p.factors[1]};
  }

  // ---- morphisms ----
  Object domain(const Morphism& f) const { return f.domain; }
  Object codomain(const Morphism& f) const { return f.codomain; }

  Morphism identity(const Object& x) const {
    return make(x, x, "id", kLevels, [](auto, const auto& in) { return in; });
  }
  // f∘g; CategoryError unless cod g = dom f.
  Morphism compose(const Morphism& f, const Morphism& g) const {
    require_equal("compose", f.domain, g.codomain);
    Morphism out{g.domain, f.codomain, std::min(f.levels, g.levels), nullptr,
                 f.description + " ∘ " + g.description};
    auto maps = std::make_shared<Maps>();
    for_levels(out.levels, [&]<int k>(Level<k>) {
      std::get<k>(*maps) = [f = std::get<k>(*f.maps), g = std::get<k>(*g.maps)](
                               const std::vector<Scalar<k>>& in) { return f(g(in)); };
    });
    out.maps = std::move(maps);
    return out;
  }
  // ⟨f, g⟩; CategoryError unless dom f = dom g.
  Morphism pair(const Morphism& f, const Morphism& g) const {
    require_equal("pair", f.domain, g.domain);
    Morphism out{f.domain, product(f.codomain, g.codomain), std::min(f.levels, g.levels), nullptr,
                 "<" + f.description + ", " + g.description + ">"};
    auto maps = std::make_shared<Maps>();
    for_levels(out.levels, [&]<int k>(Level<k>) {
      std::get<k>(*maps) = [f = std::get<k>(*f.maps),
                            g = std::get<k>(*g.maps)](const std::vector<Scalar<k>>& in) {
        std::vector<Scalar<k>> both = f(in);
        std::vector<Scalar<k>> second = g(in);
        both.insert(both.end(), second.begin(), second.end());
        return both;
      };
    });
    out.maps = std::move(maps);
    return out;
  }
  Morphism proj1(const Object& x, const Object& y) const { return slice(x, y, 0, x, "pi1"); }
  Morphism proj2(const Object& x, const Object& y) const {
    return slice(x, y, x.dimension, y, "pi2");
  }
  Morphism bang(const Object& x) const { return zero(x, terminal()); }
  // f + g by the library's +; CategoryError unless f and g are parallel.
  Morphism add(const Morphism& f, const Morphism& g) const {
    require_equal("add (domains)", f.domain, g.domain);
    require_equal("add (codomains)", f.codomain, g.codomain);
    Morphism out{f.domain, f.codomain, std::min(f.levels, g.levels), nullptr,
                 f.description + " + " + g.description};
    auto maps = std::make_shared<Maps>();
    for_levels(out.levels, [&]<int k>(Level<k>) {
      std::get<k>(*maps) = [f = std::get<k>(*f.maps),
                            g = std::get<k>(*g.maps)](const std::vector<Scalar<k>>& in) {
        std::vector<Scalar<k>> sum = f(in);
        const std::vector<Scalar<k>> other = g(in);
        for (std::size_t i = 0; i < sum.size(); ++i) sum[i] = sum[i] + other[i];
        return sum;
      };
    });
    out.maps = std::move(maps);
    return out;
  }
  Morphism zero(const Object& x, const Object& y) const {
    const auto n = static_cast<std::size_t>(y.dimension);
    return make(x, y, "0", kLevels, [n]<int k>(Level<k>, const auto&) {
      return std::vector<Scalar<k>>(n, constant_at<k>(0.0));
    });
  }
  // p by the library's function of that name (mul: its operator*).
  Morphism primitive(Primitive p) const {
    const std::string p_name(perturb::calculus::primitive_name(p));
    if (!hosts_primitive(p)) {
      throw perturb::semantics::CategoryError(name() + ": the library has no " + p_name);
    }
    const Object r = real();
    if (perturb::calculus::spec_of(p).arity == 1) {
      return make(r, r, p_name, kLevels, [p]<int k>(Level<k>, const std::vector<Scalar<k>>& in) {
        if (p == Primitive::Recip) return std::vector<Scalar<k>>{constant_at<k>(1.0) / in[0]};
        return std::vector<Scalar<k>>{unary(p, in[0])};
      });
    }
    return make(product(r, r), r, p_name, kLevels,
                [p]<int k>(Level<k>, const std::vector<Scalar<k>>& in) {
                  if (p == Primitive::Mul) return std::vector<Scalar<k>>{in[0] * in[1]};
                  return std::vector<Scalar<k>>{binary(p, in[0], in[1])};
                });
  }
  // The literal c : 1 → R.
  Morphism constant(double c) const {
    std::ostringstream text;
    text << c;
    return make(terminal(), real(), text.str(), kLevels, [c]<int k>(Level<k>, const auto&) {
      return std::vector<Scalar<k>>{constant_at<k>(c)};
    });
  }

  // ---- the derivative: the library's, one fresh perturbation per D ----
  Morphism derivative(const Morphism& f) const {
    if (f.levels < 2) {
      throw perturb::semantics::CategoryError(
          name() + ": derivatives nest deeper than the library's types (depth " +
          std::to_string(Library::kDepth) + ")");
    }
    const auto n = static_cast<std::size_t>(f.domain.dimension);
    Morphism out{product(f.domain, f.domain), f.codomain, f.levels - 1, nullptr,
                 "D(" + f.description + ")"};
    auto maps = std::make_shared<Maps>();
    for_levels(out.levels, [&]<int k>(Level<k>) {
      if constexpr (k + 1 < kLevels) {
        std::get<k>(*maps) = [f = std::get<k + 1>(*f.maps), n](const std::vector<Scalar<k>>& w) {
          std::vector<Scalar<k + 1>> seeded;
          seeded.reserve(n);
          for (std::size_t i = 0; i < n; ++i)  // w = (v, x): the direction first
            seeded.push_back(Library::template seed<k>(w[n + i], w[i]));
          const std::vector<Scalar<k + 1>> y = f(seeded);
          std::vector<Scalar<k>> tangents;
          tangents.reserve(y.size());
          for (const Scalar<k + 1>& y_j : y) tangents.push_back(Library::template tangent<k>(y_j));
          return tangents;
        };
      }
    });
    out.maps = std::move(maps);
    return out;
  }

  // ---- points ----
  Point apply(const Morphism& f, const Point& p) const { return std::get<0>(*f.maps)(p); }
  Point unit_point() const { return {}; }
  Point pair_point(const Point& p, const Point& q) const {
    Point joined = p;
    joined.insert(joined.end(), q.begin(), q.end());
    return joined;
  }
  double real_value(const Point& p) const { return p.at(0); }

  // ---- TestableModel ----
  Point random_point(const Object& x, std::mt19937_64& rng) const {
    Point p(static_cast<std::size_t>(x.dimension));
    for (double& coordinate : p) coordinate = perturb::calculus::random_real(rng, -2.0, 2.0);
    return p;
  }
  bool approx_equal(const Object&, const Point& p, const Point& q,
                    const perturb::semantics::Tolerance& tolerance, std::mt19937_64&) const {
    if (p.size() != q.size()) return false;
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (!perturb::semantics::approx_equal(p[i], q[i], tolerance)) return false;
    }
    return true;
  }
  bool is_finite(const Object&, const Point& p) const {
    for (double coordinate : p) {
      if (!std::isfinite(coordinate)) return false;
    }
    return true;
  }
  std::string describe_point(const Object&, const Point& p) const {
    std::ostringstream out;
    out.precision(17);
    out << '<';
    for (std::size_t i = 0; i < p.size(); ++i) out << (i ? ", " : "") << p[i];
    out << '>';
    return out.str();
  }
  std::string describe_object(const Object& x) const {
    if (x.factors.size() != 2) return x.label;
    return "(" + describe_object(x.factors[0]) + " × " + describe_object(x.factors[1]) + ")";
  }
  std::string describe_morphism(const Morphism& f) const {
    return describe_object(f.domain) + " → " + describe_object(f.codomain) + ": " + f.description;
  }

 private:
  // p of x (and y) by the Library's unary or binary, or else by the
  // function of p's name.
  template <class S>
  static S unary(Primitive p, const S& x) {
    if constexpr (requires { Library::unary(p, x); }) {
      return Library::unary(p, x);
    } else {
      return unary_by_name<Library>(p, x);
    }
  }
  template <class S>
  static S binary(Primitive p, const S& x, const S& y) {
    if constexpr (requires { Library::binary(p, x, y); }) {
      return Library::binary(p, x, y);
    } else {
      return binary_by_name<Library>(p, x, y);
    }
  }

  // The morphism X → Y whose map at level k is body(Level<k>{}, ·), at its
  // first `levels` levels.
  template <class Body>
  Morphism make(const Object& x, const Object& y, std::string description, int levels,
                Body body) const {
    auto maps = std::make_shared<Maps>();
    for_levels(levels, [&]<int k>(Level<k>) {
      std::get<k>(*maps) = [body](const std::vector<Scalar<k>>& in) {
        return body(Level<k>{}, in);
      };
    });
    return {x, y, levels, std::move(maps), std::move(description)};
  }

  // The coordinates [from, from + dim part) of X × Y, as the morphism X × Y → part.
  Morphism slice(const Object& x, const Object& y, int from, const Object& part,
                 const char* description) const {
    const auto begin = static_cast<std::size_t>(from);
    const auto end = begin + static_cast<std::size_t>(part.dimension);
    return make(product(x, y), part, description, kLevels,
                [begin, end]<int k>(Level<k>, const std::vector<Scalar<k>>& in) {
                  return std::vector<Scalar<k>>(in.begin() + static_cast<std::ptrdiff_t>(begin),
                                                in.begin() + static_cast<std::ptrdiff_t>(end));
                });
  }

  void require_equal(const char* operation, const Object& expected, const Object& found) const {
    if (!(expected == found)) {
      throw perturb::semantics::mismatch(operation, describe_object(expected),
                                         describe_object(found));
    }
  }
};

}  // namespace ad_libraries
