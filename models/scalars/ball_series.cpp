#include "models/scalars/ball_series.h"

#include <map>

namespace perturb::models {
namespace {

// Written while plugins load, read only once cases run.
std::map<calculus::Primitive, BallSeries>& series_table() {
  static std::map<calculus::Primitive, BallSeries> table;
  return table;
}

}  // namespace

void set_ball_series(calculus::Primitive primitive, BallSeries series) {
  series_table()[primitive] = series;
}

BallSeries ball_series(calculus::Primitive primitive) {
  const auto found = series_table().find(primitive);
  return found == series_table().end() ? nullptr : found->second;
}

bool some_declared_series() { return !series_table().empty(); }

}  // namespace perturb::models
