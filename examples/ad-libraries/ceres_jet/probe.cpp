// Whether ceres_jet/plugin.cpp can be built here: the library's nested dual
// numbers compile and link (examples/ad-libraries/CMakeLists.txt).
#include <ceres/jet.h>
int main() {
  ceres::Jet<ceres::Jet<double, 1>, 1> x(ceres::Jet<double, 1>(1.0));
  return sin(x).a.a > 1 ? 1 : 0;
}