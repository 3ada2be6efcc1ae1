// What a binding's cases are drawn from (proofs/binding/binding.h): the model's
// capabilities and the law's subject, decided in generator_options alone.
#include "proofs/binding/binding.h"

#include <catch2/catch.hpp>

#include "../checker_support.h"

using namespace perturb::proofs;
using namespace perturb::proofs::testing;

TEST_CASE("the laws about the calculus are §5's and §7's, the sound.* laws, and the signature's",
          "[binding]") {
  std::size_t calculus = 0;
  for (const LawBinding& b : all_bindings()) {
    INFO(b.info.id);
    CHECK((b.info.subject == LawSubject::Calculus) ==
          (b.info.id.starts_with("sound.") || b.info.id.starts_with("signature.")));
    calculus += b.info.subject == LawSubject::Calculus;
  }
  CHECK(calculus > 0);
}

TEST_CASE("generator_options: the whole calculus only for laws about it, on a model that reads it",
          "[binding]") {
  // smooth reads first-order judgements through normal forms; closures is
  // higher-order, and its first-order judgements need no such reading.
  CHECK(generator_options(binding("sound.beta", "smooth"), 10).whole_calculus);
  CHECK_FALSE(generator_options(binding("cdc.D5", "smooth"), 10).whole_calculus);
  CHECK_FALSE(generator_options(binding("sound.beta", "closures"), 10).whole_calculus);
  CHECK(generator_options(binding("sound.beta", "closures"), 10).higher_order);
  CHECK_FALSE(generator_options(binding("cdc.D5", "closures@rational"), 7).transcendentals);
  CHECK(generator_options(binding("cdc.D5", "closures@rational"), 7).max_size == 7);
  CHECK(generator_options(binding("cdc.D5", "closures@rational"), 7).certified);
  CHECK_FALSE(generator_options(binding("cla.category.left-identity", "smooth"), 10).certified);
}

TEST_CASE(
    "generator_options: the primitives beyond the paper's four the model hosts, unless "
    "--paper-signature",
    "[binding]") {
  using perturb::calculus::Primitive;
  using perturb::semantics::primitive_bit;
  const auto beyond = [](const char* model, bool paper_signature = false) {
    return generator_options(binding("cdc.D5", model), 10, paper_signature).beyond_paper;
  };
  CHECK(beyond("closures") & primitive_bit(Primitive::Log));
  CHECK(beyond("closures") & primitive_bit(Primitive::Max));
  CHECK_FALSE(beyond("closures") & primitive_bit(Primitive::Sin));
  CHECK(beyond("closures@ball") & primitive_bit(Primitive::Pow));
  CHECK(beyond("closures@ball") & primitive_bit(Primitive::Abs));
  CHECK(beyond("closures@rational") ==
        (primitive_bit(Primitive::Abs) | primitive_bit(Primitive::Max) |
         primitive_bit(Primitive::Min) | primitive_bit(Primitive::Sign)));
  CHECK(beyond("symbolic") == 0);
  CHECK(beyond("closures", true) == 0);
}
