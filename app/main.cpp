// The perturb command line: parses arguments, calls the library, maps results
// to exit statuses (0 success, 1 a law failed, 2 bad usage or input).
#include <cstdio>

int main() {
  std::puts("perturb: no commands yet");
  return 0;
}
