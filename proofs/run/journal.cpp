#include "proofs/run/journal.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <system_error>

namespace perturb::proofs {
namespace {

using nlohmann::json;

constexpr std::string_view kJournalFormat = "perturb-journal/1";
// The longest the journal's lines stay in the operating system's cache.
constexpr double kSyncEvery = 2.0;

double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

calculus::Error journal_error(const std::filesystem::path& path, std::size_t line,
                              const std::string& message) {
  return calculus::Error{fmt::format("{}: line {}: {}", path.string(), line, message),
                         std::nullopt};
}

// record[key] as a count: a JSON unsigned integer, nothing coerced into one.
std::uint64_t count_at(const json& record, const char* key) {
  const json& value = record.at(key);
  if (!value.is_number_unsigned())
    throw std::invalid_argument(std::string(key) + " is not a non-negative integer");
  return value.get<std::uint64_t>();
}

const std::string& string_at(const json& record, const char* key) {
  const json& value = record.at(key);
  if (!value.is_string()) throw std::invalid_argument(std::string(key) + " is not a string");
  return value.get_ref<const std::string&>();
}

// Throws unless the header's provenance has the shape provenance_json gives it
// (the options are checked when they are read, run_options_from_json).
void require_provenance_shape(const json& provenance) {
  if (!provenance.is_object()) throw std::invalid_argument("provenance is not an object");
  string_at(provenance, "perturb");
  string_at(provenance, "commit");
  const json& build = provenance.at("build");
  if (!build.is_object()) throw std::invalid_argument("build is not an object");
  string_at(build, "compiler");
  string_at(build, "standard_library");
  if (!provenance.at("options").is_object())
    throw std::invalid_argument("options is not an object");
  if (!provenance.at("plugins").is_array()) throw std::invalid_argument("plugins is not an array");
  for (const json& plugin : provenance.at("plugins")) {
    string_at(plugin, "path");
    string_at(plugin, "digest");
  }
}

// Why a unit's tally cannot be that unit's, or an empty string: its counts
// must add up to the unit's cases, and every index it names lie in the unit.
std::string implausible(const PairTally& tally, const CaseUnit& range) {
  const std::uint64_t cases = range.last - range.first;
  const auto inside = [&](std::uint64_t index) {
    return index >= range.first && index < range.last;
  };
  if (tally.passed > cases || tally.failed > cases || tally.discarded > cases ||
      tally.cases() != cases)
    return fmt::format("its counts do not add up to its {} cases", cases);
  if ((tally.failed > 0) != tally.first_failure.has_value() ||
      (tally.first_failure && !inside(*tally.first_failure)))
    return "its first failure is not one of its cases";
  std::uint64_t discarded = 0;
  for (const auto& [reason, discard] : tally.discards) {
    if (discard.count == 0 || discard.count > cases || !inside(discard.first_case))
      return "a discard is not one of its cases";
    discarded += discard.count;
  }
  if (discarded != tally.discarded) return "its discards do not add up";
  for (const auto& [label, count] : tally.labels) {
    if (count > cases) return "a label counts more than its cases";
  }
  return "";
}

}  // namespace

json tally_json(const PairTally& tally) {
  json discards = json::array();
  for (const auto& [reason, discard] : tally.discards) {
    discards.push_back({{"reason", reason},
                        {"kind", discard_kind_name(discard.kind)},
                        {"count", discard.count},
                        {"first_case", discard.first_case}});
  }
  return {{"passed", tally.passed},
          {"failed", tally.failed},
          {"discarded", tally.discarded},
          {"labels", tally.labels},
          {"first_failure", tally.first_failure ? json(*tally.first_failure) : json(nullptr)},
          {"discards", discards}};
}

PairTally tally_from_json(const json& record) {
  PairTally tally;
  tally.passed = count_at(record, "passed");
  tally.failed = count_at(record, "failed");
  tally.discarded = count_at(record, "discarded");
  if (!record.at("labels").is_object()) throw std::invalid_argument("labels is not an object");
  for (const auto& [label, count] : record.at("labels").items())
    tally.labels[label] = count_at(record.at("labels"), label.c_str());
  if (!record.at("first_failure").is_null())
    tally.first_failure = count_at(record, "first_failure");
  if (!record.at("discards").is_array()) throw std::invalid_argument("discards is not an array");
  for (const json& discard : record.at("discards")) {
    const auto kind = parse_discard_kind(string_at(discard, "kind"));
    if (!kind) throw std::invalid_argument("unknown discard kind");
    tally.discards[string_at(discard, "reason")] = {*kind, count_at(discard, "count"),
                                                    count_at(discard, "first_case")};
  }
  return tally;
}

std::string pair_name(const LawBinding& binding) {
  return std::string(binding.info.id) + "@" + binding.model;
}

calculus::ErrorOr<Journal> read_journal(const std::filesystem::path& dir) {
  const std::filesystem::path path = dir / kJournalFile;
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return calculus::Error{
        fmt::format("{}: cannot read it (is {} the --report directory of a run?)", path.string(),
                    dir.string()),
        std::nullopt};
  }
  Journal journal;
  std::string line;
  std::size_t number = 0;
  while (std::getline(file, line)) {
    ++number;
    // getline at the end of a file without a final '\n': a line cut short.
    if (file.eof()) {
      journal.cut_short = true;
      break;
    }
    try {
      const json record = json::parse(line);
      if (number == 1) {
        if (record.at("format") != kJournalFormat)
          return journal_error(path, number, "not a journal of this version of perturb");
        require_provenance_shape(record.at("provenance"));
        journal.provenance = record.at("provenance");
        const std::uint64_t index = count_at(record.at("shard"), "index");
        const std::uint64_t count = count_at(record.at("shard"), "count");
        if (count == 0 || count > kMaxShards || index == 0 || index > count)
          return journal_error(path, number, "a shard outside 1/1 … N/N with N ≤ 100000");
        journal.shard = {static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(count)};
        continue;
      }
      journal.entries.push_back({count_at(record, "unit"), string_at(record, "pair"),
                                 tally_from_json(record.at("tally"))});
    } catch (const std::exception& error) {
      return journal_error(path, number, std::string("not a journal line: ") + error.what());
    }
  }
  if (number == 0 || journal.provenance.is_null())
    return journal_error(path, 1, "no header (the run stopped before it began?)");
  return journal;
}

calculus::ErrorOr<RunLedger> ledger_of(const std::vector<JournalEntry>& entries,
                                       const std::vector<LawBinding>& bindings, std::uint64_t cases,
                                       Shard shard) {
  RunLedger ledger;
  ledger.pairs.resize(bindings.size());
  const std::uint64_t units = unit_count(bindings.size(), cases);
  for (const JournalEntry& entry : entries) {
    if (entry.unit >= units) {
      return calculus::Error{fmt::format("unit {} is not a unit of this run", entry.unit),
                             std::nullopt};
    }
    const CaseUnit range = case_unit(entry.unit, bindings.size(), cases);
    if (pair_name(bindings[range.binding]) != entry.pair) {
      return calculus::Error{
          fmt::format("unit {} is of {}, which this run has not there", entry.unit, entry.pair),
          std::nullopt};
    }
    if (!in_shard(entry.unit, bindings.size(), cases, shard)) {
      return calculus::Error{
          fmt::format("unit {} is not of shard {}/{}", entry.unit, shard.index, shard.count),
          std::nullopt};
    }
    if (const std::string why = implausible(entry.tally, range); !why.empty()) {
      return calculus::Error{fmt::format("unit {} cannot be: {}", entry.unit, why), std::nullopt};
    }
    if (!ledger.add(entry.unit, range.binding, entry.tally)) {
      return calculus::Error{fmt::format("unit {} is counted twice", entry.unit), std::nullopt};
    }
  }
  return ledger;
}

JournalWriter::JournalWriter(const std::filesystem::path& dir, const json& provenance, Shard shard,
                             const std::vector<JournalEntry>& already)
    : path_(dir / kJournalFile) {
  // Written to a new file that then replaces the old, so that a resumed
  // run's journal is never lost half-rewritten.
  const std::filesystem::path fresh = path_.string() + ".new";
  file_ = std::fopen(fresh.c_str(), "wb");
  if (!file_) throw std::system_error(errno, std::generic_category(), "writing " + fresh.string());
  write_line({{"format", kJournalFormat},
              {"provenance", provenance},
              {"shard", {{"index", shard.index}, {"count", shard.count}}}});
  for (const JournalEntry& entry : already) {
    write_line({{"unit", entry.unit}, {"pair", entry.pair}, {"tally", tally_json(entry.tally)}});
  }
  std::fflush(file_);
  fdatasync(fileno(file_));
  std::filesystem::rename(fresh, path_);
  last_sync_ = seconds_now();
}

JournalWriter::~JournalWriter() {
  if (!file_) return;
  std::fflush(file_);
  fdatasync(fileno(file_));
  std::fclose(file_);
}

void JournalWriter::append(const JournalEntry& entry) {
  write_line({{"unit", entry.unit}, {"pair", entry.pair}, {"tally", tally_json(entry.tally)}});
  std::fflush(file_);
  if (seconds_now() - last_sync_ >= kSyncEvery) {
    fdatasync(fileno(file_));
    last_sync_ = seconds_now();
  }
}

void JournalWriter::write_line(const json& line) {
  const std::string text = line.dump(-1, ' ', false, json::error_handler_t::replace) + '\n';
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size())
    throw std::system_error(errno, std::generic_category(), "writing " + path_.string());
}

}  // namespace perturb::proofs
