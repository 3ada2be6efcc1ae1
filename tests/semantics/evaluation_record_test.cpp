// The evaluation record (semantics/evaluation_record.h): what an evaluation
// meets is noted in the innermost open recording, each special point once,
// and nothing is noted outside a recording.
#include "semantics/evaluation_record.h"

#include <catch2/catch.hpp>

using namespace perturb;
using calculus::Primitive;
using semantics::EvaluationRecord;
using semantics::EvaluationRecording;

TEST_CASE("a recording holds the special points met, each once", "[evaluation-record]") {
  semantics::note_primitive_application(Primitive::Max, 1, 1);  // no recording: ignored
  EvaluationRecord outer;
  {
    const EvaluationRecording recording(outer);
    semantics::note_primitive_application(Primitive::Max, 2, 2);
    semantics::note_primitive_application(Primitive::Min, -1, -1);
    semantics::note_primitive_application(Primitive::Sqrt, 4);
    semantics::note_primitive_application(Primitive::Sqrt, 5);  // not special
    EvaluationRecord inner;
    {
      const EvaluationRecording nested(inner);
      semantics::note_primitive_application(Primitive::Pow, 3, 0);
      semantics::note_normal_form_reading();
    }
    CHECK(inner.special_points == std::vector<std::string_view>{"exponent-0"});
    CHECK(inner.via_normal_form);
    semantics::note_primitive_application(Primitive::Abs, 0);
  }
  CHECK(outer.special_points == std::vector<std::string_view>{"tie", "square", "kink"});
  CHECK_FALSE(outer.via_normal_form);
  semantics::note_normal_form_reading();
  CHECK_FALSE(outer.via_normal_form);
}
