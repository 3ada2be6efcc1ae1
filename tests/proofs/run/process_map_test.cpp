// Computations in forked processes (proofs/run/process_map.h): every answer, in
// order, computed in other processes; what a process could not answer
// computed in the caller; answers of any size and content.
#include "proofs/run/process_map.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

using namespace perturb::proofs;

namespace {

// "INDEX PID": which process answered.
std::string answer_with_pid(std::uint64_t index) {
  return std::to_string(index) + ' ' + std::to_string(getpid());
}

std::string index_of(const std::string& answer) { return answer.substr(0, answer.find(' ')); }
std::string pid_of(const std::string& answer) { return answer.substr(answer.find(' ') + 1); }
bool answered_here(const std::string& answer) { return pid_of(answer) == std::to_string(getpid()); }

}  // namespace

TEST_CASE("map_in_processes answers every index in order, in forked processes",
          "[processes][process_map]") {
  const unsigned jobs = GENERATE(1u, 2u, 3u);
  const std::uint64_t count = GENERATE(0u, 1u, 7u, 40u);
  INFO(count << " indices on " << jobs << " processes");
  const std::vector<std::string> answers = map_in_processes(count, jobs, answer_with_pid);
  REQUIRE(answers.size() == count);
  for (std::uint64_t i = 0; i < count; ++i) {
    CHECK(index_of(answers[i]) == std::to_string(i));
    CHECK_FALSE(answered_here(answers[i]));
  }
  // Indices 0 and 1 go to two processes, before either answers.
  if (jobs >= 2 && count >= 2) CHECK(pid_of(answers[0]) != pid_of(answers[1]));
}

TEST_CASE("map_in_processes answers here what a process could not", "[processes][process_map]") {
  const pid_t caller = getpid();
  // Index 3 throws in a forked process and index 5 ends it; both are
  // answered in the caller, the others still in forked processes.
  const auto task = [caller](std::uint64_t index) {
    if (getpid() != caller && index == 3) throw std::runtime_error("not here");
    if (getpid() != caller && index == 5) _exit(70);
    return answer_with_pid(index);
  };
  const std::vector<std::string> answers = map_in_processes(12, 2, task);
  REQUIRE(answers.size() == 12);
  int here = 0;
  for (std::uint64_t i = 0; i < 12; ++i) {
    INFO("index " << i << ": " << answers[i]);
    CHECK(index_of(answers[i]) == std::to_string(i));
    here += answered_here(answers[i]) ? 1 : 0;
    if (i == 3 || i == 5) CHECK(answered_here(answers[i]));
  }
  // Only they: the other process answers the rest after one ended at 5.
  CHECK(here == 2);
}

TEST_CASE("map_in_processes throws what the task throws in the caller",
          "[processes][process_map]") {
  const auto task = [](std::uint64_t index) -> std::string {
    if (index == 4) throw std::runtime_error("index 4 has no answer");
    return std::to_string(index);
  };
  CHECK_THROWS_WITH(map_in_processes(9, 2, task), "index 4 has no answer");
}

TEST_CASE("map_in_processes ends with std::bad_alloc when a process's memory ran out",
          "[processes][process_map]") {
  // As a first-phase worker past --max-memory ends the run (exit status 5),
  // rather than the index being computed again here.
  const pid_t caller = getpid();
  const auto task = [caller](std::uint64_t index) {
    if (getpid() != caller && index == 2) throw std::bad_alloc();
    return answer_with_pid(index);
  };
  CHECK_THROWS_AS(map_in_processes(6, 2, task), std::bad_alloc);
}

TEST_CASE("map_in_processes returns answers of any size and bytes", "[processes][process_map]") {
  // Larger than a pipe's buffer, with line ends and zero bytes inside; an
  // answer computed here would end in "here" and differ.
  const pid_t caller = getpid();
  const auto expected = [](std::uint64_t index) {
    std::string answer(200000 + index, 'x');
    answer[index] = '\n';
    answer[answer.size() - 1 - index] = '\0';
    return answer;
  };
  const auto task = [&](std::uint64_t index) {
    return expected(index) + (getpid() == caller ? "here" : "");
  };
  const std::vector<std::string> answers = map_in_processes(6, 2, task);
  REQUIRE(answers.size() == 6);
  for (std::uint64_t i = 0; i < 6; ++i) CHECK(answers[i] == expected(i));
}
