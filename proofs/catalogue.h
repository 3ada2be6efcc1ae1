// The law catalogue: every law Perturb checks, as one compile-time list.
// Adding a law is one type in a laws_*.h file and one line here; it then runs
// on every model whose type satisfies the concept its equation requires.
#pragma once

#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>

#include "proofs/laws_cartesian.h"
#include "proofs/laws_closed.h"
#include "proofs/laws_differential.h"
#include "proofs/laws_soundness.h"
#include "proofs/laws_tangent.h"

namespace perturb::proofs {

inline constexpr auto catalogue = boost::hana::tuple_t<
    // §1 cartesian left-additive structure
    laws::CategoryIdentity, laws::CategoryAssociativity, laws::Monoid, laws::LeftAdditive,
    laws::Product, laws::ProductAdditive, laws::Injections,
    // §1 differential structure and linear maps
    laws::D1, laws::D2, laws::D3, laws::D4, laws::D5, laws::D6, laws::D7, laws::Linear,
    laws::LinearAdditive, laws::Lemma37,
    // §2 the tangent bundle
    laws::Functor, laws::MonadUnit, laws::MonadAssociativity, laws::Naturality, laws::Strength,
    laws::Costrength, laws::Phi, laws::Lemma38, laws::Swap, laws::Lemma313,
    // §1, §2 closed structure
    laws::CurryBeta, laws::CurryEta, laws::CurryAdditive, laws::CurryNatural, laws::EvalPair,
    laws::EvLinear, laws::Proposition39, laws::Equation3, laws::TangentHat, laws::Theorem310,
    laws::Proposition311,
    // §5 soundness of the interpretation
    laws::Exchange, laws::Weakening, laws::Lemma53, laws::Substitution, laws::Lemma55,
    laws::SoundBeta, laws::SoundTangent, laws::SoundProjection, laws::SoundProjectionZero,
    laws::SoundDelta, laws::SoundNormalForm,
    // a model's fast structure against the generic definitions
    laws::FastTangentMap, laws::FastTangentHat>;

}  // namespace perturb::proofs
