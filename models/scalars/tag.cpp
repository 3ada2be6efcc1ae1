#include "models/scalars/tag.h"

#include <atomic>
#include <limits>

#include "calculus/error.h"

namespace perturb::models {

namespace {
// Tag 0 is never handed out, so a zero-initialised Tag is visibly not fresh.
std::atomic<Tag> next_tag{1};
}  // namespace

Tag fresh_tag() {
  // A compare-exchange loop rather than fetch_add: once the space is exhausted
  // every later call must fail too, never wrap around and reissue old tags.
  Tag tag = next_tag.load(std::memory_order_relaxed);
  do {
    calculus::check(tag != std::numeric_limits<Tag>::max(),
                    "fresh_tag: the 32-bit tag space is exhausted");
  } while (!next_tag.compare_exchange_weak(tag, tag + 1, std::memory_order_relaxed));
  return tag;
}

}  // namespace perturb::models
