#include "proofs/cases/first_order_term.h"

#include <vector>

#include "calculus/error.h"
#include "calculus/random_application.h"

namespace perturb::proofs {
namespace {

using calculus::Context;
using calculus::Rng;
using calculus::Term;
using calculus::Type;

// Every variable of the context and every projection of one, with its type.
struct Access {
  Term term;
  Type type;
};

void collect_accesses(const Term& term, const Type& type, std::vector<Access>& into) {
  into.push_back({term, type});
  if (calculus::is_product(type)) {
    collect_accesses(calculus::mk_proj(1, term), type->left(), into);
    collect_accesses(calculus::mk_proj(2, term), type->right(), into);
  }
}

class Generator {
 public:
  Generator(Rng& rng, const Context& context, FirstOrderTermOptions options = {})
      : rng_(rng), options_(options) {
    for (std::uint32_t i = 0; i < context.size(); ++i) {
      collect_accesses(calculus::mk_var(i, context.at(i).type), context.at(i).type, accesses_);
    }
  }

  Term term(const Type& type, std::uint32_t size) {
    if (size > 3 && calculus::random_chance(rng_, 1, 6)) {
      const std::uint32_t half = size / 2;
      // Sequenced explicitly (C++ leaves the order of arguments open), the
      // last first: the order GCC drew them in, so seeds keep their cases.
      Term right = term(type, size - half);
      return calculus::mk_add(term(type, half), std::move(right));
    }
    if (calculus::is_product(type)) {
      if (options_.tangents && calculus::is_real(type->left()) && type->left() == type->right() &&
          size > 3 && calculus::random_chance(rng_, 1, 4)) {
        return tangent_of_primitive(size);
      }
      if (size > 2 || !calculus::random_chance(rng_, 1, 2)) {
        const std::uint32_t half = size / 2;
        Term right = term(type->right(), size - half);
        return calculus::mk_pair(term(type->left(), half), std::move(right));
      }
      return leaf(type);
    }
    if (!calculus::is_real(type) || size <= 1) return leaf(type);
    if (!options_.beyond_paper.empty() && calculus::random_chance(rng_, 1, 3)) {
      const calculus::Primitive p = calculus::random_element(rng_, options_.beyond_paper);
      return calculus::random_term_application(rng_, p, size - 1, [&](std::uint32_t share) {
        return term(calculus::real_type(), share);
      });
    }
    // Without tangents the fifth choice (π_k of T p applied) is not drawn.
    std::uint64_t choice = calculus::random_below(rng_, options_.tangents ? 5 : 4);
    if (!options_.transcendentals && (choice == 1 || choice == 2)) choice = 3;
    switch (choice) {
      case 0:
        return leaf(type);
      case 1:
      case 2: {
        const calculus::Primitive unary[] = {calculus::Primitive::Sin, calculus::Primitive::Cos,
                                             calculus::Primitive::Exp};
        const calculus::Primitive primitive =
            unary[calculus::random_below(rng_, inside_exp_ ? 2 : 3)];
        // sin and cos bound what they are applied to: exp may occur inside again.
        const ArgumentOf scope(*this, primitive);
        return calculus::mk_app(calculus::mk_prim(primitive), term(type, size - 1));
      }
      case 3: {
        const std::uint32_t half = (size - 1) / 2;
        Term right = term(type, size - 1 - half);
        return calculus::mk_mul(term(type, half), std::move(right));
      }
      default: {
        Term tangent = tangent_of_primitive(size - 1);
        return calculus::mk_proj(static_cast<int>(1 + calculus::random_below(rng_, 2)),
                                 std::move(tangent));
      }
    }
  }

 private:
  // T p applied to a tangent vector: `T sin <a, b>` : R × R, or T mul on ⟨⟨a',b'⟩,⟨a,b⟩⟩.
  // (kPaperPrimitives lists exp last: inside an exp, the first three are drawn.)
  Term tangent_of_primitive(std::uint32_t size) {
    const auto drawn =
        calculus::kPaperPrimitives[calculus::random_below(rng_, inside_exp_ ? 3 : 4)];
    const auto primitive = options_.transcendentals ? drawn : calculus::Primitive::Mul;
    const Type domain = calculus::arrow_domain(calculus::primitive_type(primitive));
    // T sin ⟨v, a⟩ = ⟨cos a · v, sin a⟩ does not bound v: only exp changes the scope.
    const ArgumentOf scope(
        *this, primitive == calculus::Primitive::Exp ? primitive : calculus::Primitive::Mul);
    return calculus::mk_app(calculus::mk_tan(calculus::mk_prim(primitive)),
                            term(calculus::mk_tangent(domain), size > 1 ? size - 1 : 1));
  }

  // While the argument of a primitive is generated: inside an exp, no exp is
  // drawn, so that no term is exp (… exp (…) …) unless a sin or cos lies
  // between them (which bounds what the outer exp sees). exp (exp (x · x))
  // overflows at x = 3, and such terms made up most of the non-finite
  // discards of the first-order laws; exp∘exp still arises wherever a law
  // composes two generated morphisms (cdc.D5, cla.category.associativity).
  class ArgumentOf {
   public:
    ArgumentOf(Generator& generator, calculus::Primitive primitive)
        : generator_(generator), saved_(generator.inside_exp_) {
      if (primitive == calculus::Primitive::Exp) generator_.inside_exp_ = true;
      if (primitive == calculus::Primitive::Sin || primitive == calculus::Primitive::Cos)
        generator_.inside_exp_ = false;
    }
    ~ArgumentOf() { generator_.inside_exp_ = saved_; }
    ArgumentOf(const ArgumentOf&) = delete;
    ArgumentOf& operator=(const ArgumentOf&) = delete;

   private:
    Generator& generator_;
    bool saved_;
  };

  Term leaf(const Type& type) {
    std::vector<Term> matching;
    for (const Access& access : accesses_) {
      if (access.type == type) matching.push_back(access.term);
    }
    const bool literal_ok = calculus::is_real(type);
    const std::uint64_t choices = matching.size() + (literal_ok ? 2 : 0) + 1;
    std::uint64_t pick = calculus::random_below(rng_, choices);
    if (pick < matching.size()) return matching[pick];
    pick -= matching.size();
    if (literal_ok && pick < 2) return calculus::mk_lit(calculus::random_literal(rng_));
    if (calculus::is_product(type)) {
      Term right = leaf(type->right());
      return calculus::mk_pair(leaf(type->left()), std::move(right));
    }
    return calculus::mk_zero(type);
  }

  Rng& rng_;
  FirstOrderTermOptions options_;
  std::vector<Access> accesses_;
  bool inside_exp_ = false;  // generating (part of) the argument of an exp

 public:
  Term linear(const Type& type, std::uint32_t size, bool scale_by_literals) {
    if (size > 3 && calculus::random_chance(rng_, 1, 4)) {
      const std::uint32_t half = size / 2;
      Term right = linear(type, size - half, scale_by_literals);
      return calculus::mk_add(linear(type, half, scale_by_literals), std::move(right));
    }
    if (calculus::is_product(type) && size > 1 && calculus::random_chance(rng_, 1, 2)) {
      const std::uint32_t half = size / 2;
      Term right = linear(type->right(), size - half, scale_by_literals);
      return calculus::mk_pair(linear(type->left(), half, scale_by_literals), std::move(right));
    }
    if (scale_by_literals && calculus::is_real(type) && size > 1 &&
        calculus::random_chance(rng_, 1, 2)) {
      Term scaled = linear(type, size - 1, scale_by_literals);
      return calculus::mk_mul(calculus::mk_lit(calculus::random_literal(rng_)), std::move(scaled));
    }
    std::vector<Term> matching;
    for (const Access& access : accesses_) {
      if (access.type == type) matching.push_back(access.term);
    }
    if (!matching.empty() && !calculus::random_chance(rng_, 1, 8)) {
      return calculus::random_element(rng_, matching);
    }
    if (calculus::is_product(type)) {
      Term right = linear(type->right(), 1, scale_by_literals);
      return calculus::mk_pair(linear(type->left(), 1, scale_by_literals), std::move(right));
    }
    return calculus::mk_zero(type);
  }
};

}  // namespace

Term random_linear_term(Rng& rng, const Context& context, const Type& type, std::uint32_t size,
                        bool scale_by_literals) {
  return Generator(rng, context).linear(type, std::max<std::uint32_t>(size, 1), scale_by_literals);
}

Term random_first_order_term(Rng& rng, const Context& context, const Type& type, std::uint32_t size,
                             FirstOrderTermOptions options) {
  return Generator(rng, context, options).term(type, std::max<std::uint32_t>(size, 1));
}

}  // namespace perturb::proofs
