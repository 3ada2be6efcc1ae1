#include "app/mpi_session.h"

#include <cstdlib>
#include <limits>
#include <stdexcept>

#if PERTURB_HAVE_MPI
#define OMPI_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace perturb::app {

#if PERTURB_HAVE_MPI

bool mpi_built() { return true; }

MpiSession::MpiSession() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  // Threads count cases; only this thread calls MPI.
  int provided = 0;
  if (!initialized) MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() { MPI_Finalize(); }

std::vector<std::string> MpiSession::gather(const std::string& text) const {
  if (text.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw std::length_error("a rank's tallies exceed 2 GiB");
  const int length = static_cast<int>(text.size());
  std::vector<int> lengths(rank_ == 0 ? size_ : 0), offsets(rank_ == 0 ? size_ : 0);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string all;
  if (rank_ == 0) {
    long long total = 0;
    for (int r = 0; r < size_; ++r) {
      offsets[r] = static_cast<int>(total);
      total += lengths[r];
    }
    if (total > std::numeric_limits<int>::max())
      throw std::length_error("the ranks' tallies exceed 2 GiB");
    all.resize(static_cast<std::size_t>(total));
  }
  MPI_Gatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
              0, MPI_COMM_WORLD);
  std::vector<std::string> texts;
  for (int r = 0; rank_ == 0 && r < size_; ++r) texts.push_back(all.substr(offsets[r], lengths[r]));
  return texts;
}

int MpiSession::broadcast(int value) const {
  MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return value;
}

void MpiSession::abort(int status) const {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);
}

#else

bool mpi_built() { return false; }

MpiSession::MpiSession() {
  throw std::logic_error("MpiSession without MPI: check mpi_built() first");
}
MpiSession::~MpiSession() = default;
std::vector<std::string> MpiSession::gather(const std::string&) const { return {}; }
int MpiSession::broadcast(int value) const { return value; }
void MpiSession::abort(int status) const { std::_Exit(status); }

#endif

}  // namespace perturb::app
