// A closures model with one primitive of the signature made wrong, for the
// tests that show a law catches a wrong primitive (its equations, its
// derivative against a reference).
#pragma once

#include <functional>
#include <string>
#include <utility>

#include "calculus/signature.h"
#include "models/closures/closures.h"

namespace perturb::proofs::testing {

// closures over F (double, or balls for a twin) with one primitive of the
// signature made wrong: f⟨x, y⟩ (x alone for a unary f) computed by `wrong`
// instead.
template <class F>
class BasicSignatureMutant : public models::ClosureModel<models::TaggedInfinitesimals, F> {
  using Base = models::ClosureModel<models::TaggedInfinitesimals, F>;

 public:
  using typename Base::Morphism;
  using typename Base::Object;
  using Scalar = models::Tagged<F>;
  using Wrong = std::function<Scalar(const Scalar& x, const Scalar& y)>;
  BasicSignatureMutant(std::string name, calculus::Primitive target, Wrong wrong)
      : name_(std::move(name) + models::kFieldSuffix<F>),
        target_(target),
        wrong_(std::move(wrong)) {}

  std::string name() const { return name_; }
  static constexpr bool is_foil() { return true; }

  Morphism primitive(calculus::Primitive p) const {
    if (p != target_) return Base::primitive(p);
    using models::closures::component;
    using models::closures::scalar_of;
    using Value = models::closures::BasicValue<F>;
    const Object r = Object::real();
    if (calculus::spec_of(p).arity == 1) {
      return Morphism(r, r, [wrong = wrong_](const Value& x) -> Value {
        return Value(wrong(scalar_of(x), Scalar(F(0))));
      });
    }
    return Morphism(Object::product(r, r), r, [wrong = wrong_](const Value& xy) -> Value {
      return Value(wrong(scalar_of(component(xy, 0)), scalar_of(component(xy, 1))));
    });
  }

 private:
  std::string name_;
  calculus::Primitive target_;
  Wrong wrong_;
};

}  // namespace perturb::proofs::testing
