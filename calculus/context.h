// Typing contexts Γ = x1:σ1; …; xn:σn (spec §3, §5), left-nested: the last
// entry is de Bruijn index 0, matching |Γ; x:σ| = |Γ| × |σ|.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "calculus/type.h"

namespace perturb::calculus {

struct Binding {
  std::string name;
  Type type;
};

class Context {
 public:
  Context() = default;
  explicit Context(std::vector<Binding> entries) : entries_(std::move(entries)) {}

  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  // The binding of de Bruijn index i (0 is the most recent); requires i < size().
  const Binding& at(std::uint32_t index) const { return entries_[entries_.size() - 1 - index]; }
  // The de Bruijn index of the innermost binding named name, if any.
  std::optional<std::uint32_t> lookup(const std::string& name) const {
    for (std::size_t i = entries_.size(); i-- > 0;) {
      if (entries_[i].name == name) return static_cast<std::uint32_t>(entries_.size() - 1 - i);
    }
    return std::nullopt;
  }
  // Γ; name:type.
  Context extended(std::string name, Type type) const {
    Context copy = *this;
    copy.push(std::move(name), std::move(type));
    return copy;
  }
  void push(std::string name, Type type) { entries_.push_back({std::move(name), std::move(type)}); }
  void pop() { entries_.pop_back(); }
  // Outermost first, as the context is written.
  const std::vector<Binding>& entries() const { return entries_; }

 private:
  std::vector<Binding> entries_;
};

}  // namespace perturb::calculus
