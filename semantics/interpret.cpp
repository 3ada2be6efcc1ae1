#include "semantics/interpret.h"

namespace perturb::semantics::interpret_detail {

calculus::Type fill_holes(const calculus::Type& type) {
  if (type->is_complete()) return type;
  switch (type->kind()) {
    case calculus::TypeKind::Hole:
      return calculus::real_type();
    case calculus::TypeKind::Product:
      return calculus::mk_product(fill_holes(type->left()), fill_holes(type->right()));
    case calculus::TypeKind::Arrow:
      return calculus::mk_arrow(fill_holes(type->left()), fill_holes(type->right()));
    case calculus::TypeKind::Atom:
      break;
  }
  return type;
}

calculus::Error first_order_error(const std::string& model, const std::string& what) {
  return calculus::Error{model + " is first-order: cannot interpret " + what +
                             " (it is not a cartesian closed category)",
                         std::nullopt};
}

}  // namespace perturb::semantics::interpret_detail
