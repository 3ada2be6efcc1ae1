// Tests of the compiled structural morphisms of the closures model
// (models/closures/structural_program.h): on random morphisms built from the
// structure (with opaque children among them: memoized, curried, applied
// function values) and random points (zeros inside, −0, infinities,
// perturbed scalars, closures), the program's image is the tree's bit for
// bit and takes as many steps, in the one-tag lane or out of it; the tiers
// switch after kApplicationsBeforeCompiling root applications; trees past
// the bounds stay trees.
#include "models/closures/structural_program.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>
#include <thread>
#include <vector>

#include "../same_bits.h"
#include "calculus/random_draws.h"
#include "models/closures/closures.h"
#include "semantics/evaluation_budget.h"

using namespace perturb;
using namespace perturb::models;
using closures::Object;
using closures::Scalar;
using closures::Value;
using Program = closures::StructuralProgram<double>;
using perturb::testing::same_bits;

namespace {

int below(std::mt19937_64& rng, int n) { return calculus::random_integer(rng, 0, n - 1); }

// The closures model over the field F.
template <class F>
using ModelOver = ClosureModel<TaggedInfinitesimals, F>;

// The objects the random morphisms go between: first-order ones, and
// with `functions` functions R ⇒ R alone and beside a real.
std::vector<Object> objects(bool functions) {
  const Object r = Object::real();
  const Object rr = Object::product(r, r);
  std::vector<Object> all{Object(), r, rr, Object::product(r, rr), Object::product(rr, r)};
  if (functions) {
    const Object e = Object::exponential(r, r);
    all.insert(all.end(), {e, Object::product(e, r)});
  }
  return all;
}

// A random morphism x → y of depth at most `depth`, from every structural
// constructor (the transcendental primitives where F has them), with
// opaque children (a memoized morphism, a plain closure, a curried
// morphism, an application of a function value).
template <class F>
class RandomStructuralMorphism {
 public:
  using Morphism = typename ModelOver<F>::Morphism;
  using Value = closures::BasicValue<F>;

  // With opaque children, or with none (programs that may run in the one-tag lane).
  RandomStructuralMorphism(const ModelOver<F>& c, std::mt19937_64& rng, bool opaque = true)
      : c_(c), rng_(rng), opaque_(opaque) {}

  Morphism operator()(const Object& x, const Object& y, int depth) {
    if (depth == 0) return leaf(x, y);
    const Object r = Object::real();
    int choice = below(rng_, opaque_ ? 10 : 6);
    // Without opaque children, mostly arithmetic into R: the one-tag lane's.
    if (!opaque_ && y.kind() == Object::Kind::Real && below(rng_, 2) == 0)
      choice = 3 + below(rng_, 2);
    switch (choice) {
      case 0: {
        const Object z = random_object();
        return c_.compose((*this)(z, y, depth - 1), (*this)(x, z, depth - 1));
      }
      case 1:
        return c_.add((*this)(x, y, depth - 1), (*this)(x, y, depth - 1));
      case 2:
        if (y.kind() == Object::Kind::Product)
          return c_.pair((*this)(x, y.left(), depth - 1), (*this)(x, y.right(), depth - 1));
        break;
      case 3:
        if (kHasTranscendentals<F> && y.kind() == Object::Kind::Real) {
          const calculus::Primitive p[] = {calculus::Primitive::Sin, calculus::Primitive::Cos,
                                           calculus::Primitive::Exp};
          return c_.compose(c_.primitive(p[below(rng_, 3)]), (*this)(x, y, depth - 1));
        }
        break;
      case 4:
        if (y.kind() == Object::Kind::Real) {
          return c_.compose(c_.primitive(calculus::Primitive::Mul),
                            (*this)(x, Object::product(y, y), depth - 1));
        }
        break;
      case 5:
        if (x.kind() == Object::Kind::Product) {
          return below(rng_, 2) == 0
                     ? c_.compose((*this)(x.left(), y, depth - 1), c_.proj1(x.left(), x.right()))
                     : c_.compose((*this)(x.right(), y, depth - 1), c_.proj2(x.left(), x.right()));
        }
        break;
      case 6:
        ++opaque_children_;
        return c_.memoized((*this)(x, y, depth - 1));
      case 7: {
        ++opaque_children_;
        const Morphism inner = (*this)(x, y, depth - 1);
        return Morphism(x, y, [g = inner.map()](const Value& p) { return g(p); });
      }
      case 8:
        if (y.kind() == Object::Kind::Exponential) {
          ++opaque_children_;
          return c_.curry((*this)(Object::product(x, y.left()), y.right(), depth - 1));
        }
        break;
      case 9:
        if (y.kind() == Object::Kind::Real) {
          ++opaque_children_;
          const Object e = Object::exponential(r, r);
          return c_.compose(c_.eval(r, r),
                            c_.pair((*this)(x, e, depth - 1), (*this)(x, r, depth - 1)));
        }
        break;
    }
    return leaf(x, y);
  }

  // How many memoized or opaque morphisms were built.
  int opaque_children() const { return opaque_children_; }
  // The objects it goes between: without opaque children, first-order ones
  // only (a function-valued leaf is a curry, which is opaque).
  std::vector<Object> objects() const { return ::objects(opaque_); }

 private:
  Object random_object() {
    const auto all = objects();
    return all[static_cast<std::size_t>(below(rng_, static_cast<int>(all.size())))];
  }

  Morphism leaf(const Object& x, const Object& y) {
    if (x == y && below(rng_, 3) == 0) return c_.identity(x);
    if (below(rng_, 6) == 0) return c_.zero(x, y);
    switch (y.kind()) {
      case Object::Kind::Terminal:
        return c_.bang(x);
      case Object::Kind::Product:
        return c_.pair(leaf(x, y.left()), leaf(x, y.right()));
      case Object::Kind::Exponential:
        if (x.kind() == Object::Kind::Product && below(rng_, 2) == 0) break;  // project
        return x == y ? c_.identity(x) : c_.curry(leaf(Object::product(x, y.left()), y.right()));
      default:
        break;
    }
    if (x.kind() == Object::Kind::Product &&
        (y.kind() == Object::Kind::Exponential || below(rng_, 4) != 0)) {
      return below(rng_, 2) == 0 ? c_.compose(leaf(x.left(), y), c_.proj1(x.left(), x.right()))
                                 : c_.compose(leaf(x.right(), y), c_.proj2(x.left(), x.right()));
    }
    if (x == y) return c_.identity(x);
    const double constants[] = {2.5, -0.0, 0.75};
    return c_.compose(c_.constant(constants[below(rng_, 3)]), c_.bang(x));
  }

  const ModelOver<F>& c_;
  std::mt19937_64& rng_;
  bool opaque_;
  int opaque_children_ = 0;
};

// A random point of an object: zeros at any level, signed zeros, over
// double an infinity now and then, scalars plain or perturbed in one or two
// tags as `scalars` says, functions R ⇒ R as closures.
enum class Scalars { Plain, Any, Perturbed };
template <class F = double>
closures::BasicValue<F> random_point(const Object& x, std::mt19937_64& rng, Tag e, Tag f,
                                     Scalars scalars = Scalars::Any) {
  using Value = closures::BasicValue<F>;
  using Scalar = Tagged<F>;
  if (below(rng, 7) == 0) return Value();
  switch (x.kind()) {
    case Object::Kind::Terminal:
      return Value();
    case Object::Kind::Product: {
      Value left = random_point<F>(x.left(), rng, e, f, scalars);
      return Value::pair(std::move(left), random_point<F>(x.right(), rng, e, f, scalars));
    }
    case Object::Kind::Exponential:
      if constexpr (kHasTranscendentals<F>) {
        if (below(rng, 2) == 0)
          return Value::closure([](const Value& p) { return Value(sin(scalar_of(p))); });
      }
      return Value::closure(
          [](const Value& p) { return Value(scalar_of(p) * scalar_of(p) + Scalar(1.0)); });
    default:
      break;
  }
  const double infinity = std::same_as<F, double> ? std::numeric_limits<double>::infinity() : 4.0;
  const double reals[] = {0.5, -1.25, -0.0, 2.0, infinity, 0.3};
  const Scalar primal(reals[below(rng, 6)]);
  const int kind = scalars == Scalars::Plain ? 0
                   : scalars == Scalars::Any ? below(rng, 3)
                                             : 1 + below(rng, 2);
  switch (kind) {
    case 0:
      return primal;
    case 1:
      return primal + Scalar::infinitesimal(e) * reals[below(rng, 6)];
    default:
      return primal + Scalar::infinitesimal(e) * 0.5 + Scalar::infinitesimal(f) * -2.0 +
             Scalar::infinitesimal(e) * Scalar::infinitesimal(f) * 0.25;
  }
}

// The image of p by a node's tree or its program in an evaluation of its
// own (memo and steps), and the steps it took.
template <class F = double, class Evaluate>
std::pair<closures::BasicValue<F>, std::uint64_t> evaluated(Evaluate&& evaluate) {
  const closures::EvaluationScope<F> scope(std::numeric_limits<std::uint64_t>::max() / 2);
  const std::uint64_t before = closures::evaluation_detail::steps<F>.taken;
  closures::BasicValue<F> image = evaluate();
  return {std::move(image), closures::evaluation_detail::steps<F>.taken - before};
}

// The runs of programs that completed in the one-tag lane and that left it
// (a scalar of another form), plain and perturbed together.
struct LaneRuns {
  int in = 0, left = 0;
};

// Compares program and tree on `rounds` random morphisms at four points
// each, and counts the points compared and the one-tag lane's runs.
template <class F>
int compare_with_tree(const ModelOver<F>& c, RandomStructuralMorphism<F>& random_morphism,
                      std::mt19937_64& rng, std::uint64_t seed, int rounds, LaneRuns& lane_runs) {
  using Program = closures::StructuralProgram<F>;
  using Value = closures::BasicValue<F>;
  const Tag e = fresh_tag(), f = fresh_tag(), probe = fresh_tag();
  const auto all = random_morphism.objects();
  int compared = 0;
  for (int round = 0; round < rounds; ++round) {
    const int count = static_cast<int>(all.size());
    const Object x = all[static_cast<std::size_t>(below(rng, count))];
    const Object y = all[static_cast<std::size_t>(below(rng, count))];
    const auto morphism = random_morphism(x, y, 4);
    const closures::StructuralNode<F>* node = morphism.map().structure();
    if (node == nullptr) continue;  // an opaque root: nothing to compile
    for (int i = 0; i < 4; ++i) {
      // Fresh programs at each point: a program that leaves the one-tag lane
      // once never tries it again. Plain points at every other one, where
      // the lane runs to the end; perturbed ones at every fourth, where it
      // leaves if it reads a scalar.
      const auto program = Program::compile(*node);
      const auto perturbed_program = Program::compile(*node, Program::Argument::Perturbed);
      REQUIRE(program != nullptr);
      REQUIRE(perturbed_program != nullptr);
      const Scalars scalars = i % 2 == 0 ? Scalars::Plain
                              : i == 1   ? Scalars::Any
                                         : Scalars::Perturbed;
      const Value p = random_point<F>(x, rng, e, f, scalars);
      const Value v = random_point<F>(x, rng, e, f, scalars);
      const Tag tag = fresh_tag();
      INFO("seed " << seed << ", round " << round << ", " << x.to_string() << " → " << y.to_string()
                   << ", point " << c.describe_point(x, p) << ", direction "
                   << c.describe_point(x, v));
      const auto [tree, tree_steps] = evaluated<F>([&] { return node->evaluate(p); });
      const bool lane = program->tries_one_tag_lane();
      const auto [run, run_steps] = evaluated<F>([&] { return program->run(p); });
      CHECK(same_bits(tree, run, probe));
      CHECK(tree_steps == run_steps);
      // At x + ε·v: the program perturbs the parts it reads.
      const auto [perturbed_tree, perturbed_tree_steps] =
          evaluated<F>([&] { return node->evaluate(closures::perturbed(p, v, tag)); });
      const bool perturbed_lane = perturbed_program->tries_one_tag_lane();
      const auto [perturbed_run, perturbed_run_steps] =
          evaluated<F>([&] { return perturbed_program->run_perturbed(p, v, tag); });
      CHECK(same_bits(perturbed_tree, perturbed_run, probe));
      CHECK(perturbed_tree_steps == perturbed_run_steps);
      for (const auto& [tried, still_tries] :
           {std::pair{lane, program->tries_one_tag_lane()},
            std::pair{perturbed_lane, perturbed_program->tries_one_tag_lane()}}) {
        if (tried) ++(still_tries ? lane_runs.in : lane_runs.left);
      }
      ++compared;
    }
  }
  return compared;
}

}  // namespace

TEMPLATE_TEST_CASE("a compiled program gives the tree's image bit for bit, in as many steps",
                   "[structural_program]", double, Ball, Rational) {
  // Over the rationals no transcendentals; off double no infinities in the
  // points and no one-tag lane: the Tagged run, with the joint descents.
  const ModelOver<TestType> c;
  const std::uint64_t seed = GENERATE(1u, 2u, 3u, 4u);
  std::mt19937_64 rng(seed);
  RandomStructuralMorphism<TestType> random_morphism(c, rng);
  LaneRuns lane_runs;
  CHECK(compare_with_tree(c, random_morphism, rng, seed, 150, lane_runs) > 300);
  CHECK(random_morphism.opaque_children() > 50);
}

TEST_CASE("without opaque children a program runs in the one-tag lane, bit for bit",
          "[structural_program]") {
  const Closures c;
  const std::uint64_t seed = GENERATE(1u, 2u, 3u, 4u);
  std::mt19937_64 rng(seed);
  RandomStructuralMorphism<double> random_morphism(c, rng, false);
  LaneRuns lane_runs;
  const int compared = compare_with_tree(c, random_morphism, rng, seed, 150, lane_runs);
  CHECK(compared > 300);
  INFO("runs in the one-tag lane " << lane_runs.in << ", runs that left it " << lane_runs.left);
  // Every program without opaque children tries the lane, plain and perturbed.
  CHECK(lane_runs.in + lane_runs.left == 2 * compared);
  CHECK(lane_runs.in > 600);
  CHECK(lane_runs.left > 40);
}

TEST_CASE("pairs and projections cost nothing, unused values are not computed",
          "[structural_program]") {
  // π1 ∘ ⟨sin ∘ π1, exp ∘ π2⟩: nine nodes, four instructions (π1 of the
  // argument, its scalar, its sine, the sine as a value); exp is never run.
  const Closures c;
  const Object r = Object::real();
  const auto sin_first = c.compose(c.primitive(calculus::Primitive::Sin), c.proj1(r, r));
  const auto exp_second = c.compose(c.primitive(calculus::Primitive::Exp), c.proj2(r, r));
  const auto morphism = c.compose(c.proj1(r, r), c.pair(sin_first, exp_second));
  const auto program = Program::compile(*morphism.map().structure());
  REQUIRE(program != nullptr);
  CHECK(program->size() == 4);
  CHECK(program->steps() == 8);
  const Value p = Value::pair(Value::real(0.5), Value::real(1000.0));
  const auto [image, steps] = evaluated([&] { return program->run(p); });
  CHECK(scalar_of(image).primal_value() == std::sin(0.5));
  CHECK(steps == 8);
}

TEST_CASE("the parts of a perturbed argument are read together", "[structural_program]") {
  // sin ∘ π1 ∘ π2 ∘ π2 at (x, v) on R × (R × (R × R)): two instructions
  // descend x and v (one loop), one perturbs the first part of the parts
  // they reach, then the sine and the result as a value: five, where
  // reading x and v apart and perturbing the part read would take nine.
  const Closures c;
  const Object r = Object::real();
  const Object rr = Object::product(r, r), rrr = Object::product(r, rr);
  const auto morphism =
      c.compose(c.primitive(calculus::Primitive::Sin),
                c.compose(c.proj1(r, r), c.compose(c.proj2(r, rr), c.proj2(r, rrr))));
  const auto* node = morphism.map().structure();
  REQUIRE(node != nullptr);
  const auto program = Program::compile(*node, Program::Argument::Perturbed);
  REQUIRE(program != nullptr);
  CHECK(program->size() == 5);
  const auto nested = [](double a, double b, double c, double d) {
    return Value::pair(Value::real(a),
                       Value::pair(Value::real(b), Value::pair(Value::real(c), Value::real(d))));
  };
  const Value x = nested(0.5, 1.5, 0.25, 2.0), v = nested(1.0, 7.0, -3.0, 4.0);
  const Tag tag = fresh_tag();
  const auto [tree, tree_steps] =
      evaluated([&] { return node->evaluate(closures::perturbed(x, v, tag)); });
  const auto [run, run_steps] = evaluated([&] { return program->run_perturbed(x, v, tag); });
  CHECK(same_bits(tree, run, fresh_tag()));
  CHECK(tree_steps == run_steps);
  CHECK(scalar_of(run) == sin(Scalar(0.25) + Scalar::infinitesimal(tag) * -3.0));
  CHECK(program->tries_one_tag_lane());
}

TEST_CASE("zero parts stay in the one-tag lane, a scalar in another tag leaves it",
          "[structural_program]") {
  const Closures c;
  const Object r = Object::real();
  const auto perturbed_run = [&](const closures::Morphism& g, const Value& x, const Value& v) {
    const auto program = Program::compile(*g.map().structure(), Program::Argument::Perturbed);
    REQUIRE(program != nullptr);
    REQUIRE(program->tries_one_tag_lane());
    const Tag tag = fresh_tag();
    const Value tree = g.map().structure()->evaluate(closures::perturbed(x, v, tag));
    CHECK(same_bits(tree, program->run_perturbed(x, v, tag), fresh_tag()));
    return program->tries_one_tag_lane();
  };
  // mul ∘ ⟨π1, π2⟩ where a part of v or of x is the zero value: x_p alone,
  // ε·v_p alone, or 0.
  const auto product =
      c.compose(c.primitive(calculus::Primitive::Mul), c.pair(c.proj1(r, r), c.proj2(r, r)));
  const Value zero;
  CHECK(perturbed_run(product, Value::pair(Value::real(0.5), Value::real(2.0)),
                      Value::pair(zero, Value::real(3.0))));
  CHECK(perturbed_run(product, Value::pair(zero, Value::real(2.0)),
                      Value::pair(Value::real(-1.5), Value::real(3.0))));
  CHECK(perturbed_run(product, Value::pair(zero, Value::real(2.0)), zero));
  // sin ∘ (π1 + π2) at x = (0.5 + δ, 0.25), v = 0: the sum is 0.75 + δ, a
  // scalar in another tag than the derivative's, which the lane must not
  // take for one in ε.
  const auto sine_of_sum =
      c.compose(c.primitive(calculus::Primitive::Sin), c.add(c.proj1(r, r), c.proj2(r, r)));
  const Value x =
      Value::pair(Value(Scalar(0.5) + Scalar::infinitesimal(fresh_tag()) * 1.0), Value::real(0.25));
  CHECK_FALSE(perturbed_run(sine_of_sum, x, Value::pair(zero, zero)));
}

TEST_CASE("a morphism built from another's function is opaque", "[structural_program]") {
  // Morphism(x, y, g.map()) applies g's map as a function (a step of its
  // own, then g's): it has no structure, so neither a program nor a tangent
  // map goes around the step it counts.
  const Closures c;
  const Object r = Object::real();
  const auto g = c.compose(c.primitive(calculus::Primitive::Sin), c.identity(r));
  REQUIRE(g.map().structure() != nullptr);
  const closures::Morphism wrapped(r, r, g.map());
  CHECK(wrapped.map().structure() == nullptr);
  const Value x = Value::real(0.5), vx = Value::pair(Value::real(1.0), x);
  const auto [image, steps] = evaluated([&] { return c.apply(wrapped, x); });
  const auto [direct, direct_steps] = evaluated([&] { return c.apply(g, x); });
  CHECK(same_bits(image, direct, fresh_tag()));
  CHECK(steps == direct_steps + 1);
  const auto [tangent, tangent_steps] =
      evaluated([&] { return c.apply(c.fast_tangent_map(wrapped), vx); });
  const auto [direct_tangent, direct_tangent_steps] =
      evaluated([&] { return c.apply(c.fast_tangent_map(g), vx); });
  CHECK(same_bits(tangent, direct_tangent, fresh_tag()));
  CHECK(tangent_steps == direct_tangent_steps + 1);
}

TEST_CASE("a structural morphism runs its program after its threshold of root applications",
          "[structural_program]") {
  const Closures c;
  const Object r = Object::real();
  const auto square =
      c.compose(c.primitive(calculus::Primitive::Mul), c.pair(c.identity(r), c.identity(r)));
  const auto* node = square.map().structure();
  REQUIRE(node != nullptr);
  const Value p = Value::real(1.5);
  for (std::uint32_t i = 0; i < closures::StructuralNode<double>::kApplicationsBeforeCompiling;
       ++i) {
    CHECK(scalar_of(c.apply(square, p)).primal_value() == 2.25);
    CHECK_FALSE(node->compiled());
  }
  CHECK(scalar_of(c.apply(square, p)).primal_value() == 2.25);
  CHECK(node->compiled());
  // A node applied only inside another's tree is not a root: never compiled.
  const auto* inner = square.map().structure()->second_structure();
  REQUIRE(inner != nullptr);
  CHECK_FALSE(inner->compiled());
}

TEST_CASE("the tangent map of a structural morphism goes through its program",
          "[structural_program]") {
  // T(mul ∘ ⟨sin ∘ π1, π2⟩) at (v, x) = ((0.5, −1), (0.25, 2)): the tree's
  // images until the threshold, the program's after, bit for bit.
  const Closures c;
  const Object r = Object::real();
  const auto g = c.compose(
      c.primitive(calculus::Primitive::Mul),
      c.pair(c.compose(c.primitive(calculus::Primitive::Sin), c.proj1(r, r)), c.proj2(r, r)));
  const auto tangent = c.fast_tangent_map(g);
  const Value vx = Value::pair(Value::pair(Value::real(0.5), Value::real(-1.0)),
                               Value::pair(Value::real(0.25), Value::real(2.0)));
  const Value first = c.apply(tangent, vx);
  CHECK(scalar_of(component(first, 1)).primal_value() == std::sin(0.25) * 2.0);
  CHECK(scalar_of(component(first, 0)).primal_value() ==
        Approx(std::cos(0.25) * 0.5 * 2.0 - std::sin(0.25)));
  for (std::uint32_t i = 1; i < closures::StructuralNode<double>::kApplicationsBeforeCompiling;
       ++i) {
    CHECK(same_bits(c.apply(tangent, vx), first, fresh_tag()));
    CHECK_FALSE(g.map().structure()->compiled_for_perturbed_points());
  }
  CHECK(same_bits(c.apply(tangent, vx), first, fresh_tag()));
  CHECK(g.map().structure()->compiled_for_perturbed_points());
  CHECK(same_bits(c.apply(tangent, vx), first, fresh_tag()));
  // Compiled for perturbed points only: g itself was never applied at a plain one.
  CHECK_FALSE(g.map().structure()->compiled());
  const auto perturbed = Program::compile(*g.map().structure(), Program::Argument::Perturbed);
  REQUIRE(perturbed != nullptr);
}

TEST_CASE("two threads past the threshold at once get the tree's images", "[structural_program]") {
  // sin ∘ mul ∘ ⟨π1, exp ∘ π2⟩ and its tangent map, applied by two threads
  // together past the threshold: whichever thread compiles or publishes a
  // program, every image is the tree's. (The assertions run on this
  // thread: Catch2's are not thread-safe.)
  const Closures c;
  const Object r = Object::real();
  const auto g = c.compose(
      c.primitive(calculus::Primitive::Sin),
      c.compose(
          c.primitive(calculus::Primitive::Mul),
          c.pair(c.proj1(r, r), c.compose(c.primitive(calculus::Primitive::Exp), c.proj2(r, r)))));
  const auto tangent = c.fast_tangent_map(g);
  const Value x = Value::pair(Value::real(0.75), Value::real(-0.5));
  const Value vx = Value::pair(Value::pair(Value::real(1.0), Value::real(2.0)), x);
  const auto* node = g.map().structure();
  REQUIRE(node != nullptr);
  // The first applications, below the threshold: the tree's images.
  const Value tree = c.apply(g, x), tree_tangent = c.apply(tangent, vx);
  CHECK_FALSE(node->compiled());
  constexpr int kApplications = 3 * closures::StructuralNode<double>::kApplicationsBeforeCompiling;
  std::vector<Value> images[2], tangents[2];
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kApplications; ++i) {
        images[t].push_back(c.apply(g, x));
        tangents[t].push_back(c.apply(tangent, vx));
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  CHECK(node->compiled());
  CHECK(node->compiled_for_perturbed_points());
  for (int t = 0; t < 2; ++t) {
    REQUIRE(images[t].size() == kApplications);
    for (int i = 0; i < kApplications; ++i) {
      INFO("thread " << t << ", application " << i);
      CHECK(same_bits(images[t][i], tree, fresh_tag()));
      CHECK(same_bits(tangents[t][i], tree_tangent, fresh_tag()));
    }
  }
}

TEST_CASE("a tree deeper than the compiler's bound stays a tree", "[structural_program]") {
  const Closures c;
  const Object r = Object::real();
  auto deep = c.primitive(calculus::Primitive::Sin);
  for (int i = 0; i < Program::kMaxDepth + 10; ++i) deep = c.compose(c.identity(r), deep);
  CHECK(Program::compile(*deep.map().structure()) == nullptr);
  const Value p = Value::real(0.25);
  for (std::uint32_t i = 0; i < 2 * closures::StructuralNode<double>::kApplicationsBeforeCompiling;
       ++i)
    CHECK(scalar_of(c.apply(deep, p)).primal_value() == std::sin(0.25));
  CHECK_FALSE(deep.map().structure()->compiled());
}

TEST_CASE("a tree larger than the compiler's bound stays a tree", "[structural_program]") {
  // x^(2^19) by squaring a shared square: a DAG of 58 nodes whose tree,
  // inlined, has over a million (kMaxNodes = 2^18).
  const Closures c;
  const Object r = Object::real();
  auto power = c.identity(r);
  for (int i = 0; i < 19; ++i)
    power = c.compose(c.primitive(calculus::Primitive::Mul), c.pair(power, power));
  CHECK(Program::compile(*power.map().structure()) == nullptr);
  CHECK(scalar_of(c.apply(power, Value::real(1.0))).primal_value() == 1.0);
}

TEST_CASE("a program stops at the step budget the tree stops at", "[structural_program]") {
  const Closures c;
  const Object r = Object::real();
  auto chain = c.primitive(calculus::Primitive::Sin);
  for (int i = 0; i < 20; ++i) chain = c.compose(c.primitive(calculus::Primitive::Sin), chain);
  const auto* node = chain.map().structure();
  const auto program = Program::compile(*node);
  REQUIRE(program != nullptr);
  CHECK(program->steps() == 40);  // 41 nodes (21 sines, 20 compositions) but the root
  const Value p = Value::real(0.25);
  for (const std::uint64_t budget : {std::uint64_t{39}, std::uint64_t{40}}) {
    const auto run = [&](auto&& evaluate) {
      const closures::EvaluationScope<double> scope(budget);
      return evaluate();
    };
    if (budget < program->steps()) {
      CHECK_THROWS_AS(run([&] { return node->evaluate(p); }), semantics::EvaluationBudgetExceeded);
      CHECK_THROWS_AS(run([&] { return program->run(p); }), semantics::EvaluationBudgetExceeded);
    } else {
      CHECK(same_bits(run([&] { return node->evaluate(p); }), run([&] { return program->run(p); }),
                      fresh_tag()));
    }
  }
}

TEST_CASE("over the rationals an unused product past its budget stops both tiers",
          "[structural_program]") {
  // π1 ∘ ⟨π1, sq⁶ ∘ π2⟩ at (1, 2⁻¹⁰⁷⁴): the sixth square needs 68 737 bits
  // (kMaxRationalBits = 65 536). The tree computes the unused squares and
  // stops; the program must not drop them, or whether the evaluation
  // completes would depend on how often the morphism was applied before.
  using RationalValue = closures::BasicValue<Rational>;
  const ClosuresOverRationals c;
  const Object r = Object::real();
  const auto square =
      c.compose(c.primitive(calculus::Primitive::Mul), c.pair(c.identity(r), c.identity(r)));
  auto squares = square;
  for (int i = 1; i < 6; ++i) squares = c.compose(square, squares);
  const auto unused =
      c.compose(c.proj1(r, r), c.pair(c.proj1(r, r), c.compose(squares, c.proj2(r, r))));
  const RationalValue p =
      RationalValue::pair(RationalValue::real(1.0), RationalValue::real(5e-324));
  const auto* node = unused.map().structure();
  REQUIRE(node != nullptr);
  for (std::uint32_t i = 0; i <= closures::StructuralNode<Rational>::kApplicationsBeforeCompiling;
       ++i)
    CHECK_THROWS_AS(c.apply(unused, p), semantics::EvaluationBudgetExceeded);
  CHECK(node->compiled());
  // Without the squares the program gives the first component.
  const auto kept = c.compose(c.proj1(r, r), c.pair(c.proj1(r, r), c.proj2(r, r)));
  CHECK(scalar_of(c.apply(kept, p)).primal_value() == Rational(1.0));
}
