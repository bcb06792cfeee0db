// Unit economics and scaling: hand-computed expectations (18 fractional digits, half-even, as
// trncost rounds every product and quotient) are in the comments.
#include "trncost/analysis/unit_economics.hpp"

#include <doctest/doctest.h>

#include "trncost/analysis/scaling.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::analysis_unit_economics_test {

using namespace trncost;
using namespace trncost::analysis;

namespace {

const date day{2026, 11, 20};

measured run(std::string id) {
  return measured{std::move(id), "tokens counted by the serving loop / wall clock", start_of(day),
                  timestamp(day, 3600)};
}

quoted on_demand() {
  quoted q;
  q.source = "AWS Price List offer file AmazonEC2 us-east-1";
  q.sku = "EXAMPLESKU";
  q.region = "us-east-1";
  q.consulted = day;
  return q;
}

template <class Unit>
sourced<quantity<Unit>> m(std::string name, std::string_view v) {
  return {std::move(name), make<Unit>(v), run("run-" + std::string(v))};
}

}  // namespace

TEST_CASE("cost_per_completed_run: failed attempts count in the numerator") {
  // Three attempts cost 1,234.50 USD together; two completed: 1234.50 / 2 = 617.25 USD per run.
  const sourced<money> attempts{"all_attempts", make<units::usd_t>("1234.50"),
                                assumption{"from the estimate of three attempts"}};
  const sourced<quantity<units::job_t>> completed{"completed_runs", make<units::job_t>("2"),
                                                  run("runs-2026-11")};
  const auto c = cost_per_completed_run(attempts, completed);
  CHECK(c.value().value() == decimal::parse("617.25"));
  CHECK(c.name() == "cost_per_completed_run");
  const auto& how = std::get<derived>(c.origin());
  CHECK(how.formula == "all_attempts / completed_runs");
  CHECK(how.inputs.size() == 2);

  const sourced<quantity<units::job_t>> none{"completed_runs", make<units::job_t>("0"),
                                             run("runs-2026-11")};
  CHECK_THROWS_WITH_AS((void)cost_per_completed_run(attempts, none),
                       "trncost: cost per completed run: 'completed_runs' is 0: no run completed, "
                       "so the 1234.5 USD bought no result (there is no cost per completed run)",
                       input_error);
}

TEST_CASE("cost_per_million_tokens: the same hourly bill at 40 % and 90 % utilization") {
  const sourced<quantity<units::instance_t>> fleet{"instances", make<units::instance_t>("1"),
                                                   assumption{"one serving instance"}};
  const sourced<quantity<units::usd_per_instance_hour_t>> price{
      "trn1_price", make<units::usd_per_instance_hour_t>("21.50"), on_demand()};
  const auto tput = m<units::tokens_per_second_t>("busy_throughput", "2000");
  const auto at = [&](std::string_view u) {
    return cost_per_million_tokens(fleet, price, tput, m<units::dimensionless_t>("utilization", u));
  };
  // 21.50 * 1e6 / (2000 * 0.9 * 3600) = 21,500,000 / 6,480,000 = 3.3179012345679012345|67...
  const auto busy = at("0.9");
  CHECK(busy.value().value() == decimal::parse("3.317901234567901235"));
  // 21,500,000 / (2000 * 0.4 * 3600 = 2,880,000) = 7.4652777777777777777|8...: 2.25 times more.
  const auto idle = at("0.4");
  CHECK(idle.value().value() == decimal::parse("7.465277777777777778"));
  CHECK(std::get<derived>(busy.origin()).formula ==
        "instances * trn1_price * 1000000 / (busy_throughput * utilization * 3600)");
  CHECK(std::get<derived>(busy.origin()).inputs.size() == 4);

  CHECK_THROWS_WITH_AS((void)at("0"),
                       "trncost: cost per million tokens: the utilization 'utilization' is 0: it "
                       "must be above 0 and at most 1 (a fraction, 0.4 for 40 %)",
                       input_error);
  CHECK_THROWS_AS((void)at("1.2"), input_error);
  CHECK_THROWS_WITH_AS(
      (void)cost_per_million_tokens(fleet, price, m<units::tokens_per_second_t>("tput", "0"),
                                    m<units::dimensionless_t>("u", "0.5")),
      "trncost: cost per million tokens: the throughput 'tput' is 0 token/s: a fleet that serves "
      "nothing has no cost per token",
      input_error);
  const sourced<quantity<units::instance_t>> no_fleet{"instances", make<units::instance_t>("0"),
                                                      assumption{"none"}};
  CHECK_THROWS_AS(
      (void)cost_per_million_tokens(no_fleet, price, tput, m<units::dimensionless_t>("u", "0.5")),
      input_error);
}

TEST_CASE("idle_cost: billed minus useful, and its share") {
  const sourced<money> billed{"billed", make<units::usd_t>("1000"), assumption{"a month"}};
  const sourced<money> useful{"useful", make<units::usd_t>("400"), assumption{"40 % busy"}};
  const auto r = idle_cost(billed, useful);
  CHECK(r.idle.value().value() == decimal(600));            // 1000 - 400
  CHECK(r.share.value().value() == decimal::parse("0.6"));  // 600 / 1000
  CHECK(std::get<derived>(r.share.origin()).formula == "(billed - useful) / billed");
  CHECK_THROWS_WITH_AS((void)idle_cost(useful, billed),
                       "trncost: idle cost: the useful cost 'billed' (1000 USD) must be between 0 "
                       "and the billed cost 'useful' (400 USD)",
                       input_error);
}

TEST_CASE("scaling_curve: efficiency, time and cost per node count, and an extrapolation") {
  // Measured: 1 node 10,000 token/s, 2 nodes 18,000, 4 nodes 32,000 (given out of order).
  const scaling_curve curve({
      {m<units::instance_t>("n4", "4"), m<units::tokens_per_second_t>("t4", "32000")},
      {m<units::instance_t>("n1", "1"), m<units::tokens_per_second_t>("t1", "10000")},
      {m<units::instance_t>("n2", "2"), m<units::tokens_per_second_t>("t2", "18000")},
  });
  CHECK(curve.points().front().nodes.name() == "n1");
  // (18000 / 10000) / (2 / 1) = 0.9; (32000 / 10000) / (4 / 1) = 0.8.
  CHECK(curve.efficiency(0).value().value() == decimal(1));
  CHECK(curve.efficiency(1).value().value() == decimal::parse("0.9"));
  CHECK(curve.efficiency(2).value().value() == decimal::parse("0.8"));
  CHECK(std::get<derived>(curve.efficiency(2).origin()).formula == "(t4 / t1) / (n4 / n1)");

  const sourced<quantity<units::token_t>> tokens{
      "tokens_to_train", make<units::token_t>("1000000000"), assumption{"1B-token fine-tune"}};
  const sourced<quantity<units::usd_per_instance_hour_t>> price{
      "trn1_price", make<units::usd_per_instance_hour_t>("21.50"), on_demand()};
  const auto rows = curve.rows(tokens, price);
  REQUIRE(rows.size() == 3);
  // 1 node: 1e9 / 10000 = 100,000 s; 21.50 * 100,000 / 3600 = 597.2222222222222222|22.
  CHECK(rows[0].time.value().value() == decimal(100000));
  CHECK(rows[0].cost.value().value() == decimal::parse("597.222222222222222222"));
  // 2 nodes: 1e9 / 18000 = 55,555.555555555555555556 s; usage 111,111.111111111111111112
  // instance-s; 21.50 * that / 3600 = 663.580246913580246914 (faster, and dearer).
  CHECK(rows[1].time.value().value() == decimal::parse("55555.555555555555555556"));
  CHECK(rows[1].cost.value().value() == decimal::parse("663.580246913580246914"));
  // 4 nodes: 31,250 s; 125,000 instance-s; 21.50 * 125,000 / 3600 = 746.527777777777777778.
  CHECK(rows[2].time.value().value() == decimal(31250));
  CHECK(rows[2].cost.value().value() == decimal::parse("746.527777777777777778"));
  CHECK(rows[2].measured);

  // 16 nodes = 4 * 2^2 with 5 % efficiency lost per doubling: 0.8 * 0.95 * 0.95 = 0.722;
  // throughput 10,000 * 16 / 1 * 0.722 = 115,520 token/s; time 1e9 / 115,520 =
  // 8,656.509695290858725762 s; cost 21.50 * 16 * that / 3600 = 827.177593105570944906.
  const sourced<fraction> loss{"loss_per_doubling", make<units::dimensionless_t>("0.05"),
                               assumption{"as measured from 2 to 4 nodes, held constant"}};
  const auto x = curve.extrapolate(16, loss, tokens, price);
  CHECK_FALSE(x.measured);
  CHECK(x.nodes == decimal(16));
  CHECK(x.efficiency.value().value() == decimal::parse("0.722"));
  CHECK(x.throughput.value().value() == decimal(115520));
  CHECK(x.time.value().value() == decimal::parse("8656.509695290858725762"));
  CHECK(x.cost.value().value() == decimal::parse("827.177593105570944906"));
  CHECK(std::holds_alternative<derived>(x.throughput.origin()));  // never measured
  CHECK(std::get<derived>(x.efficiency.origin()).formula ==
        "scaling_efficiency_4 * (1 - loss_per_doubling)^2");

  CHECK_THROWS_WITH_AS((void)curve.extrapolate(12, loss, tokens, price),
                       "trncost: extrapolating to 12 nodes: the model of a constant loss per "
                       "doubling needs the largest measured count (4) times a power of two; "
                       "measure that count instead",
                       input_error);
  CHECK_THROWS_AS((void)curve.extrapolate(4, loss, tokens, price), input_error);
  const sourced<fraction> bad_loss{"loss", make<units::dimensionless_t>("1"), assumption{"x"}};
  CHECK_THROWS_WITH_AS((void)curve.extrapolate(8, bad_loss, tokens, price),
                       "trncost: the efficiency loss per doubling 'loss' is 1: it must be at "
                       "least 0 and below 1",
                       input_error);
}

TEST_CASE("scaling_curve: bad points are refused") {
  CHECK_THROWS_WITH_AS(scaling_curve({}),
                       "trncost: a scaling curve needs at least one measured point", input_error);
  CHECK_THROWS_WITH_AS(
      scaling_curve({{m<units::instance_t>("a", "2"), m<units::tokens_per_second_t>("ta", "5")},
                     {m<units::instance_t>("b", "2"), m<units::tokens_per_second_t>("tb", "6")}}),
      "trncost: scaling points 'ta' and 'tb' are both at 2 nodes: keep one (or take their median "
      "first)",
      input_error);
  CHECK_THROWS_AS(
      scaling_curve({{m<units::instance_t>("a", "2"), m<units::tokens_per_second_t>("ta", "0")}}),
      input_error);
  CHECK_THROWS_AS(
      scaling_curve({{m<units::instance_t>("a", "0"), m<units::tokens_per_second_t>("ta", "1")}}),
      input_error);
}

}  // namespace trncost_tests::analysis_unit_economics_test
