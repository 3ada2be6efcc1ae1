#include "proofs/run/worker_processes.h"

#include <fmt/format.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <system_error>

#include "proofs/cases/labels.h"
#include "proofs/run/crash_isolation.h"
#include "proofs/run/journal.h"
#include "proofs/run/large_stack.h"
#include "proofs/run/worker_pipes.h"

namespace perturb::proofs {
namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

// What a worker reports of a case: one JSON line.
std::string outcome_line(std::uint64_t index, const CheckedCase& checked) {
  const json line = {{"index", index},
                     {"verdict", static_cast<int>(checked.outcome.verdict)},
                     {"kind", static_cast<int>(checked.outcome.discard_kind)},
                     {"detail", checked.outcome.detail},
                     {"failure", static_cast<int>(checked.outcome.failure)},
                     {"labels", checked.labels}};
  return line.dump(-1, ' ', false, json::error_handler_t::replace) + '\n';
}

// What a worker reports of a command's cases when it reports them all at
// once: their tally, one JSON line. (A line per case made the runner, a third
// process on the same cores, parse and count every case's labels: a
// fifteenth of the CPU of a --jobs 2 run.)
std::string tally_line(const PairTally& tally) {
  const json line = {{"tally", tally_json(tally)}};
  return line.dump(-1, ' ', false, json::error_handler_t::replace) + '\n';
}

// The worker process: checks the cases of each command "BINDING FIRST LAST
// EACH" and reports them, each case as it ends when EACH is 1, else their
// tally at the end of the command (a write per case would cost the cheapest
// laws a tenth more); ends when the runner closes its commands.
[[noreturn]] void serve(const std::vector<LawBinding>& bindings, const EngineOptions& engine,
                        int commands, int outcomes) {
  mark_worker_process();
  int status = 0;
  try {
    run_on_large_stack([&] {
      try {
        std::string line;
        while (read_line(commands, line)) {
          std::size_t binding = 0;
          std::uint64_t first = 0, last = 0;
          int each = 1;
          if (std::sscanf(line.c_str(), "%zu %" SCNu64 " %" SCNu64 " %d", &binding, &first, &last,
                          &each) != 4 ||
              binding >= bindings.size()) {
            status = 3;
            return;
          }
          if (each == 0) {
            PairTally tally;
            for (std::uint64_t index = first; index < last; ++index) {
              const CheckedCase checked = check_case_at(bindings[binding], engine, index);
              count_case(tally, index, checked.labels, checked.outcome);
            }
            if (!write_all(outcomes, tally_line(tally))) return;
            continue;
          }
          for (std::uint64_t index = first; index < last; ++index) {
            if (!write_all(outcomes,
                           outcome_line(index, check_case_at(bindings[binding], engine, index))))
              return;
          }
        }
      } catch (const std::bad_alloc&) {
        status = kOutOfMemory;  // the process's memory budget: the runner stops the run
      } catch (...) {
        status = 3;
      }
    });
  } catch (...) {
    status = 3;
  }
  // Not exit(): the runner's atexit handlers and stdio buffers are not the worker's.
  _exit(status);
}

struct Worker {
  // The runner writes units to process.to_child and reads outcomes from
  // process.from_child.
  PipedChild process;
  std::string buffer;
  bool busy = false;
  std::uint64_t unit = 0;
  CaseUnit range;
  std::uint64_t next = 0;  // the case index the worker is checking
  // Whether it reports each case as it ends: with a timeout, so that a slow
  // unit is not taken for a hang, and after a worker died in this unit
  // unheard, so that the unit's rest, checked again, names the case it dies on.
  bool each_case = false;
  PairTally tally;
  Clock::time_point last_heard;
};

class WorkerPool {
 public:
  WorkerPool(const std::vector<LawBinding>& bindings, const EngineOptions& engine,
             const ExecutionOptions& execution, const std::vector<std::uint64_t>& pending,
             RunLedger& ledger)
      : bindings_(bindings),
        engine_(engine),
        execution_(execution),
        pending_(pending),
        ledger_(ledger),
        workers_(std::max(1u, execution.jobs)),
        timeout_(std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(execution.case_timeout))),
        has_timeout_(execution.case_timeout > 0) {
    for (std::uint64_t unit : pending) {
      const CaseUnit range = case_unit(unit, bindings.size(), engine.cases);
      total_ += range.last - range.first;
    }
  }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  ~WorkerPool() {
    for (Worker& worker : workers_) end_piped(worker.process, worker.busy);
  }

  void run() {
    for (;;) {
      if (execution_.deadline && Clock::now() >= *execution_.deadline) return;
      for (Worker& worker : workers_) {
        if (!worker.busy && next_pending_ < pending_.size())
          assign(worker, pending_[next_pending_++]);
      }
      std::vector<pollfd> polled;
      std::vector<Worker*> polled_workers;
      Clock::time_point wake = Clock::now() + std::chrono::milliseconds(200);
      for (Worker& worker : workers_) {
        if (!worker.busy) continue;
        polled.push_back({worker.process.from_child, POLLIN, 0});
        polled_workers.push_back(&worker);
        if (has_timeout_) wake = std::min(wake, worker.last_heard + timeout_);
      }
      if (polled.empty()) return;
      const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(wake - Clock::now());
      const int ready = poll(polled.data(), polled.size(),
                             static_cast<int>(std::max<std::int64_t>(0, wait.count()) + 1));
      if (ready < 0 && errno != EINTR)
        throw std::system_error(errno, std::generic_category(), "poll");
      for (std::size_t i = 0; i < polled.size(); ++i) {
        if (polled[i].revents != 0) hear(*polled_workers[i]);
      }
      for (Worker& worker : workers_) {
        if (has_timeout_ && worker.busy && Clock::now() - worker.last_heard > timeout_)
          replace(worker, DiscardKind::Hang, hang_reason(execution_.case_timeout));
      }
    }
  }

 private:
  void spawn(Worker& worker) {
    std::vector<int> inherited;
    for (const Worker& other : workers_) add_open_ends(other.process, inherited);
    worker.process = fork_piped(inherited, [&](int commands, int outcomes) {
      serve(bindings_, engine_, commands, outcomes);
    });
    worker.buffer.clear();
  }

  void assign(Worker& worker, std::uint64_t unit) {
    worker.busy = true;
    worker.unit = unit;
    worker.range = case_unit(unit, bindings_.size(), engine_.cases);
    worker.next = worker.range.first;
    worker.each_case = has_timeout_;
    worker.tally = {};
    send(worker);
  }

  // Hands the worker the rest of its unit, from worker.next.
  void send(Worker& worker) {
    if (worker.next >= worker.range.last) {
      complete(worker);
      return;
    }
    if (worker.process.pid < 0) spawn(worker);
    worker.last_heard = Clock::now();
    // A failed write means the worker is gone: hear() finds its end.
    write_all(worker.process.to_child,
              fmt::format("{} {} {} {}\n", worker.range.binding, worker.next, worker.range.last,
                          worker.each_case ? 1 : 0));
  }

  void complete(Worker& worker) {
    worker.busy = false;
    ledger_.add(worker.unit, worker.range.binding, worker.tally);
    if (execution_.unit_done) execution_.unit_done(worker.unit, worker.tally);
    done_ += worker.range.last - worker.range.first;
    const LawBinding& binding = bindings_[worker.range.binding];
    if (execution_.progress) execution_.progress({done_, total_, binding.info.id, binding.model});
  }

  // Reads what the worker reported; a worker that ended mid-unit died on its case.
  void hear(Worker& worker) {
    if (!read_available(worker.process.from_child, worker.buffer)) {
      const int status = end_piped(worker.process, true);
      if (WIFEXITED(status) && WEXITSTATUS(status) == kOutOfMemory)
        throw std::bad_alloc();  // as a thread's would, it ends the run (exit status 5)
      if (!worker.each_case) {
        // Its unit's cases since the last report are unknown: check them again, each reported.
        worker.each_case = true;
        send(worker);
        return;
      }
      count_lost_case(worker, crash_outcome(status), generated_labels(worker));
      return;
    }
    std::size_t end;
    while (worker.busy && (end = worker.buffer.find('\n')) != std::string::npos) {
      const json line = json::parse(worker.buffer.substr(0, end));
      worker.buffer.erase(0, end + 1);
      worker.last_heard = Clock::now();
      if (line.contains("tally")) {  // the rest of the unit, all at once
        fold_into(worker.tally, tally_from_json(line.at("tally")));
        worker.next = worker.range.last;
        complete(worker);
        continue;
      }
      Outcome outcome;
      outcome.verdict = static_cast<Verdict>(line.at("verdict").get<int>());
      outcome.discard_kind = static_cast<DiscardKind>(line.at("kind").get<int>());
      outcome.detail = line.at("detail").get<std::string>();
      outcome.failure = static_cast<FailureKind>(line.at("failure").get<int>());
      const auto index = line.at("index").get<std::uint64_t>();
      count_case(worker.tally, index, line.at("labels").get<std::vector<std::string>>(), outcome);
      worker.next = index + 1;
      worker.last_heard = Clock::now();
      if (worker.next >= worker.range.last) complete(worker);
    }
  }

  // Kills the worker, discards its case and goes on with the unit in a new one.
  void replace(Worker& worker, DiscardKind kind, const std::string& reason) {
    end_piped(worker.process, true);
    count_lost_case(worker, Outcome{Verdict::Discarded, "", "", reason, kind});
  }

  // The labels of the case the worker died on, as a worker counts them
  // (check_case_at): its generated case's, which generating here gives
  // without running the model.
  std::vector<std::string> generated_labels(const Worker& worker) {
    try {
      return case_labels(generate_case(bindings_[worker.range.binding], engine_, worker.next));
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception&) {
      return {};
    }
  }

  // Counts the case the worker ended on, and goes on with the unit's rest.
  void count_lost_case(Worker& worker, const Outcome& outcome,
                       const std::vector<std::string>& labels = {}) {
    count_case(worker.tally, worker.next, labels, outcome);
    ++worker.next;
    send(worker);
  }

  const std::vector<LawBinding>& bindings_;
  const EngineOptions& engine_;
  const ExecutionOptions& execution_;
  const std::vector<std::uint64_t>& pending_;
  RunLedger& ledger_;
  std::vector<Worker> workers_;
  Clock::duration timeout_;
  bool has_timeout_;
  std::size_t next_pending_ = 0;
  std::uint64_t total_ = 0, done_ = 0;
};

}  // namespace

std::string hang_reason(double case_timeout) {
  return fmt::format("the case ran longer than --case-timeout {} s; its worker process was killed",
                     case_timeout);
}

void run_units_in_processes(const std::vector<LawBinding>& bindings, const EngineOptions& engine,
                            const ExecutionOptions& execution,
                            const std::vector<std::uint64_t>& pending, RunLedger& ledger) {
  const IgnoreBrokenPipes ignore;
  WorkerPool pool(bindings, engine, execution, pending, ledger);
  pool.run();
}

}  // namespace perturb::proofs
