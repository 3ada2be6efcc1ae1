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
