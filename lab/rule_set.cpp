#include "lab/rule_set.h"

namespace perturb::lab {

std::vector<RuleDescription> describe_rules(const RuleSet& rules) {
  std::vector<RuleDescription> out;
  for (calculus::CandidateRule rule : rules.builtin) {
    out.push_back({std::string(calculus::rule_name(rule)),
                   std::string(calculus::rule_statement(rule)),
                   std::string(calculus::rule_soundness(rule))});
  }
  for (const calculus::UserRule& rule : rules.user) {
    out.push_back(
        {rule.name, rule.statement,
         "a user's rule: perturb check --rule-file checks it as the law rule." + rule.name});
  }
  return out;
}

std::optional<RuleContraction> contract_rule(const calculus::Term& term, const RuleSet& rules) {
  if (auto contraction = calculus::contract_candidate(term, rules.builtin)) {
    return RuleContraction{std::string(calculus::rule_name(contraction->rule)),
                           contraction->result};
  }
  for (const calculus::UserRule& rule : rules.user) {
    if (auto result = calculus::contract_user_rule(term, rule)) {
      return RuleContraction{rule.name, *result};
    }
  }
  return std::nullopt;
}

}  // namespace perturb::lab
