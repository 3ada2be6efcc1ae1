// What the numeric libraries keep per thread, freed when a thread is done.
#pragma once

namespace perturb::models {

// Frees FLINT's and Arb's caches of the calling thread (the constants π, log 2
// and the like at the precisions used, and FLINT's pool of integers).
// A thread that evaluated balls calls it before it ends: the caches live in
// thread-local variables that nothing frees when the thread exits, so each
// finished thread would leave them behind (LeakSanitizer reported them).
void release_thread_caches();

}  // namespace perturb::models
