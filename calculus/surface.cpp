#include "calculus/surface.h"

namespace perturb::calculus {

std::string excerpt(const SurfaceProgram& program, const SurfaceTerm& term,
                    std::size_t max_length) {
  const std::string_view text =
      std::string_view(program.source).substr(term.begin, term.end - term.begin);
  std::string result;
  bool in_comment = false;
  bool pending_space = false;
  for (char c : text) {
    if (in_comment) {
      in_comment = c != '\n';
      continue;
    }
    if (c == '#') {
      in_comment = true;
      pending_space = true;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      pending_space = true;
    } else {
      if (pending_space && !result.empty()) result += ' ';
      pending_space = false;
      result += c;
    }
  }
  if (result.size() <= max_length) return result;
  std::size_t cut = max_length;
  // Never cut a multi-byte character in two.
  while (cut > 0 && (static_cast<unsigned char>(result[cut]) & 0xC0) == 0x80) --cut;
  return result.substr(0, cut) + "...";
}

}  // namespace perturb::calculus
