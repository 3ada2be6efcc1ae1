// A plugin that declares a primitive of its own, erf, and no model: every
// built-in model that can evaluate it then draws it in its random terms.
//
//   perturb check --plugin ./liberf.so --reference
//
// The double models take erf's value from std::erf and every order of its
// derivatives from the derivative term below; the certified models, the
// reference of `ref.*`, take them from Arb's Taylor series of erf, an
// independent source. So `ref.*` compares the two, and `sound.delta` the
// models' T erf with erf's δ-rule.
//
// Built with ERF_WRONG_DERIVATIVE, the derivative is off by a factor 2 (the
// mutant that docs/declaring-a-primitive.md shows being caught); with
// ERF_NO_SERIES, erf comes without its series, and is checked against its
// own δ-rule only.
#include <cmath>

#include "erf_series.h"
#include "proofs/plugin_api.h"

namespace {

double erf_value(double x) { return std::erf(x); }

// erf′(x) = 2/√π · e^(−x²), with π = 4·atan2⟨1, 1⟩: the literal
// 3.141592653589793 is not π, and the certified models would see it.
#ifdef ERF_WRONG_DERIVATIVE
constexpr const char* kDerivative = "recip (sqrt (4 * atan2 <1, 1>)) * exp (-(x * x))";
#else
constexpr const char* kDerivative = "2 * recip (sqrt (4 * atan2 <1, 1>)) * exp (-(x * x))";
#endif

}  // namespace

PERTURB_PLUGIN(registry) {
  registry.declare({.name = "erf",
                    .value = erf_value,
                    .derivative = kDerivative,
                    .special_points = {{"zero", 0.0}}},
#ifdef ERF_NO_SERIES
                   nullptr);
#else
                   erf_series);
#endif
}
