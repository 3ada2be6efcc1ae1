#include "proofs/journal.h"

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
  tally.passed = record.at("passed").get<std::uint64_t>();
  tally.failed = record.at("failed").get<std::uint64_t>();
  tally.discarded = record.at("discarded").get<std::uint64_t>();
  tally.labels = record.at("labels").get<std::map<std::string, std::uint64_t>>();
  if (!record.at("first_failure").is_null())
    tally.first_failure = record.at("first_failure").get<std::uint64_t>();
  for (const json& discard : record.at("discards")) {
    const auto kind = parse_discard_kind(discard.at("kind").get<std::string>());
    if (!kind) throw std::invalid_argument("unknown discard kind");
    tally.discards[discard.at("reason").get<std::string>()] = {
        *kind, discard.at("count").get<std::uint64_t>(),
        discard.at("first_case").get<std::uint64_t>()};
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
        journal.provenance = record.at("provenance");
        journal.shard.index = record.at("shard").at("index").get<std::uint32_t>();
        journal.shard.count = record.at("shard").at("count").get<std::uint32_t>();
        if (journal.shard.count == 0 || journal.shard.index == 0 ||
            journal.shard.index > journal.shard.count)
          return journal_error(path, number, "a shard outside 1/1 … N/N");
        continue;
      }
      journal.entries.push_back({record.at("unit").get<std::uint64_t>(),
                                 record.at("pair").get<std::string>(),
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
                                       const std::vector<LawBinding>& bindings,
                                       std::uint64_t cases) {
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
