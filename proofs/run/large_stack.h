// Running a body on a large stack without starting a thread: how a process
// that checks cases with one worker (`--jobs 1`, and each worker process of
// `--jobs 2` and more) gets the stack its deepest cases need.
#pragma once

#include <functional>

namespace perturb::proofs {

// Runs `body` to its end on a stack of kWorkerStack bytes (proofs/run/worker_thread.h)
// on the calling thread, and rethrows what it throws.
//
// Why not a WorkerThread: a process that has ever started a thread clears
// glibc's __libc_single_threaded for good, and libstdc++ then makes every
// shared_ptr reference count an atomic read-modify-write. Terms, types and
// the closures model's morphisms are shared_ptrs; with one worker those
// atomics were about a tenth of checking a case, and nothing needed them.
//
// In sanitizer builds the body runs on a WorkerThread instead: AddressSanitizer
// follows a switch of stacks only with annotations this code does not make.
void run_on_large_stack(const std::function<void()>& body);

// Whether run_on_large_stack runs its body on the calling thread: everywhere
// but in the sanitizer builds, which define PERTURB_LARGE_STACK_ON_THREAD.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PERTURB_LARGE_STACK_ON_THREAD 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PERTURB_LARGE_STACK_ON_THREAD 1
#endif
#ifdef PERTURB_LARGE_STACK_ON_THREAD
inline constexpr bool kLargeStackOnCallingThread = false;
#else
inline constexpr bool kLargeStackOnCallingThread = true;
#endif

}  // namespace perturb::proofs
