// Whether two terms are equal in each sound built-in model (spec §5): both
// interpreted as |Γ ⊢ a : σ|, |Γ ⊢ b : σ| and compared at random points of
// |Γ|. Two normal forms of one term must be equal in every model that
// interprets them (Theorem 5.6: reduction is sound); a model where they
// differ has found a soundness bug, in the model or in the calculus.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "calculus/context.h"
#include "calculus/term.h"
#include "semantics/any_model.h"

namespace perturb::lab {

struct ModelVerdict {
  enum class Status {
    Equal,            // equal at every point compared (points ≥ 1)
    Different,        // different at a point: detail says where
    CannotInterpret,  // the model does not interpret the terms: detail says why
    NotFinite,        // no point gave finite values
    GaveUp,           // the model's evaluation budget ran out, or it threw
  };
  std::string model;
  Status status = Status::CannotInterpret;
  std::string detail;
  std::uint32_t points = 0;  // points where the two were compared equal
};

// "equal", "different", "cannot interpret", "not finite", "gave up".
const char* status_name(ModelVerdict::Status status);

// a and b compared at `points` random points of |context| drawn from seed,
// in every sound floating-point built-in model, then in each sound model of
// `also` (a plugin's).
std::vector<ModelVerdict> compare_in_models(const calculus::Context& context,
                                            const calculus::Type& type, const calculus::Term& a,
                                            const calculus::Term& b, std::uint64_t seed,
                                            std::uint32_t points = 5,
                                            std::span<const semantics::AnyModel> also = {});

}  // namespace perturb::lab
