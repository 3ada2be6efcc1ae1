// The coordinate symbols x0, x1, … of the model `symbolic`: one GiNaC symbol
// per index, made once and kept for the life of the process (a morphism may
// outlive the static objects of its program). The caller holds
// Symbolic::exclusive().
#pragma once

#include <fmt/format.h>
#include <ginac/ginac.h>

#include <cstddef>
#include <map>
#include <vector>

#include "calculus/error.h"

namespace perturb::models::expressions {

namespace detail {

struct SymbolTable {
  std::vector<GiNaC::ex> symbols;
  std::map<GiNaC::ex, int, GiNaC::ex_is_less> indices;
};

// Never destroyed: a morphism may outlive the static objects of its program.
inline SymbolTable& symbol_table() {
  static auto* const table = new SymbolTable;
  return *table;
}

}  // namespace detail

// The symbol xi, made on first use; index ≥ 0.
inline GiNaC::ex coordinate_symbol(int index) {
  calculus::check(index >= 0, "symbolic: a negative coordinate");
  detail::SymbolTable& table = detail::symbol_table();
  while (static_cast<int>(table.symbols.size()) <= index) {
    const int next = static_cast<int>(table.symbols.size());
    const GiNaC::ex symbol = GiNaC::realsymbol(fmt::format("x{}", next));
    table.symbols.push_back(symbol);
    table.indices.emplace(symbol, next);
  }
  return table.symbols[static_cast<std::size_t>(index)];
}

// The index of a coordinate symbol; throws InternalError for any other symbol.
inline int symbol_index(const GiNaC::ex& symbol) {
  const detail::SymbolTable& table = detail::symbol_table();
  const auto found = table.indices.find(symbol);
  calculus::check(found != table.indices.end(), "symbolic: a symbol that is not a coordinate");
  return found->second;
}

}  // namespace perturb::models::expressions
