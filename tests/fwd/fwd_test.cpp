// trncost/fwd.hpp: a host header names trncost's types from the forward declarations alone, and
// they agree with the definitions (this file includes fwd.hpp first, then the layers; the header
// tests include every header in two orders).
#include <trncost/fwd.hpp>

// What a host header can say with fwd.hpp alone: declarations taking or returning the types.
namespace host_report {
trncost::decimal total_of(const trncost::estimate& est);
trncost::estimate_status status_of(const trncost::estimate& est);
std::size_t lines_of(const trncost::model& m, const trncost::estimate_options& options);
trncost::model sweep_model(const trncost::workload::sweep_inputs& in);
std::size_t bands_of(const trncost::report::extras& x);
bool has_distribution(const trncost::analysis::distribution* d);
// What a host component's header says with fwd.hpp alone: its inputs, handles and identity.
template <class Unit>
bool is_known(const trncost::input_of<trncost::quantity<Unit>>& in);
template <class Q>
std::size_t name_length(const trncost::sourced<Q>& s);
template <class Unit>
trncost::node<Unit> passed_through(trncost::component_builder& b, const trncost::node<Unit>& n);
bool names_a_service(const trncost::line_identity& id);
}  // namespace host_report

#include <doctest/doctest.h>

#include <cstddef>
#include <trncost/catalog.hpp>
#include <trncost/credits.hpp>
#include <trncost/measure.hpp>
#include <trncost/model.hpp>
#include <trncost/pricing.hpp>
#include <trncost/report/extras.hpp>
#include <trncost/workload.hpp>

namespace host_report {
trncost::decimal total_of(const trncost::estimate& est) { return est.total; }
trncost::estimate_status status_of(const trncost::estimate& est) { return est.status; }
std::size_t lines_of(const trncost::model& m, const trncost::estimate_options& options) {
  return m.evaluate(trncost::parse_date("2026-11-30"), options).lines.size();
}
trncost::model sweep_model(const trncost::workload::sweep_inputs& in) {
  return trncost::workload::research_sweep(in);
}
std::size_t bands_of(const trncost::report::extras& x) { return x.monte_carlo ? 1 : 0; }
bool has_distribution(const trncost::analysis::distribution* d) { return d != nullptr; }
template <class Unit>
bool is_known(const trncost::input_of<trncost::quantity<Unit>>& in) {
  return in.known() != nullptr;
}
template <class Q>
std::size_t name_length(const trncost::sourced<Q>& s) {
  return s.name().size();
}
template <class Unit>
trncost::node<Unit> passed_through(trncost::component_builder& /*b*/,
                                   const trncost::node<Unit>& n) {
  return n;
}
bool names_a_service(const trncost::line_identity& id) { return !id.service.empty(); }
}  // namespace host_report

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::fwd_test {

using namespace trncost;

TEST_CASE("a host header declares functions on trncost types from fwd.hpp alone") {
  // One instance at 2.5 USD/instance-h for 4 h: 2.5 x 4 = 10 USD, one line; the other categories
  // are not modelled, so the estimate is incomplete (computed, not asserted).
  const date as_of = parse_date("2026-11-30");
  const quoted page{.source = "host price page", .region = "us-east-1", .consulted = as_of};
  model m;
  m.add(instance_time(
      "job", "trn1.2xlarge",
      sourced("instances", make(units::instance, 1), assumption{"one instance"}),
      sourced("price", make<units::usd_per_instance_hour_t>("2.5"), page),
      {{phase::training, sourced("train", seconds(4 * 3600), assumption{"four hours"})}}));
  const estimate est = m.evaluate(as_of);
  CHECK(host_report::total_of(est) == decimal(10));
  CHECK(host_report::status_of(est) == est.status);
  CHECK(host_report::lines_of(m, estimate_options{}) == est.lines.size());
  // The forward declarations name the very types the layers define.
  static_assert(std::is_same_v<decltype(host_report::total_of(est)), decimal>);
  static_assert(std::is_class_v<pricing::price_book> && std::is_class_v<credits::grant> &&
                std::is_class_v<measure::run_record> && std::is_class_v<catalog>);
  static_assert(std::is_class_v<credits::last_day> && std::is_class_v<credits::spend_rate> &&
                std::is_class_v<aws_service>);
  static_assert(std::is_class_v<workload::serving_inputs<units::tokens_per_second_t>> &&
                std::is_enum_v<work_kind> && std::is_class_v<work_delivered> &&
                std::is_enum_v<workload::archetype>);
  static_assert(std::is_class_v<report::extras> && std::is_class_v<analysis::distribution>);
  CHECK(host_report::bands_of(report::extras{}) == 0);
  // A component's inputs, handles and identity, declared from fwd.hpp, are the layers' types.
  const sourced<quantity<units::gibibyte_t>> size("size", make(units::gibibyte, 10),
                                                  assumption{"ten GiB"});
  CHECK(host_report::is_known(input_of<quantity<units::gibibyte_t>>(size)));
  CHECK_FALSE(host_report::is_known(
      input_of<quantity<units::gibibyte_t>>(unknown_input{"size", "not measured yet"})));
  CHECK(host_report::name_length(size) == 4);
  CHECK(host_report::names_a_service(line_identity{.service = "AmazonEC2"}));
  static_assert(
      std::is_same_v<quantity<units::hour_t>, boost::units::quantity<units::hour_t, decimal>>);
  static_assert(std::is_same_v<decltype(host_report::passed_through(
                                   std::declval<component_builder&>(),
                                   std::declval<const node<units::hour_t>&>())),
                               node<units::hour_t>>);
  CHECK_FALSE(host_report::has_distribution(nullptr));
}

}  // namespace trncost_tests::fwd_test
