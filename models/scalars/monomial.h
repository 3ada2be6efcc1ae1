// A monomial of F[ε1, ε2, …]/(εi²): a product of distinct infinitesimals,
// represented by the strictly increasing list of their tags. The empty
// monomial is 1. Since εi² = 0, a monomial never repeats a tag.
#pragma once

#include <algorithm>
#include <optional>
#include <string>

#include "models/scalars/tag.h"

// GCC 12 reports a false -Wstringop-overread inside small_vector's inline
// storage moves (the bound it assumes is the heap case's); silence it there only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif
#include <boost/container/small_vector.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

namespace perturb::models {

// Two inline tags cover first and second derivatives without allocation.
using Monomial = boost::container::small_vector<Tag, 2>;

// The graded order: fewer tags first, then lexicographic. Any strict total
// order would do for canonical forms; this one prints ε1 + ε2 + ε1ε2.
inline bool monomial_less(const Monomial& a, const Monomial& b) {
  if (a.size() != b.size()) return a.size() < b.size();
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
}

// Whether ε_tag divides the monomial.
inline bool monomial_contains(const Monomial& monomial, Tag tag) {
  return std::binary_search(monomial.begin(), monomial.end(), tag);
}

// The product a·b, or nothing when they share a tag (εi² = 0).
inline std::optional<Monomial> monomial_product(const Monomial& a, const Monomial& b) {
  Monomial product;
  product.reserve(a.size() + b.size());
  auto i = a.begin();
  auto j = b.begin();
  while (i != a.end() && j != b.end()) {
    if (*i == *j) return std::nullopt;
    product.push_back(*i < *j ? *i++ : *j++);
  }
  product.insert(product.end(), i, a.end());
  product.insert(product.end(), j, b.end());
  return product;
}

// The monomial with ε_tag removed (unchanged if it does not contain it).
inline Monomial monomial_without(const Monomial& monomial, Tag tag) {
  Monomial rest;
  rest.reserve(monomial.size());
  std::copy_if(monomial.begin(), monomial.end(), std::back_inserter(rest),
               [tag](Tag t) { return t != tag; });
  return rest;
}

// The monomial with the tags a and b exchanged.
inline Monomial monomial_swapped(const Monomial& monomial, Tag a, Tag b) {
  Monomial result(monomial);
  for (Tag& t : result) t = t == a ? b : t == b ? a : t;
  std::sort(result.begin(), result.end());
  return result;
}

// "ε3ε7"; the empty monomial prints as "".
inline std::string monomial_to_string(const Monomial& monomial) {
  std::string text;
  for (Tag t : monomial) text += "ε" + std::to_string(t);
  return text;
}

}  // namespace perturb::models
