// How an instance_time's instances are bought, in a scenario file (`purchase`): reserved (No
// Upfront) and Savings Plan rates from the price book, reading the offer files and the Savings
// Plans files of [prices], and a spot price written as the observation it is. Hand-computed: 2
// instances x 3,600 s of training = 2 instance-hours at the rate (the fixtures of
// tests/prices/data: trn1.32xlarge 1yr standard No Upfront 13.05 USD/h, EC2 Instance Savings Plan
// 1yr No Upfront 14.19).
#include <doctest/doctest.h>

#include <string>
#include <trncost/scenario/scenario.hpp>

#include "../support/price_fixtures.hpp"
#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_purchase_test {

using namespace trncost;
using namespace trncost::scenario;
namespace {

// Read as if it lay beside the price fixtures.
const std::string beside = trncost_support::price_fixtures::dir + "purchase.toml";

/// Two trn1.32xlarge for an hour of training bought as `keys` say, priced from the offer and
/// Savings Plans fixtures; every category but those `kept` declared none.
std::string scenario(const std::string& keys,
                     std::initializer_list<std::string_view> kept = {"compute"}) {
  return trncost_support::priced_scenario_head("purchase options",
                                               R"(files = ["ec2-us-east-1-small.json"]
savings_plans = ["savings-plans-us-east-1-small.json"]
)") + trncost_support::component_head("instance_time", "ft") +
         R"(instance_type = "trn1.32xlarge"
instances = { value = "2", assumption = "two nodes" }
training_seconds = { value = "3600", assumption = "one hour" }
)" + keys +
         trncost_support::declare_none_but(kept);
}

estimate evaluate(const std::string& keys) {
  return evaluate_scenario(parse_scenario(scenario(keys), beside));
}

decimal training(const estimate& est) {
  for (const auto& l : est.lines) {
    if (l.description == "training on 2 x trn1.32xlarge") {
      REQUIRE(l.amount.has_value());
      return *l.amount;
    }
  }
  FAIL("no training line");
  return {};
}

const quoted& price_quote(const estimate& est) {
  for (const auto& in : est.inputs) {
    if (in->name == "ft.price") return std::get<quoted>(in->origin);
  }
  FAIL("no input ft.price");
  throw 0;
}

std::string parse_error_of(const std::string& keys) {
  return trncost_support::parse_error_of(scenario(keys));
}

}  // namespace

TEST_CASE("a reserved instance's No Upfront hourly rate from the offer file") {
  // 2 instance-hours x 13.05 = 26.10.
  const auto est = evaluate(
      "purchase = { reserved = \"standard\", lease = \"1yr\", payment = \"No Upfront\" }\n");
  CHECK(training(est) == decimal::parse("26.1"));
  CHECK(est.total == decimal::parse("26.1"));
  CHECK(price_quote(est).option == purchase_option::reserved);
}

TEST_CASE("a Savings Plan rate from the Savings Plans file of [prices]") {
  // 2 instance-hours x 14.19 = 28.38.
  const auto est = evaluate(
      "purchase = { savings_plan = \"EC2InstanceSavingsPlans\", lease = \"1yr\", payment = \"No "
      "Upfront\" }\n");
  CHECK(training(est) == decimal::parse("28.38"));
  CHECK(price_quote(est).option == purchase_option::savings_plan);
  CHECK(price_quote(est).sku == "3KHJ9WQB7TZP2C5M");
}

TEST_CASE("a spot price written as the seller's observation") {
  // 2 instance-hours x 6.4502 = 12.9004; quoted by the seller, so quoted with the spot option.
  const auto est = evaluate(
      "purchase = { spot = \"us-east-1a\" }\n"
      "price = { value = \"6.4502\", quoted = { source = \"EC2 spot price history API\", region = "
      "\"us-east-1\", consulted = 2026-11-29 } }\n");
  CHECK(training(est) == decimal::parse("12.9004"));
  CHECK(price_quote(est).option == purchase_option::spot);
  // An assumed spot price is no observation: refused at the component.
  CHECK_THROWS_WITH_AS(evaluate("purchase = { spot = \"us-east-1a\" }\n"
                                "price = { value = \"6\", assumption = \"about\" }\n"),
                       doctest::Contains("purchase.toml:11: component[0] (ft): price: a spot "
                                         "price is an observation"),
                       input_error);
}

TEST_CASE(
    "spot with the Spot Instance Advisor: the market checked, its bucket the failures' rate") {
  const std::string spot =
      "purchase = { spot = \"us-east-1a\", advisor = \"spot-advisor-data.json\" }\n"
      "price = { value = \"6.4502\", quoted = { source = \"EC2 spot price history API\", region = "
      "\"us-east-1\", consulted = 2026-11-29 } }\n";
  // A failures component writing the restart and the work lost, the rate left to the advisor.
  const std::string text = scenario(spot, {"compute", "failures_restarts"}) +
                           trncost_support::component_head("failures", "spot-interruptions") +
                           R"(instance_time = "ft"
restart_seconds = { value = "600", assumption = "relaunch and reload the checkpoint" }
work_lost_seconds = { value = "1800", assumption = "half the 1-hour checkpoint interval" }
)";
  const auto est = evaluate_scenario(parse_scenario(text, beside));
  // trn1.32xlarge in us-east-1 is in the "5-10%" bucket (max 11): 11 / 100 / 730 per
  // instance-hour = 0.000150684931506849; exposure 2 instance-hours: 0.000301369863013698
  // interruptions. Restarts: x 600 s x 2 instances x 6.4502 USD/h / 3600 = 0.000648... USD; failed
  // work x 1800 s: three times that. Their sum, (600 + 1800) x 2 x 6.4502 / 3600 x
  // 0.000301369863013698 = 0.0025918... USD.
  decimal failures_total{};
  for (const auto& l : est.lines) {
    if (l.component == "spot-interruptions") failures_total += *l.amount;
  }
  CHECK(failures_total.to_fixed(decimal_places{6}) == "0.002592");
  bool named = false;
  for (const auto& in : est.inputs) {
    if (in->name == "ft.spot_interruptions_per_instance_hour") {
      named = true;
      CHECK(in->value == "0.000150684931506849");
      CHECK(std::holds_alternative<assumption>(in->origin));
    }
  }
  CHECK(named);
  CHECK(est.status == estimate_status::provisional);
  // A type without a spot market in the region is refused with that sentence (trn2.48xlarge has
  // no row; the price is an observation, so the market is the question).
  const auto without = [](std::string t, const std::string& part) {
    return t.erase(t.find(part), part.size());
  };
  std::string trn2 = without(text, "savings_plans = [\"savings-plans-us-east-1-small.json\"]\n");
  trn2.replace(trn2.find("trn1.32xlarge"), 13, "trn2.48xlarge");
  CHECK_THROWS_WITH_AS((void)evaluate_scenario(parse_scenario(trn2, beside)),
                       doctest::Contains("trn2.48xlarge has no spot market in us-east-1: the Spot "
                                         "Instance Advisor data spot-advisor-data.json lists no "
                                         "Linux row for it"),
                       parse_error);
  // Without the advisor, the rate must be written.
  const std::string no_advisor = without(text, ", advisor = \"spot-advisor-data.json\"");
  CHECK_THROWS_WITH_AS((void)evaluate_scenario(parse_scenario(no_advisor, beside)),
                       doctest::Contains("interruptions_per_instance_hour: is missing"),
                       input_error);
  // The advisor goes with spot only.
  CHECK(parse_error_of("purchase = { reserved = \"standard\", lease = \"1yr\", payment = \"No "
                       "Upfront\", advisor = \"a.json\" }\n") ==
        "trncost: s.toml:17: component[0].purchase.advisor: is the Spot Instance Advisor's data: "
        "it goes with spot = \"<zone>\" only");
}

TEST_CASE("the spec keeps the purchase and the Savings Plans files as written") {
  const auto spec = parse_scenario(
      scenario("purchase = { savings_plan = \"ComputeSavingsPlans\", lease = \"3yr\", payment = "
               "\"All Upfront\" }\n"),
      beside);
  REQUIRE(spec.savings_plans.size() == 1);
  CHECK(spec.savings_plans[0].path == "savings-plans-us-east-1-small.json");
  CHECK(spec.savings_plans[0].line == 10);
  const std::optional<scenario_purchase>& p = spec.components[0].purchase;
  REQUIRE(p.has_value());
  CHECK(p->kind == "savings_plan");
  CHECK(p->choice == "ComputeSavingsPlans");
  CHECK(p->lease == "3yr");
  CHECK(p->payment == "All Upfront");
  CHECK(p->line == 17);
  CHECK_FALSE(parse_scenario(scenario(""), beside).components[0].purchase.has_value());
}

TEST_CASE("purchase errors name the file the line and the key") {
  CHECK(parse_error_of("purchase = { reserved = \"standard\", lease = \"1yr\", payment = \"All "
                       "Upfront\" }\n") ==
        "trncost: s.toml:17: component[0].purchase.payment: \"All Upfront\": a job is priced at a "
        "reservation's hourly rate only with No Upfront; an upfront fee pays for the whole term, "
        "a commitment (commitment_mix in C++, docs/prices.md)");
  CHECK(parse_error_of("purchase = { reserved = \"standard\", lease = \"2yr\", payment = \"No "
                       "Upfront\" }\n") ==
        "trncost: s.toml:17: component[0].purchase.lease: \"2yr\" is not one of 1yr, 3yr (did you "
        "mean \"1yr\"?)");
  CHECK(parse_error_of("purchase = { reserved = \"standard\", lease = \"1yr\", payment = \"No "
                       "Upfront\" }\nprice = { value = \"1\", assumption = \"a\" }\n") ==
        "trncost: s.toml:18: component[0].price: is given with purchase = { reserved = ... }, "
        "whose rate is read from the price book; leave the price out");
  CHECK(parse_error_of("purchase = { spot = \"us-east-1a\" }\n") ==
        "trncost: s.toml:17: component[0].price: a spot price is an observation no offer file "
        "carries: write price = { value = \"...\", quoted = { ... } } (the seller's page or API) "
        "or third_party = { ... }");
  CHECK(parse_error_of("purchase = { savings_plan = \"EC2InstanceSavingsPlans\", lease = \"1yr\", "
                       "paymnet = \"No Upfront\" }\n") ==
        "trncost: s.toml:17: component[0].purchase.paymnet: unknown key (did you mean "
        "\"payment\"?); a purchase option takes reserved, savings_plan, spot, lease, payment, "
        "advisor");
  CHECK(parse_error_of("purchase = { spot = \"us-east-1a\", reserved = \"standard\" }\n") ==
        "trncost: s.toml:17: component[0].purchase.spot: is given with reserved; write exactly "
        "one of reserved, savings_plan, spot (how the instances are bought)");
}

}  // namespace trncost_tests::cli_scenario_purchase_test
