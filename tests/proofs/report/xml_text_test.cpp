// Text for XML (proofs/report/xml_text.h).
#include "proofs/report/xml_text.h"

#include <catch2/catch.hpp>
#include <string>

namespace perturb::proofs {

TEST_CASE("xml_escaped escapes markup and replaces what XML 1.0 cannot hold", "[xml]") {
  CHECK(xml_escaped("a < b && c > \"d\" 'e'") ==
        "a &lt; b &amp;&amp; c &gt; &quot;d&quot; &apos;e&apos;");
  CHECK(xml_escaped("λx:R. x\ttab\nline\r") == "λx:R. x\ttab\nline\r");
  CHECK(xml_escaped(std::string("nul\0bell\a", 9)) ==
        "nul\xEF\xBF\xBD"
        "bell\xEF\xBF\xBD");
}

}  // namespace perturb::proofs
