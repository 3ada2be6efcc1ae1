#include "proofs/cases/case_generator.h"

#include <algorithm>

#include "calculus/hash.h"
#include "calculus/random_application.h"
#include "proofs/cases/first_order_term.h"

namespace perturb::proofs {

using calculus::Context;
using calculus::Term;
using calculus::Type;

CaseGenerator::CaseGenerator(std::uint64_t case_seed, GeneratorOptions options)
    : rng_(case_seed),
      options_(options),
      signature_(std::begin(calculus::kPaperPrimitives), std::end(calculus::kPaperPrimitives)) {
  for (const calculus::Primitive p : calculus::signature_primitives()) {
    if (!calculus::is_paper_primitive(p) && (options_.beyond_paper & semantics::primitive_bit(p)))
      signature_.push_back(p);
  }
}

Type CaseGenerator::object() {
  if (options_.higher_order) {
    return calculus::random_type(rng_, {.max_depth = 2, .atoms = {"R"}});
  }
  return first_order_object();
}

Type CaseGenerator::first_order_object() {
  const Type real = calculus::real_type();
  switch (calculus::random_below(rng_, 6)) {
    case 0:
    case 1:
    case 2:
      return real;
    case 3:
      return calculus::mk_product(real, real);
    case 4:
      return calculus::mk_product(calculus::mk_product(real, real), real);
    default:
      return calculus::mk_product(real, calculus::mk_product(real, real));
  }
}

Term CaseGenerator::random_term(const Context& context, const Type& type) {
  return within_tangent_depth(
      [&] { return random_term_of_size(context, type, options_.max_size); });
}

Term CaseGenerator::within_tangent_depth(const std::function<Term()>& draw) {
  if (!options_.max_tangent_depth) return draw();
  // Drawn again until its T's nest no deeper than the bound, then without T:
  // the terms within the bound, in their usual proportions.
  for (int attempt = 0; attempt < kTangentDepthAttempts; ++attempt) {
    Term term = draw();
    if (term->tangent_depth() <= *options_.max_tangent_depth) return term;
  }
  const bool differential = options_.differential;
  options_.differential = false;
  Term term = draw();
  options_.differential = differential;
  return term;
}

CaseGenerator::AppliedPrimitive CaseGenerator::applied_primitive(const Context& context) {
  std::vector<calculus::Primitive> aimed;
  for (const calculus::Primitive p : signature_) {
    if (!calculus::spec_of(p).special_points.empty()) aimed.push_back(p);
  }
  const calculus::Primitive drawn =
      calculus::random_element(rng_, aimed.empty() ? signature_ : aimed);
  const calculus::Primitive p = hosted(drawn);
  // A leaf argument is the context's (most recent) real variable: the point
  // aimed at reaches the primitive unchanged.
  const bool has_variable = !context.empty() && calculus::is_real(context.at(0).type);
  Term term = within_tangent_depth([&] {
    return calculus::random_application(
        rng_, p, std::max<std::uint32_t>(options_.max_size / 2, 1),
        [&](std::uint32_t size) {
          if (size <= 1 && has_variable) return calculus::mk_var(0, context.at(0).type);
          return random_term_of_size(context, calculus::real_type(), size);
        },
        /*aimed=*/true);
  });
  return {p, std::move(term)};
}

Term CaseGenerator::random_term_of_size(const Context& context, const Type& type,
                                        std::uint32_t size) {
  if (options_.higher_order || options_.whole_calculus) {
    return calculus::random_term(rng_, context, type,
                                 {.size = size,
                                  .intermediate_types = {.max_depth = 1, .atoms = {"R"}},
                                  .transcendentals = options_.transcendentals,
                                  .tangents = options_.differential,
                                  .signature = signature_});
  }
  if (options_.linear_only) {
    return random_linear_term(rng_, context, type, size, /*scale_by_literals=*/false);
  }
  return random_first_order_term(
      rng_, context, type, size,
      {.tangents = options_.differential,
       .transcendentals = options_.transcendentals,
       .beyond_paper = std::span(signature_).subspan(std::size(calculus::kPaperPrimitives))});
}

void CaseGenerator::morphism(Case& into, std::string role, const Type& domain,
                             const Type& codomain) {
  term(into, std::move(role), Context({{"x", domain}}), codomain);
}

void CaseGenerator::linear_morphism(Case& into, std::string role, const Type& domain,
                                    const Type& codomain) {
  const Context context({{"x", domain}});
  into.terms.push_back(
      {std::move(role), context,
       random_linear_term(rng_, context, codomain, options_.max_size, !options_.linear_only),
       codomain});
}

void CaseGenerator::term(Case& into, std::string role, const Context& context, const Type& type) {
  into.terms.push_back({std::move(role), context, random_term(context, type), type});
}

void CaseGenerator::point(Case& into, std::string name, const Type& type) {
  into.point_context.push(std::move(name), type);
  into.point.push_back(point_term(type));
}

Term CaseGenerator::point_term(const Type& type) {
  if (calculus::is_product(type)) {
    // Sequenced explicitly (C++ leaves the order of arguments open), the
    // right first: the order GCC drew them in, so seeds keep their cases.
    Term right = point_term(type->right());
    return calculus::mk_pair(point_term(type->left()), std::move(right));
  }
  if (calculus::is_arrow(type)) return random_term(Context{}, type);
  if (!options_.model_points.empty() && calculus::random_chance(rng_, 1, kModelPointOdds))
    return calculus::mk_lit(calculus::random_element(rng_, options_.model_points));
  return calculus::mk_lit(calculus::random_literal(rng_));
}

calculus::Primitive CaseGenerator::hosted(calculus::Primitive drawn) const {
  const bool transcendental =
      calculus::is_paper_primitive(drawn) && drawn != calculus::Primitive::Mul;
  return transcendental && !options_.transcendentals ? calculus::Primitive::Mul : drawn;
}

calculus::Primitive CaseGenerator::primitive() {
  return hosted(calculus::random_element(rng_, signature_));
}

calculus::Primitive CaseGenerator::paper_primitive() {
  return hosted(calculus::random_element(rng_, calculus::kPaperPrimitives));
}

Term CaseGenerator::argument_inside(calculus::Primitive p, const Context& context) {
  return within_tangent_depth([&] {
    return calculus::random_argument_inside(
        rng_, p, std::max<std::uint32_t>(options_.max_size / 2, 1), [&](std::uint32_t size) {
          return random_term_of_size(context, calculus::real_type(), size);
        });
  });
}

std::optional<calculus::Primitive> CaseGenerator::transcendental() {
  constexpr calculus::Primitive kTranscendentals[] = {
      calculus::Primitive::Sin, calculus::Primitive::Cos, calculus::Primitive::Exp};
  const calculus::Primitive drawn = kTranscendentals[calculus::random_below(rng_, 3)];
  if (!options_.transcendentals) return std::nullopt;
  return drawn;
}

std::uint64_t case_seed(std::uint64_t seed, std::string_view law_id, std::string_view model_name,
                        std::uint64_t index) {
  std::uint64_t h = calculus::hash_combine(seed, calculus::hash_string(law_id));
  h = calculus::hash_combine(h, calculus::hash_string(model_name));
  return calculus::hash_combine(h, index);
}

}  // namespace perturb::proofs
