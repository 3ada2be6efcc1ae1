#include "models/closures/foils.h"

namespace perturb::models {

Tag shared_untagged_infinitesimal() {
  static const Tag tag = fresh_tag();
  return tag;
}

}  // namespace perturb::models
