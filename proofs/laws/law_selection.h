// Which laws a --law argument selects. A pattern is a glob over law ids
// ('cdc.*', 'sound.lemma-5.[45]'), and a pattern without glob characters also
// names the family of ids it is a dotted prefix of: 'cdc.D1' selects
// cdc.D1.sum and cdc.D1.zero, 'cla.monoid' the three monoid equations. So a
// law that is split into one id per equation keeps the name it had.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace perturb::proofs {

// True when `pattern` selects the law `id`.
bool law_selected_by(std::string_view id, const std::string& pattern);

// True when some pattern selects the law `id`; patterns must not be empty.
bool law_selected_by_any(std::string_view id, const std::vector<std::string>& patterns);

}  // namespace perturb::proofs
