#include "models/scalars/declared_primitive.h"

#include <vector>

#include "calculus/declared_primitive.h"
#include "models/scalars/elementary.h"
#include "semantics/evaluation_record.h"

namespace perturb::models {
namespace {

thread_local bool from_series = false;

// The bits at which a double model reads a series: past the 53 of a double,
// so that the nearest double of each coefficient is what it gets.
constexpr long kSeriesBits = 128;

// The number of reals a value of type t holds (R: 1, a product: the sum, 1: none).
std::size_t width(const calculus::Type& t) {
  if (calculus::is_real(t)) return 1;
  if (calculus::is_product(t))
    return width(calculus::product_component(t, 1)) + width(calculus::product_component(t, 2));
  return 0;
}

// The value of a derivative term (calculus::declared_derivative's fragment)
// at x, as the reals of its type.
std::vector<Tagged<double>> evaluate(const calculus::Term& t, const Tagged<double>& x) {
  using calculus::TermKind;
  switch (t->kind()) {
    case TermKind::Var:
      return {x};
    case TermKind::Lit:
      return {Tagged<double>(calculus::lit_value(t))};
    case TermKind::App: {
      const calculus::Primitive p = calculus::prim_of(calculus::app_fn(t));
      const std::vector<Tagged<double>> args = evaluate(calculus::app_arg(t), x);
      if (calculus::spec_of(p).arity == 1) return {apply_unary(p, args.at(0))};
      return {apply_binary(p, args.at(0), args.at(1))};
    }
    case TermKind::Inj: {
      const std::vector<Tagged<double>> v = evaluate(calculus::operand(t), x);
      const int k = calculus::component(t);
      std::vector<Tagged<double>> result(width(calculus::product_component(t->type(), 3 - k)));
      result.insert(k == 1 ? result.begin() : result.end(), v.begin(), v.end());
      return result;
    }
    case TermKind::Proj: {
      const calculus::Term& pair = calculus::operand(t);
      const std::vector<Tagged<double>> v = evaluate(pair, x);
      const std::size_t first = width(calculus::product_component(pair->type(), 1));
      if (calculus::component(t) == 1) return {v.begin(), v.begin() + static_cast<long>(first)};
      return {v.begin() + static_cast<long>(first), v.end()};
    }
    case TermKind::Sum: {
      std::vector<Tagged<double>> total(width(t->type()));
      for (const calculus::Term& s : t->children()) {
        const std::vector<Tagged<double>> v = evaluate(s, x);
        for (std::size_t i = 0; i < total.size(); ++i) total[i] += v.at(i);
      }
      return total;
    }
    default:
      throw calculus::InternalError("a declared derivative outside its fragment");
  }
}

// The order of x's Taylor expansion: how many derivatives f(x) needs.
template <class F>
int order_of(const Tagged<F>& x) {
  if (x.is_unperturbed()) return 0;
  if (x.has_one_tag()) return 1;
  return static_cast<int>(x.nilpotent().tag_count());
}

std::vector<Ball> series_derivatives(calculus::Primitive primitive, const Ball& a, int order);

// f⁽ᵏ⁾(a) for k = 0 … order, from the declared value and derivative term
// (or, under DerivativesFromSeries, from the series).
std::vector<double> derivatives_at(calculus::Primitive primitive, double a, int order) {
  if (from_series && calculus::spec_of(primitive).has_series) {
    const BallPrecision bits(kSeriesBits);
    std::vector<double> d;
    for (const Ball& b : series_derivatives(primitive, Ball(a), order)) d.push_back(b.midpoint());
    return d;
  }
  std::vector<double> d(static_cast<std::size_t>(order) + 1);
  d[0] = calculus::evaluate_primitive(primitive, a);
  if (order == 0) return d;
  // The derivative's own applications are not the case's: not noted.
  semantics::EvaluationRecord scratch;
  const semantics::EvaluationRecording unnoted(scratch);
  std::vector<Tag> tags;
  Tagged<double> at(a);
  for (int j = 1; j < order; ++j) {
    tags.push_back(fresh_tag());
    at += Tagged<double>::infinitesimal(tags.back());
  }
  Tagged<double> g = evaluate(calculus::declared_derivative(primitive), at).at(0);
  for (int j = 0; j < order; ++j) {
    d[static_cast<std::size_t>(j) + 1] = g.primal_value();
    if (j + 1 < order) g = g.tangent(tags[static_cast<std::size_t>(j)]);
  }
  return d;
}

// f⁽ᵏ⁾(a) for k = 0 … order, from the declared series.
std::vector<Ball> series_derivatives(calculus::Primitive primitive, const Ball& a, int order) {
  const BallSeries series = ball_series(primitive);
  if (series == nullptr) {
    throw calculus::InternalError(std::string("a ball model evaluated ") +
                                  calculus::primitive_name(primitive) +
                                  ", declared without a series");
  }
  const slong length = order + 1;
  arb_ptr coefficients = _arb_vec_init(length);
  series(coefficients, a.get(), length, ball_precision());
  std::vector<Ball> d(static_cast<std::size_t>(length));
  Ball factorial(1);
  for (slong k = 0; k < length; ++k) {
    if (k > 0) factorial *= Ball(static_cast<int>(k));
    Ball c;
    arb_set(c.get(), coefficients + k);
    d[static_cast<std::size_t>(k)] = c * factorial;
  }
  _arb_vec_clear(coefficients, length);
  return d;
}

std::vector<Ball> derivatives_at(calculus::Primitive primitive, const Ball& a, int order) {
  return series_derivatives(primitive, a, order);
}

}  // namespace

DerivativesFromSeries::DerivativesFromSeries() : previous_(from_series) { from_series = true; }
DerivativesFromSeries::~DerivativesFromSeries() { from_series = previous_; }

template <class F>
Tagged<F> apply_declared(calculus::Primitive primitive, const Tagged<F>& x) {
  elementary_detail::note(primitive, x);
  const std::vector<F> d = derivatives_at(primitive, x.primal_value(), order_of(x));
  return taylor(x, [&](int k) -> F { return d.at(static_cast<std::size_t>(k)); });
}

template Tagged<double> apply_declared(calculus::Primitive, const Tagged<double>&);
template Tagged<Ball> apply_declared(calculus::Primitive, const Tagged<Ball>&);

}  // namespace perturb::models
