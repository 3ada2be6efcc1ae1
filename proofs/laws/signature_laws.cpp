#include "proofs/laws/signature_laws.h"

#include <fmt/format.h>

#include <sstream>
#include <string>

#include "calculus/error.h"
#include "calculus/signature.h"

namespace perturb::proofs {
namespace {

std::vector<std::string> words(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> result;
  for (std::string word; in >> word;) result.push_back(word);
  return result;
}

std::string joined(const std::vector<std::string>& parts, std::string_view separator) {
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : std::string(separator)) + part;
  return text;
}

// ∀ variables : R. lhs = rhs.
std::string equation_text(const calculus::PrimitiveEquation& e) {
  return fmt::format("forall {} : R. {} = {}", e.variables, e.lhs, e.rhs);
}

// ∀ d… x… : R. T (λq. let x = π q in lhs) <d…, x…> = the same with rhs: the
// tangent maps of the two sides as functions of all the variables at once.
std::string tangent_image_text(const calculus::PrimitiveEquation& e) {
  const std::vector<std::string> variables = words(e.variables);
  std::vector<std::string> directions, projections;
  for (std::size_t i = 0; i < variables.size(); ++i) {
    directions.push_back("d" + variables[i]);
    projections.push_back(variables.size() == 1 ? "q" : fmt::format("pi{} q", i + 1));
  }
  std::string domain = "R", bindings;
  for (std::size_t i = 1; i < variables.size(); ++i) domain += " * R";
  for (std::size_t i = 0; i < variables.size(); ++i)
    bindings += fmt::format("let {} = {} in ", variables[i], projections[i]);
  const auto tuple = [](const std::vector<std::string>& parts) {
    return parts.size() == 1 ? parts[0] : "<" + joined(parts, ", ") + ">";
  };
  const std::string point = fmt::format("<{}, {}>", tuple(directions), tuple(variables));
  const auto side = [&](std::string_view body) {
    return fmt::format("T (\\q : {}. {}{}) {}", domain, bindings, body, point);
  };
  return fmt::format("forall {} {} : R. {} = {}", joined(directions, " "), e.variables, side(e.lhs),
                     side(e.rhs));
}

std::shared_ptr<const TextLaw> law(const std::string& text, const std::string& id) {
  auto made = TextLaw::make(text, id);
  if (!made)
    throw calculus::InternalError("the signature law " + id +
                                  " does not read: " + made.error().to_string());
  made->reference = "§6 signature";
  return std::make_shared<const TextLaw>(std::move(*made));
}

}  // namespace

const std::vector<std::shared_ptr<const TextLaw>>& signature_laws() {
  static const std::vector<std::shared_ptr<const TextLaw>> laws = [] {
    std::vector<std::shared_ptr<const TextLaw>> all;
    for (const calculus::PrimitiveSpec& spec : calculus::standard_signature()) {
      for (const calculus::PrimitiveEquation& e : spec.equations) {
        const std::string id = fmt::format("signature.{}-{}", spec.name, e.name);
        all.push_back(law(equation_text(e), id));
        all.push_back(law(tangent_image_text(e), id + ".T"));
      }
    }
    return all;
  }();
  return laws;
}

}  // namespace perturb::proofs
