// The evaluation record (semantics/evaluation_record.h): what an evaluation
// meets is noted in the innermost open recording, each special point, kink
// and outside reason once, and nothing is noted outside a recording.
#include "semantics/evaluation_record.h"

#include <catch2/catch.hpp>

using namespace perturb;
using calculus::Application;
using calculus::Primitive;
using semantics::EvaluationRecord;
using semantics::EvaluationRecording;

namespace {

// An application at ⟨x, y⟩ whose arguments both move, in different directions.
Application moving(double x, double y = 0) { return {x, y, true, true, false}; }
// An application at ⟨x, y⟩ that does not move.
Application still(double x, double y = 0) { return {x, y, false, false, false}; }

}  // namespace

TEST_CASE("a recording holds the primitives applied and the special points met, each once",
          "[evaluation-record]") {
  semantics::note_primitive_application(Primitive::Max, still(1, 1));  // no recording: ignored
  EvaluationRecord outer;
  {
    const EvaluationRecording recording(outer);
    semantics::note_primitive_application(Primitive::Max, still(2, 2));
    semantics::note_primitive_application(Primitive::Min, still(-1, -1));
    semantics::note_primitive_application(Primitive::Sqrt, still(4));
    semantics::note_primitive_application(Primitive::Sqrt, still(5));  // not special
    EvaluationRecord inner;
    {
      const EvaluationRecording nested(inner);
      semantics::note_primitive_application(Primitive::Pow, still(3, 0));
      semantics::note_normal_form_reading();
      semantics::note_beyond_double_range();
    }
    CHECK(inner.special_points == std::vector<std::string_view>{"exponent-0"});
    CHECK(inner.via_normal_form);
    CHECK(inner.beyond_double_range);
    semantics::note_primitive_application(Primitive::Abs, still(0));
    semantics::note_primitive_application(Primitive::Sin, still(0));  // no special points
    CHECK(inner.applied == std::vector<Primitive>{Primitive::Pow});
  }
  CHECK(outer.special_points == std::vector<std::string_view>{"tie", "square", "kink"});
  // Sqrt once although applied twice, once off its special points.
  CHECK(outer.applied ==
        std::vector<Primitive>{Primitive::Max, Primitive::Min, Primitive::Sqrt, Primitive::Abs});
  CHECK_FALSE(outer.via_normal_form);
  CHECK_FALSE(outer.beyond_double_range);
  CHECK(outer.outside.empty());
  CHECK(outer.kinks.empty());  // no application moved
  semantics::note_normal_form_reading();
  CHECK_FALSE(outer.via_normal_form);
}

TEST_CASE("a recording holds the kinks and the applications outside, each once",
          "[evaluation-record]") {
  EvaluationRecord record;
  {
    const EvaluationRecording recording(record);
    semantics::note_primitive_application(Primitive::Abs, moving(0));
    semantics::note_primitive_application(Primitive::Abs, moving(0));
    semantics::note_primitive_application(Primitive::Max, moving(2, 2));
    semantics::note_primitive_application(Primitive::Log, moving(-1));
    semantics::note_primitive_application(Primitive::Log, still(0));
    semantics::note_primitive_application(Primitive::Recip, still(0));
    semantics::note_primitive_application(Primitive::Log, moving(3));  // inside
  }
  CHECK(record.kinks == std::vector<std::string_view>{"abs: kink at 0", "max: tie"});
  CHECK(record.outside == std::vector<std::string_view>{"log: x <= 0", "recip: pole at 0"});
}

TEST_CASE("a recording holds the straddled applications whose other point is outside",
          "[evaluation-record]") {
  EvaluationRecord record;
  {
    const EvaluationRecording recording(record);
    semantics::note_straddled_application(Primitive::Sqrt, still(0));  // inside: the zero direction
    semantics::note_straddled_application(Primitive::Log, still(0));
    semantics::note_straddled_application(Primitive::Log, still(0));
    semantics::note_straddled_application(Primitive::Abs, moving(0));  // a kink: finite
  }
  CHECK(record.straddled == std::vector<std::string_view>{"log: x <= 0"});
  CHECK(record.outside.empty());
  CHECK(record.special_points.empty());
}
