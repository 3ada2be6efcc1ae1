// A correct first-order model that declares nothing beyond its category, as
// a plugin backed by a forward-mode AD library is: the smooth model's maps,
// without its reading of whole-calculus terms through normal forms
// (kFirstOrderViaNormalForm), so that its terms are first-order and it
// cannot read a λ. perturb check runs the laws such a model can read, asks
// of their cases only what first-order terms can cover, and holds its
// derivatives to a reference (--reference) through its D. Its foil doubles
// every derivative, which the reference laws of order ≥ 1 catch.
//
//   perturb check --plugin libfirst_order.so --model first-order
#include "models/smooth/smooth.h"
#include "proofs/plugin_api.h"

namespace {

struct FirstOrder : perturb::models::Smooth {
  FirstOrder() : perturb::models::Smooth(perturb::semantics::ModelConfig{}) {}
  static constexpr bool kFirstOrderViaNormalForm = false;
  std::string name() const { return "first-order"; }
};

struct FirstOrderDoubled : FirstOrder {
  std::string name() const { return "first-order-doubled"; }
  bool is_foil() const { return true; }
  Morphism derivative(const Morphism& f) const {
    using Base = perturb::models::Smooth;
    return add(Base::derivative(f), Base::derivative(f));
  }
};

}  // namespace

PERTURB_PLUGIN(registry) {
  registry.add(FirstOrder{});
  registry.add(FirstOrderDoubled{});
}
