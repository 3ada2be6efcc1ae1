// Why a case was discarded, sorted into the kinds a run's health is judged
// by (docs/checker.md "Health"): a discarded case is a case the user did not
// get, so each kind has the share of a run it may take at most.
#pragma once

#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace perturb::proofs {

enum class DiscardKind {
  Typing,    // the case is outside what the law or model reads (a bug in a generator)
  Internal,  // an internal limit of perturb was hit where none should be
  // A side's value is NaN or infinite at the point and nothing decides
  // whether the law is at fault (a model without a certified twin).
  NonFinite,
  Budget,    // a budget of the case: steps, size, depth, its memory
  Rounding,  // the comparison cannot decide within the precision (certified models)
  // A proving model (models/symbolic/symbolic.h) neither proved nor refuted the
  // instance: the sides agree at the point, the simplification did not reach 0.
  Inconclusive,
  // The case ran past check --case-timeout and its worker process was
  // killed (proofs/run/worker_processes.h): it may never end.
  Hang,
  // A primitive was applied outside its smooth set (calculus/primitive_domain.h):
  // the law says nothing there.
  OutsideDomain,
  // A value went beyond the double range, as the certified twin shows
  // (proofs/binding/certified_twin.h): double cannot hold the case.
  Overflow,
  // The model under test and Perturb's own double model both differ from
  // the reference (proofs/laws/reference_laws.h): double cannot hold the case.
  IllConditioned,
  // The model differs from the reference at a kink, where the reference
  // taking one of the kink's branches reproduces it: an admissible
  // convention (spec §6, "Kinks"), not a defect.
  KinkConvention,
};

inline constexpr std::array<DiscardKind, 11> kDiscardKinds = {
    DiscardKind::Typing,         DiscardKind::Internal,      DiscardKind::NonFinite,
    DiscardKind::Budget,         DiscardKind::Rounding,      DiscardKind::Inconclusive,
    DiscardKind::Hang,           DiscardKind::OutsideDomain, DiscardKind::Overflow,
    DiscardKind::IllConditioned, DiscardKind::KinkConvention};

// "typing", "internal", "non-finite", "budget", "rounding", "inconclusive", "hang",
// "outside-domain", "overflow", "ill-conditioned", "kink-convention": the names of
// report.json and of check --discard-limit.
std::string_view discard_kind_name(DiscardKind kind);
std::optional<DiscardKind> parse_discard_kind(std::string_view name);
// The names, comma-separated, for messages and --help: "typing, internal, …".
std::string discard_kind_names();

// The share of a law × model pair's cases each kind may take: the pair is
// unhealthy when the 95 % lower confidence bound of a kind's share exceeds
// its limit (proofs/run/health.h).
struct DiscardLimits {
  std::array<double, kDiscardKinds.size()> shares = {0.0, 0.0,  0.05, 0.01, 0.01, 0.05,
                                                     0.0, 0.01, 0.05, 0.01, 0.1};

  double of(DiscardKind kind) const { return shares[static_cast<std::size_t>(kind)]; }
  void set(DiscardKind kind, double share) { shares[static_cast<std::size_t>(kind)] = share; }
};

// A case that says nothing about the law (normalization gave up, a term grew
// too large, a value is not finite): counted as discarded, under its kind
// and reason. The reason must not depend on the case beyond its kind of
// trouble ("normalization gave up: step budget …", not the step count), so
// that a run's discards add up to a few reasons.
class Discard : public std::runtime_error {
 public:
  Discard(DiscardKind kind, const std::string& reason) : std::runtime_error(reason), kind_(kind) {}
  DiscardKind kind() const { return kind_; }

 private:
  DiscardKind kind_;
};

}  // namespace perturb::proofs
