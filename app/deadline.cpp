#include "app/deadline.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "app/exit_status.h"

namespace perturb::app {

void exit_after(double seconds) {
  std::thread([seconds] {
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    const std::string message =
        fmt::format("perturb: the time budget ran out: --max-time {} s\n", seconds);
    std::fputs(message.c_str(), stderr);
    std::fflush(stdout);
    std::_Exit(kExitFails);  // no destructors: the main thread is still running
  }).detach();
}

}  // namespace perturb::app
