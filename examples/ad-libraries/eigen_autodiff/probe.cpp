// Whether eigen_autodiff/plugin.cpp can be built here: the library's nested dual
// numbers compile and link (examples/ad-libraries/CMakeLists.txt).
#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>
using A = Eigen::AutoDiffScalar<Eigen::Matrix<double, 1, 1>>;
using AA = Eigen::AutoDiffScalar<Eigen::Matrix<A, 1, 1>>;
int main() {
  AA x(A(1.0), Eigen::Matrix<A, 1, 1>::Zero());
  return sin(x).value().value() > 1 ? 1 : 0;
}