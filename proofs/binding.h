// A law bound to a model: the catalogue's compile-time pairs (law type,
// model type) erased into values, so that the runner, the shrinker and the
// reports are ordinary non-template code. A law binds to a model exactly
// when the model's type satisfies the concept the law's equation requires.
#pragma once

#include <boost/hana/for_each.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "proofs/case_generator.h"
#include "proofs/check_case.h"
#include "proofs/linear_model.h"
#include "semantics/differential_lambda_category.h"
#include "semantics/interpret.h"
#include "semantics/testable_model.h"

namespace perturb::proofs {

struct LawBinding {
  LawInfo info;
  std::string model;
  bool foil = false;
  // Whether cases may be higher-order (the model is closed).
  bool higher_order = false;
  // Whether first-order cases may have terms of the whole calculus
  // (GeneratorOptions::whole_calculus).
  bool whole_calculus = false;
  // Whether cases may only use linear terms (proofs/linear_model.h).
  bool linear_only = false;
  // Whether the model has a derivative; otherwise cases have no T
  // (GeneratorOptions::differential).
  bool differential = true;
  // Whether the model's comparison is certified (GeneratorOptions::certified).
  bool certified = false;
  // Whether cases may use sin, cos and exp (GeneratorOptions::transcendentals).
  bool transcendentals = true;
  // Whether the model proves instances for every point (ProvingModel): its
  // passes are proofs, its failures refutations, and it discards the rest
  // as inconclusive.
  bool proving = false;
  // Whether the model's checks hold one process-wide lock (SerialModel): the
  // runner then runs no two of its units at once (proofs/unit_queue.h).
  bool serial = false;
  std::function<Case(CaseGenerator&)> generate;
  std::function<Outcome(const Case&, const semantics::Tolerance&, std::uint64_t compare_seed)>
      check;
  // (Last, so that bindings built with designated initializers may leave
  // them out.) Whether certify_by_twins has composed `check` yet, and the
  // certified twin that confirms its counterexamples ("" when it has none).
  bool twin_composed = false;
  std::string certified_by = {};
};

// What the checker requires of every model it runs: a cartesian left-additive
// category with the testing interface (TestableModel refines it). Each law
// states the weakest concept its equation needs, so a model that is only
// left-additive hosts the cla.* laws, a differential one the cdc.* laws too.
// Stated on the entry points so that a model missing a member is a
// compile-time error naming the concept, not a model that hosts no law.
template <class M>
concept CheckableModel = semantics::TestableModel<M>;

// Models whose every check holds one process-wide lock, `static exclusive()`
// (models/symbolic.h: GiNaC is not thread-safe).
template <class M>
concept SerialModel = requires {
  M::exclusive();
};

// True when Law's equation accepts model type C.
template <class Law, class C>
concept LawAppliesTo = requires(const C& c, const Case& k) {
  Law::equation(c, k);
};

// Whether the law is about the calculus itself (spec §5, the sound.* laws):
// its terms then range over the whole calculus wherever the model reads it.
constexpr bool is_about_the_calculus(const LawInfo& info) { return info.id.starts_with("sound."); }

// Appends a binding of every law of `laws` (a hana::tuple_t) that applies to M.
template <class Laws, CheckableModel M>
void bind_laws(Laws laws, std::shared_ptr<const M> model, std::vector<LawBinding>& into) {
  boost::hana::for_each(laws, [&](auto law_type) {
    using Law = typename decltype(law_type)::type;
    if constexpr (LawAppliesTo<Law, M>) {
      into.push_back(LawBinding{.info = Law::info,
                                .model = std::string(model->name()),
                                .foil = model->is_foil(),
                                .higher_order = semantics::DifferentialLambdaCategory<M>,
                                .whole_calculus = semantics::FirstOrderViaNormalForm<M> &&
                                                  is_about_the_calculus(Law::info),
                                .linear_only = LinearOnlyModel<M>,
                                .differential = semantics::CartesianDifferentialCategory<M>,
                                .certified = CertifiedModel<M>,
                                .transcendentals = !PrimitiveFreeModel<M>,
                                .proving = ProvingModel<M>,
                                .serial = SerialModel<M>,
                                .generate = [](CaseGenerator& gen) { return Law::generate(gen); },
                                .check =
                                    [model](const Case& k, const semantics::Tolerance& tolerance,
                                            std::uint64_t compare_seed) {
                                      return check_case<Law>(*model, k, tolerance, compare_seed);
                                    }});
    }
  });
}

}  // namespace perturb::proofs
