// The memory budget of one law case: the heap bytes a thread allocates, net
// of what it frees, while it generates and checks one case. Past the budget
// the allocation throws CaseMemoryExceeded and the case is discarded with
// that reason (proofs/cases/check_case.h), so that one case whose terms or values
// explode costs a bounded amount and the run goes on; the process's own
// budget (app/memory_budget.h) still bounds the whole run.
//
// Who counts: the perturb executable's replacement of operator new and
// delete (app/memory_budget.cpp) charges and credits case_memory of the
// calling thread while a CaseMemoryScope is open; elsewhere (the unit tests,
// a program that links the layers without it) nothing is counted and no case
// is ever over budget.
//
// Like the step and node budgets, the account is a function of the case,
// whatever other threads and earlier cases did: a case is charged a fixed
// amount for every hash-consed node it asks for, found alive or built, and
// never credited; the nodes' own memory and the tables that share them are
// not charged (calculus/uncharged_memory.h); thread-local
// caches are emptied, buckets included, when their scope closes. With
// mimalloc (CMakeLists.txt, perturb_heap) a block's usable size is its
// request's size class, so nothing is left to chance; with glibc's malloc
// (the sanitizer builds) malloc may hand out 16 bytes more than a request
// needs, where it does not split a free chunk, so an account may differ
// between processes by up to 16 bytes per allocation the case holds at its
// peak.
#pragma once

#include <cstdint>
#include <new>
#include <string>

namespace perturb::semantics {

class CaseMemoryExceeded : public std::bad_alloc {
 public:
  explicit CaseMemoryExceeded(std::uint64_t budget) : budget_(budget) {}
  const char* what() const noexcept override { return "the case exceeded its memory budget"; }
  // The budget in bytes.
  std::uint64_t budget() const { return budget_; }

 private:
  std::uint64_t budget_;
};

// Why a case over its memory budget is discarded.
inline std::string case_memory_discard(const CaseMemoryExceeded& error) {
  return "the case needed more than " + std::to_string(error.budget()) +
         " bytes of heap (its memory budget, --case-memory)";
}

// The open case of a thread: its budget (0: no case is open), the bytes it
// has allocated net so far (negative when it freed older memory) and the
// most it has had allocated at once.
struct CaseMemory {
  std::uint64_t budget = 0;
  std::int64_t allocated = 0;
  std::int64_t peak = 0;
};

// Of the calling thread; constant-initialised, so operator new may use it
// from the first allocation of the process on.
inline thread_local CaseMemory case_memory;

// 128 MiB. Of the 70 000 cases of `check --model smooth@ball --cases 1000`,
// 7 need more (16 need more than 64 MiB: a case is charged for every node it
// asks for, dead or alive); the tail of larger cases grows with --cases, and
// this budget is what keeps a long run's memory flat (docs/reliability.md).
inline constexpr std::uint64_t kDefaultCaseMemory = std::uint64_t{128} << 20;

// Opens a case with the given budget on this thread for the scope's
// lifetime (budget 0: none); scopes do not nest, the inner one replaces the
// outer until it closes.
class CaseMemoryScope {
 public:
  explicit CaseMemoryScope(std::uint64_t budget) : outer_(case_memory) {
    case_memory = CaseMemory{budget, 0, 0};
  }
  ~CaseMemoryScope() { case_memory = outer_; }
  // The most heap the case has had at once so far, in bytes (0 unless the
  // allocation functions count, see above).
  std::int64_t peak() const { return case_memory.peak; }
  CaseMemoryScope(const CaseMemoryScope&) = delete;
  CaseMemoryScope& operator=(const CaseMemoryScope&) = delete;

 private:
  CaseMemory outer_;
};

}  // namespace perturb::semantics
