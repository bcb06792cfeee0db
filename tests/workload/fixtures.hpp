// Inputs the workload tests share: a date, measured and planned provenance, and a model whose
// categories besides compute are declared none, so each test sees only its workload's lines.
#ifndef TRNCOST_TESTS_WORKLOAD_FIXTURES_HPP
#define TRNCOST_TESTS_WORKLOAD_FIXTURES_HPP

#include <string>
#include <trncost/model.hpp>

namespace trncost_tests::workload_fixtures {

using namespace trncost;

inline const date as_of = parse_date("2026-11-30");

inline measured bench() {
  return measured{"bench-1", "benchmark at the stated operating point",
                  parse_timestamp("2026-11-20T10:00:00Z"), parse_timestamp("2026-11-20T12:00:00Z")};
}

template <class Unit>
sourced<quantity<Unit>> meas(const char* name, Unit u, const char* value) {
  return sourced(name, make(u, value), bench());
}
template <class Unit>
sourced<quantity<Unit>> plan(const char* name, Unit u, const char* value) {
  return sourced(name, make(u, value), assumption{"the service plan"});
}
inline sourced<quantity<units::usd_per_instance_hour_t>> price(const char* value) {
  return sourced(
      "price", make(units::usd_per_instance_hour, value),
      quoted{.source = "EC2 on-demand pricing page", .region = "us-east-1", .consulted = as_of});
}

/// Declares every category but compute none (and, with `but_transfer`, transfer too is left to
/// the test).
inline void declare_others(model& m, bool but_transfer = false) {
  for (const auto c : all_categories) {
    if (c == category::compute || (but_transfer && c == category::transfer)) continue;
    m.declare_none(c, declared_none{"not part of this workload test"});
  }
}

}  // namespace trncost_tests::workload_fixtures

#endif  // TRNCOST_TESTS_WORKLOAD_FIXTURES_HPP
