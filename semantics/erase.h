// erase(model): a model type's one adapter into AnyModel (semantics/any_model.h).
// The concepts are checked here, at compile time, so that a model author's
// mistake still names the concept the model misses; everything the checker
// does with the model afterwards is compiled once, against AnyModel.
#pragma once

#include <memory>
#include <utility>

#include "calculus/error.h"
#include "semantics/any_model.h"
#include "semantics/capabilities.h"
#include "semantics/testable_model.h"

namespace perturb::semantics {

namespace erase_detail {

// A scope or lock held until the AnyScope holding it is destroyed; an
// aggregate, so that one that can be neither copied nor moved is built in place.
template <class T>
struct Held {
  T value;
};

template <class M>
class Adapter final : public ModelInterface {
 public:
  using O = typename M::Object;
  using F = typename M::Morphism;
  using P = typename M::Point;

  explicit Adapter(std::shared_ptr<const M> model) : m_(std::move(model)) {}

  std::string name() const override { return std::string(m_->name()); }
  bool is_foil() const override { return m_->is_foil(); }
  AnyPoint random_point(const AnyObject& x, std::mt19937_64& rng) const override {
    return point(m_->random_point(object(x), rng));
  }
  bool approx_equal(const AnyObject& x, const AnyPoint& p, const AnyPoint& q,
                    const Tolerance& tolerance, std::mt19937_64& rng) const override {
    return m_->approx_equal(object(x), point(p), point(q), tolerance, rng);
  }
  bool is_finite(const AnyObject& x, const AnyPoint& p) const override {
    return m_->is_finite(object(x), point(p));
  }
  std::string describe_point(const AnyObject& x, const AnyPoint& p) const override {
    return std::string(m_->describe_point(object(x), point(p)));
  }
  std::string describe_object(const AnyObject& x) const override {
    return std::string(m_->describe_object(object(x)));
  }
  std::string describe_morphism(const AnyMorphism& f) const override {
    return std::string(m_->describe_morphism(morphism(f)));
  }

  AnyObject domain(const AnyMorphism& f) const override {
    return object(O(m_->domain(morphism(f))));
  }
  AnyObject codomain(const AnyMorphism& f) const override {
    return object(O(m_->codomain(morphism(f))));
  }
  AnyMorphism identity(const AnyObject& x) const override {
    return morphism(m_->identity(object(x)));
  }
  AnyMorphism compose(const AnyMorphism& f, const AnyMorphism& g) const override {
    return morphism(m_->compose(morphism(f), morphism(g)));
  }
  AnyObject terminal() const override { return object(m_->terminal()); }
  AnyObject product(const AnyObject& x, const AnyObject& y) const override {
    return object(m_->product(object(x), object(y)));
  }
  std::optional<std::pair<AnyObject, AnyObject>> factors(const AnyObject& x) const override {
    auto factors = m_->factors(object(x));
    if (!factors) return std::nullopt;
    return std::pair{object(std::move(factors->first)), object(std::move(factors->second))};
  }
  AnyMorphism pair(const AnyMorphism& f, const AnyMorphism& g) const override {
    return morphism(m_->pair(morphism(f), morphism(g)));
  }
  AnyMorphism proj1(const AnyObject& x, const AnyObject& y) const override {
    return morphism(m_->proj1(object(x), object(y)));
  }
  AnyMorphism proj2(const AnyObject& x, const AnyObject& y) const override {
    return morphism(m_->proj2(object(x), object(y)));
  }
  AnyMorphism bang(const AnyObject& x) const override { return morphism(m_->bang(object(x))); }
  AnyMorphism add(const AnyMorphism& f, const AnyMorphism& g) const override {
    return morphism(m_->add(morphism(f), morphism(g)));
  }
  AnyMorphism zero(const AnyObject& x, const AnyObject& y) const override {
    return morphism(m_->zero(object(x), object(y)));
  }
  AnyPoint apply(const AnyMorphism& f, const AnyPoint& p) const override {
    return point(m_->apply(morphism(f), point(p)));
  }
  AnyPoint unit_point() const override { return point(m_->unit_point()); }
  AnyPoint pair_point(const AnyPoint& p, const AnyPoint& q) const override {
    return point(m_->pair_point(point(p), point(q)));
  }
  AnyObject real() const override { return object(m_->real()); }
  double real_value(const AnyPoint& p) const override {
    return static_cast<double>(m_->real_value(point(p)));
  }
  AnyObject atom(const std::string& name) const override { return object(m_->atom(name)); }
  AnyMorphism primitive(calculus::Primitive primitive) const override {
    return morphism(m_->primitive(primitive));
  }
  AnyMorphism constant(double value) const override { return morphism(m_->constant(value)); }

  AnyMorphism derivative(const AnyMorphism& f) const override {
    if constexpr (CartesianDifferentialCategory<M>) {
      return morphism(m_->derivative(morphism(f)));
    } else {
      lacks("derivative");
    }
  }
  AnyObject exponential(const AnyObject& x, const AnyObject& y) const override {
    if constexpr (CartesianClosedCategory<M>) {
      return object(m_->exponential(object(x), object(y)));
    } else {
      lacks("exponential");
    }
  }
  AnyMorphism eval(const AnyObject& x, const AnyObject& y) const override {
    if constexpr (CartesianClosedCategory<M>) {
      return morphism(m_->eval(object(x), object(y)));
    } else {
      lacks("eval");
    }
  }
  AnyMorphism curry(const AnyMorphism& f) const override {
    if constexpr (CartesianClosedCategory<M>) {
      return morphism(m_->curry(morphism(f)));
    } else {
      lacks("curry");
    }
  }

  Comparison compare(const AnyObject& x, const AnyPoint& p, const AnyPoint& q,
                     const Tolerance& tolerance, std::mt19937_64& rng) const override {
    if constexpr (HasCompare<M>) {
      return m_->compare(object(x), point(p), point(q), tolerance, rng);
    } else {
      lacks("compare");
    }
  }
  std::optional<Difference> difference(const AnyObject& x, const AnyPoint& p, const AnyPoint& q,
                                       const Tolerance& tolerance,
                                       std::mt19937_64& rng) const override {
    if constexpr (HasDifference<M>) {
      return m_->difference(object(x), point(p), point(q), tolerance, rng);
    } else {
      lacks("difference");
    }
  }
  std::span<const long> precisions() const override {
    if constexpr (HasPrecisionLadder<M>) {
      return m_->precisions();
    } else {
      lacks("precisions");
    }
  }
  AnyScope at_precision(long bits) const override {
    if constexpr (HasPrecisionLadder<M>) {
      // A static member is called as one: GCC 12 copies the result of a
      // static member called through `->`, and a scope cannot be copied.
      if constexpr (requires { M::at_precision(bits); }) {
        return AnyScope(new Held<decltype(M::at_precision(bits))>{M::at_precision(bits)});
      } else {
        return AnyScope(new Held<decltype(m_->at_precision(bits))>{m_->at_precision(bits)});
      }
    } else {
      lacks("at_precision");
    }
  }
  bool proves_equal(const AnyMorphism& f, const AnyMorphism& g) const override {
    if constexpr (ProvingModel<M>) {
      return m_->proves_equal(morphism(f), morphism(g));
    } else {
      lacks("proves_equal");
    }
  }
  bool uses_primitive(const AnyMorphism& f) const override {
    if constexpr (ProvingModel<M>) {
      return m_->uses_primitive(morphism(f));
    } else {
      lacks("uses_primitive");
    }
  }
  AnyScope exclusive() const override {
    if constexpr (SerialModel<M>) {
      if constexpr (requires { M::exclusive(); }) {
        return AnyScope(new Held<decltype(M::exclusive())>{M::exclusive()});
      } else {
        return AnyScope(new Held<decltype(m_->exclusive())>{m_->exclusive()});
      }
    } else {
      lacks("exclusive");
    }
  }
  AnyPoint real_point(double value) const override {
    if constexpr (LinearOnlyModel<M>) {
      return point(m_->real_point(value));
    } else {
      lacks("real_point");
    }
  }
  AnyMorphism shared(const AnyMorphism& f) const override {
    if constexpr (SharesEvaluation<M>) {
      return morphism(m_->shared(morphism(f)));
    } else {
      lacks("shared");
    }
  }
  AnyMorphism fast_tangent_map(const AnyMorphism& f) const override {
    if constexpr (HasFastTangentMap<M>) {
      return morphism(m_->fast_tangent_map(morphism(f)));
    } else {
      lacks("fast_tangent_map");
    }
  }
  AnyMorphism fast_tangent_hat(const AnyObject& x, const AnyObject& y) const override {
    if constexpr (HasFastTangentHat<M>) {
      return morphism(m_->fast_tangent_hat(object(x), object(y)));
    } else {
      lacks("fast_tangent_hat");
    }
  }

 private:
  static bool equal(const void* x, const void* y) {
    return *static_cast<const O*>(x) == *static_cast<const O*>(y);
  }
  static AnyObject object(O x) { return {std::make_shared<const O>(std::move(x)), &equal}; }
  static const O& object(const AnyObject& x) { return *static_cast<const O*>(x.value()); }
  static AnyMorphism morphism(F f) { return AnyMorphism(std::make_shared<const F>(std::move(f))); }
  static const F& morphism(const AnyMorphism& f) { return *static_cast<const F*>(f.value()); }
  static AnyPoint point(P p) { return AnyPoint(std::make_shared<const P>(std::move(p))); }
  static const P& point(const AnyPoint& p) { return *static_cast<const P*>(p.value()); }

  [[noreturn]] void lacks(const char* member) const {
    throw calculus::InternalError("the model " + name() + " has no " + member +
                                  " (semantics/capabilities.h)");
  }

  std::shared_ptr<const M> m_;
};

}  // namespace erase_detail

// model behind the model boundary.
template <TestableModel M>
AnyModel erase(std::shared_ptr<const M> model) {
  return AnyModel(std::make_shared<const erase_detail::Adapter<M>>(std::move(model)),
                  capabilities_of<M>());
}

template <TestableModel M>
AnyModel erase(M model) {
  return erase(std::make_shared<const M>(std::move(model)));
}

}  // namespace perturb::semantics
