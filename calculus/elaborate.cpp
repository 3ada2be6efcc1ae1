#include "calculus/elaborate.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "calculus/substitution.h"

#define PERTURB_ASSIGN_OR_RETURN(var, expr)           \
  auto var##_or_error = (expr);                       \
  if (!var##_or_error) return var##_or_error.error(); \
  auto var = std::move(var##_or_error).value()

#define PERTURB_RETURN_IF_ERROR(expr) \
  if (auto error_ = (expr)) return *error_

namespace perturb::calculus {
namespace {

// A user error found while building terms, after type inference succeeded.
struct BuildError {
  Error error;
};

// Levels of a type printed in an error message before "…" (as deep as the parser reads).
constexpr std::uint32_t kMaxPrintedTypeDepth = 1000;

using MetaId = std::uint32_t;
inline constexpr MetaId kUnbound = std::numeric_limits<MetaId>::max();

// A type during inference: a type variable, or a constructor over others.
struct MetaType {
  enum class Kind : std::uint8_t { Variable, Atom, Product, Arrow };
  Kind kind;
  MetaId left = 0, right = 0;  // Product, Arrow
  Type atom;                   // Atom
  MetaId bound = kUnbound;     // Variable: what it has been unified with
  SourcePosition origin;       // Variable: the term that introduced it
};
using MetaKind = MetaType::Kind;

// The types of one elaboration and their substitution, as union-find: a
// bound variable stands for what it is bound to. Unification is iterative
// (no recursion on the size of types) and all-or-nothing: a failed one
// leaves every variable as it was, so the error can print both sides.
class TypeStore {
 public:
  MetaId fresh(SourcePosition origin) { return add(MetaKind::Variable, 0, 0, nullptr, origin); }
  MetaId product(MetaId left, MetaId right) { return add(MetaKind::Product, left, right); }
  MetaId arrow(MetaId domain, MetaId codomain) { return add(MetaKind::Arrow, domain, codomain); }

  // The MetaType of a type; shared parts of the type stay shared.
  MetaId from(const Type& type) {
    if (auto it = from_memo_.find(type.get()); it != from_memo_.end()) return it->second;
    MetaId id;
    if (is_atom(type)) {
      id = add(MetaKind::Atom, 0, 0, type);
    } else {
      const MetaId left = from(type->left());
      const MetaId right = from(type->right());
      id = is_product(type) ? product(left, right) : arrow(left, right);
    }
    from_memo_.emplace(type.get(), id);
    from_memo_keys_.push_back(type);
    return id;
  }

  // The representative of id: not a bound variable.
  MetaId find(MetaId id) const {
    while (types_[id].kind == MetaKind::Variable && types_[id].bound != kUnbound) {
      id = types_[id].bound;
    }
    return id;
  }
  const MetaType& at(MetaId id) const { return types_[find(id)]; }

  // Makes a and b equal, or returns false and changes nothing.
  bool unify(MetaId a, MetaId b) {
    const std::size_t mark = trail_.size();
    std::vector<std::pair<MetaId, MetaId>> work{{a, b}};
    while (!work.empty()) {
      auto [x, y] = work.back();
      work.pop_back();
      x = find(x);
      y = find(y);
      if (x == y) continue;
      if (types_[y].kind == MetaKind::Variable) std::swap(x, y);
      if (types_[x].kind == MetaKind::Variable) {
        if (occurs(x, y)) return undo(mark);
        types_[x].bound = y;
        trail_.push_back(x);
        continue;
      }
      if (types_[x].kind != types_[y].kind) return undo(mark);
      if (types_[x].kind == MetaKind::Atom) {
        if (types_[x].atom != types_[y].atom) return undo(mark);
        continue;
      }
      work.emplace_back(types_[x].left, types_[y].left);
      work.emplace_back(types_[x].right, types_[y].right);
    }
    return true;
  }

  // The type id stands for, every unbound variable in it bound to R; the
  // origin of each such variable is appended to defaulted.
  Type resolve(MetaId id, std::vector<SourcePosition>& defaulted) {
    id = find(id);
    if (auto it = resolved_.find(id); it != resolved_.end()) return it->second;
    MetaType& type = types_[id];
    Type result;
    switch (type.kind) {
      case MetaKind::Variable:
        defaulted.push_back(type.origin);
        type.bound = from(real_type());
        result = real_type();
        break;
      case MetaKind::Atom:
        result = type.atom;
        break;
      case MetaKind::Product:
      case MetaKind::Arrow: {
        const MetaId left = type.left, right = type.right;
        const bool product = type.kind == MetaKind::Product;
        Type l = resolve(left, defaulted);
        Type r = resolve(right, defaulted);
        result =
            product ? mk_product(std::move(l), std::move(r)) : mk_arrow(std::move(l), std::move(r));
        break;
      }
    }
    resolved_.emplace(id, result);
    return result;
  }

  // As calculus::to_string(Type), with ? for what is still unknown; cut with
  // "…" after about kDefaultPrintLimit characters, since a type shared as a
  // DAG can be exponentially larger written out.
  std::string to_string(MetaId id) const {
    std::string out;
    std::uint64_t budget = kDefaultPrintLimit;
    print(id, 0, 0, out, budget);
    return out;
  }

  // Whether id still has an unknown part.  // Whether id still has an unknown part.
  bool has_variables(MetaId id) const {
    return reaches(id, [&](MetaId part) { return types_[part].kind == MetaKind::Variable; });
  }

 private:
  // Appends id at precedence level (0 arrow, 1 product, 2 tangent) to out,
  // spending one unit of budget per node; "…" once it is spent or below
  // kMaxPrintedTypeDepth levels (which bounds the recursion).
  void print(MetaId id, int level, std::uint32_t depth, std::string& out,
             std::uint64_t& budget) const {
    if (budget == 0 || depth >= kMaxPrintedTypeDepth) {
      out += "…";
      return;
    }
    --budget;
    const MetaType& type = at(id);
    const bool tangent = type.kind == MetaKind::Product && find(type.left) == find(type.right) &&
                         at(type.left).kind != MetaKind::Atom;
    const int own = type.kind == MetaKind::Arrow                 ? 0
                    : type.kind == MetaKind::Product && !tangent ? 1
                                                                 : 2;
    if (own < level) out += '(';
    switch (type.kind) {
      case MetaKind::Variable:
        out += '?';
        break;
      case MetaKind::Atom:
        out += type.atom->atom_name();
        break;
      case MetaKind::Product:
        if (tangent) {
          out += "T ";
          print(type.left, 2, depth + 1, out, budget);
        } else {
          print(type.left, 1, depth + 1, out, budget);
          out += " * ";
          print(type.right, 2, depth + 1, out, budget);
        }
        break;
      case MetaKind::Arrow:
        print(type.left, 1, depth + 1, out, budget);
        out += " -> ";
        print(type.right, 0, depth + 1, out, budget);
        break;
    }
    if (own < level) out += ')';
  }

  MetaId add(MetaKind kind, MetaId left, MetaId right, Type atom = nullptr,
             SourcePosition origin = {}) {
    types_.push_back(MetaType{kind, left, right, std::move(atom), kUnbound, origin});
    return static_cast<MetaId>(types_.size() - 1);
  }

  // Whether the unbound variable occurs in id (which would make an infinite type).
  bool occurs(MetaId variable, MetaId id) const {
    return reaches(id, [&](MetaId part) { return part == variable; });
  }

  // Whether some part of id (a representative, each visited once: types are
  // shared) satisfies found; iterative, so no recursion on the size of types.
  template <class Found>
  bool reaches(MetaId id, Found&& found) const {
    std::vector<MetaId> stack{id};
    std::unordered_set<MetaId> seen;
    while (!stack.empty()) {
      const MetaId current = find(stack.back());
      stack.pop_back();
      if (!seen.insert(current).second) continue;
      if (found(current)) return true;
      const MetaType& type = types_[current];
      if (type.kind == MetaKind::Product || type.kind == MetaKind::Arrow) {
        stack.push_back(type.left);
        stack.push_back(type.right);
      }
    }
    return false;
  }

  bool undo(std::size_t mark) {
    while (trail_.size() > mark) {
      types_[trail_.back()].bound = kUnbound;
      trail_.pop_back();
    }
    return false;
  }

  std::vector<MetaType> types_;
  std::vector<MetaId> trail_;  // variables bound, in order
  std::unordered_map<const TypeNode*, MetaId> from_memo_;
  // Keeps the memo's keys alive: once a type dies, another may be built at
  // its address and would find the dead one's MetaId.
  std::vector<Type> from_memo_keys_;
  std::unordered_map<MetaId, Type> resolved_;
};

struct Definition {
  MetaId type;
  SourcePosition position;
  const SurfaceTerm* body;
  Term term;  // built once the types are known
};

class Elaborator {
 public:
  Elaborator(const SurfaceProgram& program, const Context& free_variables)
      : program_(program), free_variables_(free_variables) {
    real_ = types_.from(real_type());
  }

  ErrorOr<Program> run(const Type& expected) {
    try {
      return infer_and_build(expected);
    } catch (const TooDeep& too_deep) {
      return Error{too_deep.what(), program_.term->position};
    } catch (const BuildError& too_large) {
      return too_large.error;
    }
  }

 private:
  ErrorOr<Program> infer_and_build(const Type& expected) {
    for (const SurfaceDefinition& definition : program_.definitions) {
      if (auto previous = definitions_.find(definition.name); previous != definitions_.end()) {
        return Error{
            fmt::format("{} is already defined at line {}, column {}", quoted(definition.name),
                        previous->second.position.line, previous->second.position.column),
            definition.position};
      }
      PERTURB_ASSIGN_OR_RETURN(type, infer(*definition.body));
      definitions_.emplace(definition.name,
                           Definition{type, definition.position, definition.body.get(), nullptr});
      definition_order_.push_back(definition.name);
    }
    if (expected) {
      PERTURB_RETURN_IF_ERROR(check(*program_.term, types_.from(expected)));
    } else {
      PERTURB_ASSIGN_OR_RETURN(type, infer(*program_.term));
      (void)type;
    }
    // Every equation is known: build the typed terms.
    for (const std::string& name : definition_order_) {
      Definition& definition = definitions_.at(name);
      definition.term = build(*definition.body);
    }
    Term term = build(*program_.term);
    Type type = term->type();
    return Program{std::move(term), std::move(type), free_variables_, std::move(defaulted_)};
  }

  // ---- pass 1: the type of every node ----

  struct LocalType {
    std::string name;
    MetaId type;
  };

  // Binds name in the scope of the guard's lifetime.
  template <class Entry>
  class LocalBinding {
   public:
    LocalBinding(std::vector<Entry>& locals, Entry entry) : locals_(locals) {
      locals_.push_back(std::move(entry));
    }
    ~LocalBinding() { locals_.pop_back(); }
    LocalBinding(const LocalBinding&) = delete;
    LocalBinding& operator=(const LocalBinding&) = delete;

   private:
    std::vector<Entry>& locals_;
  };

  // "'M' has type σ, expected τ"; when τ is only partly known and of another
  // form, says which kind of type is wanted.
  Error mismatch(const SurfaceTerm& node, MetaId found, MetaId expected) const {
    std::string kind;
    const MetaKind want = types_.at(expected).kind;
    if (types_.has_variables(expected) && want != types_.at(found).kind) {
      kind = want == MetaKind::Arrow     ? "a function type "
             : want == MetaKind::Product ? "a product type "
                                         : "";
    }
    return Error{fmt::format("'{}' has type {}, expected {}{}", excerpt(program_, node),
                             types_.to_string(found), kind, types_.to_string(expected)),
                 node.position};
  }

  // The error for a node whose form cannot have the expected type: names the
  // type the node has on its own (or the error inside it).
  std::optional<Error> mismatch_by_synthesis(const SurfaceTerm& node, MetaId expected) {
    auto found = infer(node);
    if (!found) return found.error();
    if (types_.unify(*found, expected)) return std::nullopt;
    return mismatch(node, *found, expected);
  }

  void record(const SurfaceTerm& node, MetaId type) { node_types_[&node] = type; }
  ErrorOr<MetaId> recorded(const SurfaceTerm& node, MetaId type) {
    record(node, type);
    return type;
  }

  // The type of node, expecting that of a function: its domain and codomain.
  ErrorOr<std::pair<MetaId, MetaId>> infer_function(const SurfaceTerm& node) {
    PERTURB_ASSIGN_OR_RETURN(type, infer(node));
    const MetaId want = types_.arrow(types_.fresh(node.position), types_.fresh(node.position));
    if (!types_.unify(type, want)) return mismatch(node, type, want);
    const MetaType& arrow = types_.at(type);
    return std::make_pair(arrow.left, arrow.right);
  }

  // Checks node against expected, pushing expected into the forms that can use it.
  std::optional<Error> check(const SurfaceTerm& node, MetaId expected) {
    const MetaType want = types_.at(expected);  // a copy: from() below may grow the store
    switch (node.kind) {
      case SurfaceKind::Zero:
        record(node, expected);
        return std::nullopt;
      case SurfaceKind::Sum:
        for (const Surface& child : node.children) PERTURB_RETURN_IF_ERROR(check(*child, expected));
        record(node, expected);
        return std::nullopt;
      case SurfaceKind::Let: {
        PERTURB_ASSIGN_OR_RETURN(value, infer(*node.children[0]));
        LocalBinding<LocalType> binding(locals_, {node.name, value});
        PERTURB_RETURN_IF_ERROR(check(*node.children[1], expected));
        record(node, expected);
        return std::nullopt;
      }
      case SurfaceKind::Annotate: {
        const MetaId annotation = types_.from(node.type);
        PERTURB_RETURN_IF_ERROR(check(*node.children[0], annotation));
        record(node, annotation);
        if (!types_.unify(annotation, expected)) return mismatch(node, annotation, expected);
        return std::nullopt;
      }
      case SurfaceKind::Lambda: {
        if (want.kind != MetaKind::Arrow) break;
        const MetaId domain = types_.from(node.type);
        const MetaId codomain = want.right;
        if (!types_.unify(want.left, domain)) return mismatch_by_synthesis(node, expected);
        LocalBinding<LocalType> binding(locals_, {node.name, domain});
        PERTURB_RETURN_IF_ERROR(check(*node.children[0], codomain));
        record(node, expected);
        return std::nullopt;
      }
      case SurfaceKind::Pair:
      case SurfaceKind::Inject: {
        if (want.kind == MetaKind::Variable) break;
        if (want.kind != MetaKind::Product) return mismatch_by_synthesis(node, expected);
        const MetaId left = want.left, right = want.right;
        if (node.kind == SurfaceKind::Pair) {
          PERTURB_RETURN_IF_ERROR(check(*node.children[0], left));
          PERTURB_RETURN_IF_ERROR(check(*node.children[1], right));
        } else {
          PERTURB_RETURN_IF_ERROR(check(*node.children[0], node.component == 1 ? left : right));
        }
        record(node, expected);
        return std::nullopt;
      }
      default:
        break;
    }
    PERTURB_ASSIGN_OR_RETURN(found, infer(node));
    if (!types_.unify(found, expected)) return mismatch(node, found, expected);
    return std::nullopt;
  }

  ErrorOr<MetaId> infer(const SurfaceTerm& node) {
    switch (node.kind) {
      case SurfaceKind::Variable:
        return variable(node);
      case SurfaceKind::Literal:
        return recorded(node, real_);
      case SurfaceKind::Zero:
        return recorded(node, types_.fresh(node.position));
      case SurfaceKind::Primitive:
        return recorded(node, types_.from(primitive_type(node.primitive)));
      case SurfaceKind::Lambda: {
        const MetaId domain = types_.from(node.type);
        LocalBinding<LocalType> binding(locals_, {node.name, domain});
        PERTURB_ASSIGN_OR_RETURN(body, infer(*node.children[0]));
        return recorded(node, types_.arrow(domain, body));
      }
      case SurfaceKind::Let: {
        PERTURB_ASSIGN_OR_RETURN(value, infer(*node.children[0]));
        LocalBinding<LocalType> binding(locals_, {node.name, value});
        PERTURB_ASSIGN_OR_RETURN(body, infer(*node.children[1]));
        return recorded(node, body);
      }
      case SurfaceKind::Apply: {
        PERTURB_ASSIGN_OR_RETURN(function, infer_function(*node.children[0]));
        PERTURB_RETURN_IF_ERROR(check(*node.children[1], function.first));
        return recorded(node, function.second);
      }
      case SurfaceKind::Tangent: {
        PERTURB_ASSIGN_OR_RETURN(function, infer_function(*node.children[0]));
        const auto [domain, codomain] = function;
        return recorded(
            node, types_.arrow(types_.product(domain, domain), types_.product(codomain, codomain)));
      }
      case SurfaceKind::Inject: {
        PERTURB_ASSIGN_OR_RETURN(inner, infer(*node.children[0]));
        const MetaId other = types_.fresh(node.position);
        return recorded(node, node.component == 1 ? types_.product(inner, other)
                                                  : types_.product(other, inner));
      }
      case SurfaceKind::Project: {
        const SurfaceTerm& operand = *node.children[0];
        PERTURB_ASSIGN_OR_RETURN(inner, infer(operand));
        const MetaId want =
            types_.product(types_.fresh(operand.position), types_.fresh(operand.position));
        if (!types_.unify(inner, want)) return mismatch(operand, inner, want);
        const MetaType& product = types_.at(inner);
        return recorded(node, node.component == 1 ? product.left : product.right);
      }
      case SurfaceKind::Derivative: {
        // D M N := pi1 (T M <1, N>): M : R -> τ, N : R give τ.
        const MetaId codomain = types_.fresh(node.position);
        PERTURB_RETURN_IF_ERROR(check(*node.children[0], types_.arrow(real_, codomain)));
        PERTURB_RETURN_IF_ERROR(check(*node.children[1], real_));
        return recorded(node, codomain);
      }
      case SurfaceKind::Sum: {
        PERTURB_ASSIGN_OR_RETURN(type, infer(*node.children[0]));
        for (std::size_t i = 1; i < node.children.size(); ++i) {
          PERTURB_RETURN_IF_ERROR(check(*node.children[i], type));
        }
        return recorded(node, type);
      }
      case SurfaceKind::Pair: {
        PERTURB_ASSIGN_OR_RETURN(first, infer(*node.children[0]));
        PERTURB_ASSIGN_OR_RETURN(second, infer(*node.children[1]));
        return recorded(node, types_.product(first, second));
      }
      case SurfaceKind::Multiply:
        PERTURB_RETURN_IF_ERROR(check(*node.children[0], real_));
        PERTURB_RETURN_IF_ERROR(check(*node.children[1], real_));
        return recorded(node, real_);
      case SurfaceKind::Negate:
        PERTURB_RETURN_IF_ERROR(check(*node.children[0], real_));
        return recorded(node, real_);
      case SurfaceKind::Annotate: {
        const MetaId annotation = types_.from(node.type);
        PERTURB_RETURN_IF_ERROR(check(*node.children[0], annotation));
        return recorded(node, annotation);
      }
    }
    throw InternalError("elaborate: unknown surface kind");
  }

  // Innermost local binder, then definitions, then the free variables.
  ErrorOr<MetaId> variable(const SurfaceTerm& node) {
    for (std::size_t i = locals_.size(); i-- > 0;) {
      if (locals_[i].name == node.name) return recorded(node, locals_[i].type);
    }
    if (auto found = definitions_.find(node.name); found != definitions_.end()) {
      return recorded(node, found->second.type);
    }
    if (auto index = free_variables_.lookup(node.name)) {
      return recorded(node, types_.from(free_variables_.at(*index).type));
    }
    return Error{fmt::format("unknown name {}", quoted(node.name)), node.position,
                 ErrorKind::UnknownName};
  }

  // ---- pass 2: the typed core term ----

  Type type_of(const SurfaceTerm& node) {
    auto it = node_types_.find(&node);
    calculus::check(it != node_types_.end(), "elaborate: a node without a type");
    return types_.resolve(it->second, defaulted_);
  }

  Term build(const SurfaceTerm& node) {
    switch (node.kind) {
      case SurfaceKind::Variable:
        return build_variable(node);
      case SurfaceKind::Literal:
        return mk_lit(node.literal);
      case SurfaceKind::Zero:
        return mk_zero(type_of(node));
      case SurfaceKind::Primitive:
        return mk_prim(node.primitive);
      case SurfaceKind::Lambda: {
        LocalBinding<Binding> binding(built_locals_, {node.name, node.type});
        return mk_lam(node.name, node.type, build(*node.children[0]));
      }
      case SurfaceKind::Let: {
        const Term value = build(*node.children[0]);
        LocalBinding<Binding> binding(built_locals_, {node.name, value->type()});
        return mk_app(mk_lam(node.name, value->type(), build(*node.children[1])), value);
      }
      case SurfaceKind::Apply: {
        const Term function = build(*node.children[0]);
        return mk_app(function, build(*node.children[1]));
      }
      case SurfaceKind::Tangent:
        return mk_tan(build(*node.children[0]));
      case SurfaceKind::Inject: {
        const Type product = type_of(node);
        return mk_inj(node.component, build(*node.children[0]),
                      product_component(product, 3 - node.component));
      }
      case SurfaceKind::Project:
        return mk_proj(node.component, build(*node.children[0]));
      case SurfaceKind::Derivative: {
        const Term function = build(*node.children[0]);
        const Term point = build(*node.children[1]);
        return mk_proj(1, mk_app(mk_tan(function), mk_pair(mk_lit(1), point)));
      }
      case SurfaceKind::Sum: {
        const Type type = type_of(node);
        std::vector<Term> terms;
        terms.reserve(node.children.size());
        std::uint64_t summands = 0;
        for (const Surface& child : node.children) {
          terms.push_back(build(*child));
          summands += summand_count(terms.back());
        }
        check_summands(node, "sum", summands);
        return mk_sum(type, terms);
      }
      case SurfaceKind::Pair: {
        const Term first = build(*node.children[0]);
        const Term second = build(*node.children[1]);
        check_summands(node, "pair", summand_count(first) + summand_count(second));
        return mk_pair(first, second);
      }
      case SurfaceKind::Multiply: {
        const Term left = build(*node.children[0]);
        return mk_mul(left, build(*node.children[1]));
      }
      case SurfaceKind::Annotate:
        return build(*node.children[0]);
      case SurfaceKind::Negate:  // -M := -1 * M
        return mk_mul(mk_lit(-1), build(*node.children[0]));
    }
    throw InternalError("elaborate: unknown surface kind");
  }

  static std::uint64_t summand_count(const Term& term) {
    return is_sum(term) ? term->children().size() : 1;
  }

  // A pair is the sum of its injected components, and sums are spread over
  // injections (§3), so nested pairs of sums multiply summands: stop before
  // building a bag larger than kMaxElaboratedSummands.
  void check_summands(const SurfaceTerm& node, const char* what, std::uint64_t summands) const {
    if (summands <= kMaxElaboratedSummands) return;
    throw BuildError{
        Error{fmt::format("this {} is a sum of {} simple terms once its sums are spread over pairs "
                          "(§3), more than the {} a term may have",
                          what, summands, kMaxElaboratedSummands),
              node.position}};
  }

  Term build_variable(const SurfaceTerm& node) {
    const auto depth = static_cast<std::uint32_t>(built_locals_.size());
    for (std::uint32_t i = 0; i < depth; ++i) {
      const Binding& binding = built_locals_[depth - 1 - i];
      if (binding.name == node.name) return mk_var(i, binding.type);
    }
    if (auto found = definitions_.find(node.name); found != definitions_.end()) {
      return lift(found->second.term, depth);
    }
    const std::uint32_t index = free_variables_.lookup(node.name).value();
    return mk_var(index + depth, free_variables_.at(index).type);
  }

  const SurfaceProgram& program_;
  const Context& free_variables_;
  TypeStore types_;
  MetaId real_;
  std::vector<LocalType> locals_;      // pass 1, outermost first
  std::vector<Binding> built_locals_;  // pass 2, outermost first
  std::map<std::string, Definition> definitions_;
  std::vector<std::string> definition_order_;
  std::unordered_map<const SurfaceTerm*, MetaId> node_types_;
  std::vector<SourcePosition> defaulted_;
};

}  // namespace

ErrorOr<Program> elaborate(const SurfaceProgram& program, const Context& free_variables,
                           const Type& expected) {
  return Elaborator(program, free_variables).run(expected);
}

}  // namespace perturb::calculus
