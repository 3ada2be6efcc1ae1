#include "calculus/error.h"

#include <fmt/format.h>

namespace perturb::calculus {

std::string Error::to_string() const {
  if (!position) return message;
  return fmt::format("line {}, column {}: {}", position->line, position->column, message);
}

}  // namespace perturb::calculus

namespace perturb::calculus {

std::string quoted(std::string_view text) {
  if (text.size() <= kMaxQuotedBytes) return fmt::format("'{}'", text);
  std::size_t cut = kMaxQuotedBytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
  return fmt::format("'{}…' ({} bytes)", text.substr(0, cut), text.size());
}

}  // namespace perturb::calculus
