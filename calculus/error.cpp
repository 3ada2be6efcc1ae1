#include "calculus/error.h"

#include <fmt/format.h>

namespace perturb::calculus {

std::string Error::to_string() const {
  if (!position) return message;
  return fmt::format("line {}, column {}: {}", position->line, position->column, message);
}

}  // namespace perturb::calculus

namespace perturb::calculus {

void throw_internal_error(const char* message) { throw InternalError(message); }

std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut);
}

std::string quoted(std::string_view text) {
  if (text.size() <= kMaxQuotedBytes) return fmt::format("'{}'", text);
  return fmt::format("'{}…' ({} bytes)", utf8_prefix(text, kMaxQuotedBytes), text.size());
}

}  // namespace perturb::calculus
