// Whether boost_autodiff/plugin.cpp can be built here: the library's nested dual
// numbers compile and link (examples/ad-libraries/CMakeLists.txt).
#include <boost/math/differentiation/autodiff.hpp>
int main() {
  using namespace boost::math::differentiation;
  autodiff_fvar<autodiff_fvar<double, 1>, 1> x(1.0, true);
  return sin(x)[0][0] > 1 ? 1 : 0;
}