// The normalization probe's results: a terminal summary, report.md and
// report.json (format "perturb-conjecture/1", conjecture "normalization").
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "lab/normalization_probe.h"

namespace perturb::lab {

// "perturb conjecture normalization --seed 1 --cases 1000 --max-size 12 …".
std::string normalization_command(const NormalizationOptions& options);

std::string normalization_text(const NormalizationResult& result);
std::string normalization_markdown(const NormalizationResult& result);
nlohmann::json normalization_json(const NormalizationResult& result);

}  // namespace perturb::lab
