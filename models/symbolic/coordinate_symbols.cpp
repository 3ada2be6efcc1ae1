#include "models/symbolic/coordinate_symbols.h"

#include <fmt/format.h>

#include <map>
#include <vector>

#include "calculus/error.h"

namespace perturb::models::expressions {

namespace {

using GiNaC::ex;

struct SymbolTable {
  std::vector<ex> symbols;
  std::map<ex, int, GiNaC::ex_is_less> indices;
};

SymbolTable& symbol_table() {
  static auto* const table = new SymbolTable;
  return *table;
}

}  // namespace

ex coordinate_symbol(int index) {
  calculus::check(index >= 0, "symbolic: a negative coordinate");
  SymbolTable& table = symbol_table();
  while (static_cast<int>(table.symbols.size()) <= index) {
    const int next = static_cast<int>(table.symbols.size());
    const ex symbol = GiNaC::realsymbol(fmt::format("x{}", next));
    table.symbols.push_back(symbol);
    table.indices.emplace(symbol, next);
  }
  return table.symbols[static_cast<std::size_t>(index)];
}

int symbol_index(const ex& symbol) {
  const SymbolTable& table = symbol_table();
  const auto found = table.indices.find(symbol);
  calculus::check(found != table.indices.end(), "symbolic: a symbol that is not a coordinate");
  return found->second;
}

}  // namespace perturb::models::expressions
