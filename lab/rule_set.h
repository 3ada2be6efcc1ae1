// The rules the lab adds to §4's: built-in candidate rules
// (calculus/candidate_rule.h) switched on with --rule, and a user's rules
// from --rule-file (calculus/rule_file.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "calculus/candidate_rule.h"
#include "calculus/rule_file.h"

namespace perturb::lab {

struct RuleSet {
  std::vector<calculus::CandidateRule> builtin;
  std::vector<calculus::UserRule> user;

  bool empty() const { return builtin.empty() && user.empty(); }
};

// One rule of a set, described as the reports show it.
struct RuleDescription {
  std::string name;
  std::string statement;
  std::string soundness;
};
std::vector<RuleDescription> describe_rules(const RuleSet& rules);

struct RuleContraction {
  std::string rule;  // its name
  calculus::Term result;
};

// term rewritten at its root by the first rule of the set that applies:
// built-in rules first, then the user's in file order.
std::optional<RuleContraction> contract_rule(const calculus::Term& term, const RuleSet& rules);

}  // namespace perturb::lab
