#include "semantics/evaluation_record.h"

#include <algorithm>

namespace perturb::semantics {
namespace {

thread_local EvaluationRecord* current = nullptr;

}  // namespace

EvaluationRecording::EvaluationRecording(EvaluationRecord& record) : previous_(current) {
  current = &record;
}

EvaluationRecording::~EvaluationRecording() { current = previous_; }

void note_normal_form_reading() {
  if (current != nullptr) current->via_normal_form = true;
}

void note_primitive_application(calculus::Primitive primitive, double x, double y) {
  if (current == nullptr) return;
  const std::optional<std::string_view> why = calculus::special_point_at(primitive, x, y);
  if (!why) return;
  std::vector<std::string_view>& met = current->special_points;
  if (std::find(met.begin(), met.end(), *why) == met.end()) met.push_back(*why);
}

}  // namespace perturb::semantics
