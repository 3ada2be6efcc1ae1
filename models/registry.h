// The built-in models, as one compile-time list of their types, from which
// models/builtin_models.cpp erases the models that the command line (`perturb
// eval --model`, `perturb list models`) and the law catalogue (each law runs
// on every listed model that can host it) take.
//
// Adding a model: include its header and add its type to builtin_model_types
// below. A listed type M must satisfy RegisteredModel: a TestableModel and a
// CartesianLeftAdditiveCategory at least, constructible from a ModelConfig,
// with a name() unique in the list; foils say so with is_foil().
#pragma once

#include <boost/hana/concat.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>
#include <concepts>
#include <string>
#include <utility>
#include <vector>

#include "models/closures/foils.h"
#include "models/smooth/smooth.h"
#include "models/symbolic/symbolic.h"
#include "semantics/model_config.h"
#include "semantics/testable_model.h"

namespace perturb::models {

template <class M>
concept RegisteredModel =
    semantics::TestableModel<M> && std::constructible_from<M, const semantics::ModelConfig&>;

// The models over double, sound models first, then foils.
inline constexpr auto floating_point_models =
    boost::hana::tuple_t<Smooth, Closures, FiniteDifference, NaiveDual, NoRenaming,
                         TinyRelativeError, TieByOrder>;

// Their certified twins over balls (models/scalars/ball.h): the same order, names
// ending in "@ball".
inline constexpr auto certified_models =
    boost::hana::tuple_t<SmoothOverBalls, ClosuresOverBalls, FiniteDifferenceOverBalls,
                         NaiveDualOverBalls, NoRenamingOverBalls, TinyRelativeErrorOverBalls>;

// The exact model of the primitive-free fragment over the rationals
// (models/scalars/rational.h).
inline constexpr auto exact_models = boost::hana::tuple_t<ClosuresOverRationals>;

// The model that proves law instances for every point (models/symbolic/symbolic.h).
inline constexpr auto proving_models = boost::hana::tuple_t<Symbolic>;

// One entry per built-in model.
inline constexpr auto builtin_model_types = boost::hana::concat(
    boost::hana::concat(boost::hana::concat(floating_point_models, certified_models), exact_models),
    proving_models);

// Calls visit(model) with an instance, built from config, of every model in the
// list `models` (a hana::tuple_t), in list order.
template <class Models, class Visit>
void for_each_model(Models models, const semantics::ModelConfig& config, Visit&& visit) {
  boost::hana::for_each(models, [&](auto type) {
    using M = typename decltype(type)::type;
    static_assert(RegisteredModel<M>, "a registered model must satisfy RegisteredModel");
    const M model(config);
    visit(model);
  });
}

// The same over builtin_model_types.
template <class Visit>
void for_each_builtin_model(const semantics::ModelConfig& config, Visit&& visit) {
  for_each_model(builtin_model_types, config, std::forward<Visit>(visit));
}

}  // namespace perturb::models
