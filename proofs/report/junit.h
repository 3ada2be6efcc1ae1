// A run's results as JUnit XML, the format CI systems read
// (https://github.com/testmoapp/junitxml): one <testcase> per law × model
// pair, named by the law and classed by the model; a pair with a failing
// case has a <failure> carrying its counterexample as the terminal shows
// it, an unhealthy pair an <error> with its health problems, and every
// pair's discards and failure-rate bound are in its <system-out>.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "proofs/report/xml_text.h"
#include "proofs/run/law_result.h"
#include "proofs/run/run_options.h"

namespace perturb::proofs {

std::string junit_xml(const std::vector<LawResult>& results, const RunOptions& options);

}  // namespace perturb::proofs
