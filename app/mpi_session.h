// `perturb check --mpi` under mpirun (docs/distributed.md): each rank runs
// one shard of the run (rank r of n: shard r+1/n) and sends its tallies to
// rank 0, which writes the merged report. MPI is Open MPI's C API, built in
// when CMake finds it (Debian: libopenmpi-dev); without it, asking for
// --mpi is bad usage with a message that says so.
#pragma once

#include <string>
#include <vector>

namespace perturb::app {

// Whether this perturb was built with MPI.
bool mpi_built();

// MPI from construction (MPI_Init) to destruction (MPI_Finalize); only when mpi_built().
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

  // Every rank's text, in rank order, at rank 0; empty at the others.
  std::vector<std::string> gather(const std::string& text) const;
  // Rank 0's value, at every rank.
  int broadcast(int value) const;
  // Ends every rank of the job (a rank that failed would leave the others
  // waiting in gather or broadcast for ever).
  [[noreturn]] void abort(int status) const;

 private:
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace perturb::app
