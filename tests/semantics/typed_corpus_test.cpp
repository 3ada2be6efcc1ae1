// The typed corpus (tests/semantics/typed_corpus.txt): closed, well-typed
// terms of first-order type with their types and hand-derived values. For
// every entry: the term elaborates (spec Fig. 1, §6) to the recorded type, its
// value in the closures model (spec §5; models/closures/closures.h) is the recorded
// one, and its normal form (spec §4, Fig. 3, §6), reached under normal and
// applicative order, is a normal form with the same value (soundness of
// reduction, spec §5).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "calculus/normalize.h"
#include "calculus/parse.h"
#include "calculus/print.h"
#include "calculus/type.h"
#include "models/closures/closures.h"
#include "semantics/interpret.h"

using namespace perturb;
namespace fs = std::filesystem;

namespace {

struct Entry {
  int line = 0;  // where its block starts in the file
  std::string category, term, type, value, old;
};

// The corpus next to this file ($PERTURB_SOURCE/tests/semantics when set).
fs::path corpus_path() {
  if (const char* source = std::getenv("PERTURB_SOURCE")) {
    return fs::path(source) / "tests" / "semantics" / "typed_corpus.txt";
  }
  return fs::path(__FILE__).parent_path() / "typed_corpus.txt";
}

// Blocks of `field: text` lines separated by blank lines; `#` lines are comments.
std::vector<Entry> read_corpus() {
  std::ifstream in(corpus_path());
  REQUIRE(in.good());
  std::vector<Entry> entries;
  std::optional<Entry> current;
  std::string line;
  int number = 0;
  const auto finish = [&] {
    if (current) entries.push_back(*current);
    current.reset();
  };
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
      finish();
      continue;
    }
    if (line[0] == '#') continue;
    const std::size_t colon = line.find(": ");
    INFO("typed_corpus.txt line " << number << ": " << line);
    REQUIRE(colon != std::string::npos);
    const std::string field = line.substr(0, colon), text = line.substr(colon + 2);
    if (!current) {
      current = Entry{};
      current->line = number;
    }
    if (field == "category") {
      current->category = text;
    } else if (field == "term") {
      current->term = text;
    } else if (field == "type") {
      current->type = text;
    } else if (field == "value") {
      current->value = text;
    } else if (field == "old") {
      current->old = text;
    } else {
      FAIL("unknown field " << field);
    }
  }
  finish();
  return entries;
}

// The numbers of a value `2.5` or `<<1, 2>, 3>`, left to right, with the
// shape written back as a type (`R`, `R * R`, ...) for comparison with the
// entry's type.
struct ExpectedValue {
  std::vector<double> numbers;
  calculus::Type shape;
};

ExpectedValue parse_value(const std::string& text) {
  std::size_t at = 0;
  ExpectedValue result;
  const auto skip = [&] {
    while (at < text.size() && text[at] == ' ') ++at;
  };
  const auto expect = [&](char c) {
    skip();
    if (at >= text.size() || text[at] != c) FAIL("value `" << text << "`: expected " << c);
    ++at;
  };
  std::function<calculus::Type()> value = [&]() -> calculus::Type {
    skip();
    if (at < text.size() && text[at] == '<') {
      ++at;
      calculus::Type first = value();
      expect(',');
      calculus::Type second = value();
      expect('>');
      return calculus::mk_product(first, second);
    }
    const char* begin = text.c_str() + at;
    char* end = nullptr;
    const double number = std::strtod(begin, &end);
    if (end == begin) FAIL("value `" << text << "`: expected a number at " << at);
    at += static_cast<std::size_t>(end - begin);
    result.numbers.push_back(number);
    return calculus::real_type();
  };
  result.shape = value();
  skip();
  if (at != text.size()) FAIL("value `" << text << "`: trailing text");
  return result;
}

// The reals of a point of a first-order type (R and ×), left to right; the
// zero value reads as 0 at every type (models/closures/value.h).
void flatten(const models::closures::Value& point, const calculus::Type& type,
             std::vector<double>& out) {
  if (calculus::is_real(type)) {
    out.push_back(models::closures::scalar_of(point).primal_value());
  } else if (calculus::is_product(type)) {
    flatten(models::closures::component(point, 0), calculus::product_component(type, 1), out);
    flatten(models::closures::component(point, 1), calculus::product_component(type, 2), out);
  } else {
    FAIL("not a first-order type: " << calculus::to_string(type));
  }
}

bool close(double found, double expected) {
  return std::abs(found - expected) <= 1e-12 + 1e-9 * std::abs(expected);
}

std::string join(const std::vector<double>& numbers) {
  std::ostringstream out;
  out.precision(17);
  for (std::size_t i = 0; i < numbers.size(); ++i) out << (i ? ", " : "") << numbers[i];
  return out.str();
}

// The value of a closed term in closures, flattened; fails the test case on an Error.
std::vector<double> closures_value(const calculus::Term& term, const calculus::Type& type) {
  const models::Closures c;
  auto point = semantics::evaluate_closed(c, term, type);
  if (!point) FAIL("evaluation failed: " << point.error().to_string());
  std::vector<double> out;
  flatten(*point, type, out);
  return out;
}

// Checks found against expected, number by number.
void check_close(const std::vector<double>& found, const std::vector<double>& expected) {
  INFO("found [" << join(found) << "], expected [" << join(expected) << "]");
  REQUIRE(found.size() == expected.size());
  for (std::size_t i = 0; i < found.size(); ++i) CHECK(close(found[i], expected[i]));
}

double closures_real(const std::string& text) {
  auto program = calculus::parse_program(text);
  INFO(text);
  if (!program) FAIL(program.error().to_string());
  REQUIRE(calculus::is_real(program->type));
  const std::vector<double> value = closures_value(program->term, program->type);
  REQUIRE(value.size() == 1);
  return value[0];
}

}  // namespace

TEST_CASE("the typed corpus is large and covers every category", "[corpus]") {
  const std::vector<Entry> entries = read_corpus();
  std::map<std::string, int> per_category;
  for (const Entry& entry : entries) {
    INFO("entry at line " << entry.line);
    CHECK_FALSE(entry.category.empty());
    CHECK_FALSE(entry.term.empty());
    CHECK_FALSE(entry.type.empty());
    CHECK_FALSE(entry.value.empty());
    ++per_category[entry.category];
  }
  CHECK(entries.size() >= 50);
  CHECK(per_category.size() == 6);
  for (const auto& [category, count] : per_category) {
    INFO(category << ": " << count << " entries");
    CHECK(count >= 5);
  }
}

TEST_CASE("every corpus entry has its type and value, before and after normalizing",
          "[corpus][closures]") {
  const std::vector<Entry> entries = read_corpus();
  for (const Entry& entry : entries) {
    INFO("typed_corpus.txt line " << entry.line << " [" << entry.category
                                  << "]\n  term:  " << entry.term << "\n  type:  " << entry.type
                                  << "\n  value: " << entry.value);
    auto program = calculus::parse_program(entry.term);
    if (!program) {
      FAIL_CHECK("does not elaborate: " << program.error().to_string());
      continue;
    }
    auto type = calculus::parse_type(entry.type);
    REQUIRE(type.ok());
    INFO("elaborated type: " << calculus::to_string(program->type));
    CHECK(calculus::to_string(program->type) == calculus::to_string(*type));
    if (program->type != *type) continue;
    const ExpectedValue expected = parse_value(entry.value);
    INFO("shape of the value: " << calculus::to_string(expected.shape));
    CHECK(expected.shape == *type);
    if (expected.shape != *type) continue;

    {
      INFO("value of the term");
      check_close(closures_value(program->term, program->type), expected.numbers);
    }
    for (const calculus::Strategy strategy :
         {calculus::Strategy::NormalOrder, calculus::Strategy::ApplicativeOrder}) {
      calculus::NormalizeOptions options;
      options.strategy = strategy;
      const calculus::NormalizeResult result = calculus::normalize(program->term, options);
      INFO(calculus::strategy_name(strategy)
           << " order: " << calculus::describe(result)
           << "\n  normal form: " << calculus::to_string(result.term));
      CHECK(result.status == calculus::NormalizeStatus::NormalForm);
      if (result.status != calculus::NormalizeStatus::NormalForm) continue;
      CHECK(result.term->type() == program->type);
      check_close(closures_value(result.term, program->type), expected.numbers);
    }
  }
}

TEST_CASE("the two known corpus values", "[corpus][closures]") {
  CHECK(closures_real("let p = D (\\x:R. <\\y:R. x * y, \\y:R. y>) 2 in pi1 p 3") == Approx(3));
  CHECK(closures_real("pi1 (T (pi2 <1, (\\y:R. \\z:R. y * z)>) <2.5, 0.5>) 1") == Approx(2.5));
}
