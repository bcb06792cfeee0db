// A report takes each derivation's operation from its record (provenance/operation.hpp), never from
// its formula text: names that look like operators, misleading formulas, sourced charges and
// records that misstate their operation.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <trncost/report/audit.hpp>
#include <trncost/report/json.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_operations_test {

using namespace trncost;
using reports_test::as_of;
using reports_test::run1;

namespace {

using hours = sourced<quantity<units::instance_hour_t>>;

hours instance_hours(const std::string& name, int v) {
  return hours(name, make(units::instance_hour, v), run1());
}

/// One line: 2 USD/instance-h x `usage`; the other categories declared none.
estimate priced(const hours& usage) {
  model m;
  const auto price = m.input(
      sourced("price", make(units::usd_per_instance_hour, 2), reports_test::ec2_quote(as_of)));
  m.add_line(category::compute, "job", {phase::training, "training"}, price, m.input(usage));
  for (const auto c : all_categories) {
    if (c != category::compute) m.declare_none(c, declared_none{"not in this test"});
  }
  return m.evaluate(as_of);
}

const report::derivation_entry& named(const report::document& doc, const std::string& name) {
  for (const auto& d : doc.derivations) {
    if (d.name == name) return d;
  }
  FAIL("no derivation named " << name);
  throw;
}

}  // namespace

TEST_CASE("a derivation's operation comes from its record and not from its formula text") {
  const auto a = instance_hours("a", 2);
  const auto b = instance_hours("b", 3);
  // The formula says a product; the record says a sum, and 2 + 3 = 5 is what it holds.
  const hours usage("usage", make(units::instance_hour, 5),
                    derived{"a * b", {a.record(), b.record()}, operation{.kind = op_kind::add}});
  const auto doc = report::from_estimate(priced(usage));
  const auto& d = named(doc, "usage");
  CHECK(d.op.kind == op_kind::add);
  CHECK(d.formula == "a * b");
  CHECK(d.operands == std::vector<std::string>{"a", "b"});
  // 2 USD/instance-h x 5 instance-h = 10 USD.
  CHECK(doc.totals.total == decimal(10));
  CHECK(report::check(doc).ok);
  // Through the JSON and back, the audit recomputes the sum.
  const auto back = report::read_report(report::render_json(priced(usage)), "usage.json");
  CHECK(named(back, "usage").op.kind == op_kind::add);
  CHECK(report::check(back).ok);
}

TEST_CASE("an input named like a formula stays one operand") {
  const auto odd = instance_hours("fine * tune - 2", 2);
  const auto x = instance_hours("x", 3);
  const auto usage = odd + x;  // named "(fine * tune - 2) + x"
  const auto doc = report::from_estimate(priced(usage));
  REQUIRE(doc.derivations.size() == 1);
  CHECK(doc.derivations[0].op.kind == op_kind::add);
  CHECK(doc.derivations[0].operands == std::vector<std::string>{"fine * tune - 2", "x"});
  CHECK(doc.derivations[0].value == "5");
  CHECK(report::check(doc).ok);
}

TEST_CASE("a sourced charge enters a report as a charge with its exact factor") {
  const auto price = sourced("trn1_price", make(units::usd_per_instance_hour, "21.5"),
                             reports_test::ec2_quote(as_of));
  const auto usage = sourced("usage", make(units::instance_second, 100), run1());
  // 21.5 x 100 / 3600 = 0.597222222222222222 USD (2150 / 3600; the 19th digit 2 rounds down).
  const auto cost = charge("job_cost", price, usage);
  // The cost of one job, read per job (1 / 1), priced for 3 jobs.
  const sourced<quantity<units::usd_per_job_t>> per_job(
      "job_cost_per_job", quantity<units::usd_per_job_t>::from_value(cost.value().value()),
      derived{"job_cost / 1 job", {cost.record()}, operation{.kind = op_kind::convert}});
  model m;
  m.add_line(category::compute, "jobs", {std::nullopt, "three jobs"}, m.input(per_job),
             m.input(sourced("jobs", make(units::job, 3), run1())));
  for (const auto c : all_categories) {
    if (c != category::compute) m.declare_none(c, declared_none{"not in this test"});
  }
  const auto est = m.evaluate(as_of);
  const auto doc = report::from_estimate(est);
  const auto& c = named(doc, "job_cost");
  CHECK(c.op.kind == op_kind::charge);
  CHECK(c.op.num == 1);
  CHECK(c.op.den == 3600);
  CHECK(c.value == "0.597222222222222222");
  CHECK(named(doc, "job_cost_per_job").op.kind == op_kind::convert);
  // 3 x 0.597222222222222222 = 1.791666666666666666.
  CHECK(doc.totals.total == decimal::parse("1.791666666666666666"));
  CHECK(report::check(doc).ok);
  const auto json = report::render_json(est);
  CHECK(json.find("\"op\": \"charge\"") != std::string::npos);
  CHECK(report::check(report::read_report(json, "charge.json")).ok);
}

TEST_CASE("a record that misstates its operation or has none is refused by name") {
  const auto a = instance_hours("a", 2);
  const auto b = instance_hours("b", 3);
  const hours wrong("usage", make(units::instance_hour, 6),
                    derived{"a + b", {a.record(), b.record()}, operation{.kind = op_kind::add}});
  CHECK_THROWS_WITH_AS(report::from_estimate(priced(wrong)),
                       "trncost: report: derivation 'usage' records 6 but add of its operands "
                       "gives 5",
                       input_error);
  const hours opaque("usage", make(units::instance_hour, 5),
                     derived{"a + b", {a.record(), b.record()}});
  CHECK_THROWS_WITH_AS(report::from_estimate(priced(opaque)),
                       doctest::Contains("report: derivation 'usage' (formula 'a + b') is opaque"),
                       input_error);
}

TEST_CASE("a report that names a conversion rescale is read as convert") {
  // Reports written before the one vocabulary of operations named a model's conversion so.
  CHECK(report::parse_op("rescale") == op_kind::convert);
  CHECK(report::parse_op("convert") == op_kind::convert);
  CHECK(report::parse_op("charge") == op_kind::charge);
  CHECK_FALSE(report::parse_op("opaque").has_value());
  CHECK_FALSE(report::parse_op("a * b").has_value());
}

TEST_CASE("a model node's record carries the node's operation with its arguments") {
  model m;
  const auto t = m.input(sourced("t", make(units::second, 5400), run1()));
  // 5,400 s billed in whole hours: ceil(5400 / 3600) * 3600 = 7,200 s.
  const auto billed = ceil_to(t, make(units::second, 3600));
  const auto rec = m.record(billed);
  const auto& how = std::get<derived>(rec->origin);
  CHECK(how.op.kind == op_kind::ceil_to);
  CHECK(how.op.step == decimal(3600));
  CHECK(rec->value == "7200");
  // The part of 5,400 s in the band [3600, 4000): 400 s.
  const auto tier = band(t, make(units::second, 3600),
                         std::optional<quantity<units::second_t>>(make(units::second, 4000)));
  const auto tier_rec = m.record(tier);  // held: the derivation lives in the record
  const auto& tier_how = std::get<derived>(tier_rec->origin);
  CHECK(tier_how.op ==
        operation{.kind = op_kind::band, .lower = decimal(3600), .upper = decimal(4000)});
  CHECK(m.record(tier)->value == "400");
  // In hours: 7,200 / 3,600 = 2 h, a conversion by 1 / 3600.
  const auto hours_rec = m.record(convert<units::hour_t>(billed));
  const auto& h = std::get<derived>(hours_rec->origin);
  CHECK(h.op == operation{.kind = op_kind::convert, .num = 1, .den = 3600});
}

TEST_CASE("a missing category is read from its reason's rule and category and never its text") {
  model m;
  const auto price = m.input(
      sourced("price", make(units::usd_per_instance_hour, 2), reports_test::ec2_quote(as_of)));
  m.add_line(category::compute, "job", {phase::training, "training"}, price,
             m.input(instance_hours("usage", 5)));
  for (const auto c : all_categories) {
    if (c != category::compute && c != category::logs) {
      m.declare_none(c, declared_none{"not in this test"});
    }
  }
  auto est = m.evaluate(as_of);
  REQUIRE(est.reasons.size() == 1);
  CHECK(est.status == estimate_status::incomplete);
  CHECK(est.reasons[0].rule == verified_rule::every_category_accounted);
  CHECK(est.reasons[0].missing_category == category::logs);
  // The text is for people: reworded, the report still finds the missing category.
  est.reasons[0].text = "logs: nobody said";
  const auto doc = report::from_estimate(est);
  const auto logs = static_cast<std::size_t>(
      std::find(all_categories.begin(), all_categories.end(), category::logs) -
      all_categories.begin());
  CHECK(doc.categories[logs].cov == report::coverage::missing);
  CHECK(report::check(doc).ok);
}

}  // namespace trncost_tests::reports_operations_test
