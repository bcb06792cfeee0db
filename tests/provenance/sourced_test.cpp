// Tests for sourced<Q>: construction rules, derived provenance of arithmetic, and charge().
#include <doctest/doctest.h>

#include <trncost/provenance.hpp>

#include "../support/sourced_inputs.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::provenance_sourced_test {

using namespace trncost;

namespace {
quoted ec2_quote() { return trncost_support::trn1_offer_quote(parse_date("2026-11-30")); }
measured run42() {
  return measured{"run-42", "wall clock of the training phase",
                  parse_timestamp("2026-11-20T10:00:00Z"), parse_timestamp("2026-11-20T11:29:59Z")};
}
}  // namespace

TEST_CASE("a sourced value keeps its name, exact value, unit and provenance") {
  const sourced price("trn1_price", make(units::usd_per_instance_hour, "21.5000000000"),
                      ec2_quote());
  CHECK(price.name() == "trn1_price");
  CHECK(price.value().value() == decimal("21.5"));
  CHECK(kind_name(price.origin()) == "quoted");
  CHECK(price.record()->value == "21.5");
  CHECK(price.record()->unit == "USD/instance-h");
  const auto renamed = price.named("p");
  CHECK(renamed.name() == "p");
  CHECK(renamed.value() == price.value());
  CHECK(kind_name(renamed.origin()) == "quoted");
}

TEST_CASE("a sourced value records the same from one kind of provenance as from a provenance") {
  // From a `quoted` or `measured{...}` itself the record is made out of line; from a
  // provenance holding it, through the variant. Both give the same record and the same checks.
  const auto price = make(units::usd_per_instance_hour, "21.5000000000");
  const std::string name = "trn1_price";
  const quoted q = ec2_quote();
  const sourced<quantity<units::usd_per_instance_hour_t>> from_kind(name, price, q);
  const sourced<quantity<units::usd_per_instance_hour_t>> from_variant(name, price, provenance{q});
  CHECK(from_kind.name() == from_variant.name());
  CHECK(from_kind.record()->value == from_variant.record()->value);
  CHECK(from_kind.record()->unit == from_variant.record()->unit);
  CHECK(describe(from_kind.origin()) == describe(from_variant.origin()));
  const sourced hours("train_h", make(units::hour, "1.5"), run42());  // a temporary, and CTAD
  CHECK(hours.record()->unit == "h");
  CHECK(kind_name(hours.origin()) == "measured");
  const sourced doc("chips", make(units::chip, 16), documented{"Trn1 architecture", q.consulted});
  CHECK(kind_name(doc.origin()) == "documented");
  CHECK(kind_name(sourced("blog_price", price, third_party{"a blog", q.consulted}).origin()) ==
        "third-party");
  CHECK(kind_name(sourced("guess", price, assumption{"no quote yet"}).origin()) == "assumption");
  // A unit without a name of its own gets the symbol built from its base units.
  const sourced per_chip("per_chip", make<units::per<units::usd_t, units::chip_t>>("2"),
                         assumption{"a test"});
  CHECK(per_chip.record()->unit == units::symbol<units::per<units::usd_t, units::chip_t>>());
  // The checks are the same: no name, a negative price, an empty provenance, declared_none.
  CHECK_THROWS_AS(sourced("", price, q), input_error);
  CHECK_THROWS_WITH_AS(sourced("refund", make(units::usd_per_instance_hour, "-1"), q),
                       doctest::Contains("is negative; a price or a cost cannot be negative"),
                       input_error);
  CHECK_THROWS_AS(sourced("x", price, quoted{}), input_error);
  CHECK_THROWS_AS(sourced("x", price, declared_none{"nothing leaves the region"}), input_error);
}

TEST_CASE("a sourced value without a name or with an empty provenance is refused") {
  CHECK_THROWS_WITH_AS(sourced("", make(units::hour, 1), assumption{"x"}),
                       "trncost: a sourced value needs a name", input_error);
  CHECK_THROWS_WITH_AS(sourced("wait", make(units::hour, 1), assumption{""}),
                       "trncost: input 'wait': assumption provenance field 'rationale' is empty",
                       input_error);
}

TEST_CASE("arithmetic on sourced values records the formula and references its inputs") {
  const sourced a("train_h", make(units::hour, 10), run42());
  const sourced b("eval_h", make(units::hour, 2), run42());
  const sourced n("nodes", make(units::instance, 4), assumption{"the planned cluster size"});

  const auto sum = a + b;
  CHECK(sum.name() == "train_h + eval_h");
  CHECK(sum.value().value() == decimal(12));
  const auto& how = std::get<derived>(sum.origin());
  CHECK(how.formula == "train_h + eval_h");
  REQUIRE(how.inputs.size() == 2);
  // Inputs are shared references to the same records, not copies.
  CHECK(how.inputs[0] == a.record());
  CHECK(how.inputs[1] == b.record());

  const auto usage = sum * n;
  CHECK(usage.name() == "(train_h + eval_h) * nodes");
  CHECK(quantity<units::instance_hour_t>(usage.value()).value() == decimal(48));
  const auto& how2 = std::get<derived>(usage.origin());
  CHECK(how2.inputs[0] == sum.record());
  CHECK(std::get<derived>(how2.inputs[0]->origin).inputs[0] == a.record());

  const auto diff = a - b;
  CHECK(diff.value().value() == decimal(8));
  CHECK(diff.name() == "train_h - eval_h");
  const auto ratio = b / a;
  CHECK(ratio.value().value() == decimal("0.2"));
  CHECK(ratio.name() == "eval_h / train_h");
}

TEST_CASE("charge() turns a sourced price and sourced usage into a derived amount") {
  const sourced price("trn1_price", make(units::usd_per_instance_hour, "21.5"), ec2_quote());
  const sourced usage("train_time", make(units::instance, 2) * seconds(5399), run42());
  const auto cost = charge("train_cost", price, usage);
  // 21.5 * 2 * 5399 / 3600 = 64.48805555... rounded half-even at 18 digits.
  CHECK(cost.value().value() == decimal("64.488055555555555556"));
  CHECK(cost.name() == "train_cost");
  CHECK(cost.record()->unit == "USD");
  const auto& how = std::get<derived>(cost.origin());
  CHECK(how.formula == "trn1_price * train_time");
  CHECK(how.inputs[0] == price.record());
  CHECK(how.inputs[1] == usage.record());
  CHECK(describe(cost.origin()) ==
        "derived: trn1_price * train_time from trn1_price = 21.5 USD/instance-h, train_time = "
        "10798 instance-s");
}

TEST_CASE("charge() with a month convention names it in the formula") {
  const sourced gp3("gp3_price", make(units::usd_per_gibibyte_month, "0.08"),
                    quoted{.source = "AmazonEC2 offer file (EBS)",
                           .region = "us-east-1",
                           .consulted = parse_date("2026-11-30")});
  const sourced kept("checkpoint_gib_h", make(units::gibibyte, 500) * make(units::hour, 100),
                     run42());
  const auto cost = charge("checkpoint_storage", gp3, kept, month_730h);
  // 0.08 * 500 * 100 / 730 = 5.4794520547945205479... -> ...548.
  CHECK(cost.value().value() == decimal("5.479452054794520548"));
  CHECK(std::get<derived>(cost.origin()).formula ==
        "gp3_price * checkpoint_gib_h / 730 h/mo (730-hour month (AWS Pricing Calculator, "
        "Infracost))");
}

TEST_CASE("a sourced value converts to another unit exactly, recording the conversion") {
  const sourced busy("busy", make(units::instance, 2) * seconds(25200), run42());
  const auto hours = convert<units::instance_hour_t>("busy_h", busy);
  // 2 x 25,200 s = 50,400 instance-s = 14 instance-h exactly.
  CHECK(hours.value().value() == decimal(14));
  CHECK(hours.name() == "busy_h");
  const auto& how = std::get<derived>(hours.origin());
  CHECK(how.formula == "busy in instance-h");
  CHECK(how.inputs.at(0) == busy.record());
  // 5,399 s is not a whole number of hours at 18 digits: refused, not rounded.
  CHECK_THROWS_AS(convert<units::hour_t>("h", sourced("t", seconds(5399), run42())), inexact_error);
}

}  // namespace trncost_tests::provenance_sourced_test
