// The model boundary: any model, erased into one run-time interface, so that
// the laws, the interpreter, the generators, check_case and the shrinker are
// compiled once, against AnyModel, instead of once per model type.
//
// A model stays a C++ type checked by the concepts at compile time; erase(m)
// (semantics/erase.h) wraps it into an AnyModel. AnyModel has every member
// of every concept and opt-in (semantics/capabilities.h), and says which of
// them the model has with capabilities(): a member the model lacks throws
// calculus::InternalError, and generic code asks capabilities(c) before it
// calls one. Objects, morphisms and points are handles on the model's own
// values, which only the model that made them reads; an erased call happens
// once per object, morphism or point built, never per scalar operation: a
// morphism is evaluated inside the model (apply).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <utility>

#include "calculus/term.h"
#include "semantics/capabilities.h"
#include "semantics/comparison.h"
#include "semantics/difference.h"
#include "semantics/tolerance.h"

namespace perturb::semantics {

// An object of an erased model. Objects are compared by the model's ==, which
// `equal` (one function per model type) applies to the values.
class AnyObject {
 public:
  using Equal = bool (*)(const void*, const void*);
  AnyObject() = default;
  AnyObject(std::shared_ptr<const void> value, Equal equal)
      : value_(std::move(value)), equal_(equal) {}

  const void* value() const { return value_.get(); }

  friend bool operator==(const AnyObject& x, const AnyObject& y) {
    if (x.value_ == y.value_) return true;
    return x.value_ && y.value_ && x.equal_ == y.equal_ && x.equal_(x.value(), y.value());
  }

 private:
  std::shared_ptr<const void> value_;
  Equal equal_ = nullptr;
};

// A morphism or a point of an erased model: its value, shared.
template <class Role>
class AnyValue {
 public:
  AnyValue() = default;
  explicit AnyValue(std::shared_ptr<const void> value) : value_(std::move(value)) {}

  const void* value() const { return value_.get(); }

 private:
  std::shared_ptr<const void> value_;
};
using AnyMorphism = AnyValue<struct MorphismRole>;
using AnyPoint = AnyValue<struct PointRole>;

// What a scope or a lock of the model holds until it is destroyed
// (at_precision, exclusive).
using AnyScope = std::shared_ptr<void>;

// The interface a model's adapter implements (semantics/erase.h): the
// concepts' members, then the opt-ins'.
class ModelInterface {
 public:
  virtual ~ModelInterface() = default;

  // TestableModel
  virtual std::string name() const = 0;
  virtual bool is_foil() const = 0;
  virtual AnyPoint random_point(const AnyObject& x, std::mt19937_64& rng) const = 0;
  virtual bool approx_equal(const AnyObject& x, const AnyPoint& p, const AnyPoint& q,
                            const Tolerance& tolerance, std::mt19937_64& rng) const = 0;
  virtual bool is_finite(const AnyObject& x, const AnyPoint& p) const = 0;
  virtual std::string describe_point(const AnyObject& x, const AnyPoint& p) const = 0;
  virtual std::string describe_object(const AnyObject& x) const = 0;
  virtual std::string describe_morphism(const AnyMorphism& f) const = 0;

  // CartesianLeftAdditiveCategory
  virtual AnyObject domain(const AnyMorphism& f) const = 0;
  virtual AnyObject codomain(const AnyMorphism& f) const = 0;
  virtual AnyMorphism identity(const AnyObject& x) const = 0;
  virtual AnyMorphism compose(const AnyMorphism& f, const AnyMorphism& g) const = 0;
  virtual AnyObject terminal() const = 0;
  virtual AnyObject product(const AnyObject& x, const AnyObject& y) const = 0;
  virtual std::optional<std::pair<AnyObject, AnyObject>> factors(const AnyObject& x) const = 0;
  virtual AnyMorphism pair(const AnyMorphism& f, const AnyMorphism& g) const = 0;
  virtual AnyMorphism proj1(const AnyObject& x, const AnyObject& y) const = 0;
  virtual AnyMorphism proj2(const AnyObject& x, const AnyObject& y) const = 0;
  virtual AnyMorphism bang(const AnyObject& x) const = 0;
  virtual AnyMorphism add(const AnyMorphism& f, const AnyMorphism& g) const = 0;
  virtual AnyMorphism zero(const AnyObject& x, const AnyObject& y) const = 0;
  virtual AnyPoint apply(const AnyMorphism& f, const AnyPoint& p) const = 0;
  virtual AnyPoint unit_point() const = 0;
  virtual AnyPoint pair_point(const AnyPoint& p, const AnyPoint& q) const = 0;
  virtual AnyObject real() const = 0;
  virtual double real_value(const AnyPoint& p) const = 0;
  virtual AnyObject atom(const std::string& name) const = 0;
  virtual AnyMorphism primitive(calculus::Primitive primitive) const = 0;
  virtual AnyMorphism constant(double value) const = 0;

  // CartesianDifferentialCategory, CartesianClosedCategory
  virtual AnyMorphism derivative(const AnyMorphism& f) const = 0;
  virtual AnyObject exponential(const AnyObject& x, const AnyObject& y) const = 0;
  virtual AnyMorphism eval(const AnyObject& x, const AnyObject& y) const = 0;
  virtual AnyMorphism curry(const AnyMorphism& f) const = 0;

  // The opt-ins (semantics/capabilities.h)
  virtual Comparison compare(const AnyObject& x, const AnyPoint& p, const AnyPoint& q,
                             const Tolerance& tolerance, std::mt19937_64& rng) const = 0;
  virtual std::optional<Difference> difference(const AnyObject& x, const AnyPoint& p,
                                               const AnyPoint& q, const Tolerance& tolerance,
                                               std::mt19937_64& rng) const = 0;
  virtual std::span<const long> precisions() const = 0;
  virtual AnyScope at_precision(long bits) const = 0;
  virtual bool proves_equal(const AnyMorphism& f, const AnyMorphism& g) const = 0;
  virtual bool uses_primitive(const AnyMorphism& f) const = 0;
  virtual AnyScope exclusive() const = 0;
  virtual AnyPoint real_point(double value) const = 0;
  virtual AnyMorphism shared(const AnyMorphism& f) const = 0;
  virtual AnyMorphism fast_tangent_map(const AnyMorphism& f) const = 0;
  virtual AnyMorphism fast_tangent_hat(const AnyObject& x, const AnyObject& y) const = 0;
};

// A model behind the interface, with what it can do.
class AnyModel {
 public:
  using Object = AnyObject;
  using Morphism = AnyMorphism;
  using Point = AnyPoint;

  AnyModel(std::shared_ptr<const ModelInterface> model, const Capabilities& capabilities)
      : model_(std::move(model)), capabilities_(capabilities) {}

  const Capabilities& capabilities() const { return capabilities_; }

  std::string name() const { return model_->name(); }
  bool is_foil() const { return model_->is_foil(); }
  Point random_point(const Object& x, std::mt19937_64& rng) const {
    return model_->random_point(x, rng);
  }
  bool approx_equal(const Object& x, const Point& p, const Point& q, const Tolerance& tolerance,
                    std::mt19937_64& rng) const {
    return model_->approx_equal(x, p, q, tolerance, rng);
  }
  bool is_finite(const Object& x, const Point& p) const { return model_->is_finite(x, p); }
  std::string describe_point(const Object& x, const Point& p) const {
    return model_->describe_point(x, p);
  }
  std::string describe_object(const Object& x) const { return model_->describe_object(x); }
  std::string describe_morphism(const Morphism& f) const { return model_->describe_morphism(f); }

  Object domain(const Morphism& f) const { return model_->domain(f); }
  Object codomain(const Morphism& f) const { return model_->codomain(f); }
  Morphism identity(const Object& x) const { return model_->identity(x); }
  Morphism compose(const Morphism& f, const Morphism& g) const { return model_->compose(f, g); }
  Object terminal() const { return model_->terminal(); }
  Object product(const Object& x, const Object& y) const { return model_->product(x, y); }
  std::optional<std::pair<Object, Object>> factors(const Object& x) const {
    return model_->factors(x);
  }
  Morphism pair(const Morphism& f, const Morphism& g) const { return model_->pair(f, g); }
  Morphism proj1(const Object& x, const Object& y) const { return model_->proj1(x, y); }
  Morphism proj2(const Object& x, const Object& y) const { return model_->proj2(x, y); }
  Morphism bang(const Object& x) const { return model_->bang(x); }
  Morphism add(const Morphism& f, const Morphism& g) const { return model_->add(f, g); }
  Morphism zero(const Object& x, const Object& y) const { return model_->zero(x, y); }
  Point apply(const Morphism& f, const Point& p) const { return model_->apply(f, p); }
  Point unit_point() const { return model_->unit_point(); }
  Point pair_point(const Point& p, const Point& q) const { return model_->pair_point(p, q); }
  Object real() const { return model_->real(); }
  double real_value(const Point& p) const { return model_->real_value(p); }
  Object atom(const std::string& name) const { return model_->atom(name); }
  Morphism primitive(calculus::Primitive primitive) const { return model_->primitive(primitive); }
  Morphism constant(double value) const { return model_->constant(value); }

  Morphism derivative(const Morphism& f) const { return model_->derivative(f); }
  Object exponential(const Object& x, const Object& y) const { return model_->exponential(x, y); }
  Morphism eval(const Object& x, const Object& y) const { return model_->eval(x, y); }
  Morphism curry(const Morphism& f) const { return model_->curry(f); }

  Comparison compare(const Object& x, const Point& p, const Point& q, const Tolerance& tolerance,
                     std::mt19937_64& rng) const {
    return model_->compare(x, p, q, tolerance, rng);
  }
  std::optional<Difference> difference(const Object& x, const Point& p, const Point& q,
                                       const Tolerance& tolerance, std::mt19937_64& rng) const {
    return model_->difference(x, p, q, tolerance, rng);
  }
  std::span<const long> precisions() const { return model_->precisions(); }
  AnyScope at_precision(long bits) const { return model_->at_precision(bits); }
  bool proves_equal(const Morphism& f, const Morphism& g) const {
    return model_->proves_equal(f, g);
  }
  bool uses_primitive(const Morphism& f) const { return model_->uses_primitive(f); }
  AnyScope exclusive() const { return model_->exclusive(); }
  Point real_point(double value) const { return model_->real_point(value); }
  Morphism shared(const Morphism& f) const { return model_->shared(f); }
  Morphism fast_tangent_map(const Morphism& f) const { return model_->fast_tangent_map(f); }
  Morphism fast_tangent_hat(const Object& x, const Object& y) const {
    return model_->fast_tangent_hat(x, y);
  }

 private:
  std::shared_ptr<const ModelInterface> model_;
  Capabilities capabilities_;
};

}  // namespace perturb::semantics
