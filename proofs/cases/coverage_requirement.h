// What a law requires its random cases to cover (docs/checker.md "Coverage"),
// after QuickCheck's `cover`: a label (proofs/cases/labels.h) and the least share
// of cases that must carry it. A law declares its requirements in its
// LawInfo; those whose scope does not fit a model are not asked of it.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace perturb::proofs {

// The models a requirement is asked of.
enum class CoverageScope {
  Any,          // every model the law binds to
  HigherOrder,  // closed models: cases with function types, λ, T of λ
  NotLinear,    // models with literals and primitives (not linear-only)
  // models that read λ's (closed ones, and first-order ones through normal
  // forms) and are not linear-only: a plain first-order model's terms have none
  ReadsLambda,
  // models with sin, cos and exp (not linear-only, not PrimitiveFreeModel),
  // and the closed ones among them
  Transcendental,
  HigherOrderTranscendental,
};

struct CoverageRequirement {
  std::string_view label;
  double min_share = 0;
  CoverageScope scope = CoverageScope::Any;
  // How deeply the label nests T in a case's terms: a model whose
  // derivatives nest to a fixed depth, which leaves the law's terms fewer
  // T's than that (proofs/depth/depth_limits.h), is not asked for it.
  std::uint32_t tangents = 0;
};

using CoverageRequirements = std::span<const CoverageRequirement>;

}  // namespace perturb::proofs
