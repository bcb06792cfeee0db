// Tests for software stacks: the comparison names each field that differs, with both versions.
#include <doctest/doctest.h>

#include <trncost/compat/stack.hpp>

#include "../support/neuron_stacks.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::compat_stack_test {

using namespace trncost::compat;

namespace {
/// The 2.21 stack with every field given: accelerate, NKI and the Neuron driver too.
software_stack stack_2_21() {
  software_stack s = trncost_support::stack_2_21();
  s.accelerate = "1.10.1";
  s.nki = "0.1.0";
  s.neuron_driver = "2.24.7.0";
  return s;
}
}  // namespace

TEST_CASE("identical stacks have no difference and are the same stack") {
  CHECK(compare(stack_2_21(), stack_2_21()).empty());
  CHECK(same_stack(stack_2_21(), stack_2_21()));
}

TEST_CASE("the comparison names every differing field with the wanted and the tested version") {
  auto tested = stack_2_21();
  tested.neuronx_cc = "2.20.16736.0";
  tested.library_version = "4.55.4";
  tested.transformers = "4.55.4";
  const auto d = compare(stack_2_21(), tested);
  REQUIRE(d.size() == 3);
  CHECK(d[0] == stack_difference{"neuronx_cc", "2.21.33363.0", "2.20.16736.0"});
  CHECK(d[1] == stack_difference{"library_version", "4.57.1", "4.55.4"});
  CHECK(d[2] == stack_difference{"transformers", "4.57.1", "4.55.4"});
  CHECK(describe(d[0]) == "neuronx_cc: 2.21.33363.0 wanted, tested with 2.20.16736.0");
  CHECK_FALSE(same_stack(stack_2_21(), tested));
}

TEST_CASE(
    "a field the target leaves empty accepts any version, one the row lacks is a difference") {
  software_stack target{.neuronx_cc = "2.21.33363.0", .library = "transformers"};
  auto tested = stack_2_21();
  CHECK(same_stack(target, tested));
  CHECK(compare(target, tested).empty());
  tested.neuronx_cc.clear();
  const auto d = compare(target, tested);
  REQUIRE(d.size() == 1);
  CHECK(d[0].field == "neuronx_cc");
  CHECK(d[0].tested.empty());
  CHECK(describe(d[0]) == "neuronx_cc: 2.21.33363.0 wanted, not given by the evidence");
}

TEST_CASE("versions are compared verbatim: 2.21 is not 2.21.33363.0") {
  software_stack target{.neuronx_cc = "2.21"};
  CHECK_FALSE(same_stack(target, stack_2_21()));
}

TEST_CASE("a stack describes the fields it gives, in column order") {
  CHECK(describe(software_stack{.neuronx_cc = "2.21.33363.0", .python = "3.11.13"}) ==
        "neuronx_cc 2.21.33363.0, python 3.11.13");
  CHECK(describe(software_stack{}) == "(no version given)");
  CHECK(stack_fields.size() == 10);
  const auto s = stack_2_21();
  CHECK(stack_field(s, 9) == "2.24.7.0");
}

}  // namespace trncost_tests::compat_stack_test
