// What a line is (model/identity.hpp, docs/model.md#what-a-line-is): the identity each built-in
// component gives its lines, and the rules that read it (identity-consistent,
// declared-none-has-no-lines), each tried with an input that breaks it.
#include <doctest/doctest.h>

#include <string>
#include <trncost/credits.hpp>
#include <trncost/measure/feed.hpp>
#include <trncost/model.hpp>
#include <trncost/pricing/queries.hpp>

#include "../support/declared_categories.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::model_identity_test {

using namespace trncost;

const date as_of = parse_date("2026-11-30");

measured run_on(const char* type, const char* region) {
  measured m{"ft-r1", "run log of the reference run", parse_timestamp("2026-11-20T09:00:00Z"),
             parse_timestamp("2026-11-20T11:00:00Z")};
  m.instance_type = type;
  m.region = region;
  return m;
}

/// A row of an EC2 offer file, as the price book quotes it.
quoted ec2_row(const char* region = "us-east-1", const char* type = "trn1.32xlarge") {
  quoted q{.source = "AmazonEC2 offer file",
           .offer_code = "AmazonEC2",
           .offer_version = "20261101000000",
           .published = parse_date("2026-11-01"),
           .sku = "SKU1",
           .offer_term_code = "JRTCKXETXF",
           .rate_code = "SKU1.JRTCKXETXF.6YS6EN2CT7",
           .region = region,
           .consulted = as_of};
  q.instance_type = type;
  q.usage_type = "USE1-BoxUsage:trn1.32xlarge";
  return q;
}

sourced<quantity<units::usd_per_instance_hour_t>> price(provenance p) {
  return sourced("trn1_price", make(units::usd_per_instance_hour, "21.5"), std::move(p));
}

/// 2 x trn1.32xlarge for 3600 s of training, in us-east-1, the other categories declared none.
model job(const sourced<quantity<units::usd_per_instance_hour_t>>& p,
          const measured& time_origin = run_on("trn1.32xlarge", "us-east-1"),
          std::optional<purchase_option> bought = std::nullopt) {
  model m;
  m.set_region("us-east-1");
  instance_time it("train", "trn1.32xlarge",
                   sourced("nodes", make(units::instance, 2), time_origin), p,
                   {{phase::training, sourced("train_s", seconds(3600), time_origin)}});
  if (bought) it.bought_as(*bought);
  m.add(it);
  trncost_support::declare_none_but(m, category::compute);
  return m;
}

std::string refusal(const model& m) {
  try {
    (void)m.evaluate(as_of);
  } catch (const input_error& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST_CASE("an instance-time line is EC2 instance hours of its type, in the model's region") {
  const auto est = job(price(ec2_row())).evaluate(as_of);
  REQUIRE(!est.lines.empty());
  for (const auto& l : est.lines) {
    CHECK(l.identity.service == "AmazonEC2");
    CHECK(l.identity.region == "us-east-1");
    CHECK(l.identity.instance_type == "trn1.32xlarge");
    CHECK(l.identity.usage_type == "BoxUsage:trn1.32xlarge");
    CHECK(l.identity.purchase == purchase_option::on_demand);
    CHECK(service_of(l) == "AmazonEC2");
  }
  CHECK(describe(est.lines.front().identity) ==
        "AmazonEC2, us-east-1, BoxUsage:trn1.32xlarge, on-demand");
}

TEST_CASE("a third-party price does not change what the line is: still EC2") {
  // The class the credits got wrong: the service came from the quote's offer code, so a price
  // from a comparison site made an EC2 line "service unknown".
  const auto est =
      job(price(third_party{"a price comparison site", parse_date("2026-10-02")})).evaluate(as_of);
  for (const auto& l : est.lines) CHECK(service_of(l) == "AmazonEC2");
  // Nor does the wording of a quote's source.
  quoted page{.source = "EC2 on-demand pricing page", .region = "us-east-1", .consulted = as_of};
  for (const auto& l : job(price(page)).evaluate(as_of).lines) {
    CHECK(service_of(l) == "AmazonEC2");
  }
}

TEST_CASE("a quote of another region is refused for a line billed in this one") {
  for (const char* other : {"eu-west-1", "us-west-2", "ap-south-1"}) {
    CAPTURE(other);
    const std::string why = refusal(job(price(ec2_row(other))));
    CHECK(why.find("is billed in us-east-1, but input 'trn1_price'") != std::string::npos);
    CHECK(why.find(std::string("is quoted for ") + other) != std::string::npos);
    CHECK(why.find("rule identity-consistent") != std::string::npos);
  }
}

TEST_CASE("a quote of another instance type, offer file or purchase option is refused") {
  CHECK(refusal(job(price(ec2_row("us-east-1", "trn1.2xlarge"))))
            .find("bills trn1.32xlarge time, but input 'trn1_price'") != std::string::npos);
  quoted s3 = ec2_row();
  s3.offer_code = "AmazonS3";
  s3.instance_type.clear();
  CHECK(refusal(job(price(s3))).find("is billed by AmazonEC2") != std::string::npos);
  // An on-demand quote for instances bought on spot.
  CHECK(refusal(job(price(ec2_row()), run_on("trn1.32xlarge", "us-east-1"), purchase_option::spot))
            .find("is bought as spot, but input 'trn1_price'") != std::string::npos);
  // The same quote for on-demand instances passes.
  CHECK(refusal(job(price(ec2_row()))) == "(accepted)");
}

TEST_CASE("a run of another instance type or region does not measure this line") {
  CHECK(refusal(job(price(ec2_row()), run_on("trn1.2xlarge", "us-east-1")))
            .find("bills trn1.32xlarge time, but input 'nodes' (measured") != std::string::npos);
  CHECK(refusal(job(price(ec2_row()), run_on("trn1.32xlarge", "us-west-2")))
            .find("is billed in us-east-1, but input 'nodes'") != std::string::npos);
  // A measurement that says nothing of where it ran is not refused for it.
  CHECK(refusal(job(price(ec2_row()), run_on("", ""))) == "(accepted)");
}

TEST_CASE("a category declared none while a component of it exists is refused") {
  model m = job(price(ec2_row()));
  m.add(data_preparation("tokenize", sourced("prep", usd("6.44"), run_on("", ""))));
  const std::string why = refusal(m);
  CHECK(why.find("category 'data preparation' is declared none") != std::string::npos);
  CHECK(why.find("component 'tokenize' is in it") != std::string::npos);
  CHECK(why.find("rule declared-none-has-no-lines") != std::string::npos);
}

TEST_CASE("each built-in component names the service that bills its lines") {
  model m;
  m.set_region("eu-west-1");
  const measured vol{"r", "volumes of the run", parse_timestamp("2026-11-20T09:00:00Z"),
                     parse_timestamp("2026-11-20T11:00:00Z")};
  const documented page{"AWS pricing pages", as_of};
  m.add(block_storage("scratch", "gp3", sourced("size", make(units::gibibyte, 100), vol),
                      usage_period(sourced("kept", make(units::hour, 10), vol), month_730h),
                      sourced("gp3", make(units::usd_per_gibibyte_month, "0.08"), page)));
  m.add(data_transfer(
      "moves", {transfer::inter_az("dataset", sourced("gib", make(units::gibibyte, 10), vol),
                                   sourced("az", make(units::usd_per_gibibyte, "0.01"), page))}));
  m.add(data_preparation("prep", sourced("prep_cost", usd("5"), vol))
            .billed_as({.service = "AmazonSageMaker"}));
  const auto est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 3);
  CHECK(est.lines[0].identity.service == "AmazonEC2");
  CHECK(est.lines[0].identity.usage_type == "EBS:VolumeUsage.gp3");
  CHECK(est.lines[0].identity.region == "eu-west-1");
  CHECK(est.lines[1].identity.service == "AWSDataTransfer");
  CHECK(est.lines[1].identity.usage_type == "DataTransfer-Regional-Bytes");
  CHECK(est.lines[2].identity.service == "AmazonSageMaker");
  CHECK(est.lines[2].identity.region == "eu-west-1");
}

TEST_CASE("region codes and availability zones are checked as AWS writes them") {
  for (const char* ok : {"us-east-1", "eu-west-1", "ap-south-1", "us-gov-west-1", "cn-north-1",
                         "us-east-1-mia-1", "us-west-2-wl1-den1"}) {
    CAPTURE(ok);
    CHECK(is_region_code(ok));
  }
  for (const char* bad : {"banana", "ap-south-1a", "US-EAST-1", "us-east", "us--east-1", "",
                          "useast1", "us-east-1 "}) {
    CAPTURE(bad);
    CHECK_FALSE(is_region_code(bad));
  }
  model m;
  CHECK_THROWS_WITH_AS(m.set_region("banana"),
                       "trncost: region 'banana' is not an AWS region code (e.g. us-east-1, "
                       "eu-west-1, us-east-1-mia-1)",
                       input_error);
  CHECK(is_zone_of("us-east-1a", "us-east-1"));
  CHECK_FALSE(is_zone_of("ap-south-1a", "us-east-1"));
  CHECK_FALSE(is_zone_of("us-east-1", "us-east-1"));
  CHECK_FALSE(is_zone_of("us-east-1ab", "us-east-1"));
  // A usage type's region prefix, both ways, from one table ("EU" and "EUW1" both eu-west-1).
  CHECK(region_of_usage_type("USW2-BoxUsage:trn1.32xlarge") == "us-west-2");
  CHECK(region_of_usage_type("EU-DataTransfer-Out-Bytes") == "eu-west-1");
  CHECK(region_of_usage_type("BoxUsage:trn1.32xlarge").empty());
  CHECK(usage_type_prefix("us-west-2") == "USW2");
  CHECK(usage_type_prefix("eu-west-1") == "EU");
  CHECK(usage_type_prefix("mars-north-1").empty());
  // Data to another region is billed under the receiving region's prefix.
  CHECK(transfer::inter_region(
            "copy", "us-west-2", sourced("gib", make(units::gibibyte, 1), assumption{"a test"}),
            sourced("p", make(units::usd_per_gibibyte, "0.02"), assumption{"a test"}))
            .usage_type() == "USW2-AWS-Out-Bytes");
  CHECK_THROWS_WITH_AS(
      (void)transfer::inter_region(
          "copy", "mars-north-1", sourced("gib", make(units::gibibyte, 1), assumption{"a test"}),
          sourced("p", make(units::usd_per_gibibyte, "0.02"), assumption{"a test"})),
      doctest::Contains("\"mars-north-1\" is not a region AWS bills name"), input_error);
  const pricing::observation seen{"EC2 spot price history", as_of, true};
  CHECK_THROWS_WITH_AS(
      (void)pricing::spot_price("spot", "6.45", "us-east-1", "ap-south-1a", "trn1.32xlarge", seen),
      "trncost: spot price 'spot': 'ap-south-1a' is not an availability zone of us-east-1 "
      "(us-east-1a, us-east-1b, ...); a spot price of another region or zone does not price "
      "instances in us-east-1",
      input_error);
  CHECK(pricing::spot_price("spot", "6.45", "us-east-1", "us-east-1c", "trn1.32xlarge", seen)
            .value() == make(units::usd_per_instance_hour, "6.45"));
}

TEST_CASE("a quote read before its file was published, or citing another SKU's rate, is refused") {
  quoted early = ec2_row();
  early.consulted = parse_date("2026-10-15");  // the file was published on 2026-11-01
  CHECK_THROWS_WITH_AS(validate(early, "p"),
                       "trncost: input 'p': quoted provenance field 'consulted' (2026-10-15) is "
                       "before the publication date of what it cites (2026-11-01); a price cannot "
                       "be read before it is published",
                       input_error);
  quoted other = ec2_row();
  other.sku = "SKU2";
  CHECK_THROWS_WITH_AS(validate(other, "p"),
                       "trncost: input 'p': quoted provenance field 'rate_code' "
                       "'SKU1.JRTCKXETXF.6YS6EN2CT7' is not a rate of SKU 'SKU2' (rate codes are "
                       "SKU.OfferTermCode.RateCode)",
                       input_error);
  quoted term = ec2_row();
  term.offer_term_code = "4NA7Y494T4";
  CHECK_THROWS_WITH_AS(validate(term, "p"),
                       "trncost: input 'p': quoted provenance field 'rate_code' "
                       "'SKU1.JRTCKXETXF.6YS6EN2CT7' is not a rate of offer term 'SKU1.4NA7Y494T4' "
                       "(rate codes are SKU.OfferTermCode.RateCode)",
                       input_error);
  // A Savings Plan's rate code is SKU.RateCode, its term code the plan's SKU.
  quoted plan = ec2_row();
  plan.offer_term_code = "SKU1";
  plan.rate_code = "SKU1.M2WTFX8JK6VDUNU5";
  CHECK_NOTHROW(validate(plan, "p"));
}

TEST_CASE("an EC2 grant pays a third-party-priced EC2 line: coverage follows the identity") {
  // 2 x 3600 s x 21.5 / 3600 = 43 USD of EC2 instance hours, on 2026-12-01 .. 2026-12-02.
  const auto est =
      job(price(third_party{"a price comparison site", parse_date("2026-10-02")})).evaluate(as_of);
  REQUIRE(est.total == decimal::parse("43"));
  const credits::grant g("activate",
                         sourced("amount", usd("100"),
                                 documented{"AWS Activate grant letter", parse_date("2026-11-01")}),
                         parse_date("2026-11-01"), credits::last_day{parse_date("2027-10-31")},
                         {"EC2"});
  const auto schedule =
      credits::spend_schedule::spread(est, parse_date("2026-12-01"), parse_date("2026-12-02"));
  const auto b = credits::burn_down({g}, schedule);
  CHECK(b.total_credits == decimal::parse("43"));
  CHECK(b.total_uncovered == decimal{});
}

TEST_CASE("a grant's amount read after the as-of date is refused: the timeline holds for grants") {
  const credits::grant late(
      "activate",
      sourced("amount", usd("100"), documented{"AWS Activate console", parse_date("2026-12-02")}),
      parse_date("2026-11-01"), credits::last_day{parse_date("2027-10-31")}, {"AmazonEC2"});
  CHECK_THROWS_WITH_AS(credits::check_timeline(late, as_of),
                       "trncost: grant 'activate': its amount was consulted on 2026-12-02, after "
                       "the as-of date 2026-11-30; nothing an estimate uses may be dated after its "
                       "as-of date (rule timeline, docs/provenance.md#the-timeline-rule)",
                       input_error);
  CHECK_NOTHROW(credits::check_timeline(late, parse_date("2026-12-02")));
}

TEST_CASE("a run figure borrowed for another instance type is an assumption that names the runs") {
  const sourced rate("interruption_rate", make(units::interruptions_per_instance_hour, "0.1125"),
                     run_on("trn1.32xlarge", "us-east-1"));
  const auto borrowed = measure::assumed_on(rate, "trn2.48xlarge");
  CHECK(borrowed.value() == rate.value());
  CHECK(borrowed.name() == "interruption_rate");
  const auto* a = std::get_if<assumption>(&borrowed.origin());
  REQUIRE(a != nullptr);
  CHECK(a->rationale.find("measured on ft-r1 on trn1.32xlarge in us-east-1") == 0);
  CHECK(a->rationale.find("assumed to hold on trn2.48xlarge") != std::string::npos);
}

}  // namespace trncost_tests::model_identity_test
