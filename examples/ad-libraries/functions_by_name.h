// A primitive of the standard signature by the library's function of the
// same name: sin, cos, exp, log, sqrt, tanh and abs of x; pow, atan2,
// hypot, max and min of x and y. Each is found by argument-dependent lookup
// in the library's namespace (the standard library's for double) and
// converted back to S (Eigen's atan2 returns another derivative type). Only
// the primitives Library::hosts_primitive names are compiled: a function the
// library lacks, or that does not compile over its nested types, is never
// named (nested_dual_model.h).
#pragma once

#include <cmath>
#include <string>

#include "calculus/signature.h"
#include "semantics/category_error.h"

namespace ad_libraries {

template <class Library, class S>
S unary_by_name(perturb::calculus::Primitive p, const S& x) {
  using perturb::calculus::Primitive;
  using std::abs, std::cos, std::exp, std::log, std::sin, std::sqrt, std::tanh;
  switch (p) {
    case Primitive::Sin:
      if constexpr (Library::hosts_primitive(Primitive::Sin)) return S(sin(x));
      break;
    case Primitive::Cos:
      if constexpr (Library::hosts_primitive(Primitive::Cos)) return S(cos(x));
      break;
    case Primitive::Exp:
      if constexpr (Library::hosts_primitive(Primitive::Exp)) return S(exp(x));
      break;
    case Primitive::Log:
      if constexpr (Library::hosts_primitive(Primitive::Log)) return S(log(x));
      break;
    case Primitive::Sqrt:
      if constexpr (Library::hosts_primitive(Primitive::Sqrt)) return S(sqrt(x));
      break;
    case Primitive::Tanh:
      if constexpr (Library::hosts_primitive(Primitive::Tanh)) return S(tanh(x));
      break;
    case Primitive::Abs:
      if constexpr (Library::hosts_primitive(Primitive::Abs)) return S(abs(x));
      break;
    default:
      break;
  }
  throw perturb::semantics::CategoryError(std::string(Library::kName) + ": no unary primitive " +
                                          std::string(perturb::calculus::primitive_name(p)));
}

template <class Library, class S>
S binary_by_name(perturb::calculus::Primitive p, const S& x, const S& y) {
  using perturb::calculus::Primitive;
  using std::atan2, std::hypot, std::max, std::min, std::pow;
  switch (p) {
    case Primitive::Pow:
      if constexpr (Library::hosts_primitive(Primitive::Pow)) return S(pow(x, y));
      break;
    case Primitive::Atan2:
      if constexpr (Library::hosts_primitive(Primitive::Atan2)) return S(atan2(x, y));
      break;
    case Primitive::Hypot:
      if constexpr (Library::hosts_primitive(Primitive::Hypot)) return S(hypot(x, y));
      break;
    case Primitive::Max:
      if constexpr (Library::hosts_primitive(Primitive::Max)) return S(max(x, y));
      break;
    case Primitive::Min:
      if constexpr (Library::hosts_primitive(Primitive::Min)) return S(min(x, y));
      break;
    default:
      break;
  }
  throw perturb::semantics::CategoryError(std::string(Library::kName) + ": no binary primitive " +
                                          std::string(perturb::calculus::primitive_name(p)));
}

}  // namespace ad_libraries
