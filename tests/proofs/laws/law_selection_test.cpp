// --law patterns (proofs/laws/law_selection.h): globs, and bare names of families.
#include "proofs/laws/law_selection.h"

#include <catch2/catch.hpp>

using perturb::proofs::law_selected_by;
using perturb::proofs::law_selected_by_any;

TEST_CASE("a --law glob selects the ids it matches", "[selection]") {
  CHECK(law_selected_by("cdc.D5", "cdc.*"));
  CHECK(law_selected_by("cdc.D1.sum", "cdc.*"));
  CHECK(law_selected_by("sound.lemma-5.4", "sound.lemma-5.[45]"));
  CHECK_FALSE(law_selected_by("sound.lemma-5.3", "sound.lemma-5.[45]"));
  CHECK_FALSE(law_selected_by("cdc.D1.sum", "cdc.D1?"));
}

TEST_CASE("a bare --law name selects itself and the family it is a dotted prefix of",
          "[selection]") {
  CHECK(law_selected_by("cdc.D5", "cdc.D5"));
  CHECK(law_selected_by("cdc.D1.sum", "cdc.D1"));
  CHECK(law_selected_by("cdc.D1.zero", "cdc.D1"));
  CHECK(law_selected_by("cla.monoid.commutativity", "cla.monoid"));
  // A prefix that stops inside a name component selects nothing more.
  CHECK_FALSE(law_selected_by("cdc.D12", "cdc.D1"));
  CHECK_FALSE(law_selected_by("cla.monoid", "cla.monoid.zero"));
  // A glob is only a glob: no family reading of 'cdc.D*.s'.
  CHECK_FALSE(law_selected_by("cdc.D1.sum", "cdc.D*.s"));
}

TEST_CASE("law_selected_by_any selects when one pattern does", "[selection]") {
  CHECK(law_selected_by_any("tangent.sw.swap", {"cdc.*", "tangent.sw"}));
  CHECK_FALSE(law_selected_by_any("tangent.phi", {"cdc.*", "tangent.sw"}));
}
