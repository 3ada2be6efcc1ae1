// Which branch the kinked primitives take exactly at their kink: by default
// the models' convention (abs at 0: 0; max and min at a tie: the mean),
// otherwise one of the two smooth branches, for the reference laws to ask
// whether a model's value at a kink is a convention some admissible choice
// reproduces (spec §6, "Kinks"; proofs/binding/reference_law_binding.cpp).
#pragma once

namespace perturb::models {

enum class KinkBranch {
  Convention,  // abs 0 = 0 along every direction; max, min at a tie: (x + y)/2
  First,       // abs: x (slope 1); max, min: x, the first argument
  Second,      // abs: −x (slope −1); max, min: y, the second argument
};

// The branch abs takes at 0, and the one max and min take at a tie.
struct KinkBranches {
  KinkBranch abs = KinkBranch::Convention;
  KinkBranch tie = KinkBranch::Convention;
};

// This thread's branches; the conventions unless a TakingKinkBranches lives.
KinkBranches kink_branches();

// Makes the kinked primitives of this thread take `branches` while it lives.
class TakingKinkBranches {
 public:
  explicit TakingKinkBranches(KinkBranches branches);
  ~TakingKinkBranches();
  TakingKinkBranches(const TakingKinkBranches&) = delete;
  TakingKinkBranches& operator=(const TakingKinkBranches&) = delete;

 private:
  KinkBranches previous_;
};

}  // namespace perturb::models
