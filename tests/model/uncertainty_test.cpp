// Tests for migration uncertainties in a model and its estimate: an open one makes the estimate
// provisional with a reason and a finding naming it, is listed apart from the lines, and changes no
// total; a resolved one is listed and changes nothing.
#include <doctest/doctest.h>

#include <trncost/model.hpp>

#include "../support/declared_categories.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::model_uncertainty_test {

using namespace trncost;

namespace {

const date as_of = parse_date("2026-11-30");

/// One priced line of 1 h at 21.50 USD/instance-h (quoted, fresh) and every other category declared
/// none: verified on its own.
model priced_model() {
  model m;
  const quoted q{.source = "https://aws.amazon.com/ec2/pricing/on-demand/",
                 .region = "us-east-1",
                 .consulted = as_of};
  const measured run{"run-1", "run log", parse_timestamp("2026-11-20T10:00:00Z"),
                     parse_timestamp("2026-11-20T11:00:00Z")};
  const auto price = m.input(sourced("trn1_price", make(units::usd_per_instance_hour, "21.50"), q));
  const auto count = m.input(sourced("instances", make(units::instance, 1), run));
  const auto time = m.input(sourced("train_time", make(units::second, 3600), run));
  m.add_line(category::compute, "training", {phase::training, "training"}, price, count * time);
  trncost_support::declare_none_but(m, category::compute);
  return m;
}

migration_uncertainty custom_op(migration_uncertainty::state s) {
  return {"fused rotary embedding kernel", migration_uncertainty::kind::custom_operator, s,
          "inference team",
          s == migration_uncertainty::state::open
              ? "a CUDA kernel with no NKI port yet"
              : "ported to NKI, checked against the CPU output"};
}

}  // namespace

TEST_CASE("without uncertainties the estimate is verified and lists none") {
  const auto est = priced_model().evaluate(as_of);
  CHECK(est.status == estimate_status::verified);
  CHECK(est.uncertainties.empty());
}

TEST_CASE(
    "an open migration uncertainty makes the estimate provisional, naming it, without a cost") {
  auto m = priced_model();
  m.add_uncertainty(custom_op(migration_uncertainty::state::open));
  const auto est = m.evaluate(as_of);
  CHECK(est.status == estimate_status::provisional);
  REQUIRE(est.reasons.size() == 1);
  const std::string reason =
      "migration uncertainty 'fused rotary embedding kernel' is open (owner inference team): a "
      "CUDA kernel with no NKI port yet; it is not costed and has no duration";
  CHECK(est.reasons[0].text == reason);
  CHECK(est.findings.at(0) == reason);
  // Listed apart from the costs: no line, the total unchanged (21.50 x 1 x 3600 / 3600 = 21.50).
  REQUIRE(est.uncertainties.size() == 1);
  CHECK(est.uncertainties[0].owner == "inference team");
  CHECK(est.lines.size() == 1);
  CHECK(est.total == decimal("21.5"));
}

TEST_CASE("a resolved migration uncertainty is listed but leaves the status verified") {
  auto m = priced_model();
  m.add_uncertainty(custom_op(migration_uncertainty::state::resolved));
  const auto est = m.evaluate(as_of);
  CHECK(est.status == estimate_status::verified);
  CHECK(est.reasons.empty());
  REQUIRE(est.uncertainties.size() == 1);
  CHECK(est.uncertainties[0].status == migration_uncertainty::state::resolved);
}

TEST_CASE("an open uncertainty does not hide a worse status") {
  auto m = priced_model();
  m.add_uncertainty(custom_op(migration_uncertainty::state::open));
  const auto price = m.unknown<units::usd_per_instance_hour_t>("trn2_price", "no official row");
  const auto hours = m.input(sourced("h", make(units::instance_hour, 1), assumption{"one hour"}));
  m.add_line(category::compute, "serving", {phase::training, "serving"}, price, hours);
  const auto est = m.evaluate(as_of);
  CHECK(est.status == estimate_status::unpriced);
  bool named = false;
  for (const auto& r : est.reasons)
    named = named || r.text.find("fused rotary") != std::string::npos;
  CHECK(named);
}

TEST_CASE("an uncertainty needs a subject, an owner and a detail") {
  model m;
  CHECK_THROWS_WITH_AS(m.add_uncertainty({"", migration_uncertainty::kind::other,
                                          migration_uncertainty::state::open, "me", "why"}),
                       "trncost: a migration uncertainty needs a subject", input_error);
  CHECK_THROWS_WITH_AS(m.add_uncertainty({"op", migration_uncertainty::kind::other,
                                          migration_uncertainty::state::open, "", "why"}),
                       "trncost: migration uncertainty 'op' needs an owner", input_error);
  CHECK_THROWS_WITH_AS(m.add_uncertainty({"op", migration_uncertainty::kind::other,
                                          migration_uncertainty::state::resolved, "me", ""}),
                       "trncost: migration uncertainty 'op' needs a detail: why it is resolved",
                       input_error);
  CHECK(m.data().uncertainties.empty());
}

}  // namespace trncost_tests::model_uncertainty_test
