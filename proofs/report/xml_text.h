// Text for XML (JUnit XML, the SVG of the law × model matrix).
#pragma once

#include <string>
#include <string_view>

namespace perturb::proofs {

// Text as XML character data or an attribute value: the five special
// characters escaped, and characters XML 1.0 forbids (control characters
// other than tab and line breaks) replaced by U+FFFD.
std::string xml_escaped(std::string_view text);

}  // namespace perturb::proofs
