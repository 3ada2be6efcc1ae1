// erf's Taylor series over Arb balls, the form a declared primitive's series
// takes (models/scalars/declared_primitive.h's BallSeries).
#pragma once

#include <arb_hypgeom.h>
#include <arb_poly.h>

// erf(at + t) = Σ c_k t^k for k < length: Arb's series of erf composed with at + t.
inline void erf_series(arb_ptr coefficients, arb_srcptr at, slong length, slong precision) {
  arb_poly_t argument, series;
  arb_poly_init(argument);
  arb_poly_init(series);
  arb_poly_set_coeff_arb(argument, 0, at);
  arb_poly_set_coeff_si(argument, 1, 1);
  arb_hypgeom_erf_series(series, argument, length, precision);
  for (slong k = 0; k < length; ++k) arb_poly_get_coeff_arb(coefficients + k, series, k);
  arb_poly_clear(series);
  arb_poly_clear(argument);
}
