// Tests for the diff (report/diff.hpp): the change per line and the attribution of the total's
// change to the inputs that changed, computed by hand; the steps add up to the change exactly.
#include <doctest/doctest.h>

#include <trncost/report/audit.hpp>
#include <trncost/report/diff.hpp>
#include <trncost/report/json.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_diff_test {

using namespace trncost;
using reports_test::small_estimate;

namespace {

decimal sum_of(const report::estimate_diff& d) {
  decimal s;
  for (const auto& st : d.attribution) s += st.effect;
  return s;
}

}  // namespace

TEST_CASE("a price and an instance count change: each gets its share of the total's change") {
  const auto before = small_estimate();
  const auto after = small_estimate({.price = "23", .nodes = 3});
  const auto d = report::diff(before, after);
  CHECK(d.total_before == decimal("43.796689497716894963"));
  // after: training 23 x 360 / 3600 = 2.3; waiting 23 x 3 x 3480 / 3600 = 66.7;
  // evaluation 23 x (3 x 0.008333333333333333 = 0.024999999999999999) = 0.574999999999999977;
  // storage 0.438356164383561644; total 70.013356164383561621.
  CHECK(d.total_after == decimal("70.013356164383561621"));
  CHECK(d.total_change == decimal("26.216666666666666658"));
  REQUIRE(d.attribution.size() == 2);
  // Step 1, the price first (the report's input order), with 2 nodes: training 23 x 240 / 3600 =
  // 1.533333333333333333; waiting 23 x 6960 / 3600 = 44.466666666666666667; evaluation
  // 23 x 0.016666666666666666 = 0.383333333333333318; with storage 46.821689497716894962:
  // effect 46.821689497716894962 - 43.796689497716894963 = 3.024999999999999999.
  CHECK(d.attribution[0].input == "trn1_price");
  CHECK(d.attribution[0].from == "21.5 USD/instance-h");
  CHECK(d.attribution[0].to == "23 USD/instance-h");
  CHECK(d.attribution[0].effect == decimal("3.024999999999999999"));
  // Step 2, nodes 2 -> 3 at the new price: 70.013356164383561621 - 46.821689497716894962.
  CHECK(d.attribution[1].input == "nodes");
  CHECK(d.attribution[1].effect == decimal("23.191666666666666659"));
  CHECK(sum_of(d) == d.total_change);

  REQUIRE(d.lines.size() == 4);
  CHECK(d.lines[0].description == "training");
  CHECK(d.lines[0].before == decimal("1.433333333333333333"));
  CHECK(d.lines[0].after == decimal("2.3"));
  CHECK(d.lines[0].change == decimal("0.866666666666666667"));
  CHECK(d.lines[3].change == decimal(0));  // storage did not move

  REQUIRE(d.inputs.size() == 2);
  CHECK(d.inputs[0].name == "trn1_price");
  CHECK(d.inputs[1].name == "nodes");
  CHECK(d.inputs[1].before == "2 instance");
  CHECK(d.inputs[1].after == "3 instance");
}

TEST_CASE("a throughput (duration) change and a re-read quote: value steps - provenance listed") {
  // train_s 90 -> 150 s: t = 180 s; training 21.5 x 360 / 3600 = 2.15 (+0.716666666666666667);
  // waiting 21.5 x 2 x 3420 / 3600 = 40.85 (-0.716666666666666667); evaluation unchanged
  // (min(30, 180) = 30): the total does not move, and the attribution says so.
  const auto d = report::diff(small_estimate(), small_estimate({.train_s = 150}));
  CHECK(d.total_change == decimal(0));
  REQUIRE(d.attribution.size() == 1);
  CHECK(d.attribution[0].input == "train_s");
  CHECK(d.attribution[0].effect == decimal(0));
  CHECK(d.lines[0].change == decimal("0.716666666666666667"));
  CHECK(d.lines[1].change == decimal("-0.716666666666666667"));
  // The same price quoted on another day: listed as a changed input, no step (its value is the
  // same).
  const auto requoted =
      report::diff(small_estimate(), small_estimate({.consulted = parse_date("2026-11-29")}));
  CHECK(requoted.attribution.empty());
  REQUIRE(requoted.inputs.size() == 1);
  CHECK(requoted.inputs[0].name == "trn1_price");
  CHECK(requoted.inputs[0].before_source.find("consulted 2026-11-30") != std::string::npos);
  CHECK(requoted.inputs[0].after_source.find("consulted 2026-11-29") != std::string::npos);
}

TEST_CASE("an input that becomes known prices its line and added lines are the structural step") {
  // Unknown gp3 price -> 0.08: the storage line 0.438356164383561644 enters the total.
  const auto d = report::diff(small_estimate({.unknown_storage_price = true}), small_estimate());
  CHECK(d.status_before == estimate_status::unpriced);
  CHECK(d.status_after == estimate_status::verified);
  REQUIRE(d.attribution.size() == 1);
  CHECK(d.attribution[0].input == "gp3_price");
  CHECK(d.attribution[0].from == "unknown");
  CHECK(d.attribution[0].effect == decimal("0.438356164383561644"));
  CHECK_FALSE(d.lines[3].before.has_value());
  CHECK(d.lines[3].after == decimal("0.438356164383561644"));
  // A line added (the overlap line, 0 USD) and its input: no value step; the structure explains 0.
  const auto added =
      report::diff(small_estimate(), small_estimate({.assumed_overlap = true, .nodes = 3}));
  CHECK(added.lines.size() == 5);
  CHECK_FALSE(added.lines[4].in_before);
  CHECK(added.lines[4].in_after);
  CHECK(added.inputs.back().name == "overlap_s");
  CHECK_FALSE(added.inputs.back().before.has_value());
  CHECK(sum_of(added) == added.total_change);
}

TEST_CASE("a diff of two JSON reports equals the diff of their estimates and explains itself") {
  const auto a = small_estimate();
  const auto b = small_estimate({.price = "23", .nodes = 3});
  const auto from_reports = report::diff(report::read_report(report::render_json(a)),
                                         report::read_report(report::render_json(b)));
  const auto from_estimates = report::diff(a, b);
  REQUIRE(from_reports.attribution.size() == from_estimates.attribution.size());
  for (std::size_t i = 0; i < from_reports.attribution.size(); ++i) {
    CHECK(from_reports.attribution[i].effect == from_estimates.attribution[i].effect);
  }
  // Largest step first, to the cent.
  CHECK(report::explain(from_estimates) ==
        "total 43.80 -> 70.01 USD (+26.22)\n"
        "  +23.19  nodes: 2 instance -> 3 instance\n"
        "  +3.02  trn1_price: 21.5 USD/instance-h -> 23 USD/instance-h\n");
  CHECK(report::explain(
            report::diff(small_estimate(), small_estimate({.third_party_price = true}))) ==
        "total 43.80 -> 43.80 USD (+0.00); status verified -> provisional\n");
}

}  // namespace trncost_tests::reports_diff_test
