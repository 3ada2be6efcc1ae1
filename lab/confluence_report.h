// The confluence probe's results for people and for programs: a terminal
// summary, report.md and report.json (format "perturb-conjecture/1",
// docs/conjectures.md), each with the command that reproduces the run.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "lab/confluence_probe.h"

namespace perturb::lab {

// "perturb conjecture confluence --seed 1 --cases 1000 --max-size 12 [--rule R]…".
std::string confluence_command(const ConfluenceOptions& options);

// The summary: counts, classes, the semantic check, and the smallest
// counterexample of each class with both normal forms and sequences (at most
// max_trace steps of each sequence shown).
std::string confluence_text(const ConfluenceResult& result, std::size_t max_trace = 40);

// report.md: the summary with every sequence in full.
std::string confluence_markdown(const ConfluenceResult& result);

nlohmann::json confluence_json(const ConfluenceResult& result);

}  // namespace perturb::lab
