// The hash-consing tables of terms and types (calculus/intern_table.h) hold
// an entry for every node that ever lived until a sweep drops the dead ones,
// and sweeps come at twice the size of the last survivors: after a large
// computation, tens of MB of dead entries stay. A caller that knows one just
// ended (proofs/run/runner.cpp, after a large case) drops them at once.
#pragma once

namespace perturb::calculus {

// Drops the entries of dead nodes from the tables of terms and types.
void release_dead_nodes();

namespace detail {
// The types' half of release_dead_nodes (calculus/type.cpp).
void release_dead_types();
}  // namespace detail

}  // namespace perturb::calculus
