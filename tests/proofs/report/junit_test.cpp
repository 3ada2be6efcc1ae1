// JUnit XML of a run (proofs/report/junit.h); tests/app/check_test.cpp reads the
// XML of a real run with Python's xml module.
#include "proofs/report/junit.h"

#include <catch2/catch.hpp>

#include "../checker_support.h"

namespace perturb::proofs {

TEST_CASE("junit_xml: one testcase per pair, a failure per failing pair, an error per unhealthy",
          "[junit]") {
  LawResult passing;
  passing.info = {"law.a", "§1", "a = a"};
  passing.model = "m<1>";
  passing.cases = passing.passed = 10;
  LawResult unhealthy = passing;
  unhealthy.info.id = "law.b";
  unhealthy.passed = 9;
  unhealthy.discarded = 1;
  unhealthy.discards["typed wrong"] = {DiscardKind::Typing, 1, 4};
  const std::string xml = junit_xml({passing, unhealthy}, testing::small_run(1, 10));
  CHECK(
      xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<testsuites name=\"perturb check\" tests=\"2\" failures=\"0\" "
                      "errors=\"1\">\n"));
  CHECK(xml.find("<testcase name=\"law.a\" classname=\"m&lt;1&gt;\">") != std::string::npos);
  CHECK(xml.find("<error type=\"unhealthy\" message=\"typing discards 1 of 10") !=
        std::string::npos);
  CHECK(xml.find("    discarded 1 typing (first case 4): typed wrong\n") != std::string::npos);
  CHECK(xml.find("<failure") == std::string::npos);
}

}  // namespace perturb::proofs
