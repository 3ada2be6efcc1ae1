// What one evaluation met, recorded while it happens rather than read off
// the terms: whether a term was read through its normal form, at which
// special points of the signature (calculus/signature.h) a primitive was
// evaluated, where its applications lay (calculus/primitive_domain.h), and
// whether a value went beyond the double range. The checker opens a
// recording around each case (proofs/cases/check_case.h), labels the case
// with what it holds and decides from it whether the law is decided there; a
// model notes what it meets, on the thread that evaluates.
#pragma once

#include <string_view>
#include <vector>

#include "calculus/primitive_domain.h"
#include "calculus/signature.h"

namespace perturb::semantics {

struct EvaluationRecord {
  bool via_normal_form = false;
  // The primitives with special points that were applied, each once, in
  // the order first applied: the cases that could have met a special point.
  std::vector<calculus::Primitive> applied;
  // The special points met, as their SpecialPoint::why, each once, in the
  // order first met.
  std::vector<std::string_view> special_points;
  // The applications outside their primitive's smooth set, and those at a
  // kink, as their ApplicationPlace::why, each once, in the order first met.
  std::vector<std::string_view> outside;
  std::vector<std::string_view> kinks;
  // The applications whose enclosure (over balls) reaches where the
  // primitive is not smooth although its midpoint is inside, as the
  // ApplicationPlace::why there, each once: a value that is not finite there
  // may be the enclosure's, not the model's (sin π over balls holds 0).
  std::vector<std::string_view> straddled;
  // Whether a value exceeded the largest double (noted by the certified
  // models, whose arithmetic has no such bound: models/scalars/ball.h).
  bool beyond_double_range = false;
};

// Makes record this thread's current record for its lifetime, then restores
// the previous one (recordings nest).
class EvaluationRecording {
 public:
  explicit EvaluationRecording(EvaluationRecord& record);
  ~EvaluationRecording();
  EvaluationRecording(const EvaluationRecording&) = delete;
  EvaluationRecording& operator=(const EvaluationRecording&) = delete;

 private:
  EvaluationRecord* previous_;
};

// Notes, in the current record if there is one, that a term was read
// through its normal form.
void note_normal_form_reading();

// Notes, in the current record if there is one, that primitive was applied
// (if it has special points), the special point of primitive at the
// application, if it is one, and where the application lies.
void note_primitive_application(calculus::Primitive primitive,
                                const calculus::Application& application);

// Notes, in the current record if there is one, that an enclosure of an
// application of primitive also holds the point `at` (its arguments' 0 where
// they straddle it), if `at` is outside primitive's smooth set (a kink
// there gives finite values: it excuses nothing).
void note_straddled_application(calculus::Primitive primitive, const calculus::Application& at);

// Notes, in the current record if there is one, that a value exceeded the
// largest double.
void note_beyond_double_range();

}  // namespace perturb::semantics
