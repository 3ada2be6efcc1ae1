// The first phase of a run cut into units (proofs/run/runner.h) and its journal
// (proofs/run/journal.h): units cover every case once, shards partition them
// and balance each pair, tallies fold in any order, and a journal reads
// back what was written, ignoring a last line cut short.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

#include "proofs/report/provenance.h"
#include "proofs/run/journal.h"
#include "proofs/run/runner.h"

using namespace perturb::proofs;

namespace {

std::vector<LawBinding> named_bindings(std::size_t count) {
  static const std::vector<std::string> ids = {"law.a", "law.b", "law.c", "law.d",
                                               "law.e", "law.f", "law.g"};
  std::vector<LawBinding> bindings(count);
  for (std::size_t b = 0; b < count; ++b) {
    bindings[b].info.id = ids.at(b);
    bindings[b].model = "model";
  }
  return bindings;
}

PairTally some_tally(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  PairTally tally;
  tally.passed = rng() % 50;
  tally.failed = rng() % 3;
  tally.discarded = rng() % 4;
  tally.labels["form:lambda"] = rng() % 7;
  tally.labels["size:" + std::to_string(rng() % 3)] = 1 + rng() % 5;
  if (tally.failed > 0) tally.first_failure = rng() % 1000;
  if (tally.discarded > 0)
    tally.discards["a value is not finite"] = {DiscardKind::NonFinite, tally.discarded,
                                               rng() % 1000};
  return tally;
}

// A tally that unit could have: its counts add up to its cases, its indices lie in it.
PairTally unit_tally(const CaseUnit& range, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const std::uint64_t cases = range.last - range.first;
  PairTally tally;
  tally.failed = rng() % 2;
  tally.discarded = rng() % 2;
  tally.passed = cases - tally.failed - tally.discarded;
  tally.labels["form:lambda"] = rng() % cases;
  if (tally.failed > 0) tally.first_failure = range.first + rng() % cases;
  if (tally.discarded > 0)
    tally.discards["a value is not finite"] = {DiscardKind::NonFinite, 1,
                                               range.first + rng() % cases};
  return tally;
}

bool same(const PairTally& a, const PairTally& b) { return tally_json(a) == tally_json(b); }

}  // namespace

TEST_CASE("units cover every case of every binding exactly once", "[runner][units]") {
  for (std::uint64_t cases : {1, 31, 32, 33, 300, 1000, 4097, 100000, 10000000}) {
    for (std::size_t bindings : {1, 3, 7}) {
      INFO(cases << " cases, " << bindings << " bindings, unit size " << unit_size(cases));
      std::map<std::size_t, std::uint64_t> covered;
      std::map<std::size_t, std::uint64_t> next;
      const std::uint64_t count = unit_count(bindings, cases);
      CHECK(count <= bindings * 64 + bindings * (cases / 4096 + 1));
      for (std::uint64_t unit = 0; unit < count; ++unit) {
        const CaseUnit range = case_unit(unit, bindings, cases);
        REQUIRE(range.binding < bindings);
        REQUIRE(range.first == next[range.binding]);  // consecutive, in order, no gap
        REQUIRE(range.first < range.last);
        next[range.binding] = range.last;
        covered[range.binding] += range.last - range.first;
      }
      for (std::size_t b = 0; b < bindings; ++b) CHECK(covered[b] == cases);
    }
  }
}

TEST_CASE("shards partition the units and deal each binding's cases evenly", "[runner][units]") {
  const std::size_t bindings = 6;  // a multiple of the shard counts, the case that could skew
  const std::uint64_t cases = 3000;
  for (std::uint32_t count : {1u, 2u, 3u, 5u}) {
    std::vector<std::map<std::size_t, std::uint64_t>> per_shard(count);
    for (std::uint64_t unit = 0; unit < unit_count(bindings, cases); ++unit) {
      int owners = 0;
      for (std::uint32_t k = 1; k <= count; ++k) {
        if (!in_shard(unit, bindings, cases, {k, count})) continue;
        ++owners;
        const CaseUnit range = case_unit(unit, bindings, cases);
        per_shard[k - 1][range.binding] += range.last - range.first;
      }
      REQUIRE(owners == 1);
    }
    for (std::uint32_t k = 0; k < count; ++k) {
      for (std::size_t b = 0; b < bindings; ++b) {
        INFO("shard " << k + 1 << "/" << count << ", binding " << b);
        // Within one unit (47 cases at 3000) of an even share.
        CHECK(per_shard[k][b] + unit_size(cases) >= cases / count);
        CHECK(per_shard[k][b] <= cases / count + unit_size(cases));
      }
    }
  }
}

TEST_CASE("shards get about as many cases of each model", "[runner][units]") {
  // Bindings are law-major, so the pairs of one model sit at one residue of
  // the binding index; at 300 cases each pair has a short last chunk (12 of
  // 32 cases), which a deal by binding index would give to the same shard for
  // every pair of a model: 6.7 % more of that model's cases in one shard.
  const std::size_t models = 6, laws = 78, bindings = models * laws;
  const std::uint64_t cases = 300;
  for (std::uint32_t count : {2u, 3u}) {
    std::vector<std::vector<std::uint64_t>> per_model(count, std::vector<std::uint64_t>(models));
    for (std::uint64_t unit = 0; unit < unit_count(bindings, cases); ++unit) {
      for (std::uint32_t k = 1; k <= count; ++k) {
        if (!in_shard(unit, bindings, cases, {k, count})) continue;
        const CaseUnit range = case_unit(unit, bindings, cases);
        per_model[k - 1][range.binding % models] += range.last - range.first;
      }
    }
    for (std::size_t m = 0; m < models; ++m) {
      const double even = static_cast<double>(laws * cases) / count;
      for (std::uint32_t k = 0; k < count; ++k) {
        INFO("shard " << k + 1 << "/" << count << ", model " << m << ": " << per_model[k][m]
                      << " cases, an even share is " << even);
        CHECK(std::abs(static_cast<double>(per_model[k][m]) - even) <= 0.02 * even);
      }
    }
  }
}

TEST_CASE("tallies fold to the same total in any order", "[runner][units]") {
  std::vector<PairTally> parts;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) parts.push_back(some_tally(seed));
  PairTally forward, backward, shuffled;
  for (const PairTally& part : parts) fold_into(forward, part);
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) fold_into(backward, *it);
  std::shuffle(parts.begin(), parts.end(), std::mt19937_64(3));
  for (const PairTally& part : parts) fold_into(shuffled, part);
  CHECK(same(forward, backward));
  CHECK(same(forward, shuffled));
  std::uint64_t least = UINT64_MAX;
  for (const PairTally& part : parts)
    if (part.first_failure) least = std::min(least, *part.first_failure);
  REQUIRE(forward.first_failure);
  CHECK(*forward.first_failure == least);
}

TEST_CASE("a tally survives its journal line", "[journal]") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const PairTally tally = some_tally(seed);
    CHECK(same(tally_from_json(tally_json(tally)), tally));
  }
}

TEST_CASE("a journal reads back its units, and ignores a last line cut short", "[journal]") {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("perturb-journal-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::vector<LawBinding> bindings = named_bindings(3);
  RunOptions options;
  options.engine.cases = 100;
  const Shard shard{2, 3};
  std::vector<JournalEntry> written;
  {
    JournalWriter writer(dir, provenance_json(options), shard, {});
    for (std::uint64_t unit = 0; unit < unit_count(bindings.size(), options.engine.cases); ++unit) {
      if (!in_shard(unit, bindings.size(), options.engine.cases, shard)) continue;
      written.push_back({unit, pair_name(bindings[unit % bindings.size()]),
                         unit_tally(case_unit(unit, bindings.size(), options.engine.cases), unit)});
      writer.append(written.back());
    }
  }
  auto journal = read_journal(dir);
  REQUIRE(journal.ok());
  CHECK(journal->shard.index == 2);
  CHECK(journal->shard.count == 3);
  CHECK(journal->provenance == provenance_json(options));
  CHECK_FALSE(journal->cut_short);
  REQUIRE(journal->entries.size() == written.size());
  auto ledger = ledger_of(journal->entries, bindings, options.engine.cases, shard);
  REQUIRE(ledger.ok());
  CHECK(ledger->complete(bindings.size(), options.engine.cases, shard));
  CHECK_FALSE(ledger->complete(bindings.size(), options.engine.cases, {1, 3}));

  // A stop in the middle of a line: the units before it are kept.
  const auto path = dir / std::string(kJournalFile);
  const std::uintmax_t size = std::filesystem::file_size(path);
  std::filesystem::resize_file(path, size - 10);
  auto cut = read_journal(dir);
  REQUIRE(cut.ok());
  CHECK(cut->cut_short);
  CHECK(cut->entries.size() == written.size() - 1);

  // Another run's bindings: refused, naming the unit.
  std::vector<LawBinding> others = named_bindings(3);
  others[1].model = "other";
  CHECK_FALSE(ledger_of(journal->entries, others, options.engine.cases, shard).ok());
  // Another shard's units, and a tally that is not its unit's: refused.
  CHECK_FALSE(ledger_of(journal->entries, bindings, options.engine.cases, {1, 3}).ok());
  std::vector<JournalEntry> forged = journal->entries;
  forged.front().tally.passed += 1;
  CHECK_FALSE(ledger_of(forged, bindings, options.engine.cases, shard).ok());
  // A line that is not a journal's: an error with its line number.
  { std::ofstream(path, std::ios::app) << "\n{\"unit\": \"x\"}\n"; }
  auto bad = read_journal(dir);
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.error().to_string(), Catch::Contains("line"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("the run's options survive their provenance record", "[provenance]") {
  RunOptions options;
  options.engine.seed = 77;
  options.engine.cases = 123;
  options.engine.max_size = 14;
  options.engine.tolerance.relative = 1e-5;
  options.engine.case_memory = 1000;
  options.engine.shrink = false;
  options.record.law_patterns = {"cdc.*"};
  options.record.model_names = {"smooth", "closures"};
  options.record.equations = {"forall a : R. a + 0 = a"};
  options.engine.discard_limits.set(DiscardKind::Budget, 0.2);
  auto back = run_options_from_json(run_options_json(options));
  REQUIRE(back.ok());
  CHECK(run_options_json(*back) == run_options_json(options));
  CHECK_FALSE(run_options_from_json(nlohmann::json::object()).ok());
  CHECK(provenance_json(options).at("build").at("compiler").get<std::string>().size() > 0);
}
