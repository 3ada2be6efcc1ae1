// The process's memory budget (`--max-memory`, every command): the heap
// bytes in use are counted by replacing the global operator new and delete,
// and an allocation that would take them past the budget throws
// MemoryBudgetExceeded (a std::bad_alloc). Commands end on it with exit
// status 5 (app/exit_status.h) and a message naming the budget; in `perturb
// check` it ends the run, it is never a case's outcome. The same functions
// keep the account of the case a thread is checking (semantics/case_memory.h,
// `check --case-memory`): a case past its own budget is discarded and the run
// goes on.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <new>
#include <string>

namespace perturb::app {

// 2 GiB.
inline constexpr std::uint64_t kDefaultMaxMemory = std::uint64_t{2} << 30;

class MemoryBudgetExceeded : public std::bad_alloc {
 public:
  const char* what() const noexcept override { return "the memory budget ran out"; }
};

// Sets the budget in bytes (kDefaultMaxMemory until called).
void set_memory_budget(std::uint64_t bytes);
std::uint64_t memory_budget();

// The heap bytes in use now and at most so far (as malloc_usable_size counts).
std::uint64_t heap_in_use();
std::uint64_t peak_heap_in_use();

// "the memory budget ran out: more than 2147483648 bytes of heap (--max-memory)";
// lifts the budget, so that the command can report and end.
std::string memory_budget_message();

// Adds --max-memory BYTES to a command; the value takes effect when parsed.
// `also` (may be null) receives the value too.
void add_memory_option(CLI::App* command, std::uint64_t* also = nullptr);

}  // namespace perturb::app
