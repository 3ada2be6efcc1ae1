// User errors as values (after Carbon's explorer): a function that can fail on
// user input returns ErrorOr<T>; a broken internal invariant is a CHECK, i.e.
// an exception of type InternalError, never an ErrorOr.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace perturb::calculus {

// A place in user input: 1-based line and column.
struct SourcePosition {
  int line = 1;
  int column = 1;
  friend bool operator==(const SourcePosition&, const SourcePosition&) = default;
};

// What went wrong, in one line, and where in the input if anywhere; the
// kind where a caller acts on it (the message is for people).
enum class ErrorKind { Other, UnknownName };

struct Error {
  std::string message;
  std::optional<SourcePosition> position;
  ErrorKind kind = ErrorKind::Other;

  // "line L, column C: message", or just the message when there is no position.
  std::string to_string() const;
};

// A T, or the Error that prevented computing it.
template <class T>
class [[nodiscard]] ErrorOr {
 public:
  ErrorOr(T value) : state_(std::move(value)) {}
  ErrorOr(Error error) : state_(std::move(error)) {}

  bool ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return ok(); }

  const T& value() const& { return std::get<T>(state_); }
  T& value() & { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }
  const Error& error() const { return std::get<Error>(state_); }

  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

 private:
  std::variant<T, Error> state_;
};

// text in single quotes for an error message; a token longer than
// kMaxQuotedBytes is cut, its length said: "'aaaa…' (10485760 bytes)".
inline constexpr std::size_t kMaxQuotedBytes = 64;
std::string quoted(std::string_view text);

// The longest prefix of text of at most max_bytes that does not split a UTF-8
// sequence.
std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes);

// A violated internal invariant: a bug in Perturb, not in the user's input.
class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

// A type or term would exceed the depth limit (kMaxTypeDepth, kMaxTermDepth).
// Constructors throw it so that no later traversal recurses without bound; the
// parser and the reducer turn it into an Error or a "gave up" result.
class TooDeep : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws InternalError(message); out of line, so that the test is all of
// `check` that is inlined where it is called (evaluations call it per step).
[[noreturn]] void throw_internal_error(const char* message);

// Throws InternalError(message) unless condition holds.
inline void check(bool condition, const char* message) {
  if (!condition) [[unlikely]]
    throw_internal_error(message);
}

}  // namespace perturb::calculus
