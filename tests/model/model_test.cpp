// Tests for the model graph, the evaluator, instance time under each billing rule, and the computed
// status of an estimate. Every expected amount is computed by hand in the comment above it.
#include <doctest/doctest.h>

#include <trncost/model.hpp>
#include <utility>

#include "../support/declared_categories.hpp"
#include "../support/sourced_inputs.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::model_test {

using namespace trncost;

namespace {

const date as_of = parse_date("2026-11-30");

quoted ec2_quote(date consulted = as_of) { return trncost_support::trn1_offer_quote(consulted); }

using trncost_support::run1;

sourced<quantity<units::usd_per_instance_hour_t>> trn1_price(date consulted = as_of) {
  return sourced("trn1_price", make(units::usd_per_instance_hour, "21.5"), ec2_quote(consulted));
}

sourced<quantity<units::instance_t>> nodes(int n) {
  return sourced("nodes", make(units::instance, n), run1());
}

sourced<quantity<units::second_t>> secs(const char* name, int s) {
  return sourced(name, seconds(s), run1());
}

/// Declares every category but compute none, so a test can look at compute alone.
void declare_rest_none(model& m) { trncost_support::declare_none_but(m, category::compute); }

}  // namespace

TEST_CASE("graph nodes combine typed inputs and evaluate exactly") {
  model m;
  const auto a = m.input(secs("a", 90));
  const auto b = m.input(secs("b", 30));
  const auto n = m.input(nodes(3));
  const auto sum = a + b;
  const auto diff = a - b;
  const auto usage = n * sum;
  CHECK(sum.name() == "a + b");
  CHECK(usage.name() == "nodes * (a + b)");
  CHECK(m.value(sum)->value() == decimal(120));
  CHECK(m.value(diff)->value() == decimal(60));
  CHECK(quantity<units::instance_second_t>(*m.value(usage)).value() == decimal(360));
  CHECK(m.value(max(a, b))->value() == decimal(90));
  CHECK(m.value(min(a, b))->value() == decimal(30));
  CHECK(m.value(2 * b)->value() == decimal(60));
  // band(95, 50, 80) = min(max(95 - 50, 0), 80 - 50) = 30; band(95, 100, open) = 0.
  CHECK(m.value(band(a + b, seconds(50), std::optional{seconds(80)}))->value() == decimal(30));
  CHECK(m.value(band(a, seconds(100), std::optional<quantity<units::second_t>>{}))->value() ==
        decimal(0));
  // ceil_to(120 s, 3600 s) = 3600 s; 90 s to hours is 0.025 h.
  CHECK(m.value(ceil_to(sum, seconds(3600)))->value() == decimal(3600));
  CHECK(m.value(convert<units::hour_t>(a))->value() == decimal("0.025"));
  const auto rate = a / b;
  CHECK(m.value(rate)->value() == decimal(3));
}

TEST_CASE("any node gives its value, provenance and the inputs it depends on") {
  model m;
  const auto price_in = trn1_price();
  const auto a = m.input(secs("a", 90));
  const auto n = m.input(nodes(2));
  const auto p = m.input(price_in);
  CHECK(m.input(price_in).id() == p.id());  // the same sourced value is one node
  const auto usage = n * a;
  const auto rec = m.record(usage);
  CHECK(rec->name == "nodes * a");
  CHECK(rec->value == "180");
  CHECK(rec->unit == "instance-s");
  const auto& how = std::get<derived>(rec->origin);
  CHECK(how.formula == "nodes * a");
  REQUIRE(how.inputs.size() == 2);
  CHECK(how.inputs[0]->name == "nodes");
  CHECK(how.inputs[1]->name == "a");
  const auto ins = m.inputs_of(usage);
  REQUIRE(ins.size() == 2);
  CHECK(ins[0]->name == "nodes");
  CHECK(ins[1]->name == "a");
  CHECK(kind_name(m.record(p)->origin) == "quoted");
}

TEST_CASE("an unknown input makes what depends on it unknown, never zero") {
  model m;
  const auto price = m.unknown<units::usd_per_instance_hour_t>(
      "trn2_price", "no on-demand row in the AmazonEC2 offer file");
  const auto t = m.input(secs("t", 3600));
  const auto n = m.input(nodes(1));
  CHECK_FALSE(m.value(price).has_value());
  CHECK(m.value(t).has_value());
  m.add_line(category::compute, "trn2 run", {phase::training, "training"}, price, n * t);
  declare_rest_none(m);
  const auto est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 1);
  CHECK_FALSE(est.lines[0].amount.has_value());
  CHECK(est.unpriced_lines() == 1);
  CHECK(est.total == decimal{});
  CHECK(est.status == estimate_status::unpriced);
  CHECK(est.reasons.front().text ==
        "line 'training' (trn2 run) is unpriced: trn2_price is unknown (no on-demand row in the "
        "AmazonEC2 offer file); it is left out of the totals");
  CHECK_THROWS_AS(m.unknown<units::hour_t>("x", ""), input_error);
}

TEST_CASE("the evaluator re-runs a built model with overridden inputs") {
  model m;
  const auto p = m.input(trn1_price());
  const auto n = m.input(nodes(2));
  const auto t = m.input(secs("train_s", 3600));
  m.add_line(category::compute, "job", {phase::training, "training"}, p, n * t);
  evaluator e(m);
  // 21.5 * 2 * 3600 / 3600 = 43.
  CHECK(e.run() == decimal(43));
  e.set(t, seconds(1800));
  // 21.5 * 2 * 1800 / 3600 = 21.5.
  CHECK(e.run() == decimal("21.5"));
  e.reset();
  CHECK(e.run() == decimal(43));
  CHECK_THROWS_AS(e.set(n.id() + 100, decimal(1)), input_error);
  const auto derived_node = n * t;
  CHECK_THROWS_AS(e.set(derived_node.id(), decimal(1)), input_error);
}

TEST_CASE("instance time bills each phase as its own line, per second") {
  model m;
  m.add(instance_time("fine-tune", "trn1.32xlarge", nodes(2), trn1_price(),
                      {{phase::setup, secs("setup_s", 300)},
                       {phase::compilation, secs("compile_s", 1260)},
                       {phase::training, secs("train_s", 5399)},
                       {phase::waiting, secs("wait_s", 120)}}));
  declare_rest_none(m);
  const auto est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 5);
  // setup: 21.5 * 2 * 300 / 3600 = 3.583333333333333333|3 -> ...333.
  CHECK(*est.lines[0].amount == decimal("3.583333333333333333"));
  CHECK(est.lines[0].ph == phase::setup);
  CHECK(est.lines[0].description == "setup on 2 x trn1.32xlarge");
  CHECK(est.lines[0].formula == "trn1_price * (nodes * setup_s) / 3600");
  // compilation: 21.5 * 2 * 1260 / 3600 = 15.05.
  CHECK(*est.lines[1].amount == decimal("15.05"));
  // training: 21.5 * 2 * 5399 / 3600 = 64.48805555... -> ...556.
  CHECK(*est.lines[2].amount == decimal("64.488055555555555556"));
  // waiting: 21.5 * 2 * 120 / 3600 = 1.433333333333333333.
  CHECK(*est.lines[3].amount == decimal("1.433333333333333333"));
  // The run is longer than 60 s: the minimum adds nothing.
  CHECK(*est.lines[4].amount == decimal(0));
  CHECK_FALSE(est.lines[4].ph.has_value());
  // The total is the exact sum of the lines.
  CHECK(est.total == decimal("84.554722222222222222"));
  CHECK(est.by_category.at(category::compute) == est.total);
  // Useful = training; overhead = setup + compilation + waiting = 3.58.. + 15.05 + 1.43..
  // = 20.0666...
  CHECK(est.useful == decimal("64.488055555555555556"));
  CHECK(est.overhead == decimal("20.066666666666666666"));
  CHECK(est.by_phase.at(phase::compilation) == decimal("15.05"));
  CHECK(est.status == estimate_status::verified);
  CHECK(est.reasons.empty());
}

TEST_CASE("the 60-second minimum is billed per launch") {
  model m;
  // One launch of 45 s is billed 60 s: the minimum line adds 15 s.
  // 21.5 * 1 * 15 / 3600 = 0.089583333333333333|3 -> ...333.
  m.add(instance_time("smoke test", "trn1.2xlarge", nodes(1), trn1_price(),
                      {{phase::training, secs("smoke_s", 45)}}));
  declare_rest_none(m);
  const auto est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 2);
  CHECK(*est.lines[1].amount == decimal("0.089583333333333333"));
  // 45 s + 15 s = 60 s: 21.5 / 60 = 0.358333333333333333 (the two lines sum exactly).
  CHECK(est.total == decimal("0.358333333333333333"));

  model m3;
  // Three launches (two restarts) of 100 s in all: billed 3 * 60 = 180 s, so 80 s more.
  // 21.5 * 80 / 3600 = 0.477777777777777777|8 -> ...778.
  auto job = instance_time("flaky", "trn1.2xlarge", nodes(1), trn1_price(),
                           {{phase::training, secs("flaky_s", 100)}});
  job.with_launches(sourced("launches", make(units::dimensionless, 3), run1()));
  m3.add(job);
  declare_rest_none(m3);
  CHECK(*m3.evaluate(as_of).lines[1].amount == decimal("0.477777777777777778"));
}

TEST_CASE("per-hour billing rounds the launch up to whole hours on a line of its own") {
  model m;
  // 5,399 s is billed as 2 h: the rounding line adds 7,200 - 5,399 = 1,801 s on 2 instances.
  // 21.5 * 2 * 1801 / 3600 = 21.511944444444444444|4 -> ...444.
  m.add(instance_time("hourly", "trn1.32xlarge", nodes(2), trn1_price(),
                      {{phase::training, secs("train_s", 5399)}}, billing_rule::per_hour()));
  declare_rest_none(m);
  const auto est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 2);
  CHECK(*est.lines[1].amount == decimal("21.511944444444444444"));
  CHECK(est.lines[1].description == "rounding up to whole billed hours on 2 x trn1.32xlarge");
  // 64.488055555555555556 + 21.511944444444444444 = 86 = 21.5 * 2 * 2 h.
  CHECK(est.total == decimal(86));
}

TEST_CASE("a Capacity Block prices phases at its effective rate and shows unused reserved time") {
  model m;
  const sourced fee("block_fee", usd("1000"),
                    quoted{.source = "EC2 Capacity Blocks offering, console",
                           .region = "us-east-1",
                           .option = purchase_option::capacity_block,
                           .consulted = as_of});
  const sourced length("block_length", make(units::hour, 24), ec2_quote());
  m.add(instance_time("block run", "p5.48xlarge", nodes(2),
                      sourced("p5_price", make(units::usd_per_instance_hour, "0"), ec2_quote()),
                      {{phase::training, secs("train_s", 36000)}},
                      billing_rule::capacity_block(fee, length)));
  declare_rest_none(m);
  const auto est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 2);
  // Rate = 1000 / (2 * 24) = 20.833333333333333333 USD/instance-h (rounded once at 18 digits).
  CHECK(est.lines[0].price->value == "20.833333333333333333");
  // training: 20.833333333333333333 * 2 * 36000 / 3600 = 416.66666666666666666.
  CHECK(*est.lines[0].amount == decimal("416.66666666666666666"));
  // unused: 2 * (86400 - 36000) = 100800 instance-s: 20.833333333333333333 * 100800 / 3600
  // = 583.333333333333333324.
  CHECK(*est.lines[1].amount == decimal("583.333333333333333324"));
  // The two lines come to the fee within the rate's rounding: 999.999999999999999984.
  CHECK(est.total == decimal("999.999999999999999984"));
}

TEST_CASE("instance time rejects bad input where it is constructed") {
  CHECK_THROWS_WITH_AS(instance_time("job", "trn1.32xlarge", nodes(2), trn1_price(), {}),
                       "trncost: component 'job': the phase list is empty; give at least the "
                       "measured training phase",
                       input_error);
  CHECK_THROWS_WITH_AS(instance_time("job", "trn1.32xlarge", nodes(0), trn1_price(),
                                     {{phase::training, secs("t", 10)}}),
                       "trncost: component 'job': input 'nodes' is 0; it must be positive",
                       input_error);
  CHECK_THROWS_WITH_AS(instance_time("job", "trn1.32xlarge", nodes(1), trn1_price(),
                                     {{phase::training, sourced("t", seconds(-10), run1())}}),
                       "trncost: component 'job': input 't' is -10; it cannot be negative",
                       input_error);
  CHECK_THROWS_AS(instance_time("job", "trn1.32xlarge", nodes(1),
                                sourced("p", make(units::usd_per_instance_hour, "-1"), run1()),
                                {{phase::training, secs("t", 10)}}),
                  input_error);
  CHECK_THROWS_AS(instance_time("", "trn1.32xlarge", nodes(1), trn1_price(),
                                {{phase::training, secs("t", 10)}}),
                  input_error);
  CHECK_THROWS_AS(
      instance_time("job", "", nodes(1), trn1_price(), {{phase::training, secs("t", 10)}}),
      input_error);
  model m;
  const instance_time job("job", "trn1.32xlarge", nodes(1), trn1_price(),
                          {{phase::training, secs("t", 10)}});
  m.add(job);
  CHECK_THROWS_WITH_AS(m.add(job),
                       "trncost: component 'job' is already in the model (category compute)",
                       input_error);
}

TEST_CASE("a category with no component and no declaration makes the estimate incomplete") {
  model m;
  m.add(instance_time("job", "trn1.32xlarge", nodes(1), trn1_price(),
                      {{phase::training, secs("t", 3600)}}));
  m.declare_none(category::transfer, declared_none{"no data leaves us-east-1"});
  const auto est = m.evaluate(as_of);
  CHECK(est.status == estimate_status::incomplete);
  REQUIRE(est.reasons.size() == 4);
  CHECK(est.reasons[0].text == "category 'storage' has no component and is not declared none");
  CHECK(est.reasons[3].text ==
        "category 'failures and restarts' has no component and is not declared none");
  CHECK(est.by_category.at(category::transfer) == decimal{});
  CHECK(std::find(est.findings.begin(), est.findings.end(),
                  "category 'transfer' is declared none: no data leaves us-east-1") !=
        est.findings.end());
  CHECK_THROWS_AS(m.declare_none(category::logs, declared_none{""}), input_error);
}

TEST_CASE("third-party figures and assumptions make the estimate provisional, each listed") {
  model m;
  m.add(instance_time(
      "trn2 job", "trn2.48xlarge", nodes(1),
      sourced("trn2_price", make(units::usd_per_instance_hour, "35.76"),
              third_party{"a price comparison site", parse_date("2026-10-02")}),
      {{phase::training, sourced("t", seconds(3600), assumption{"same time as on trn1"})}}));
  declare_rest_none(m);
  const auto est = m.evaluate(as_of);
  CHECK(est.status == estimate_status::provisional);
  REQUIRE(est.reasons.size() == 2);
  CHECK(est.reasons[0].text ==
        "trn2_price is third-party (a price comparison site, seen 2026-10-02), not an official "
        "price");
  CHECK(est.reasons[1].text == "t is an assumption: same time as on trn1");
  // 35.76 * 1 * 3600 / 3600 = 35.76: a provisional estimate still has its total.
  CHECK(est.total == decimal("35.76"));
}

TEST_CASE("a quote older than the freshness window makes the estimate stale") {
  const auto build = [](date consulted) {
    model m;
    m.add(instance_time("job", "trn1.32xlarge", nodes(1), trn1_price(consulted),
                        {{phase::training, secs("t", 3600)}}));
    declare_rest_none(m);
    return m;
  };
  // 2026-10-31 is exactly 30 days before 2026-11-30: still fresh with the default window.
  CHECK(build(parse_date("2026-10-31")).evaluate(as_of).status == estimate_status::verified);
  const auto est = build(parse_date("2026-10-30")).evaluate(as_of);
  CHECK(est.status == estimate_status::stale);
  CHECK(est.reasons[0].text ==
        "trn1_price was consulted on 2026-10-30, 31 days before the as-of date 2026-11-30 "
        "(freshness window 30 days): re-read AmazonEC2 offer file, us-east-1");
  // The window is a parameter.
  CHECK(build(parse_date("2026-10-30")).evaluate(as_of, estimate_options{day_count{90}}).status ==
        estimate_status::verified);
  CHECK(default_freshness_window == day_count{30});
  CHECK_THROWS_AS(
      (void)build(parse_date("2026-10-30")).evaluate(as_of, estimate_options{day_count{-1}}),
      input_error);
}

TEST_CASE("the status is the worst of its reasons, worst listed first") {
  model m;
  m.add(instance_time("job", "trn2.48xlarge", nodes(1),
                      unknown_input{"trn2_price", "no official on-demand price"},
                      {{phase::training, sourced("t", seconds(60), assumption{"guess"})}}));
  const auto est = m.evaluate(as_of);
  CHECK(est.status == estimate_status::incomplete);
  CHECK(est.reasons.front().status == estimate_status::incomplete);
  CHECK(est.reasons.back().status == estimate_status::provisional);
  // Each status has a name, from the best to the worst.
  const std::pair<estimate_status, const char*> names[] = {
      {estimate_status::verified, "verified"},
      {estimate_status::provisional, "provisional"},
      {estimate_status::stale, "stale"},
      {estimate_status::unpriced, "unpriced"},
      {estimate_status::incomplete, "incomplete"}};
  for (const auto& n : names) {
    CAPTURE(n.second);
    CHECK(to_string(n.first) == n.second);
  }
}

TEST_CASE("findings say how much of the instance cost is overhead") {
  model m;
  m.add(instance_time("job", "trn1.32xlarge", nodes(1), trn1_price(),
                      {{phase::compilation, secs("c", 900)}, {phase::training, secs("t", 2700)}}));
  declare_rest_none(m);
  const auto est = m.evaluate(as_of);
  // compile 21.5 * 900 / 3600 = 5.375 of 21.5 in all: 25.0 %.
  CHECK(est.findings.back() ==
        "overhead is 25.0 % of billed instance time cost (compilation 5.38 USD)");
}

TEST_CASE("categories and phases have names, and overhead phases are the non-progress ones") {
  CHECK(to_string(category::data_preparation) == "data preparation");
  CHECK(to_string(category::failures_restarts) == "failures and restarts");
  CHECK(to_string(phase::failed_work) == "failed work");
  CHECK(is_overhead(phase::compilation));
  CHECK(is_overhead(phase::waiting));
  CHECK_FALSE(is_overhead(phase::training));
  CHECK_FALSE(is_overhead(phase::checkpointing));
  CHECK(all_categories.size() == 6);
  CHECK(all_phases.size() == 14);
}

TEST_CASE("an empty model has nothing to estimate") {
  model m;
  CHECK_THROWS_AS((void)m.evaluate(as_of), input_error);
  CHECK_THROWS_AS((void)m.evaluate(date{}), input_error);
}

TEST_CASE("an unknown input's record says it is unknown, and so does what derives from it") {
  model m;
  const auto price = m.unknown<units::usd_per_instance_hour_t>("trn2_price", "no official row");
  const auto n = m.input(nodes(2));
  const auto rec = m.record(price);
  CHECK_FALSE(rec->known);
  CHECK(rec->value == "unknown");
  CHECK(std::get<assumption>(rec->origin).rationale == "no official row");
  CHECK_FALSE(m.record(price * n)->known);
  CHECK(m.record(n)->known);
}

}  // namespace trncost_tests::model_test
