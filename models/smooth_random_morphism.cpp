// Random morphisms of `smooth` (the TestableModel customisation point), from
// the generator it shares with `symbolic` (models/random_first_order_morphism.h).
#include "models/random_first_order_morphism.h"
#include "models/smooth.h"

namespace perturb::models {

Smooth::Morphism Smooth::random_morphism(const Object& x, const Object& y,
                                         std::mt19937_64& rng) const {
  return RandomFirstOrderMorphism<Smooth>(*this, rng)(x, y);
}

}  // namespace perturb::models
