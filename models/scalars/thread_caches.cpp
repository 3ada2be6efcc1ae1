#include "models/scalars/thread_caches.h"

#include <flint/flint.h>

namespace perturb::models {

void release_thread_caches() { flint_cleanup(); }

}  // namespace perturb::models
