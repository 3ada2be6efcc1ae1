// Random morphisms of `smooth` and `smooth@ball` (the TestableModel
// customisation point), from the generator it shares with `symbolic`
// (models/smooth/random_first_order_morphism.h): its draws are doubles over every
// field, so a seed gives the same morphism in all three.
#include "models/smooth/random_first_order_morphism.h"
#include "models/smooth/smooth.h"

namespace perturb::models {

template <class F>
typename BasicSmooth<F>::Morphism BasicSmooth<F>::random_morphism(const Object& x, const Object& y,
                                                                  std::mt19937_64& rng) const {
  return RandomFirstOrderMorphism<BasicSmooth<F>>(*this, rng)(x, y);
}

template BasicSmooth<double>::Morphism BasicSmooth<double>::random_morphism(const Object&,
                                                                            const Object&,
                                                                            std::mt19937_64&) const;
template BasicSmooth<Ball>::Morphism BasicSmooth<Ball>::random_morphism(const Object&,
                                                                        const Object&,
                                                                        std::mt19937_64&) const;

}  // namespace perturb::models
