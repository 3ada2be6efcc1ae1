// The progress line of perturb check on a terminal (proofs/run/progress_line.h).
#include "proofs/run/progress_line.h"

#include <catch2/catch.hpp>

using perturb::proofs::progress_line;
using perturb::proofs::RunProgress;
using namespace std::chrono_literals;

TEST_CASE("the progress line shows cases done, the current pair and an ETA", "[progress]") {
  const RunProgress quarter{2000, 8000, "sound.lemma-5.5", "closures"};
  // 2000 cases in 10 s: 6000 more take 30 s.
  CHECK(progress_line(quarter, 10s) ==
        "[#####               ] 2000/8000 cases  sound.lemma-5.5 on closures  ETA 30 s");
  CHECK(progress_line({1000, 8000, "cdc.D5", "smooth"}, 30s) ==
        "[##                  ] 1000/8000 cases  cdc.D5 on smooth  ETA 3 min 30 s");
  CHECK(progress_line({1, 100000, "cdc.D5", "smooth"}, 1s).ends_with("ETA 27 h 46 min"));
}

TEST_CASE("the progress line has no ETA before the first case and after the last", "[progress]") {
  CHECK(progress_line({0, 100, "", ""}, 0s) == "[                    ] 0/100 cases");
  CHECK(progress_line({100, 100, "cdc.D5", "smooth"}, 5s) ==
        "[####################] 100/100 cases  cdc.D5 on smooth");
}

TEST_CASE("a narrow progress line cuts the pair, never the counts or the ETA", "[progress]") {
  const std::string line =
      progress_line({2000, 8000, "tangent.costrength.projection", "finite-difference"}, 10s, 60);
  CHECK(line.starts_with("[#####               ] 2000/8000 cases  tangent."));
  CHECK(line.ends_with("…  ETA 30 s"));
  CHECK(line.size() <= 60 + std::string("…").size() - 1);
}
