// The law checks in a user's own Catch2 (v2) suite: one test case per law a
// model hosts, named "<model>: <law id>", failing with the shrunk
// counterexample and the line that reproduces it.
//
//   #include <catch2/catch.hpp>
//   #include "proofs/catch2_laws.h"
//
//   PERTURB_LAW_TEST_CASES(MyModel{}, perturb::proofs::CheckOptions{}, "[laws]");
//
// The options choose the number of cases, the seed, the tolerance and which
// laws (globs in options.laws); options.report_dir is ignored here. The
// registrations happen during static initialisation, like TEST_CASE's.
#pragma once

#include <catch2/catch.hpp>
#include <deque>
#include <string>

#include "proofs/check.h"
#include "proofs/report/report.h"

namespace perturb::proofs::catch2 {

// The message of a failing law: the result as report.md shows it (summary,
// shrunk counterexample with its point and both sides, reproduce line).
inline std::string failure_message(const LawResult& result, const RunOptions& options) {
  return report_markdown({result}, options);
}

// One law on one model, as a Catch2 test.
class LawTestInvoker : public Catch::ITestInvoker {
 public:
  LawTestInvoker(LawBinding binding, CheckOptions options)
      : binding_(std::move(binding)), options_(std::move(options)) {}

  void invoke() const override {
    CheckOptions options = options_;
    options.report_dir.clear();
    const LawResult result = check_bindings({binding_}, options).front();
    INFO(binding_.info.id << " (" << binding_.info.reference << "): " << binding_.info.statement);
    INFO(result.passed << " passed, " << result.failed << " failed, " << result.discarded
                       << " discarded");
    if (result.failed > 0) FAIL(failure_message(result, options.run));
    SUCCEED();
  }

 private:
  LawBinding binding_;
  CheckOptions options_;
};

// Registers a test case for every law Model hosts (filtered by options.laws);
// returns true so that it can initialise a static.
template <CheckableModel Model>
bool register_law_tests(const Model& model, const CheckOptions& options, const std::string& tags) {
  // Catch2 keeps StringRefs to names until it has copied them; keep them for good.
  static std::deque<std::string> names;
  for (LawBinding& binding : select_laws(bind_model(model), options.laws)) {
    names.push_back(binding.model + ": " + std::string(binding.info.id));
    static_cast<void>(Catch::AutoReg(new LawTestInvoker(std::move(binding), options),
                                     CATCH_INTERNAL_LINEINFO, Catch::StringRef(),
                                     Catch::NameAndTags{names.back(), tags}));
  }
  return true;
}

}  // namespace perturb::proofs::catch2

// One Catch2 test case per law `model` hosts (see the top of this file).
#define PERTURB_LAW_TEST_CASES(model, options, tags)                 \
  static const bool INTERNAL_CATCH_UNIQUE_NAME(perturb_law_tests_) = \
      ::perturb::proofs::catch2::register_law_tests((model), (options), (tags))
