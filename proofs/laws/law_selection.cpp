#include "proofs/laws/law_selection.h"

#include <fnmatch.h>

namespace perturb::proofs {

bool law_selected_by(std::string_view id, const std::string& pattern) {
  const std::string subject(id);
  if (fnmatch(pattern.c_str(), subject.c_str(), 0) == 0) return true;
  const bool has_glob = pattern.find_first_of("*?[\\") != std::string::npos;
  return !has_glob && subject.size() > pattern.size() && subject.starts_with(pattern) &&
         subject[pattern.size()] == '.';
}

bool law_selected_by_any(std::string_view id, const std::vector<std::string>& patterns) {
  for (const std::string& pattern : patterns) {
    if (law_selected_by(id, pattern)) return true;
  }
  return false;
}

}  // namespace perturb::proofs
