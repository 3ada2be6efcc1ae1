#include "proofs/depth/depth_probe.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "proofs/binding/bind_laws.h"
#include "semantics/category_error.h"
#include "semantics/tolerance.h"

namespace perturb::proofs {
namespace {

// The most derivative nesting a side reaching apply had, on this thread.
thread_local int deepest_applied = 0;

// A cartesian closed differential category in which a morphism is its
// objects and its derivative nesting; every point is the same.
class DepthProbe {
 public:
  struct Object {
    enum class Kind { Unit, Real, Atom, Product, Exponential } kind = Kind::Unit;
    std::string name;
    std::vector<Object> parts;
    friend bool operator==(const Object&, const Object&) = default;
  };
  struct Morphism {
    Object domain;
    Object codomain;
    int depth = 0;
  };
  using Point = int;

  std::string name() const { return "depth-probe"; }
  bool is_foil() const { return false; }

  Object domain(const Morphism& f) const { return f.domain; }
  Object codomain(const Morphism& f) const { return f.codomain; }
  Object terminal() const { return {}; }
  Object real() const { return {Object::Kind::Real, "", {}}; }
  Object atom(const std::string& name) const { return {Object::Kind::Atom, name, {}}; }
  Object product(const Object& x, const Object& y) const {
    return {Object::Kind::Product, "", {x, y}};
  }
  std::optional<std::pair<Object, Object>> factors(const Object& p) const {
    if (p.kind != Object::Kind::Product) return std::nullopt;
    return std::pair{p.parts[0], p.parts[1]};
  }
  Object exponential(const Object& x, const Object& y) const {
    return {Object::Kind::Exponential, "", {x, y}};
  }

  Morphism identity(const Object& x) const { return {x, x, 0}; }
  Morphism compose(const Morphism& f, const Morphism& g) const {
    require(f.domain == g.codomain, "compose");
    return {g.domain, f.codomain, std::max(f.depth, g.depth)};
  }
  Morphism pair(const Morphism& f, const Morphism& g) const {
    require(f.domain == g.domain, "pair");
    return {f.domain, product(f.codomain, g.codomain), std::max(f.depth, g.depth)};
  }
  Morphism proj1(const Object& x, const Object& y) const { return {product(x, y), x, 0}; }
  Morphism proj2(const Object& x, const Object& y) const { return {product(x, y), y, 0}; }
  Morphism bang(const Object& x) const { return {x, terminal(), 0}; }
  Morphism add(const Morphism& f, const Morphism& g) const {
    require(f.domain == g.domain && f.codomain == g.codomain, "add");
    return {f.domain, f.codomain, std::max(f.depth, g.depth)};
  }
  Morphism zero(const Object& x, const Object& y) const { return {x, y, 0}; }
  Morphism primitive(calculus::Primitive p) const {
    return {calculus::spec_of(p).arity == 1 ? real() : product(real(), real()), real(), 0};
  }
  Morphism constant(double) const { return {terminal(), real(), 0}; }
  Morphism derivative(const Morphism& f) const {
    return {product(f.domain, f.domain), f.codomain, f.depth + 1};
  }
  // Fast paths too, so that the laws comparing them (model.fast-*) are probed.
  Morphism fast_tangent_map(const Morphism& f) const {
    return {product(f.domain, f.domain), product(f.codomain, f.codomain), f.depth + 1};
  }
  Morphism fast_tangent_hat(const Object& x, const Object& y) const {
    return {exponential(x, y), exponential(product(x, x), product(y, y)), 1};
  }
  Morphism eval(const Object& x, const Object& y) const {
    return {product(exponential(x, y), x), y, 0};
  }
  Morphism curry(const Morphism& f) const {
    const auto parts = factors(f.domain);
    if (!parts) throw semantics::CategoryError("depth-probe: curry of a map out of a non-product");
    return {parts->first, exponential(parts->second, f.codomain), f.depth};
  }

  Point apply(const Morphism& f, const Point&) const {
    deepest_applied = std::max(deepest_applied, f.depth);
    return 0;
  }
  Point unit_point() const { return 0; }
  Point pair_point(const Point&, const Point&) const { return 0; }
  double real_value(const Point&) const { return 0; }

  Point random_point(const Object&, std::mt19937_64&) const { return 0; }
  bool approx_equal(const Object&, const Point&, const Point&, const semantics::Tolerance&,
                    std::mt19937_64&) const {
    return true;
  }
  bool is_finite(const Object&, const Point&) const { return true; }
  std::string describe_point(const Object&, const Point&) const { return "·"; }
  std::string describe_object(const Object&) const { return "X"; }
  std::string describe_morphism(const Morphism& f) const {
    return "depth " + std::to_string(f.depth);
  }

 private:
  static void require(bool fits, const char* what) {
    if (!fits) throw semantics::CategoryError(std::string("depth-probe: ") + what);
  }
};

// Cases per law: the nesting is the law's, the same in every case; a few
// guard against a law whose sides differ by case.
constexpr int kProbeCases = 8;

}  // namespace

const std::map<std::string, int, std::less<>>& catalogue_derivative_depths() {
  static const auto depths = [] {
    std::vector<LawBinding> bindings;
    bind_laws(std::make_shared<const DepthProbe>(), bindings);
    std::map<std::string, int, std::less<>> by_law;
    for (const LawBinding& binding : bindings) {
      GeneratorOptions options = generator_options(binding, 6, /*paper_signature=*/true);
      options.differential = false;  // T-free terms: only the law's own nesting counts
      int deepest = 0;
      for (int index = 0; index < kProbeCases; ++index) {
        CaseGenerator gen(case_seed(1, binding.info.id, "depth-probe", index), options);
        deepest_applied = 0;
        (void)binding.check(binding.generate(gen), semantics::Tolerance{}, 0);
        deepest = std::max(deepest, deepest_applied);
      }
      by_law.emplace(std::string(binding.info.id), deepest);
    }
    return by_law;
  }();
  return depths;
}

int catalogue_derivative_depth(std::string_view id) {
  const auto& depths = catalogue_derivative_depths();
  const auto found = depths.find(id);
  return found == depths.end() ? 0 : found->second;
}

}  // namespace perturb::proofs
