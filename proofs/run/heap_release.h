// Handing the heap's free memory back to the system after a large case
// (proofs/run/runner.cpp). glibc's malloc_trim by default; an executable whose
// heap is another allocator installs that allocator's own (app/memory_budget.cpp:
// mimalloc's mi_collect): malloc_trim on a glibc heap that was never used
// initialises it, which two threads at once crashed.
#pragma once

#include <malloc.h>

namespace perturb::proofs {

inline void (*release_free_heap)() = [] { malloc_trim(0); };

}  // namespace perturb::proofs
