#include "models/scalars/kink_branch.h"

namespace perturb::models {
namespace {

thread_local KinkBranches current;

}  // namespace

KinkBranches kink_branches() { return current; }

TakingKinkBranches::TakingKinkBranches(KinkBranches branches) : previous_(current) {
  current = branches;
}

TakingKinkBranches::~TakingKinkBranches() { current = previous_; }

}  // namespace perturb::models
