#include "proofs/laws/laws_soundness.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "calculus/random_application.h"

namespace perturb::proofs::laws {
namespace detail {
namespace {

Term exchange_at(const Term& term, std::uint32_t depth,
                 std::map<std::pair<const calculus::TermNode*, std::uint32_t>, Term>& memo) {
  if (term->loose_bvar_range() <= depth) return term;
  const auto key = std::make_pair(term.get(), depth);
  if (auto found = memo.find(key); found != memo.end()) return found->second;
  Term result;
  if (calculus::is_var(term)) {
    const std::uint32_t index = calculus::var_index(term);
    result = index == depth       ? calculus::mk_var(depth + 1, term->type())
             : index == depth + 1 ? calculus::mk_var(depth, term->type())
                                  : term;
  } else {
    const std::uint32_t inner = calculus::is_lam(term) ? depth + 1 : depth;
    std::vector<Term> children;
    for (const Term& child : term->children()) children.push_back(exchange_at(child, inner, memo));
    result = calculus::rebuild(term, children);
  }
  memo.emplace(key, result);
  return result;
}

bool in_family(std::string_view rule, std::string_view family) {
  return rule == family ||
         (rule.size() > family.size() && rule.starts_with(family) && rule[family.size()] == '-');
}

}  // namespace

std::string normalization_discard(const calculus::NormalizeResult& result) {
  switch (result.status) {
    case calculus::NormalizeStatus::NormalForm:
      break;
    case calculus::NormalizeStatus::StepBudget:
      return "normalization gave up: step budget exhausted (" +
             std::to_string(result.exhausted_limit) + " steps)";
    case calculus::NormalizeStatus::SizeBudget:
      return "normalization gave up: size budget exceeded (" +
             std::to_string(result.exhausted_limit) + " nodes)";
    case calculus::NormalizeStatus::TooDeep:
      return "normalization gave up: a term nested deeper than " +
             std::to_string(calculus::kMaxTermDepth) + " levels";
    case calculus::NormalizeStatus::MemoryBudget:
      return "normalization gave up: memory budget exceeded (" +
             std::to_string(result.exhausted_limit) + " bytes)";
    case calculus::NormalizeStatus::TimeBudget:
      return "normalization gave up: time budget exhausted";
  }
  throw calculus::InternalError("normalization_discard: a normal form is not a discard");
}

Term exchange_top(const Term& term) {
  std::map<std::pair<const calculus::TermNode*, std::uint32_t>, Term> memo;
  return exchange_at(term, 0, memo);
}

calculus::Rules reduction_rules(bool certified) { return {.rounded_folds = !certified}; }

bool has_redex_of(const Term& m, std::string_view family, const calculus::Rules& rules) {
  for (const calculus::Redex& redex : calculus::find_redexes(m, rules)) {
    if (in_family(redex.rule, family)) return true;
  }
  return false;
}

Case draw_with_redex(CaseGenerator& gen, std::string_view family,
                     const std::function<Case()>& draw) {
  const calculus::Rules rules = reduction_rules(gen.options().certified);
  Case k = draw();
  for (int attempt = 1; attempt < kRedraws && !has_redex_of(k.term("M").term, family, rules);
       ++attempt) {
    k = draw();
  }
  return k;
}

Term contract_some(const Term& term, std::string_view family, calculus::Rng& rng,
                   const calculus::Rules& rules) {
  std::vector<calculus::Redex> matching;
  for (calculus::Redex& redex : calculus::find_redexes(term, rules)) {
    if (in_family(redex.rule, family)) matching.push_back(std::move(redex));
  }
  if (matching.empty()) return term;
  std::size_t shallowest = matching.front().position.size();
  for (const calculus::Redex& redex : matching) {
    shallowest = std::min(shallowest, redex.position.size());
  }
  std::erase_if(matching,
                [&](const calculus::Redex& r) { return r.position.size() != shallowest; });
  const calculus::Redex& chosen = calculus::random_element(rng, matching);
  return derived("the reduct", [&](std::uint64_t max_nodes) {
    auto contraction = calculus::reduce_at(term, chosen.position, rules, max_nodes);
    if (!contraction.ok()) {
      throw calculus::InternalError(
          "contract_some: find_redexes gave a position reduce_at refused");
    }
    return contraction->result;
  });
}

Term shared_derivative_term(CaseGenerator& gen) {
  using calculus::mk_app;
  using calculus::mk_lam;
  using calculus::mk_lit;
  using calculus::mk_mul;
  using calculus::mk_prim;
  using calculus::mk_var;
  auto& rng = gen.rng();
  const Type real = calculus::real_type();
  const Type real_to_real = mk_arrow(real, real);
  const Term x = mk_var(0, real);
  auto nonzero_literal = [&] {
    const double value = calculus::random_literal(rng);
    return value == 0 ? 1.0 : value;
  };
  // g = λx:R. …, curved so that g'' is not identically 0.
  Term curve;
  switch (calculus::random_below(rng, 3)) {
    case 0:  // x · x · r with r random in x
      curve = mk_mul(x, mk_mul(x, gen.random_term(Context{}.extended("x", real), real)));
      break;
    case 1:  // x · x · x
      curve = mk_mul(x, mk_mul(x, x));
      break;
    default:  // c (x · a) for c = sin, cos or exp; x · x · x without them
      if (const auto c = gen.transcendental()) {
        curve = mk_app(mk_prim(*c), mk_mul(x, mk_lit(nonzero_literal())));
      } else {
        curve = mk_mul(x, mk_mul(x, x));
      }
  }
  const Term g = mk_lam("x", real, curve);
  // s = λu:R. λf:R → R. λx:R. f (x + u·a)
  const Term shift = calculus::mk_add(x, mk_mul(mk_var(2, real), mk_lit(nonzero_literal())));
  const Term s =
      mk_lam("u", real,
             mk_lam("f", real_to_real, mk_lam("x", real, mk_app(mk_var(1, real_to_real), shift))));
  // D s P := π1 (T s ⟨1, P⟩), as the elaborator builds it.
  const Term d = calculus::mk_proj(
      1, mk_app(calculus::mk_tan(s),
                calculus::mk_pair(mk_lit(1), mk_lit(calculus::random_literal(rng)))));
  // (λd. d (d g) Q) (D s P), the let.
  const Term d_var = mk_var(0, mk_arrow(real_to_real, real_to_real));
  const Term body = mk_app(mk_app(d_var, mk_app(d_var, g)), mk_lit(calculus::random_literal(rng)));
  return mk_app(mk_lam("d", mk_arrow(real_to_real, real_to_real), body), d);
}

Term taylor_probe_term(CaseGenerator& gen) {
  auto& rng = gen.rng();
  // With the whole signature, half the probes are of the paper's four, so
  // that each keeps a share its coverage can show (kDeltaCoverage).
  const bool paper_half = gen.options().beyond_paper != 0 && calculus::random_chance(rng, 1, 2);
  const calculus::Primitive primitive = paper_half ? gen.paper_primitive() : gen.primitive();
  Term function = calculus::mk_prim(primitive);
  Type domain = calculus::arrow_domain(calculus::primitive_type(primitive));
  // Order 3 only where T of a λ is native: a model that reads it through its
  // normal form (smooth) spends about 0.3 s normalizing T (T (λp. …)).
  const int order = gen.options().higher_order && calculus::random_chance(rng, 1, 2) ? 3 : 2;
  for (int i = 0; i < order; ++i) {
    function = calculus::mk_tan(function);
    domain = mk_tangent(domain);
  }
  // A point of Tᵏ σ whose every component is non-zero; positive for a
  // primitive beyond the paper's four, inside its smooth set (x > 0 for
  // log, sqrt and pow's base; off atan2's cut), and with the two reals of
  // each pair apart for max and min (off the tie).
  const bool positive = !calculus::is_paper_primitive(primitive);
  const bool apart = primitive == calculus::Primitive::Max || primitive == calculus::Primitive::Min;
  const auto real_literal = [&] {
    const double value = calculus::random_literal(rng);
    return value == 0 ? 1.0 : positive ? std::fabs(value) : value;
  };
  const auto point = [&](const auto& self, const Type& type) -> Term {
    if (calculus::is_real(type)) return calculus::mk_lit(real_literal());
    if (apart && calculus::is_real(type->left()) && calculus::is_real(type->right())) {
      const double first = real_literal();
      double second = real_literal();
      while (second == first) second = real_literal();
      return calculus::mk_pair(calculus::mk_lit(first), calculus::mk_lit(second));
    }
    Term first = self(self, type->left());
    return calculus::mk_pair(first, self(self, type->right()));
  };
  Term result = calculus::mk_app(function, point(point, domain));
  // Down to R: half the time along the tangent components only, the ε1…εk
  // component of c(P), the only one that depends on c's order-k coefficient
  // (mixed with lower orders); else along random components.
  const bool tangents_only = calculus::random_chance(rng, 1, 2);
  for (int i = 0; i < order; ++i) {
    const int k = tangents_only || calculus::random_chance(rng, 1, 2) ? 1 : 2;
    result = calculus::mk_proj(k, result);
  }
  return result;
}

Case own_output_tangent_case(CaseGenerator& gen) {
  const Context context = random_context(gen);
  // ρ first-order: at a function type ρ the two applications of x's tangent
  // nest closures that can run past the evaluation budget.
  const Type rho = gen.first_order_object();
  const Type sigma = mk_arrow(rho, rho);
  const Term x = calculus::mk_var(0, sigma);
  const Term body =
      calculus::mk_app(x, calculus::mk_app(x, gen.random_term(context.extended("x", sigma), rho)));
  return RuleCase::make(gen, context, calculus::mk_tan(calculus::mk_lam("x", sigma, body)),
                        mk_arrow(mk_tangent(sigma), mk_tangent(rho)));
}

}  // namespace detail

Case SoundDelta::draw(CaseGenerator& gen) {
  const Type real = calculus::real_type();
  auto& rng = gen.rng();
  if (calculus::random_chance(rng, 1, detail::kTaylorProbeOdds)) {
    return detail::RuleCase::make(gen, {}, detail::taylor_probe_term(gen), real);
  }
  const Context context = detail::random_context(gen);
  const calculus::Primitive primitive = gen.primitive();
  const Term prim = calculus::mk_prim(primitive);
  const Type domain = calculus::arrow_domain(calculus::primitive_type(primitive));
  // Beyond the paper's four, the point T c is applied at, or c's literal
  // arguments, are kept inside c's smooth set (calculus/random_application.h).
  const bool kept_inside = !calculus::is_paper_primitive(primitive);
  switch (calculus::random_below(rng, 3)) {
    case 0: {  // T c applied: the δ-rule for T of a primitive
      if (kept_inside) {
        Term direction = gen.random_term(context, domain);
        const Term at = calculus::mk_pair(direction, gen.argument_inside(primitive, context));
        return detail::RuleCase::make(gen, context, calculus::mk_app(calculus::mk_tan(prim), at),
                                      mk_tangent(real));
      }
      return detail::RuleCase::make(
          gen, context,
          calculus::mk_app(calculus::mk_tan(prim), gen.random_term(context, mk_tangent(domain))),
          mk_tangent(real));
    }
    case 1: {  // a primitive on literals: arithmetic
      if (kept_inside) {
        const Term applied = calculus::random_application(rng, primitive, 2, [&](std::uint32_t) {
          return calculus::mk_lit(calculus::random_literal(rng));
        });
        return detail::RuleCase::make(gen, context, applied, real);
      }
      // The right literal drawn first (arguments are unsequenced in C++):
      // the order GCC drew them in, so seeds keep their cases.
      const auto pair_of_literals = [&] {
        const double right = calculus::random_literal(rng);
        return calculus::mk_pair(calculus::mk_lit(calculus::random_literal(rng)),
                                 calculus::mk_lit(right));
      };
      const Term argument = calculus::is_real(domain)
                                ? calculus::mk_lit(calculus::random_literal(rng))
                                : pair_of_literals();
      return detail::RuleCase::make(gen, context, calculus::mk_app(prim, argument), real);
    }
    default: {  // mul with a zero factor
      const Term factor = gen.random_term(context, real);
      const Term argument = calculus::random_chance(rng, 1, 2)
                                ? calculus::mk_pair(factor, calculus::mk_zero(real))
                                : calculus::mk_pair(calculus::mk_zero(real), factor);
      return detail::RuleCase::make(
          gen, context, calculus::mk_app(calculus::mk_prim(calculus::Primitive::Mul), argument),
          real);
    }
  }
}

namespace detail {

std::optional<Term> contract_candidate_once(const Term& term, calculus::CandidateRule rule) {
  const calculus::CandidateRule rules[] = {rule};
  if (auto contraction = calculus::contract_candidate(term, rules)) return contraction->result;
  if (!calculus::is_sum(term)) return std::nullopt;
  std::vector<Term> summands = term->children();
  for (Term& summand : summands) {
    if (auto contraction = calculus::contract_candidate(summand, rules)) {
      summand = contraction->result;
      return calculus::mk_sum(term->type(), summands);
    }
  }
  return std::nullopt;
}

namespace {

// One draw of pair_eta_case, redex or not.
Case pair_eta_draw(CaseGenerator& gen) {
  auto& rng = gen.rng();
  const Context context = random_context(gen);
  const Type sigma = gen.object(), tau = gen.object();
  const Type product = calculus::mk_product(sigma, tau);
  const auto eta_summands = [&](const Term& s) {
    return std::vector<Term>{calculus::mk_inj(1, calculus::mk_proj(1, s), tau),
                             calculus::mk_inj(2, calculus::mk_proj(2, s), sigma)};
  };
  Type type = product;
  std::vector<Term> summands;
  if (gen.options().higher_order && calculus::random_chance(rng, 1, 3)) {
    const Type rho = gen.object();
    type = mk_arrow(rho, product);
    for (const Term& body : eta_summands(gen.random_term(context.extended("x", rho), product)))
      summands.push_back(calculus::mk_lam("x", rho, body));
  } else {
    summands = eta_summands(gen.random_term(context, product));
  }
  if (calculus::random_chance(rng, 1, 2)) std::swap(summands[0], summands[1]);
  if (calculus::random_chance(rng, 1, 2)) summands.push_back(gen.random_term(context, type));
  return RuleCase::make(gen, context, calculus::mk_sum(type, summands), type);
}

// One draw of zero_tangent_case, redex or not.
Case zero_tangent_draw(CaseGenerator& gen) {
  auto& rng = gen.rng();
  const Context context = random_context(gen);
  const Type sigma = gen.object(), tau = gen.object();
  // s of any shape where the model reads the whole calculus, else a λ (the
  // only function term a first-order reading takes apart).
  const Term s =
      gen.options().higher_order || gen.options().whole_calculus
          ? gen.random_term(context, mk_arrow(sigma, tau))
          : calculus::mk_lam("x", sigma, gen.random_term(context.extended("x", sigma), tau));
  // Zero summands (the point 0) in one case in six, else one or two.
  const std::uint64_t count =
      calculus::random_chance(rng, 1, 6) ? 0 : 1 + calculus::random_below(rng, 2);
  std::vector<Term> directions;
  for (std::uint64_t i = 0; i < count; ++i)
    directions.push_back(calculus::mk_inj(2, gen.random_term(context, sigma), sigma));
  const Term redex =
      calculus::mk_app(calculus::mk_tan(s), calculus::mk_sum(mk_tangent(sigma), directions));
  return RuleCase::make(gen, context, redex, mk_tangent(tau));
}

// A case of make() whose M has a redex of rule: a random term that is 0
// (so are its T, projections, injections) leaves none, so redraw, a few times.
template <class Make>
Case with_candidate_redex(calculus::CandidateRule rule, Make make) {
  Case k = make();
  for (int attempt = 0; attempt < 20 && !contract_candidate_once(k.term("M").term, rule); ++attempt)
    k = make();
  return k;
}

}  // namespace

Case pair_eta_case(CaseGenerator& gen) {
  return with_candidate_redex(calculus::CandidateRule::PairEta, [&] { return pair_eta_draw(gen); });
}

Case zero_tangent_case(CaseGenerator& gen) {
  return with_candidate_redex(calculus::CandidateRule::ZeroTangent,
                              [&] { return zero_tangent_draw(gen); });
}

}  // namespace detail
}  // namespace perturb::proofs::laws
