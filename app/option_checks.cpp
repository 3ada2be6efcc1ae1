#include "app/option_checks.h"

#include <charconv>
#include <cmath>
#include <cstdint>

#include "calculus/error.h"

namespace perturb::app {

CLI::Validator unsigned_integer_check() {
  return CLI::Validator(
      [](std::string& input) -> std::string {
        std::uint64_t value = 0;
        const char* last = input.data() + input.size();
        const auto [end, status] = std::from_chars(input.data(), last, value);
        if (input.empty() || status != std::errc() || end != last)
          return "expected an integer from 0 to 18446744073709551615, not " +
                 calculus::quoted(input);
        return {};
      },
      "UINT");
}

CLI::Validator tolerance_check() {
  return CLI::Validator(
      [](std::string& input) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(input, value) || !std::isfinite(value) || value < 0 ||
            value > 1)
          return "a tolerance is a number in [0, 1], not " + calculus::quoted(input);
        return {};
      },
      "[0, 1]");
}

}  // namespace perturb::app
