#include "proofs/report/junit.h"

#include <fmt/format.h>

#include "proofs/report/report.h"
#include "proofs/run/health.h"

namespace perturb::proofs {

std::string junit_xml(const std::vector<LawResult>& results, const RunOptions& options) {
  std::uint64_t failures = 0, errors = 0;
  std::string cases;
  for (const LawResult& r : results) {
    const std::vector<std::string> problems = unhealthy_reasons(r, options.engine.discard_limits);
    cases += fmt::format("    <testcase name=\"{}\" classname=\"{}\">\n", xml_escaped(r.info.id),
                         xml_escaped(r.model + (r.foil ? " (foil)" : "")));
    if (r.counterexample) {
      ++failures;
      cases += fmt::format(
          "      <failure type=\"counterexample\" message=\"{} of {} cases fail: "
          "{}\">{}</failure>\n",
          r.failed, r.cases, xml_escaped(r.counterexample->outcome.detail),
          xml_escaped(fmt::format("{} ({})\n", r.info.statement, r.info.reference) +
                      pair_details_text(r, options) + "Reproduce: " + repro_command(r, options) +
                      "\n"));
    } else if (!problems.empty()) {
      ++errors;
      cases +=
          fmt::format("      <error type=\"unhealthy\" message=\"{}\">{}</error>\n",
                      xml_escaped(problems.front()), xml_escaped(pair_details_text(r, options)));
    }
    // The details go here when no failure or error element carries them.
    const std::string confidence = confidence_text(r);
    cases += fmt::format(
        "      <system-out>{}</system-out>\n",
        xml_escaped(
            fmt::format("{} passed, {} failed, {} discarded\n", r.passed, r.failed, r.discarded) +
            (confidence.empty() ? "" : confidence + "\n") +
            (r.counterexample || !problems.empty() ? "" : pair_details_text(r, options))));
    cases += "    </testcase>\n";
  }
  const std::string suite = fmt::format("perturb check, seed {}, {} cases per law and model",
                                        options.engine.seed, options.engine.cases);
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"perturb check\" tests=\"{0}\" failures=\"{1}\" errors=\"{2}\">\n"
      "  <testsuite name=\"{3}\" tests=\"{0}\" failures=\"{1}\" errors=\"{2}\" skipped=\"0\">\n"
      "{4}  </testsuite>\n</testsuites>\n",
      results.size(), failures, errors, xml_escaped(suite), cases);
}

}  // namespace perturb::proofs
