// Every law must be able to fail: a law that no broken model fails could be
// a check that cannot fail. The foils break the differential structure; the
// mutants here are the closures model with one more operation of the
// category wrong (each a derived class overriding that one member), so that
// the structural laws of §1 and §2 are shown to fail too. The test runs
// every law on every foil and mutant and requires that each law fails on at
// least one of them. cla.terminal and cla.category.associativity fail only
// where a wrong ! breaks the reading of every metavariable (an error, not a
// difference): in this model all maps into 1 agree and composition is
// application, so no other single wrong operation can break them.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "../checker_support.h"
#include "models/closures/closures.h"
#include "proofs/binding/certified_twin.h"
#include "proofs/check.h"

namespace perturb::proofs {
namespace {

namespace closures = models::closures;
using models::Closures;
using Morphism = Closures::Morphism;
using Object = Closures::Object;

// f + g computed as f + g + g: not commutative, not associative.
struct AddDoublesSecond : Closures {
  static std::string name() { return "mutant-add-doubles-second"; }
  static constexpr bool is_foil() { return true; }
  Morphism add(const Morphism& f, const Morphism& g) const {
    return Closures::add(f, Closures::add(g, g));
  }
};

// 0 : X → R is the constant 1.
struct ZeroIsOneAtReals : Closures {
  static std::string name() { return "mutant-zero-is-one"; }
  static constexpr bool is_foil() { return true; }
  Morphism zero(const Object& x, const Object& y) const {
    return y == real() ? compose(constant(1), bang(x)) : Closures::zero(x, y);
  }
};

// π1 and π2 of X × X swapped.
struct ProjectionsSwappedOnSquares : Closures {
  static std::string name() { return "mutant-projections-swapped"; }
  static constexpr bool is_foil() { return true; }
  Morphism proj1(const Object& x, const Object& y) const {
    return x == y ? Closures::proj2(x, y) : Closures::proj1(x, y);
  }
  Morphism proj2(const Object& x, const Object& y) const {
    return x == y ? Closures::proj1(x, y) : Closures::proj2(x, y);
  }
};

// ! : X → R instead of X → 1.
struct BangToReals : Closures {
  static std::string name() { return "mutant-bang-to-reals"; }
  static constexpr bool is_foil() { return true; }
  Morphism bang(const Object& x) const { return Closures::zero(x, real()); }
};

// D(f) doubled; T(f) (fast_tangent_map) stays right.
struct DerivativeDoubled : Closures {
  static std::string name() { return "mutant-derivative-doubled"; }
  static constexpr bool is_foil() { return true; }
  Morphism derivative(const Morphism& f) const {
    return Closures::add(Closures::derivative(f), Closures::derivative(f));
  }
};

// id_R is x ↦ 2x.
struct IdentityDoublesReals : Closures {
  static std::string name() { return "mutant-identity-doubles-reals"; }
  static constexpr bool is_foil() { return true; }
  Morphism identity(const Object& x) const {
    return x == real() ? Closures::add(Closures::identity(x), Closures::identity(x))
                       : Closures::identity(x);
  }
};

// The square of a value of R (products of perturbed scalars keep it a function).
closures::Value squared(const closures::Value& v) {
  return closures::scaled(v, closures::scalar_of(v));
}

// 0 : X → R is 1 when X is R: 0∘f then depends on f's codomain.
struct ZeroDependsOnDomain : Closures {
  static std::string name() { return "mutant-zero-depends-on-domain"; }
  static constexpr bool is_foil() { return true; }
  Morphism zero(const Object& x, const Object& y) const {
    return x == real() && y == real() ? compose(constant(1), bang(x)) : Closures::zero(x, y);
  }
};

// π1 : R × Y → R and π2 : X × R → R square their component: not additive.
struct ProjectionsSquareReals : Closures {
  static std::string name() { return "mutant-projections-square-reals"; }
  static constexpr bool is_foil() { return true; }
  Morphism proj1(const Object& x, const Object& y) const {
    if (!(x == real())) return Closures::proj1(x, y);
    return Morphism(product(x, y), x,
                    [](const closures::Value& p) { return squared(closures::component(p, 0)); });
  }
  Morphism proj2(const Object& x, const Object& y) const {
    if (!(y == real())) return Closures::proj2(x, y);
    return Morphism(product(x, y), y,
                    [](const closures::Value& p) { return squared(closures::component(p, 1)); });
  }
};

// ⟨f, g⟩ of two real-valued maps is ⟨f, g + 1⟩.
struct PairShiftsReals : Closures {
  static std::string name() { return "mutant-pair-shifts-reals"; }
  static constexpr bool is_foil() { return true; }
  Morphism pair(const Morphism& f, const Morphism& g) const {
    if (!(codomain(f) == real()) || !(codomain(g) == real())) return Closures::pair(f, g);
    return Closures::pair(f, Closures::add(g, compose(constant(1), bang(domain(g)))));
  }
};

// D(f) of a real-valued f squared: not additive in f, not the pairing's.
struct DerivativeSquaredAtReals : Closures {
  static std::string name() { return "mutant-derivative-squared"; }
  static constexpr bool is_foil() { return true; }
  Morphism derivative(const Morphism& f) const {
    const Morphism d = Closures::derivative(f);
    if (!(codomain(f) == real())) return d;
    return Morphism(domain(d), real(), [d](const closures::Value& p) { return squared(d(p)); });
  }
};

// T(f) of a real-valued f with its tangent squared.
struct TangentSquaredAtReals : Closures {
  static std::string name() { return "mutant-tangent-squared"; }
  static constexpr bool is_foil() { return true; }
  Morphism fast_tangent_map(const Morphism& f) const {
    const Morphism t = Closures::fast_tangent_map(f);
    if (!(codomain(f) == real())) return t;
    return Morphism(domain(t), codomain(t), [t](const closures::Value& p) {
      const closures::Value v = t(p);
      return closures::Value::pair(squared(closures::component(v, 0)), closures::component(v, 1));
    });
  }
};

// T̂(g) of a real-valued g with 1 added to its tangent: T̂(g)(0, x) is then
// (1, g x), not (0, g x), so the zero-tangent rule (D2) fails, where every
// foil and the mutants above that scale or square D keep a zero tangent 0.
struct TangentHatShiftedAtReals : Closures {
  static std::string name() { return "mutant-tangent-hat-shifted"; }
  static constexpr bool is_foil() { return true; }
  Morphism fast_tangent_hat(const Object& x, const Object& y) const {
    const Morphism hat = Closures::fast_tangent_hat(x, y);
    if (!(y == real())) return hat;
    return Morphism(domain(hat), codomain(hat), [hat](const closures::Value& g) {
      const closures::Value tangent = hat(g);
      return closures::Value::closure([tangent](const closures::Value& p) {
        const closures::Value v = closures::apply(tangent, p);
        return closures::Value::pair(
            closures::add(closures::component(v, 0), closures::Value::real(1)),
            closures::component(v, 1));
      });
    });
  }
};

// f + g of function-valued maps is f + g + g.
struct AddOfFunctionsDoublesSecond : Closures {
  static std::string name() { return "mutant-add-of-functions"; }
  static constexpr bool is_foil() { return true; }
  Morphism add(const Morphism& f, const Morphism& g) const {
    if (codomain(f).kind() != Object::Kind::Exponential) return Closures::add(f, g);
    return Closures::add(f, Closures::add(g, g));
  }
};

// f + g of maps from R is f + g∘(2·id): an addition that is not pointwise,
// so that precomposition is not additive (cla.left-additive.sum); every
// pointwise one is.
struct AddShiftsSecondArgument : Closures {
  static std::string name() { return "mutant-add-shifts-argument"; }
  static constexpr bool is_foil() { return true; }
  Morphism add(const Morphism& f, const Morphism& g) const {
    if (!(domain(f) == real())) return Closures::add(f, g);
    const Morphism twice = Closures::add(identity(real()), identity(real()));
    return Closures::add(f, compose(g, twice));
  }
};

}  // namespace

TEST_CASE("every law fails on some foil or mutant of closures", "[foils][mutants]") {
  std::vector<LawBinding> broken;
  for (const LawBinding& bound : testing::all_bindings()) {
    // The foils over balls have the same bugs as over double (and
    // tests/proofs/binding/certified_models_test.cpp checks them): not run twice.
    if (bound.foil && !bound.model.ends_with("@ball")) broken.push_back(bound);
  }
  const auto add = [&](std::vector<LawBinding> more) {
    broken.insert(broken.end(), more.begin(), more.end());
  };
  add(bind_model(AddDoublesSecond()));
  add(bind_model(ZeroIsOneAtReals()));
  add(bind_model(ProjectionsSwappedOnSquares()));
  add(bind_model(BangToReals()));
  add(bind_model(DerivativeDoubled()));
  add(bind_model(IdentityDoublesReals()));
  add(bind_model(ZeroDependsOnDomain()));
  add(bind_model(ProjectionsSquareReals()));
  add(bind_model(PairShiftsReals()));
  add(bind_model(DerivativeSquaredAtReals()));
  add(bind_model(TangentSquaredAtReals()));
  add(bind_model(AddOfFunctionsDoublesSecond()));
  add(bind_model(AddShiftsSecondArgument()));
  add(bind_model(TangentHatShiftedAtReals()));

  // As perturb check runs them: a non-finite value in a model without a
  // certified twin is a discard, not a failure (proofs/binding/certified_twin.h).
  certify_by_twins(broken);
  // A failure is a difference when its first failing case evaluated both
  // sides and found them apart, not an error (a mismatched morphism).
  std::map<std::string, std::set<std::string>> failing_on, differing_on;
  for (const LawResult& result : run_laws(broken, testing::small_run(1, 60))) {
    if (result.failed == 0) continue;
    failing_on[std::string(result.info.id)].insert(result.model);
    if (!result.counterexample->original_outcome.detail.starts_with("error"))
      differing_on[std::string(result.info.id)].insert(result.model);
  }
  const std::set<std::string> fails_only_by_error = {"cla.terminal", "cla.category.associativity"};
  std::set<std::string> ids;
  for (const LawBinding& bound : testing::all_bindings()) ids.insert(std::string(bound.info.id));
  for (const std::string& id : ids) {
    std::string models;
    for (const std::string& model : failing_on[id]) models += " " + model;
    INFO(id << " fails on:" << models);
    CHECK_FALSE(failing_on[id].empty());
    CHECK(differing_on[id].empty() == (fails_only_by_error.count(id) > 0));
    // Show the matrix with -s: which broken models each law catches.
    SUCCEED(id << " fails on:" << models);
  }
}

}  // namespace perturb::proofs
