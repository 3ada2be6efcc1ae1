// Whether sacado_fad/plugin.cpp can be built here: the library's nested dual
// numbers compile and link (examples/ad-libraries/CMakeLists.txt).
#include <Sacado_Fad_SFad.hpp>
int main() {
  Sacado::Fad::SFad<Sacado::Fad::SFad<double, 1>, 1> x(1, 1.0);
  return sin(x).val().val() > 1 ? 1 : 0;
}