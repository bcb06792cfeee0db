// Evaluating a built model allocates nothing: analysis re-runs it thousands of times per second.
// Counts calls of the global operator new in this test executable (counting only).
#include <doctest/doctest.h>

#include "../../examples/flagship_model.hpp"
#include "../support/allocation_counter.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::model_allocation_test {

using trncost_support::allocations;

TEST_CASE("evaluating a built model allocates nothing") {
  const auto m = flagship::build();
  trncost::evaluator e(m);
  (void)e.run();
  const auto before = allocations.load();
  for (int i = 0; i < 100; ++i) (void)e.run();
  e.set(0, trncost::decimal(1));  // an input override allocates nothing either
  (void)e.run();
  e.reset();
  const auto total = e.run();
  CHECK(allocations.load() == before);
  // The flagship total (tests/model/flagship_test.cpp computes it line by line from the run logs
  // and the offer files): after reset() the run gives it again.
  CHECK(total == trncost::decimal("397.635212328767123288"));
  // The counter does count: building an estimate allocates (records, strings).
  (void)m.evaluate(flagship::as_of);
  CHECK(allocations.load() > before);
}

}  // namespace trncost_tests::model_allocation_test
