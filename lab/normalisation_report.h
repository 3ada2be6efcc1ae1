// The normalisation probe's results: a terminal summary, report.md and
// report.json (format "perturb-conjecture/1", conjecture "normalisation").
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "lab/normalisation_probe.h"

namespace perturb::lab {

// "perturb conjecture normalisation --seed 1 --cases 1000 --max-size 12 …".
std::string normalisation_command(const NormalisationOptions& options);

std::string normalisation_text(const NormalisationResult& result);
std::string normalisation_markdown(const NormalisationResult& result);
nlohmann::json normalisation_json(const NormalisationResult& result);

}  // namespace perturb::lab
