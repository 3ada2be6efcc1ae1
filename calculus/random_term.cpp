#include "calculus/random_term.h"

#include <array>
#include <boost/container/small_vector.hpp>
#include <span>

#include "calculus/error.h"
#include "calculus/random_application.h"

namespace perturb::calculus {

double random_literal(Rng& rng) {
  static constexpr std::array<double, 8> kValues = {1, 2, -1, 0.5, -2.5, 3, 0.25, -0.75};
  return kValues[random_below(rng, kValues.size())];
}

Type random_type(Rng& rng, const TypeShape& shape) {
  check(!shape.atoms.empty(), "random_type: no atoms");
  if (shape.max_depth <= 0 || random_chance(rng, 1, 2)) {
    return mk_atom(random_element(rng, shape.atoms));
  }
  const TypeShape inner{shape.max_depth - 1, shape.atoms};
  const bool product = random_chance(rng, 1, 2);
  // Sequenced explicitly: argument evaluation order is unspecified in C++.
  Type left = random_type(rng, inner);
  // Tangent types T σ = σ × σ are frequent on purpose: they are where T s applies.
  if (product && random_chance(rng, 1, 3)) return mk_tangent(left);
  Type right = random_type(rng, inner);
  return product ? mk_product(std::move(left), std::move(right))
                 : mk_arrow(std::move(left), std::move(right));
}

namespace {

// The form of the next node; the generator weighs the ones that fit the type.
enum class Form {
  Leaf,          // a variable, literal, primitive or 0
  Lambda,        // λx:σ. s
  Apply,         // s N with a fresh σ, or a variable of type σ → τ applied
  ApplyTangent,  // (T s) N : T τ
  Tangent,       // T s : Tσ → Tτ
  Inject,        // ι_k s
  Pair,          // ⟨M, N⟩
  Project,       // π_k s
  Sum,           // M + N
  Primitive,     // sin M, cos M, exp M, M * N, mul M
};

// Generates terms by recursion on the type, threading the context Γ.
class TermGenerator {
 public:
  TermGenerator(Rng& rng, const Context& context, const TermShape& shape)
      : rng_(rng), context_(context), shape_(shape) {}

  Term generate(const Type& type, std::uint32_t budget) {
    switch (choose_form(type, budget)) {
      case Form::Leaf:
        return leaf(type);
      case Form::Lambda:
        return lambda(type, budget - 1);
      case Form::Apply:
        return apply(type, budget - 1);
      case Form::ApplyTangent:
        return apply_tangent(type, budget - 1);
      case Form::Tangent:
        return tangent(type, budget - 1);
      case Form::Inject: {
        const int k = random_chance(rng_, 1, 2) ? 1 : 2;
        return mk_inj(k, generate(product_component(type, k), budget - 1),
                      product_component(type, 3 - k));
      }
      case Form::Pair: {
        const auto [left, right] = split(budget - 1);
        Term first = generate(type->left(), left);
        return mk_pair(first, generate(type->right(), right));
      }
      case Form::Project:
        return project(type, budget - 1);
      case Form::Sum: {
        const auto [left, right] = split(budget - 1);
        Term first = generate(type, left);
        return mk_add(first, generate(type, right));
      }
      case Form::Primitive:
        return primitive_application(budget - 1);
    }
    throw InternalError("random_term: unknown form");
  }

 private:
  Form choose_form(const Type& type, std::uint32_t budget) {
    if (budget <= 1) return Form::Leaf;
    // At most one entry per form, so an array (no allocation per node).
    std::array<std::pair<Form, std::uint64_t>, 10> weighted;
    std::size_t count = 0;
    const auto offer = [&](Form form, std::uint64_t weight) { weighted[count++] = {form, weight}; };
    offer(Form::Leaf, 1);
    offer(Form::Apply, 4);
    offer(Form::Project, 2);
    offer(Form::Sum, 1);
    if (is_arrow(type)) {
      offer(Form::Lambda, 5);
      if (shape_.tangents && tangent_base(arrow_domain(type)) &&
          tangent_base(arrow_codomain(type))) {
        offer(Form::Tangent, 4);
      }
    }
    if (is_product(type)) {
      offer(Form::Inject, 1);
      offer(Form::Pair, 3);
    }
    if (shape_.tangents && tangent_base(type)) offer(Form::ApplyTangent, 3);
    if (is_real(type) && shape_.primitives) offer(Form::Primitive, 4);
    const std::span offered(weighted.data(), count);
    std::uint64_t total = 0;
    for (const auto& [form, weight] : offered) total += weight;
    std::uint64_t pick = random_below(rng_, total);
    for (const auto& [form, weight] : offered) {
      if (pick < weight) return form;
      pick -= weight;
    }
    throw InternalError("random_term: weights do not cover the draw");
  }

  std::pair<std::uint32_t, std::uint32_t> split(std::uint32_t budget) {
    return split_budget(rng_, budget);
  }

  // One way leaf() may end, kept as a recipe: only the one drawn is built
  // (interning every option was a tenth of generating a case). The draws
  // are those of building them all, in the same order.
  struct LeafOption {
    enum class Kind { Variable, Projection, Application, Literal, Primitive } kind;
    std::uint32_t index = 0;  // of the variable (Variable, Projection, Application)
    int k = 0;                // Projection: π_k
    Term argument{};          // Application: the leaf the variable is applied to
    double literal = 0;
    Primitive primitive = Primitive::Mul;
  };

  // The option's term; the context is as it was when the option was made.
  Term built(const LeafOption& option) const {
    const auto variable = [&] { return mk_var(option.index, context_.at(option.index).type); };
    switch (option.kind) {
      case LeafOption::Kind::Variable:
        return variable();
      case LeafOption::Kind::Projection:
        return mk_proj(option.k, variable());
      case LeafOption::Kind::Application:
        return mk_app(variable(), option.argument);
      case LeafOption::Kind::Literal:
        return mk_lit(option.literal);
      case LeafOption::Kind::Primitive:
        return mk_prim(option.primitive);
    }
    throw InternalError("random_term: unknown leaf option");
  }

  // A term of a few nodes: a variable, a projection or application of one, a
  // literal or primitive of the type when there is one (0 now and then),
  // else a λ or pair of leaves, else 0.
  Term leaf(const Type& type) {
    using Kind = LeafOption::Kind;
    // Inline: a leaf rarely has more than a few options, and there is a leaf
    // at every few nodes.
    boost::container::small_vector<LeafOption, 8> options;
    for (std::uint32_t i = 0; i < context_.size(); ++i) {
      if (context_.at(i).type == type) options.push_back({.kind = Kind::Variable, .index = i});
    }
    for (std::uint32_t i = 0; i < context_.size(); ++i) {
      const Type t = context_.at(i).type;  // a copy: leaf() below may grow context_
      for (int k : {1, 2}) {
        if (is_product(t) && product_component(t, k) == type) {
          options.push_back({.kind = Kind::Projection, .index = i, .k = k});
        }
      }
      if (is_arrow(t) && arrow_codomain(t) == type && arrow_domain(t)->depth() < type->depth()) {
        Term argument = leaf(arrow_domain(t));
        options.push_back({.kind = Kind::Application, .index = i, .argument = std::move(argument)});
      }
    }
    if (shape_.primitives) {
      if (is_real(type))
        options.push_back({.kind = Kind::Literal, .literal = random_literal(rng_)});
      for (Primitive p : shape_.signature) {
        if (primitive_type(p) == type && defined_everywhere(p) &&
            (shape_.transcendentals || p == Primitive::Mul))
          options.push_back({.kind = Kind::Primitive, .primitive = p});
      }
    }
    if (!options.empty() && !random_chance(rng_, 1, 8)) return built(random_element(rng_, options));
    if (is_arrow(type) && random_chance(rng_, 3, 4)) return lambda(type, 1);
    if (is_product(type) && random_chance(rng_, 3, 4)) {
      Term first = leaf(type->left());
      return mk_pair(first, leaf(type->right()));
    }
    return mk_zero(type);
  }

  std::string binder_name() {
    if (!context_.empty() && random_chance(rng_, 1, 4)) {
      return context_.at(static_cast<std::uint32_t>(random_below(rng_, context_.size()))).name;
    }
    return random_element(rng_, shape_.binder_names);
  }

  Term lambda(const Type& type, std::uint32_t budget) {
    std::string name = binder_name();
    context_.push(name, arrow_domain(type));
    Term body = generate(arrow_codomain(type), budget);
    context_.pop();
    return mk_lam(std::move(name), arrow_domain(type), body);
  }

  // s N : τ; half the time s is a variable of type σ → τ when Γ has one.
  Term apply(const Type& type, std::uint32_t budget) {
    std::vector<std::uint32_t> functions;
    for (std::uint32_t i = 0; i < context_.size(); ++i) {
      const Type& t = context_.at(i).type;
      if (is_arrow(t) && arrow_codomain(t) == type) functions.push_back(i);
    }
    if (!functions.empty() && random_chance(rng_, 1, 2)) {
      const std::uint32_t i = random_element(rng_, functions);
      const Type function = context_.at(i).type;  // a copy: generate() grows context_
      return mk_app(mk_var(i, function), generate(arrow_domain(function), budget));
    }
    const Type domain = random_type(rng_, shape_.intermediate_types);
    const auto [left, right] = split(budget);
    Term fn = generate(mk_arrow(domain, type), left);
    return mk_app(fn, generate(domain, right));
  }

  // (T s) N : T τ with s : σ → τ and N : T σ; now and then the second-order
  // π_k((T(T s)) N') with N' : T T σ instead, so that nested T is frequent.
  Term apply_tangent(const Type& type, std::uint32_t budget) {
    Type domain = random_type(rng_, shape_.intermediate_types);
    // Without sin, cos and exp (R → R) the only primitive is mul : R × R → R:
    // its domain replaces theirs, so that T of a primitive stays frequent.
    if (!shape_.transcendentals && is_real(domain) && is_real(tangent_base(type)))
      domain = mk_product(domain, domain);
    const bool second_order = random_chance(rng_, 1, 4);
    const auto [left, right] = split(budget);
    Term fn = generate(mk_arrow(domain, tangent_base(type)), left);
    if (!second_order) return mk_app(mk_tan(fn), generate(mk_tangent(domain), right));
    const int k = random_chance(rng_, 1, 2) ? 1 : 2;
    return mk_proj(k, mk_app(mk_tan(mk_tan(fn)), generate(mk_tangent(mk_tangent(domain)), right)));
  }

  // T s : T σ → T τ with s : σ → τ.
  Term tangent(const Type& type, std::uint32_t budget) {
    const Type base =
        mk_arrow(tangent_base(arrow_domain(type)), tangent_base(arrow_codomain(type)));
    return mk_tan(generate(base, budget));
  }

  // π_k s : τ with s : τ × ρ (k = 1) or ρ × τ (k = 2) for a fresh ρ; often
  // ρ = τ, which makes s : T τ and, for τ a tangent type, nested T likely.
  Term project(const Type& type, std::uint32_t budget) {
    const Type other =
        random_chance(rng_, 1, 3) ? type : random_type(rng_, shape_.intermediate_types);
    const int k = random_chance(rng_, 1, 2) ? 1 : 2;
    const Type product = k == 1 ? mk_product(type, other) : mk_product(other, type);
    return mk_proj(k, generate(product, budget));
  }

  // sin M, cos M, exp M, M * N or mul P, all of type R (only the last two
  // without transcendentals), or a primitive beyond the paper's four.
  Term primitive_application(std::uint32_t budget) {
    const Type r = real_type();
    const Primitive drawn = random_element(rng_, shape_.signature);
    if (!is_paper_primitive(drawn)) {
      return random_term_application(rng_, drawn, budget,
                                     [&](std::uint32_t share) { return generate(r, share); });
    }
    const Primitive p = shape_.transcendentals ? drawn : Primitive::Mul;
    if (p != Primitive::Mul) return mk_app(mk_prim(p), generate(r, budget));
    if (random_chance(rng_, 1, 4)) return mk_app(mk_prim(p), generate(mk_product(r, r), budget));
    const auto [left, right] = split(budget);
    Term first = generate(r, left);
    return mk_mul(first, generate(r, right));
  }

  Rng& rng_;
  Context context_;
  const TermShape& shape_;
};

}  // namespace

Term random_term(Rng& rng, const Context& context, const Type& type, const TermShape& shape) {
  check(!shape.binder_names.empty(), "random_term: no binder names");
  return TermGenerator(rng, context, shape).generate(type, std::max<std::uint32_t>(shape.size, 1));
}

}  // namespace perturb::calculus
