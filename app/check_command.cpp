// `perturb check`: a run of the law catalogue, or of one shard of it
// (--shard), or of all shards as MPI ranks (--mpi); bounded by --max-time,
// its hangs isolated by --case-timeout, journaled beside its report and
// resumable (--resume). docs/checker.md and docs/distributed.md explain them.
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "app/check_run.h"
#include "app/exit_status.h"
#include "app/law_commands.h"
#include "app/memory_budget.h"
#include "app/mpi_session.h"
#include "app/option_checks.h"
#include "app/plugin_loader.h"
#include "app/report_files.h"
#include "proofs/report/provenance.h"
#include "proofs/run/journal.h"

namespace perturb::app {
namespace {

// "typing=0 internal=0 non-finite=0.05 …": the default limits, as
// --discard-limit spells them.
std::string default_discard_limits() {
  const proofs::DiscardLimits limits;
  std::string text;
  for (const proofs::DiscardKind kind : proofs::kDiscardKinds) {
    if (!text.empty()) text += ' ';
    text += fmt::format("{}={}", proofs::discard_kind_name(kind), limits.of(kind));
  }
  return text;
}

using nlohmann::json;

struct CheckCommand {
  CheckArguments arguments;
  std::string shard;  // "K/N"
  double max_time = 0;
  std::string resume_dir;
  bool mpi = false;
  std::string workers;  // "threads", "processes", or empty: processes at --jobs 2 and more
  CLI::Option* reference_option = nullptr;
};

// The options a resumed run takes from its journal, not from the command line.
constexpr const char* kRecordedOptions[] = {
    "--law",       "--model",       "--equation",       "--rule-file", "--plugin",
    "--cases",     "--seed",        "--max-size",       "--tolerance", "--absolute-tolerance",
    "--no-shrink", "--case-memory", "--discard-limit",  "--shard",     "--report",
    "--mpi",       "--reference",   "--paper-signature"};

proofs::Shard parse_shard(const std::string& text) {
  unsigned long index = 0, count = 0;
  char slash = 0, rest = 0;
  if (std::sscanf(text.c_str(), "%lu%c%lu%c", &index, &slash, &count, &rest) != 3 || slash != '/' ||
      text.find_first_not_of("0123456789/") != std::string::npos || count == 0 || index == 0 ||
      index > count || count > proofs::kMaxShards) {
    fail_usage("--shard " + calculus::quoted(text) +
               ": expected K/N with 1 <= K <= N <= 100000, e.g. 2/3");
  }
  return {static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(count)};
}

// The journal of the run to resume; sets the run's options from it.
proofs::Journal resume_from(CheckCommand& command, const CLI::App& app) {
  for (const char* option : kRecordedOptions) {
    if (app.count(option) > 0)
      fail_usage(std::string("--resume takes the run's options from its journal: ") + option +
                 " cannot be given with it");
  }
  auto journal = proofs::read_journal(command.resume_dir);
  if (!journal.ok()) fail_usage(journal.error().to_string());
  auto options =
      proofs::run_options_from_json(journal->provenance.at("options"), command.arguments.run);
  if (!options.ok()) fail_usage(command.resume_dir + ": " + options.error().to_string());
  command.arguments.run = std::move(*options);
  command.arguments.run.execution.shard = journal->shard;
  command.arguments.report_dir = command.resume_dir;
  return std::move(*journal);
}

// The command line that resumes a run journaled in dir.
std::string resume_command(const std::string& dir) { return "perturb check --resume " + dir; }

// A run's tallies, for sending from an MPI rank to rank 0.
json ledger_json(const proofs::RunLedger& ledger, bool complete) {
  json pairs = json::array();
  for (const proofs::PairTally& tally : ledger.pairs) pairs.push_back(proofs::tally_json(tally));
  return {{"complete", complete}, {"pairs", pairs}};
}

int run_rank(const MpiSession& mpi, CheckCommand& command,
             const std::vector<proofs::LawBinding>& bindings);

// check --mpi: this rank's shard, and at rank 0 the run's report. A rank that
// fails ends the whole job, which would otherwise wait for it for ever.
int run_ranks(CheckCommand& command, const std::vector<proofs::LawBinding>& bindings) {
  MpiSession mpi;
  try {
    return run_rank(mpi, command, bindings);
  } catch (const CLI::RuntimeError& status) {
    mpi.abort(status.get_exit_code());
  } catch (const std::bad_alloc&) {
    std::cerr << "perturb: rank " << mpi.rank() << " ran out of memory (--max-memory)\n";
    mpi.abort(kExitStopped);
  } catch (const std::exception& error) {
    std::cerr << "perturb: internal error on rank " << mpi.rank() << ": " << error.what() << '\n';
    mpi.abort(kExitInternalError);
  }
}

int run_rank(const MpiSession& mpi, CheckCommand& command,
             const std::vector<proofs::LawBinding>& bindings) {
  proofs::RunOptions& run = command.arguments.run;
  run.execution.shard = {static_cast<std::uint32_t>(mpi.rank() + 1),
                         static_cast<std::uint32_t>(mpi.size())};
  if (mpi.rank() != 0) run.execution.progress = nullptr;
  proofs::RunLedger ledger;
  proofs::run_units(bindings, run.engine, run.execution, ledger);
  const bool complete = ledger.complete(bindings.size(), run.engine.cases, run.execution.shard);
  const std::vector<std::string> texts = mpi.gather(
      ledger_json(ledger, complete).dump(-1, ' ', false, json::error_handler_t::replace));
  int status = 0;
  if (mpi.rank() == 0) {
    std::vector<proofs::PairTally> pairs(bindings.size());
    bool all_complete = true;
    for (const std::string& text : texts) {
      const json rank = json::parse(text);
      all_complete = all_complete && rank.at("complete").get<bool>();
      for (std::size_t b = 0; b < bindings.size(); ++b)
        proofs::fold_into(pairs[b], proofs::tally_from_json(rank.at("pairs").at(b)));
    }
    run.execution.shard = {};
    proofs::RunExtent extent;
    if (!all_complete) extent = {proofs::RunExtent::Kind::Deadline, command.max_time, {}, ""};
    const auto results = proofs::finish_run(
        bindings, run.engine, run.execution, std::move(pairs),
        all_complete ? proofs::Completeness::Complete : proofs::Completeness::Partial);
    status = report_results(results, command.arguments, extent);
  }
  return mpi.broadcast(status);
}

int run_check(CheckCommand& command, const CLI::App& app) {
  CheckArguments& arguments = command.arguments;
  proofs::RunOptions& run = arguments.run;
  std::optional<proofs::Journal> resumed;
  if (!command.resume_dir.empty()) {
    resumed = resume_from(command, app);
  } else {
    if (!command.shard.empty()) run.execution.shard = parse_shard(command.shard);
    if (run.execution.shard.count > 1 && arguments.report_dir.empty())
      fail_usage("--shard needs --report DIR: a shard's journal there is what perturb merge reads");
    apply_discard_limits(arguments.discard_limits, run.engine.discard_limits);
    run.engine.shrink = !arguments.no_shrink;
    if (command.reference_option->count() > 0 && run.record.reference.empty())
      run.record.reference = kDefaultReference;
  }
  if (command.mpi && !mpi_built()) {
    fail_usage(
        "--mpi: this perturb was built without MPI; install Open MPI (Debian: openmpi-bin "
        "libopenmpi-dev) and build again, or run shards with --shard K/N and perturb merge");
  }
  if (command.mpi && (run.execution.shard.count > 1 || run.execution.case_timeout > 0)) {
    fail_usage(std::string("--mpi runs the shards itself and cannot be combined with ") +
               (run.execution.shard.count > 1 ? "--shard"
                                              : "--case-timeout (worker processes under MPI)"));
  }
  // A plugin's crash is its case's failure (proofs/run/crash_isolation.h),
  // except under MPI, where the ranks must not fork.
  run.execution.isolate_crashes = !command.mpi && !run.record.plugins.empty();
  const std::vector<proofs::LawBinding> bindings = select_bindings(run);
  if (!arguments.report_dir.empty()) prepare_report_dir(arguments.report_dir);
  if (!arguments.junit_file.empty()) prepare_output_file(arguments.junit_file);
  if (run.execution.jobs == 0)
    run.execution.jobs = std::max(1u, std::thread::hardware_concurrency());
  if (command.workers == "threads" && run.execution.case_timeout > 0)
    fail_usage(
        "--case-timeout kills the worker process of a hung case: it needs --workers processes");
  if (command.workers == "processes" && command.mpi)
    fail_usage("--mpi runs one process per rank and cannot be combined with --workers processes");
  // Threads at --jobs 1 (no pipe to cross) and under MPI (Open MPI and fork
  // do not mix); a worker process even at --jobs 1 with a plugin, whose crash
  // then ends the worker, not the run.
  run.execution.worker_processes =
      command.workers == "processes" ||
      (command.workers.empty() && (run.execution.jobs > 1 || run.execution.isolate_crashes) &&
       !command.mpi);
  if (command.max_time > 0) {
    run.execution.deadline = std::chrono::steady_clock::now() +
                             std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                 std::chrono::duration<double>(command.max_time));
  }
  std::mutex progress_mutex;
  if (isatty(STDERR_FILENO)) {
    const auto start = std::chrono::steady_clock::now();
    run.execution.progress = [&, start](const proofs::RunProgress& progress) {
      std::lock_guard<std::mutex> lock(progress_mutex);
      // "\x1b[K" clears what a longer previous line left to the right.
      std::cerr << '\r' << proofs::progress_line(progress, std::chrono::steady_clock::now() - start)
                << "\x1b[K" << (progress.done == progress.total ? "\n" : "") << std::flush;
    };
  }
  if (command.mpi) return run_ranks(command, bindings);

  const json provenance = proofs::provenance_json(run);
  proofs::RunLedger ledger;
  ledger.pairs.resize(bindings.size());
  std::vector<proofs::JournalEntry> already;
  if (resumed) {
    require_same_build(resumed->provenance, provenance, command.resume_dir + "/journal.jsonl");
    auto counted =
        proofs::ledger_of(resumed->entries, bindings, run.engine.cases, run.execution.shard);
    if (!counted.ok())
      fail_usage(command.resume_dir + "/journal.jsonl: " + counted.error().to_string());
    ledger = std::move(*counted);
    already = std::move(resumed->entries);
  }
  std::optional<proofs::JournalWriter> journal;
  if (!arguments.report_dir.empty()) {
    journal.emplace(arguments.report_dir, provenance, run.execution.shard, already);
    run.execution.unit_done = [&](std::uint64_t unit, const proofs::PairTally& tally) {
      journal->append({unit, proofs::pair_name(bindings[unit % bindings.size()]), tally});
    };
  }
  proofs::run_units(bindings, run.engine, run.execution, ledger);
  journal.reset();

  proofs::RunExtent extent;
  const bool complete = ledger.complete(bindings.size(), run.engine.cases, run.execution.shard);
  const std::string resume =
      arguments.report_dir.empty() ? std::string() : resume_command(arguments.report_dir);
  if (!complete) {
    extent = {proofs::RunExtent::Kind::Deadline, command.max_time, run.execution.shard, resume};
  } else if (run.execution.shard.count > 1) {
    extent = {proofs::RunExtent::Kind::Shard, 0, run.execution.shard, ""};
  }
  const auto results = proofs::finish_run(
      bindings, run.engine, run.execution, std::move(ledger.pairs),
      extent.complete() ? proofs::Completeness::Complete : proofs::Completeness::Partial);
  return report_results(results, arguments, extent);
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto command_state = std::make_shared<CheckCommand>();
  CheckArguments& arguments = command_state->arguments;
  arguments.run.execution.jobs = 0;  // one per core unless --jobs says otherwise
  CLI::App* command = app.add_subcommand(
      "check",
      "Check the laws of the theory (axioms, lemmas, reduction rules) on random cases in each "
      "model. Exit status 0 when every law holds, 1 when one fails, 2 bad usage, 4 when a law "
      "discarded more of its cases than --discard-limit allows (unhealthy), 5 stopped at "
      "--max-memory or --max-time.");
  add_memory_option(command);
  command->add_option(
      "--law", arguments.run.record.law_patterns,
      "Only laws whose id matches this glob, e.g. 'cdc.*', or that this name is a dotted "
      "prefix of: 'cdc.D1' selects cdc.D1.sum and cdc.D1.zero (repeatable; default all)");
  command->add_option(
      "--model", arguments.run.record.model_names,
      "Only this model (repeatable; default every sound model; foils only when named)");
  command->add_option(
      "--equation", arguments.run.record.equations,
      "Check this equation instead of the catalogue, e.g. 'forall f g : R -> R, a : R. D "
      "(\\x:R. f x + g x) a = D f a + D g a' (docs/syntax.md \"Equations\"; repeatable: "
      "equation.1, equation.2, …)");
  command->add_option("--rule-file", arguments.run.record.rule_file,
                      "Check that the rules of this file (lines NAME: EQUATION, docs/syntax.md "
                      "\"Rules\") are sound: each is the law rule.NAME, instead of the catalogue");
  command_state->reference_option =
      command
          ->add_option(
              "--reference", arguments.run.record.reference,
              std::string("Also check every model against this one (default ") + kDefaultReference +
                  " when given without a model): the laws ref.order-0 … ref.order-4, the value "
                  "and the derivatives up to order 4 of random terms R -> R, each a failure only "
                  "where perturb's own closures agrees with the reference (docs/checker.md)")
          ->expected(0, 1);
  add_plugin_option(command, arguments.run.record.plugins);
  command->add_option("--cases", arguments.run.engine.cases, "Random cases per law and model")
      ->check(unsigned_integer_check())
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000000}))
      ->capture_default_str();
  command->add_option("--seed", arguments.run.engine.seed, "Seed of the run; same seed, same cases")
      ->check(unsigned_integer_check())
      ->capture_default_str();
  command
      ->add_option("--max-size", arguments.run.engine.max_size, "Approximate size of random terms")
      ->check(CLI::Range(1u, 200u))
      ->capture_default_str();
  command->add_flag("--paper-signature", arguments.run.engine.paper_signature,
                    "Random terms draw only the paper's four primitives (mul, sin, cos, exp), as "
                    "before the open signature, and give the cases earlier versions gave; by "
                    "default they draw every primitive the model hosts (docs/checker.md)");
  command->add_option("--jobs", arguments.run.execution.jobs, "Workers (default: one per core)")
      ->check(CLI::Range(1u, 256u));
  command
      ->add_option("--workers", command_state->workers,
                   "threads or processes: what the --jobs workers of the first phase (counting "
                   "cases) are, and at --jobs 2 and more those deciding coverage. Processes share "
                   "nothing, threads share the term tables and the allocator, "
                   "which costs them a quarter to a half more CPU; the report is the same "
                   "(default: processes at --jobs 2 and more, and with --plugin, except under "
                   "--mpi). A plugin's crash in a case is that case's failure, except on threads "
                   "at --jobs 2 and more and under --mpi, where it ends the run")
      ->check(CLI::IsMember({"threads", "processes"}));
  command->add_option("--report", arguments.report_dir,
                      "Write report.json and report.md to this directory, and the run's journal "
                      "journal.jsonl as it goes, which --resume and perturb merge read");
  command
      ->add_option("--tolerance", arguments.run.engine.tolerance.relative,
                   "Relative tolerance when comparing the two sides")
      ->check(tolerance_check())
      ->capture_default_str();
  command
      ->add_option("--absolute-tolerance", arguments.run.engine.tolerance.absolute,
                   "Absolute tolerance when comparing the two sides")
      ->check(tolerance_check())
      ->capture_default_str();
  command->add_flag("--no-shrink", arguments.no_shrink, "Report counterexamples unshrunk");
  command->add_flag("-v,--verbose", arguments.run.record.verbose,
                    "Print a line per law × model pair, with its discards by reason, instead "
                    "of a line per model and the pairs that fail or are unhealthy");
  command->add_flag("--stats", arguments.run.record.stats,
                    "Print a line per pair (as --verbose) and under it its labels (count and share "
                    "of the cases checked) "
                    "and every coverage requirement with its verdict (docs/checker.md)");
  command
      ->add_option("--case-memory", arguments.run.engine.case_memory,
                   "Discard a case (counted, with this reason) when generating and checking it "
                   "takes more than this many bytes of heap; 0: no limit but --max-memory "
                   "(semantics/case_memory.h)")
      ->check(unsigned_integer_check())
      ->capture_default_str();
  command->add_option("--junit", arguments.junit_file,
                      "Also write the results as JUnit XML to this file: one testcase per law "
                      "and model, a failure with its counterexample per failing pair");
  command->add_option(
      "--discard-limit", arguments.discard_limits,
      "KIND=SHARE: the share of a law's cases it may discard for KIND (" +
          proofs::discard_kind_names() +
          ") before it is unhealthy, judged by the 95 % lower confidence bound (repeatable; "
          "defaults " +
          default_discard_limits() + ")");
  command->add_option(
      "--shard", command_state->shard,
      "K/N: run only the K-th of N slices of the cases (each law's cases are dealt round the "
      "shards); needs --report; perturb merge of the N shard directories gives the report of "
      "the whole run (docs/distributed.md)");
  command
      ->add_option("--max-time", command_state->max_time,
                   "Stop starting cases after this many seconds of wall time: the report then "
                   "says how many cases of each pair were counted, and the exit status is 5; "
                   "--resume goes on (default: no limit)")
      ->check(CLI::Range(1e-3, 1e9));
  command
      ->add_option("--case-timeout", arguments.run.execution.case_timeout,
                   "Run cases in worker processes and kill one that takes longer than this "
                   "many seconds: the case is discarded as a hang (kind hang, limit 0) with its "
                   "repro line, and the run goes on (default: no limit)")
      ->check(CLI::Range(1e-3, 1e6));
  command->add_option("--resume", command_state->resume_dir,
                      "Go on with the run journaled in this --report directory, which stopped "
                      "for any reason (deadline, signal, crash), with its recorded options; "
                      "ends with the report of the uninterrupted run");
  command->add_flag("--mpi", command_state->mpi,
                    "Under mpirun: each rank runs one shard and rank 0 writes the merged report "
                    "(docs/distributed.md)");
  command->callback([command_state, command] {
    if (const int status = run_check(*command_state, *command); status != 0)
      throw CLI::RuntimeError(status);
  });
}

}  // namespace perturb::app
