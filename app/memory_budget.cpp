#include "app/memory_budget.h"

#include <fmt/format.h>
#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>

#if PERTURB_MIMALLOC
#include <mimalloc.h>
#endif

#include "app/option_checks.h"
#include "calculus/uncharged_memory.h"
#include "proofs/run/heap_release.h"
#include "semantics/case_memory.h"

namespace perturb::app {

namespace {

// The heap underneath: mimalloc, or malloc in the sanitizer builds
// (CMakeLists.txt, perturb_heap).
void* heap_allocate(std::size_t size, std::size_t alignment) {
#if PERTURB_MIMALLOC
  return alignment <= alignof(std::max_align_t) ? mi_malloc(size)
                                                : mi_malloc_aligned(size, alignment);
#else
  return alignment <= alignof(std::max_align_t)
             ? std::malloc(size == 0 ? 1 : size)
             : std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
#endif
}
#if PERTURB_MIMALLOC
// mi_good_size of the requests up to kSmallRequests bytes (most of them),
// remembered per request: the call into libmimalloc on every allocation and
// free was 2–3 % of a law case. 0: not asked yet. Atomic because workers on
// threads fill it at once (they store the same value).
constexpr std::size_t kSmallRequests = 1024;
constinit std::atomic<std::uint32_t> small_size_classes[kSmallRequests + 1] = {};
std::size_t small_size_class(std::size_t request) {
  std::atomic<std::uint32_t>& known = small_size_classes[request];
  std::uint32_t size = known.load(std::memory_order_relaxed);
  if (size == 0) {
    size = static_cast<std::uint32_t>(mi_good_size(request));
    known.store(size, std::memory_order_relaxed);
  }
  return size;
}
#endif
// The usable size of p, allocated for a request of `request` bytes at the
// default alignment (0: unknown or aligned). Counting the usable size, not
// the request, is what the heap really holds.
std::size_t heap_usable_size(void* p, std::size_t request) {
#if PERTURB_MIMALLOC
  // Up to 64 KiB mimalloc's block for a request is its size class,
  // mi_good_size, found without looking up the block (checked for every
  // size of mimalloc 2.0.9; past 128 KiB they differ); asking the block was
  // a twelfth of a law case.
  constexpr std::size_t kSizeClassesExact = 64 * 1024;
  if (request != 0 && request <= kSmallRequests) return small_size_class(request);
  if (request != 0 && request <= kSizeClassesExact) return mi_good_size(request);
  return mi_usable_size(p);
#else
  static_cast<void>(request);
  return malloc_usable_size(p);
#endif
}
void heap_free(void* p) {
#if PERTURB_MIMALLOC
  mi_free(p);
#else
  std::free(p);
#endif
}

std::atomic<std::uint64_t> budget{kDefaultMaxMemory};
// Signed: a thread may flush a free before another flushes the allocation.
std::atomic<std::int64_t> in_use{0};
std::atomic<std::uint64_t> peak{0};

// The bytes this thread allocated less those it freed since it last added
// them to in_use: one shared counter touched on every allocation made two
// workers wait on each other's cache line. The process's count is behind by
// at most kFlushAt per thread; this thread's own share is always included.
thread_local std::int64_t unflushed = 0;
constexpr std::int64_t kFlushAt = 64 * 1024;

// Adds this thread's unflushed bytes to in_use (and the peak).
void flush() {
  const std::int64_t now = in_use.fetch_add(unflushed, std::memory_order_relaxed) + unflushed;
  unflushed = 0;
  if (now <= 0) return;
  std::uint64_t seen = peak.load(std::memory_order_relaxed);
  while (static_cast<std::uint64_t>(now) > seen &&
         !peak.compare_exchange_weak(seen, static_cast<std::uint64_t>(now),
                                     std::memory_order_relaxed)) {
  }
}

// Counts size usable bytes allocated (positive) or freed (negative) by this thread.
void counted(std::int64_t size) {
  unflushed += size;
  if (unflushed >= kFlushAt || unflushed <= -kFlushAt) flush();
}

// Whether size more bytes fit in the budget.
bool fits(std::size_t size) {
  const std::int64_t known =
      in_use.load(std::memory_order_relaxed) + std::max<std::int64_t>(unflushed, 0);
  return static_cast<std::uint64_t>(std::max<std::int64_t>(known, 0)) + size <=
         budget.load(std::memory_order_relaxed);
}

// Whether the thread's open case (semantics/case_memory.h), if one is open,
// is charged and credited here: not for shared memory (calculus/uncharged_memory.h).
bool case_counts() { return semantics::case_memory.budget != 0 && calculus::uncharged_depth == 0; }

// Whether size more bytes fit in the budget of the thread's open case, if it counts.
bool fits_case(std::size_t size) {
  const semantics::CaseMemory& open = semantics::case_memory;
  return !case_counts() ||
         open.allocated + static_cast<std::int64_t>(size) <= static_cast<std::int64_t>(open.budget);
}

// Charges the thread's open case, which counts, for bytes (checked to fit).
void charge(std::int64_t bytes) {
  semantics::CaseMemory& open = semantics::case_memory;
  open.allocated += bytes;
  open.peak = std::max(open.peak, open.allocated);
}

void* allocate(std::size_t size, std::size_t alignment) {
  if (!fits(size) || !fits_case(size)) return nullptr;
  void* p = heap_allocate(size, alignment);
  if (p == nullptr) return p;
  const auto usable = static_cast<std::int64_t>(
      heap_usable_size(p, alignment <= alignof(std::max_align_t) ? size : 0));
  counted(usable);
  if (case_counts()) charge(usable);
  return p;
}

// Closes the case's account and throws: unwinding and reporting it need memory too.
[[noreturn]] void case_exceeded() {
  const std::uint64_t budget = semantics::case_memory.budget;
  semantics::case_memory.budget = 0;
  throw semantics::CaseMemoryExceeded(budget);
}

void* allocate_or_throw(std::size_t size, std::size_t alignment) {
  if (void* p = allocate(size, alignment)) return p;
  if (!fits(size)) throw MemoryBudgetExceeded();
  if (!fits_case(size)) case_exceeded();
  throw std::bad_alloc();
}

// calculus::charge_case: charges the open case as an allocation of size would.
void charge_open_case(std::size_t size) {
  if (!case_counts()) return;
  if (!fits_case(size)) case_exceeded();
  charge(static_cast<std::int64_t>(size));
}

[[maybe_unused]] const bool charge_hook_installed =
    (calculus::charge_hook = charge_open_case, true);

// Frees p, allocated for `request` bytes at the default alignment (0: unknown or aligned).
void release(void* p, std::size_t request = 0) noexcept {
  if (p == nullptr) return;
  const auto size = static_cast<std::int64_t>(heap_usable_size(p, request));
  counted(-size);
  if (case_counts()) semantics::case_memory.allocated -= size;
  heap_free(p);
}

constexpr std::size_t kPlain = alignof(std::max_align_t);

}  // namespace

void set_memory_budget(std::uint64_t bytes) { budget = bytes; }
std::uint64_t memory_budget() { return budget; }
std::uint64_t heap_in_use() {
  return static_cast<std::uint64_t>(std::max<std::int64_t>(in_use, 0));
}
std::uint64_t peak_heap_in_use() { return peak; }

std::string memory_budget_message() {
  // Lifts the budget first: the message itself needs memory, and the heap in
  // use is still near the budget while the command unwinds.
  const std::uint64_t exceeded = budget.exchange(UINT64_MAX);
  return fmt::format("the memory budget ran out: more than {} bytes of heap (--max-memory)",
                     exceeded);
}

void add_memory_option(CLI::App* command, std::uint64_t* also) {
  command
      ->add_option_function<std::uint64_t>(
          "--max-memory",
          [also](std::uint64_t bytes) {
            set_memory_budget(bytes);
            if (also) *also = bytes;
          },
          fmt::format("Stop with exit status 5 when the heap in use would exceed this many "
                      "bytes (default {} = 2 GiB)",
                      kDefaultMaxMemory))
      ->check(unsigned_integer_check())
      ->check(CLI::PositiveNumber);
}

}  // namespace perturb::app

// ---- the replaced global allocation functions ----

void* operator new(std::size_t size) {
  return perturb::app::allocate_or_throw(size, perturb::app::kPlain);
}
void* operator new[](std::size_t size) {
  return perturb::app::allocate_or_throw(size, perturb::app::kPlain);
}
void* operator new(std::size_t size, std::align_val_t alignment) {
  return perturb::app::allocate_or_throw(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
  return perturb::app::allocate_or_throw(size, static_cast<std::size_t>(alignment));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return perturb::app::allocate(size, perturb::app::kPlain);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return perturb::app::allocate(size, perturb::app::kPlain);
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return perturb::app::allocate(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return perturb::app::allocate(size, static_cast<std::size_t>(alignment));
}
void operator delete(void* p) noexcept { perturb::app::release(p); }
void operator delete[](void* p) noexcept { perturb::app::release(p); }
void operator delete(void* p, std::size_t size) noexcept { perturb::app::release(p, size); }
void operator delete[](void* p, std::size_t size) noexcept { perturb::app::release(p, size); }
void operator delete(void* p, std::align_val_t) noexcept { perturb::app::release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { perturb::app::release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { perturb::app::release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  perturb::app::release(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept { perturb::app::release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { perturb::app::release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  perturb::app::release(p);
}
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  perturb::app::release(p);
}
