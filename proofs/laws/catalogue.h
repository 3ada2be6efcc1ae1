// The law catalogue: every law Perturb checks, as one compile-time list.
// Adding a law is one type in a laws_*.h file and one line here; it then runs
// on every model whose type satisfies the concept its equation requires.
#pragma once

#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>

#include "proofs/laws/laws_cartesian.h"
#include "proofs/laws/laws_closed.h"
#include "proofs/laws/laws_differential.h"
#include "proofs/laws/laws_soundness.h"
#include "proofs/laws/laws_tangent.h"

namespace perturb::proofs {

inline constexpr auto catalogue = boost::hana::tuple_t<
    // §1 cartesian left-additive structure
    laws::LeftIdentity, laws::RightIdentity, laws::CategoryAssociativity, laws::MonoidZero,
    laws::MonoidCommutativity, laws::MonoidAssociativity, laws::LeftAdditiveSum,
    laws::LeftAdditiveZero, laws::ProductBeta1, laws::ProductBeta2, laws::ProductEta,
    laws::Terminal, laws::ProjectionAdditive1, laws::ProjectionAdditive2, laws::PairSum,
    laws::PairZero, laws::InjectionBeta1, laws::InjectionBeta2, laws::InjectionCross1,
    laws::InjectionCross2, laws::InjectionSum,
    // §1 differential structure and linear maps
    laws::D1Sum, laws::D1Zero, laws::D2Sum, laws::D2Zero, laws::D3Identity, laws::D3Projection1,
    laws::D3Projection2, laws::D4, laws::D5, laws::D6, laws::D7, laws::LinearTerm,
    laws::LinearComposite, laws::LinearAdditiveSum, laws::LinearAdditiveZero, laws::Lemma37,
    // §2 the tangent bundle
    laws::FunctorIdentity, laws::FunctorComposition, laws::MonadLeftUnit, laws::MonadRightUnit,
    laws::MonadAssociativity, laws::UnitNatural, laws::MultNatural, laws::StrengthUnit,
    laws::StrengthMultiplication, laws::StrengthProjection, laws::StrengthAssociativity,
    laws::CostrengthUnit, laws::CostrengthMultiplication, laws::CostrengthProjection,
    laws::CostrengthAssociativity, laws::Phi, laws::PhiCommutative, laws::Lemma38,
    laws::SwapSwaps, laws::SwapLinear, laws::Lemma313,
    // §1, §2 closed structure
    laws::CurryBeta, laws::CurryEta, laws::CurryAdditiveSum, laws::CurryAdditiveZero, laws::CurryNatural, laws::EvalPair,
    laws::EvLinear, laws::Proposition39, laws::Equation3, laws::TangentHat, laws::Theorem310,
    laws::Proposition311,
    // §5 soundness of the interpretation
    laws::Exchange, laws::Weakening, laws::Lemma53, laws::Substitution, laws::Lemma55,
    laws::SoundBeta, laws::SoundTangent, laws::SoundProjection, laws::SoundProjectionZero,
    laws::SoundDelta, laws::SoundNormalForm,
    // §7 candidate rules
    laws::SoundPairEta, laws::SoundZeroTangent,
    // a model's fast structure against the generic definitions
    laws::FastTangentMap, laws::FastTangentHat>;

}  // namespace perturb::proofs
