#include "proofs/run/progress_line.h"

#include <fmt/format.h>

#include <algorithm>

namespace perturb::proofs {
namespace {

std::string duration_text(std::chrono::seconds duration) {
  const auto seconds = duration.count();
  if (seconds < 60) return fmt::format("{} s", seconds);
  if (seconds < 3600) return fmt::format("{} min {:02} s", seconds / 60, seconds % 60);
  return fmt::format("{} h {:02} min", seconds / 3600, seconds % 3600 / 60);
}

}  // namespace

std::string progress_line(const RunProgress& progress, std::chrono::steady_clock::duration elapsed,
                          std::size_t width) {
  constexpr int kBar = 20;
  const std::uint64_t total = std::max<std::uint64_t>(progress.total, 1);
  const auto filled = static_cast<int>(kBar * std::min(progress.done, total) / total);
  std::string line = fmt::format("[{}{}] {}/{} cases", std::string(filled, '#'),
                                 std::string(kBar - filled, ' '), progress.done, progress.total);
  std::string eta;
  if (progress.done > 0 && progress.done < progress.total) {
    const double per_case = std::chrono::duration<double>(elapsed).count() / progress.done;
    const auto remaining = std::chrono::seconds(
        static_cast<std::int64_t>(per_case * static_cast<double>(progress.total - progress.done)));
    eta = "  ETA " + duration_text(remaining);
  }
  if (!progress.law.empty()) {
    std::string pair = fmt::format("  {} on {}", progress.law, progress.model);
    const std::size_t room =
        width > line.size() + eta.size() ? width - line.size() - eta.size() : 0;
    if (pair.size() > room) pair = room > 3 ? pair.substr(0, room - 1) + "…" : "";
    line += pair;
  }
  return line + eta;
}

}  // namespace perturb::proofs
