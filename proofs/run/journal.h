// The journal of a run (DIR/journal.jsonl beside check --report DIR's
// report): a header line with the run's provenance (proofs/report/provenance.h)
// and shard, then one line per counted unit with its tally (proofs/run/runner.h).
// Each line goes to the operating system as its unit is counted, and to the
// disk at least every two seconds, so a run that stopped for any reason (a
// deadline, a signal, a crash, the power) loses at most the units it was
// in; `check --resume DIR` counts the rest, and `perturb merge` folds the
// journals of a run's shards. A last line cut short is ignored.
#pragma once

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "calculus/error.h"
#include "proofs/binding/binding.h"
#include "proofs/run/case_units.h"

namespace perturb::proofs {

inline constexpr std::string_view kJournalFile = "journal.jsonl";
// The most shards a run is cut into (check --shard K/N, N at most this).
inline constexpr std::uint32_t kMaxShards = 100000;

// A unit's tally as a journal line has it, and back.
nlohmann::json tally_json(const PairTally& tally);
PairTally tally_from_json(const nlohmann::json& json);

// "cdc.D1.sum@smooth": how a journal names the pair of a unit.
std::string pair_name(const LawBinding& binding);

struct JournalEntry {
  std::uint64_t unit = 0;
  std::string pair;
  PairTally tally;
};

struct Journal {
  nlohmann::json provenance;
  Shard shard;
  std::vector<JournalEntry> entries;
  // Whether the last line was cut short (the writer was stopped mid-line).
  bool cut_short = false;
};

// Reads DIR/journal.jsonl; an error names the file and the line.
calculus::ErrorOr<Journal> read_journal(const std::filesystem::path& dir);

// The ledger of a journal's entries for these bindings; an error when an
// entry's unit is not one of the shard's units of these bindings (another
// run's journal), is counted twice, or has a tally it cannot have (its
// counts do not add up to its cases, an index lies outside it).
calculus::ErrorOr<RunLedger> ledger_of(const std::vector<JournalEntry>& entries,
                                       const std::vector<LawBinding>& bindings, std::uint64_t cases,
                                       Shard shard);

// Appends units to DIR/journal.jsonl.
class JournalWriter {
 public:
  // Writes the header and `already` (the entries of a resumed run) anew.
  JournalWriter(const std::filesystem::path& dir, const nlohmann::json& provenance, Shard shard,
                const std::vector<JournalEntry>& already);
  ~JournalWriter();
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;

  void append(const JournalEntry& entry);

 private:
  void write_line(const nlohmann::json& line);
  std::FILE* file_ = nullptr;
  std::filesystem::path path_;
  double last_sync_ = 0;
};

}  // namespace perturb::proofs
