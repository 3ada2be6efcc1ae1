// Random morphisms of `smooth` (the TestableModel customisation point): the
// natural family of the model is built from its own generators, so random
// morphisms exercise every constructor the laws quantify over.
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
#include "calculus/term.h"
#include "models/smooth.h"

namespace perturb::models {

namespace {

constexpr int kRandomMorphismDepth = 3;

int uniform_int(std::mt19937_64& rng, int low, int high) {
  return std::uniform_int_distribution<int>(low, high)(rng);
}

}  // namespace

Smooth::Morphism Smooth::random_morphism(const Object& x, const Object& y,
                                         std::mt19937_64& rng) const {
  return random_morphism(x, y, kRandomMorphismDepth, rng);
}

Smooth::Morphism Smooth::random_affine(const Object& x, const Object& y,
                                       std::mt19937_64& rng) const {
  std::uniform_real_distribution<double> entry(-1.0, 1.0);
  const double scale = 1.0 / std::max(1, x.dimension());
  Eigen::MatrixXd matrix(y.dimension(), x.dimension());
  for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
    for (Eigen::Index j = 0; j < matrix.cols(); ++j) matrix(i, j) = scale * entry(rng);
  }
  if (uniform_int(rng, 0, 1) == 0) return linear(x, y, matrix);
  Eigen::VectorXd offset(y.dimension());
  for (Eigen::Index i = 0; i < offset.size(); ++i) offset(i) = entry(rng);
  return affine(x, y, matrix, offset);
}

Smooth::Morphism Smooth::random_scalar_morphism(const Object& x, int depth,
                                                std::mt19937_64& rng) const {
  const Morphism inner = random_morphism(x, real(), depth - 1, rng);
  switch (uniform_int(rng, 0, 3)) {
    case 0:
      return compose(primitive(calculus::Primitive::Sin), inner);
    case 1:
      return compose(primitive(calculus::Primitive::Cos), inner);
    case 2:
      return compose(primitive(calculus::Primitive::Exp), inner);
    default:
      return compose(primitive(calculus::Primitive::Mul),
                     pair(inner, random_morphism(x, real(), depth - 1, rng)));
  }
}

Smooth::Morphism Smooth::random_morphism(const Object& x, const Object& y, int depth,
                                         std::mt19937_64& rng) const {
  if (depth <= 0) return random_affine(x, y, rng);
  switch (uniform_int(rng, 0, 4)) {
    case 0:
      return random_affine(x, y, rng);
    case 1:
      return add(random_morphism(x, y, depth - 1, rng), random_morphism(x, y, depth - 1, rng));
    case 2:
      if (const auto parts = factors(y)) {
        return pair(random_morphism(x, parts->first, depth - 1, rng),
                    random_morphism(x, parts->second, depth - 1, rng));
      }
      break;
    case 3:
      if (const auto parts = factors(x)) {
        return uniform_int(rng, 0, 1) == 0
                   ? compose(random_morphism(parts->first, y, depth - 1, rng),
                             proj1(parts->first, parts->second))
                   : compose(random_morphism(parts->second, y, depth - 1, rng),
                             proj2(parts->first, parts->second));
      }
      break;
    default:
      break;
  }
  // Nonlinear: a primitive at the top when Y = R, else through R × R.
  if (y == real()) return random_scalar_morphism(x, depth, rng);
  const Object plane = product(real(), real());
  return compose(
      random_morphism(plane, y, depth - 1, rng),
      pair(random_scalar_morphism(x, depth - 1, rng), random_scalar_morphism(x, depth - 1, rng)));
}

}  // namespace perturb::models
