#include "semantics/evaluation_record.h"

#include <algorithm>

namespace perturb::semantics {
namespace {

thread_local EvaluationRecord* current = nullptr;

template <class T>
void add_once(std::vector<T>& met, T what) {
  if (std::find(met.begin(), met.end(), what) == met.end()) met.push_back(what);
}

}  // namespace

EvaluationRecording::EvaluationRecording(EvaluationRecord& record) : previous_(current) {
  current = &record;
}

EvaluationRecording::~EvaluationRecording() { current = previous_; }

void note_normal_form_reading() {
  if (current != nullptr) current->via_normal_form = true;
}

void note_primitive_application(calculus::Primitive primitive,
                                const calculus::Application& application) {
  if (current == nullptr) return;
  if (!calculus::spec_of(primitive).special_points.empty()) add_once(current->applied, primitive);
  if (const auto why = calculus::special_point_at(primitive, application.x, application.y))
    add_once(current->special_points, *why);
  const calculus::ApplicationPlace place = calculus::place_application(primitive, application);
  switch (place.placement) {
    case calculus::Placement::Inside:
      break;
    case calculus::Placement::Kink:
      add_once(current->kinks, place.why);
      break;
    case calculus::Placement::Outside:
      add_once(current->outside, place.why);
      break;
  }
}

void note_straddled_application(calculus::Primitive primitive, const calculus::Application& at) {
  if (current == nullptr) return;
  const calculus::ApplicationPlace place = calculus::place_application(primitive, at);
  if (place.placement == calculus::Placement::Outside) add_once(current->straddled, place.why);
}

void note_beyond_double_range() {
  if (current != nullptr) current->beyond_double_range = true;
}

}  // namespace perturb::semantics
