#include "proofs/report/recorded_case.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "calculus/hash.h"
#include "calculus/type.h"
#include "proofs/cases/case_generator.h"
#include "proofs/report/report.h"
#include "proofs/run/runner.h"

namespace perturb::proofs {
namespace {

using nlohmann::json;

calculus::Error error(std::string message) { return {std::move(message), std::nullopt}; }

// The field as T, or an Error naming it; json's own exceptions never escape.
template <class T>
calculus::ErrorOr<T> field(const json& object, const char* name, const char* where) {
  if (!object.is_object() || !object.contains(name))
    return error(fmt::format("{} has no field \"{}\"", where, name));
  const json& value = object.at(name);
  const bool fits = [&] {
    if constexpr (std::is_same_v<T, std::string>) return value.is_string();
    if constexpr (std::is_same_v<T, double>) return value.is_number();
    if constexpr (std::is_unsigned_v<T>)
      return value.is_number_unsigned() &&
             value.get<std::uint64_t>() <= std::numeric_limits<T>::max();
    return false;
  }();
  if (!fits)
    return error(fmt::format("{}: field \"{}\" is not a {}", where, name, [] {
      if constexpr (std::is_same_v<T, std::string>) return "string";
      if constexpr (std::is_same_v<T, double>) return "number";
      return "non-negative integer in range";
    }()));
  return value.get<T>();
}

bool same_shape(const calculus::Context& a, const calculus::Context& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a.entries()[i].name != b.entries()[i].name || a.entries()[i].type != b.entries()[i].type)
      return false;
  }
  return true;
}

}  // namespace

std::string case_digest(std::string_view law, std::string_view model, std::uint64_t case_seed,
                        const Case& shrunk) {
  std::uint64_t h =
      calculus::hash_combine(calculus::hash_string(law), calculus::hash_string(model));
  h = calculus::hash_combine(h, case_seed);
  h = calculus::hash_combine(h, calculus::hash_string(case_to_json(shrunk).dump()));
  return fmt::format("{:016x}", h);
}

calculus::ErrorOr<RecordedCase> read_recorded_case(std::string_view report_text,
                                                   std::size_t index) {
  const json report = json::parse(report_text, nullptr, /*allow_exceptions=*/false);
  if (report.is_discarded()) return error("not JSON");
  if (!report.is_object() || !report.contains("results") || !report.at("results").is_array())
    return error("not a perturb report: no \"results\" array");
  std::vector<const json*> counterexamples;
  for (const json& result : report.at("results")) {
    if (!result.is_object() || !result.contains("counterexample"))
      return error("not a perturb report: a result has no \"counterexample\" field");
    if (!result.at("counterexample").is_null())
      counterexamples.push_back(&result.at("counterexample"));
  }
  if (counterexamples.empty()) return error("the report records no counterexample");
  if (index >= counterexamples.size()) {
    return error(fmt::format("--index {} but the report has {} counterexample(s)", index,
                             counterexamples.size()));
  }
  const json& recorded = *counterexamples[index];
  RecordedCase out;
  const char* where = "the counterexample";
  auto law = field<std::string>(recorded, "law", where);
  if (!law.ok()) return law.error();
  auto statement = field<std::string>(recorded, "statement", where);
  if (!statement.ok()) return statement.error();
  auto model = field<std::string>(recorded, "model", where);
  if (!model.ok()) return model.error();
  auto case_index = field<std::uint64_t>(recorded, "case", where);
  if (!case_index.ok()) return case_index.error();
  auto case_seed = field<std::uint64_t>(recorded, "case_seed", where);
  if (!case_seed.ok()) return case_seed.error();
  auto digest = field<std::string>(recorded, "digest", where);
  if (!digest.ok()) return digest.error();
  auto run_seed = field<std::uint64_t>(report, "seed", "the report");
  if (!run_seed.ok()) return run_seed.error();
  auto max_size = field<std::uint32_t>(report, "max_size", "the report");
  if (!max_size.ok()) return max_size.error();
  // Reports before the open signature drew the paper's four and said nothing.
  std::string signature = "paper";
  if (report.contains("signature")) {
    auto named = field<std::string>(report, "signature", "the report");
    if (!named.ok()) return named.error();
    if (*named != "paper" && *named != "standard")
      return error("the report's signature is \"" + *named + "\", not \"paper\" or \"standard\"");
    signature = *named;
  }
  if (!report.contains("tolerance")) return error("the report has no field \"tolerance\"");
  auto relative = field<double>(report.at("tolerance"), "relative", "the report's tolerance");
  if (!relative.ok()) return relative.error();
  auto absolute = field<double>(report.at("tolerance"), "absolute", "the report's tolerance");
  if (!absolute.ok()) return absolute.error();
  if (!(*relative >= 0) || !(*absolute >= 0))
    return error("the report's tolerance is negative");  // json has no nan or inf
  if (!recorded.contains("shrunk")) return error("the counterexample has no field \"shrunk\"");
  auto shrunk = case_from_json(recorded.at("shrunk"));
  if (!shrunk.ok()) return error("the shrunk case: " + shrunk.error().to_string());
  out.law = std::move(*law);
  out.statement = std::move(*statement);
  out.model = std::move(*model);
  out.run_seed = *run_seed;
  out.max_size = *max_size;
  out.paper_signature = signature == "paper";
  out.case_index = *case_index;
  out.case_seed = *case_seed;
  out.tolerance = {.relative = *relative, .absolute = *absolute};
  out.shrunk = std::move(*shrunk);
  out.digest = std::move(*digest);
  return out;
}

std::optional<calculus::Error> validate_recorded_case(const LawBinding& binding,
                                                      const RecordedCase& recorded) {
  if (case_digest(recorded.law, recorded.model, recorded.case_seed, recorded.shrunk) !=
      recorded.digest)
    return error("not the recorded case: its digest does not match (was the report edited?)");
  if (case_seed(recorded.run_seed, binding.info.id, binding.model, recorded.case_index) !=
      recorded.case_seed)
    return error(fmt::format("not the recorded case: case {} of seed {} has another case seed",
                             recorded.case_index, recorded.run_seed));
  EngineOptions engine;
  engine.seed = recorded.run_seed;
  engine.max_size = recorded.max_size;
  engine.paper_signature = recorded.paper_signature;
  Case generated;
  try {
    generated = generate_case(binding, engine, recorded.case_index);
  } catch (const std::exception& failure) {
    return error(std::string("cannot regenerate the recorded case: ") + failure.what());
  }
  const Case& shrunk = recorded.shrunk;
  const auto outside = [&](const std::string& what) {
    return error(fmt::format("not a case of {}: {}", binding.info.id, what));
  };
  if (shrunk.terms.size() != generated.terms.size())
    return outside(
        fmt::format("{} terms where the law has {}", shrunk.terms.size(), generated.terms.size()));
  for (std::size_t i = 0; i < shrunk.terms.size(); ++i) {
    const CaseTerm& have = shrunk.terms[i];
    const CaseTerm& want = generated.terms[i];
    if (have.role != want.role)
      return outside(
          fmt::format("term {} has role {} where the law has {}", i + 1, have.role, want.role));
    if (!same_shape(have.context, want.context) || have.type != want.type)
      return outside(fmt::format("{} is {} ⊢ _ : {} where the case has {} ⊢ _ : {}", have.role,
                                 context_text(have.context), calculus::to_string(have.type),
                                 context_text(want.context), calculus::to_string(want.type)));
  }
  if (!same_shape(shrunk.point_context, generated.point_context))
    return outside(fmt::format("the point is {} where the case has {}",
                               context_text(shrunk.point_context),
                               context_text(generated.point_context)));
  return std::nullopt;
}

}  // namespace perturb::proofs
