// Random morphisms of the first-order models `smooth` and `symbolic`, from
// one generator over any category with their builders, so that both draw
// the same family from the same rng: the natural family of the model, built
// from its own generators, so that random morphisms exercise every
// constructor the laws quantify over.
//
//   f ::= affine X→Y                 (leaf; random matrix, maybe an offset)
//       | f + f                      (sum)
//       | ⟨f, f⟩                     (when Y = Y1 × Y2)
//       | f ∘ π_k                    (when X = X1 × X2)
//       | p ∘ f  |  mul ∘ ⟨f, f⟩     (p ∈ sin, cos, exp; when Y = R)
//       | f ∘ ⟨s, s⟩                 (s : X → R nonlinear, f : R × R → Y)
//
// with the depth bounded by kRandomMorphismDepth, so a morphism has at most a
// few dozen nodes. Matrix entries are scaled by 1/dim X so that intermediate
// values stay moderate at points in [−2, 2] and exp rarely overflows.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <random>

#include "calculus/random_draws.h"
#include "calculus/term.h"

namespace perturb::models {

// C has Smooth's objects (factors, product, real), left-additive structure,
// primitives, and linear(x, y, M) and affine(x, y, M, b) from Eigen matrices.
template <class C>
class RandomFirstOrderMorphism {
 public:
  using Object = typename C::Object;
  using Morphism = typename C::Morphism;

  static constexpr int kRandomMorphismDepth = 3;

  RandomFirstOrderMorphism(const C& c, std::mt19937_64& rng) : c_(c), rng_(rng) {}

  // A random f : X → Y; deterministic in rng.
  Morphism operator()(const Object& x, const Object& y) {
    return morphism(x, y, kRandomMorphismDepth);
  }

 private:
  int uniform_int(int low, int high) { return calculus::random_integer(rng_, low, high); }

  Morphism affine(const Object& x, const Object& y) {
    const double scale = 1.0 / std::max(1, x.dimension());
    Eigen::MatrixXd matrix(y.dimension(), x.dimension());
    for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
      for (Eigen::Index j = 0; j < matrix.cols(); ++j)
        matrix(i, j) = scale * calculus::random_real(rng_, -1.0, 1.0);
    }
    if (uniform_int(0, 1) == 0) return c_.linear(x, y, matrix);
    Eigen::VectorXd offset(y.dimension());
    for (Eigen::Index i = 0; i < offset.size(); ++i)
      offset(i) = calculus::random_real(rng_, -1.0, 1.0);
    return c_.affine(x, y, matrix, offset);
  }

  Morphism scalar_morphism(const Object& x, int depth) {
    const Morphism inner = morphism(x, c_.real(), depth - 1);
    switch (uniform_int(0, 3)) {
      case 0:
        return c_.compose(c_.primitive(calculus::Primitive::Sin), inner);
      case 1:
        return c_.compose(c_.primitive(calculus::Primitive::Cos), inner);
      case 2:
        return c_.compose(c_.primitive(calculus::Primitive::Exp), inner);
      default:
        return c_.compose(c_.primitive(calculus::Primitive::Mul),
                          c_.pair(inner, morphism(x, c_.real(), depth - 1)));
    }
  }

  Morphism morphism(const Object& x, const Object& y, int depth) {
    if (depth <= 0) return affine(x, y);
    switch (uniform_int(0, 4)) {
      case 0:
        return affine(x, y);
      // Arguments are unsequenced in C++: each draw is its own statement,
      // the last argument first (the order GCC drew them in, so that seeds
      // keep their morphisms).
      case 1: {
        Morphism right = morphism(x, y, depth - 1);
        return c_.add(morphism(x, y, depth - 1), right);
      }
      case 2:
        if (const auto parts = c_.factors(y)) {
          Morphism right = morphism(x, parts->second, depth - 1);
          return c_.pair(morphism(x, parts->first, depth - 1), right);
        }
        break;
      case 3:
        if (const auto parts = c_.factors(x)) {
          return uniform_int(0, 1) == 0 ? c_.compose(morphism(parts->first, y, depth - 1),
                                                     c_.proj1(parts->first, parts->second))
                                        : c_.compose(morphism(parts->second, y, depth - 1),
                                                     c_.proj2(parts->first, parts->second));
        }
        break;
      default:
        break;
    }
    // Nonlinear: a primitive at the top when Y = R, else through R × R.
    if (y == c_.real()) return scalar_morphism(x, depth);
    const Object plane = c_.product(c_.real(), c_.real());
    Morphism second = scalar_morphism(x, depth - 1);
    Morphism first = scalar_morphism(x, depth - 1);
    Morphism outer = morphism(plane, y, depth - 1);
    return c_.compose(outer, c_.pair(first, second));
  }

  const C& c_;
  std::mt19937_64& rng_;
};

}  // namespace perturb::models
