// Tests for always-on serving (workload/serving.hpp): fleet sizing on peak or average demand, the
// busy and idle split of a fleet billed over the whole period, the work delivered and the cost per
// unit of work through the JSON report, the audit, Markdown and HTML, and the sizing (demand,
// usable capacity, instances needed, headroom) read back from the estimate for the reports. Every
// expected figure is computed by hand in the comment above it.
#include <doctest/doctest.h>

#include <string>
#include <trncost/analysis/monte_carlo.hpp>
#include <trncost/analysis/sensitivity.hpp>
#include <trncost/report/audit.hpp>
#include <trncost/report/html.hpp>
#include <trncost/report/html_extras.hpp>
#include <trncost/report/json.hpp>
#include <trncost/report/markdown.hpp>
#include <trncost/workload/serving.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::workload_serving_test {

using namespace trncost;
using namespace trncost_tests::workload_fixtures;

namespace {

/// Egress of 1000 GiB at 0.09 USD/GiB: 90 USD outside compute, so full and compute-only differ.
struct egress {
  [[nodiscard]] std::string name() const { return "egress"; }
  [[nodiscard]] category cost_category() const { return category::transfer; }
  void build(component_builder& b) const {
    b.line({std::nullopt, "responses to the internet"},
           b.input(sourced("egress_price", make(units::usd_per_gibibyte, "0.09"),
                           quoted{.source = "EC2 data transfer pricing page",
                                  .region = "us-east-1",
                                  .consulted = as_of})),
           b.input(plan("egress_gib", units::gibibyte, "1000")));
  }
};

}  // namespace

TEST_CASE("always-on serving is sized on the peak and bills every instance over the period") {
  model m;
  const auto p = workload::add_serving(m, chat_service());
  declare_others(m);
  // usable per instance = 500 x 0.8 = 400 token/s; instances = ceil(1800 / 400 = 4.5) = 5.
  CHECK(m.value(p.instances)->value() == decimal(5));
  // capacity = 5 x 500 = 2500 token/s; headroom = 2500 - 1800 = 700 token/s.
  CHECK(m.value(p.capacity)->value() == decimal(2500));
  CHECK(m.value(p.headroom)->value() == decimal(700));
  // billed = 5 x 720 h = 3600 instance-h = 12,960,000 instance-s; busy = 1000 / 500 x 720 h =
  // 1440 instance-h (5,184,000 s); idle = 2160 instance-h (7,776,000 s).
  CHECK(m.value(p.billed)->value() == decimal(12'960'000));
  CHECK(m.value(p.busy)->value() == decimal(5'184'000));
  CHECK(m.value(p.idle)->value() == decimal(7'776'000));
  const auto est = m.evaluate(as_of);
  // 3600 instance-h x 10 USD = 36,000 USD: serving 14,400 (useful), idle capacity 21,600
  // (overhead).
  CHECK(est.total == decimal(36'000));
  CHECK(est.by_phase.at(phase::serving) == decimal(14'400));
  CHECK(est.by_phase.at(phase::idle_capacity) == decimal(21'600));
  CHECK(est.useful == decimal(14'400));
  CHECK(est.overhead == decimal(21'600));
  CHECK(est.by_phase.count(phase::training) == 0);
  // The idle share is visible: 21,600 / 36,000 = 60.0 % of the instance time.
  bool said = false;
  for (const auto& f : est.findings)
    said = said || f.find("overhead is 60.0 %") != std::string::npos;
  CHECK(said);
}

TEST_CASE("always-on serving delivers the average demand over the period") {
  model m;
  (void)workload::add_serving(m, chat_service());
  declare_others(m);
  const auto est = m.evaluate(as_of);
  REQUIRE(est.work.has_value());
  CHECK(est.work->kind == work_kind::tokens_served);
  // 1000 token/s x 2,592,000 s = 2,592,000,000 tokens.
  CHECK(est.work->amount->value == "2592000000");
  CHECK(est.work->amount->unit == "token");
  CHECK(est.work->per == 1'000'000);
  CHECK(est.work->unit == "USD/1M tokens");
  // 36,000 x 1,000,000 / 2,592,000,000 = 13.8888... rounded half-even at 18 digits.
  REQUIRE(est.work->full.has_value());
  CHECK((*est.work->full)->value == "13.888888888888888889");
  CHECK((*est.work->full)->unit == "USD/1M tokens");
  CHECK((*est.work->compute_only)->value == "13.888888888888888889");
  CHECK(std::holds_alternative<derived>((*est.work->full)->origin));
}

TEST_CASE("the tornado of a service varies its measured throughput and the fleet follows") {
  model m;
  (void)workload::add_serving(m, chat_service());
  declare_others(m);
  const analysis::model_inputs in(m);
  const auto t = analysis::sensitivity(
      in, {analysis::band(in, "throughput_per_instance", decimal::parse("0.2"))});
  REQUIRE(t.observed.size() == 1);
  // 400 token/s: usable 320, ceil(1800 / 320 = 5.625) = 6 instances x 720 h x 10 = 43,200 USD;
  // 600 token/s: usable 480, ceil(3.75) = 4 instances: 28,800 USD.
  CHECK(t.observed[0].total_at_low == decimal(43'200));
  CHECK(t.observed[0].total_at_high == decimal(28'800));
  CHECK(t.observed[0].swing == decimal(14'400));
}

TEST_CASE("without a peak the fleet is sized on the average demand at the target utilisation") {
  {
    model m;
    const auto p = workload::add_serving(m, chat_service(false, "0.9"));
    // 1000 / (500 x 0.9 = 450) = 2.22 -> 3 instances.
    CHECK(m.value(p.instances)->value() == decimal(3));
  }
  {
    model m;
    const auto p = workload::add_serving(m, chat_service(false, "0.4"));
    // 1000 / (500 x 0.4 = 200) = 5 -> 5 instances, no rounding up.
    CHECK(m.value(p.instances)->value() == decimal(5));
    // headroom = 5 x 500 - 1000 = 1500 token/s.
    CHECK(m.value(p.headroom)->value() == decimal(1500));
  }
}

TEST_CASE("the sizing read back from the estimate is the plan's") {
  {
    model m;
    const auto p = workload::add_serving(m, chat_service());
    declare_others(m);
    const auto sizings = workload::serving_sizings(m.evaluate(as_of));
    REQUIRE(sizings.size() == 1);
    const auto& z = sizings.front();
    CHECK(z.component == "chat-service");
    // Sized on the peak, 1800 token/s; usable = 500 x 0.8 = 400; ceil(1800 / 400 = 4.5) = 5.
    CHECK(z.demand->name == "peak_demand");
    CHECK(z.demand->value == "1800");
    CHECK(z.throughput->value == "500");
    CHECK(z.utilisation->value == "0.8");
    CHECK(z.usable->value == "400");
    CHECK(z.instances->value == "5");
    // capacity = 5 x 500 = 2500; headroom = 2500 - 1800 = 700: the plan's own nodes agree.
    REQUIRE(z.capacity.has_value());
    REQUIRE(z.headroom.has_value());
    CHECK(*z.capacity == decimal(2500));
    CHECK(*z.headroom == decimal(700));
    CHECK(*z.capacity == m.value(p.capacity)->value());
    CHECK(*z.headroom == m.value(p.headroom)->value());
    // The reports read the same sizing from the report document (one walk: sizing_chain_of):
    // headroom 700 of a capacity of 2500 = 28.0 %.
    const auto doc = report::from_estimate(m.evaluate(as_of));
    const auto rows = report::detail::sizing_rows(doc, report::index_values(doc));
    REQUIRE(rows.size() == 1);
    const std::string rate = z.demand->unit;
    CHECK(rows.front().service == "chat-service");
    CHECK(rows.front().demand == "1800 " + rate + " (peak_demand)");
    CHECK(rows.front().usable == "400 " + z.usable->unit + " = 500 x 0.8");
    CHECK(rows.front().instances == "5 = ceil(1800 / 400)");
    CHECK(rows.front().capacity == "2500 " + rate);
    CHECK(rows.front().headroom == "700 " + rate + " (28.0 % of the capacity)");
  }
  {
    model m;
    (void)workload::add_serving(m, chat_service(false, "0.4"));
    declare_others(m);
    const auto sizings = workload::serving_sizings(m.evaluate(as_of));
    REQUIRE(sizings.size() == 1);
    // No peak: sized on the average, 1000 / (500 x 0.4 = 200) = 5; headroom 5 x 500 - 1000 = 1500.
    CHECK(sizings.front().demand->name == "average_demand");
    CHECK(sizings.front().instances->value == "5");
    CHECK(sizings.front().headroom == decimal(1500));
  }
  {
    model m;  // no service: no idle capacity line, no sizing
    m.add(egress{});
    declare_others(m, true);
    const auto est = m.evaluate(as_of);
    CHECK(workload::serving_sizings(est).empty());
    const auto doc = report::from_estimate(est);
    CHECK(report::detail::sizing_rows(doc, report::index_values(doc)).empty());
  }
}

TEST_CASE("Monte Carlo flags a throughput that cannot move a fixed always-on bill") {
  model m;
  (void)workload::add_serving(m, chat_service());
  declare_others(m);
  const analysis::model_inputs in(m);
  // Throughput 460 to 520 token/s: usable 368 to 416 per instance, ceil(1800 / 416 = 4.33) =
  // ceil(1800 / 368 = 4.89) = 5 instances whatever the draw: 5 x 720 h x 10 USD = 36,000 USD, only
  // the split between serving and idle capacity moves. The peak, 1500 to 2100 token/s, sizes 4 to 6
  // instances (ceil(1500 / 400 = 3.75) = 4, ceil(2100 / 400 = 5.25) = 6): it moves the bill.
  const auto throughput = analysis::distribution::uniform(decimal(460), decimal(520));
  const auto peak = analysis::distribution::uniform(decimal(1500), decimal(2100));
  {
    const auto r = analysis::monte_carlo(in, {{"throughput_per_instance", throughput}}, {2000, 7});
    REQUIRE(r.moves_total.size() == 1);
    CHECK_FALSE(r.moves_total[0]);
    CHECK(r.varied[0] == "throughput_per_instance: " + throughput.describe() +
                             std::string(analysis::does_not_move_note));
    // The band is the fixed bill, up to the double arithmetic of the two lines.
    CHECK(r.min == doctest::Approx(36000.0));
    CHECK(r.max == doctest::Approx(36000.0));
  }
  {
    const auto r = analysis::monte_carlo(
        in, {{"throughput_per_instance", throughput}, {"peak_demand", peak}}, {2000, 7});
    REQUIRE(r.moves_total.size() == 2);
    CHECK_FALSE(r.moves_total[0]);
    CHECK(r.moves_total[1]);
    CHECK(r.varied[1] == "peak_demand: " + peak.describe());  // no note on an input that moves it
    // 4 to 6 instances: 28,800 to 43,200 USD.
    CHECK(r.min == doctest::Approx(28800.0));
    CHECK(r.max == doctest::Approx(43200.0));
    // The HTML report shows the band and marks the input that cannot move the total.
    report::extras x;
    x.monte_carlo = r;
    const auto html = report::render_html(m.evaluate(as_of), x);
    CHECK(html.find("<section id=\"monte-carlo\">\n<h2>Monte Carlo</h2>") != std::string::npos);
    CHECK(html.find("<li data-moves-total=\"false\">throughput_per_instance: " +
                    throughput.describe() + " (does not move the total") != std::string::npos);
    CHECK(html.find("<li>peak_demand: " + peak.describe() + "</li>") != std::string::npos);
  }
}

TEST_CASE("full cost per unit of work counts every category and compute-only counts compute") {
  model m;
  (void)workload::add_serving(m, chat_service());
  m.add(egress{});
  declare_others(m, true);
  const auto est = m.evaluate(as_of);
  // total = 36,000 + 1000 x 0.09 = 36,090 USD.
  CHECK(est.total == decimal(36'090));
  // full = 36,090 x 1e6 / 2,592,000,000 = 13.923611111111111111; compute only = 13.88...89.
  CHECK((*est.work->full)->value == "13.923611111111111111");
  CHECK((*est.work->compute_only)->value == "13.888888888888888889");
}

TEST_CASE("serving sized in requests per second delivers requests quoted per thousand") {
  workload::request_serving_inputs in{
      "api",
      "trn2.48xlarge",
      price("10"),
      plan("period_h", units::hour, "100"),
      plan("average_requests", units::requests_per_second, "10"),
      std::nullopt,
      meas("requests_per_instance", units::requests_per_second_per_instance, "4"),
      "p95 latency <= 1 s",
      plan("utilisation", units::dimensionless, "1")};
  model m;
  const auto p = workload::add_serving(m, in);
  declare_others(m);
  // ceil(10 / 4) = 3 instances; 3 x 100 h x 10 USD = 3000 USD.
  CHECK(m.value(p.instances)->value() == decimal(3));
  const auto est = m.evaluate(as_of);
  CHECK(est.total == decimal(3000));
  // 10 request/s x 360,000 s = 3,600,000 requests; 3000 x 1000 / 3,600,000 = 0.8333...
  CHECK(est.work->kind == work_kind::requests_served);
  CHECK(est.work->amount->value == "3600000");
  CHECK(est.work->unit == "USD/1000 requests");
  CHECK((*est.work->full)->value == "0.833333333333333333");
}

TEST_CASE("serving refuses what it cannot size") {
  model m;
  auto low_peak = chat_service();
  low_peak.peak_demand = plan("peak_demand", units::tokens_per_second, "900");
  CHECK_THROWS_WITH_AS(workload::add_serving(m, low_peak),
                       doctest::Contains("is below the average demand"), input_error);
  CHECK_THROWS_WITH_AS(workload::add_serving(m, chat_service(true, "0")),
                       doctest::Contains("must be a fraction above 0 to 1"), input_error);
  CHECK_THROWS_WITH_AS(workload::add_serving(m, chat_service(true, "1.2")),
                       doctest::Contains("'target_utilisation' is 1.2"), input_error);
  // A throughput stated at no latency target is priced as written; its lines name no target.
  auto no_target = chat_service();
  no_target.latency_target.clear();
  {
    model untargeted;
    (void)workload::add_serving(untargeted, no_target);
    declare_others(untargeted);
    const auto est = untargeted.evaluate(as_of);
    CHECK(est.total == decimal(36000));  // ceil(1800 / 400) = 5 x 720 h x 10 USD, as targeted
    REQUIRE_FALSE(est.lines.empty());
    for (const auto& l : est.lines) CHECK(l.description.find('(') == std::string::npos);
  }
  auto short_period = chat_service();
  short_period.period = plan("period_h", units::hour, "0.01");  // 36 s
  CHECK_THROWS_WITH_AS(workload::add_serving(m, short_period),
                       doctest::Contains("under the 60-second billing minimum"), input_error);
  auto no_throughput = chat_service();
  no_throughput.throughput_per_instance =
      meas("throughput_per_instance", units::tokens_per_second_per_instance, "0");
  CHECK_THROWS_AS(workload::add_serving(m, no_throughput), input_error);
}

TEST_CASE("a service period from dates counts whole days in hours") {
  // 2027-01-01 to 2027-04-01: 31 + 28 + 31 = 90 days = 2160 h.
  const auto p = workload::service_period("period_h", parse_date("2027-01-01"),
                                          parse_date("2027-04-01"), assumption{"the contract"});
  CHECK(p.value().value() == decimal(2160));
  CHECK(p.name() == "period_h");
  CHECK_THROWS_WITH_AS((void)workload::service_period("p", parse_date("2027-04-01"),
                                                      parse_date("2027-04-01"), assumption{"x"}),
                       doctest::Contains("ends (2027-04-01) on or before it starts"), input_error);
}

TEST_CASE(
    "the cost per unit of work survives the JSON report and the audit catches a tampered one") {
  model m;
  (void)workload::add_serving(m, chat_service());
  m.add(egress{});
  declare_others(m, true);
  const auto est = m.evaluate(as_of);
  const auto json = report::render_json(est);
  CHECK(json.find("\"work\": {") != std::string::npos);
  CHECK(json.find("\"full\": \"13.923611111111111111\"") != std::string::npos);
  const auto ok = report::audit(json, "serving.json");
  CHECK(ok.ok);
  if (!ok.ok) MESSAGE(ok.first_mismatch);
  const auto doc = report::read_report(json, "serving.json");
  REQUIRE(doc.work.has_value());
  CHECK(doc.work->kind == work_kind::tokens_served);
  CHECK(*doc.work->compute_only == decimal::parse("13.888888888888888889"));

  auto tampered = json;
  tampered.replace(tampered.find("\"full\": \"13.923611111111111111\""),
                   std::string("\"full\": \"13.923611111111111111\"").size(), "\"full\": \"12.5\"");
  const auto bad = report::audit(tampered, "tampered.json");
  CHECK_FALSE(bad.ok);
  CHECK(bad.first_mismatch.rfind("work.full: the report says 12.5", 0) == 0);

  // A report with work declares schema version 3 or later (5 here: every report trncost writes
  // now carries its lines' identities, version 5): an older reader refuses it rather than passing
  // its unit costs unchecked, and this one refuses the work member in an older version.
  REQUIRE_FALSE(est.reasons.empty());
  CHECK(json.find("\"schema_version\": 7") != std::string::npos);
  auto older = json;
  const auto reasons_at = older.find("\"reasons\": [");
  older.replace(reasons_at, older.find("\"totals\"") - reasons_at, "\"reasons\": [],\n  ");
  older.replace(older.find("\"schema_version\": 7"), std::string("\"schema_version\": 7").size(),
                "\"schema_version\": 1");
  CHECK_THROWS_WITH_AS((void)report::audit(older, "old.json"),
                       "trncost: old.json: work: is a member of schema version 3; the report "
                       "declares version 1",
                       parse_error);

  auto wrong_unit = json;
  wrong_unit.replace(wrong_unit.find("\"per\": 1000000"), std::string("\"per\": 1000000").size(),
                     "\"per\": 1000");
  const auto bad_unit = report::audit(wrong_unit, "tampered.json");
  CHECK_FALSE(bad_unit.ok);
  CHECK(bad_unit.first_mismatch.rfind("work: tokens served are quoted per 1000000", 0) == 0);
}

TEST_CASE("Markdown and HTML show the cost per unit of work and label serving as serving") {
  model m;
  (void)workload::add_serving(m, chat_service());
  declare_others(m);
  const auto est = m.evaluate(as_of);
  const auto md = report::render_markdown(est);
  CHECK(md.find("## Cost per unit of work") != std::string::npos);
  CHECK(md.find("| 13.8889 USD/1M tokens | 13.8889 USD/1M tokens |") != std::string::npos);
  CHECK(md.find("| useful (serving) | 14400.00 | 40.0 % |") != std::string::npos);
  CHECK(md.find("| overhead (idle capacity) | 21600.00 | 60.0 % |") != std::string::npos);
  CHECK(md.find("training") == std::string::npos);
  const auto html = report::render_html(est);
  CHECK(html.find("<h2>Cost per unit of work</h2>") != std::string::npos);
  CHECK(html.find("data-basis=\"full\">13.8889 USD/1M tokens") != std::string::npos);
  CHECK(html.find("useful (serving)") != std::string::npos);
}

TEST_CASE("Markdown and HTML show the demand the instances needed and the headroom") {
  model m;
  (void)workload::add_serving(m, chat_service());
  declare_others(m);
  const auto est = m.evaluate(as_of);
  // Peak 1800 token/s; usable 500 x 0.8 = 400 per instance; ceil(1800 / 400) = 5 instances;
  // capacity 5 x 500 = 2500 token/s; headroom 2500 - 1800 = 700 token/s, 700 / 2500 = 28.0 %.
  const std::string row =
      "| chat-service | 1800 token/s (peak_demand) | 400 token/s/instance = "
      "500 x 0.8 | 5 = ceil(1800 / 400) | 2500 token/s | 700 token/s (28.0 % "
      "of the capacity) |";
  const auto md = report::render_markdown(est);
  const auto section = md.find("## Cost per unit of work");
  const auto next = md.find("## Totals by category");
  REQUIRE(section != std::string::npos);
  const auto at = md.find(row);
  CHECK(at != std::string::npos);
  CHECK(section < at);  // in the cost per unit of work section
  CHECK(at < next);
  CHECK(md.find("Instances needed = ceil(demand / usable capacity per instance)") !=
        std::string::npos);
  const auto html = report::render_html(est);
  CHECK(html.find("<table id=\"sizing\">") != std::string::npos);
  CHECK(html.find("<td class=\"num\" data-basis=\"instances\">5 = ceil(1800 / 400)</td>") !=
        std::string::npos);
  CHECK(html.find("<td class=\"num\" data-basis=\"headroom\">700 token/s (28.0 % of the "
                  "capacity)</td>") != std::string::npos);
  // A report without a service has no sizing table.
  model other;
  other.add(egress{});
  declare_others(other, true);
  CHECK(report::render_markdown(other.evaluate(as_of)).find("instances needed") ==
        std::string::npos);
}

}  // namespace trncost_tests::workload_serving_test
