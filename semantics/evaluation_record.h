// What one evaluation met, recorded while it happens rather than read off
// the terms: whether a term was read through its normal form, and at which
// special points of the signature (calculus/signature.h) a primitive was
// evaluated. The checker opens a recording around each case
// (proofs/cases/check_case.h) and labels the case with what it holds; a model
// notes what it meets, on the thread that evaluates.
#pragma once

#include <string_view>
#include <vector>

#include "calculus/signature.h"

namespace perturb::semantics {

struct EvaluationRecord {
  bool via_normal_form = false;
  // The special points met, as their SpecialPoint::why, each once, in the
  // order first met.
  std::vector<std::string_view> special_points;
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

// Notes, in the current record if there is one, the special point of
// primitive at ⟨x, y⟩ (y unused for a unary one), if it is one.
void note_primitive_application(calculus::Primitive primitive, double x, double y = 0);

}  // namespace perturb::semantics
