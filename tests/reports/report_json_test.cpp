// Tests for the JSON report writer (report/json.hpp) and the report document it serializes
// (report/report.hpp): the fixed schema, byte-identical output, exact values, and refusals.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <trncost/report/audit.hpp>
#include <trncost/report/json.hpp>

// The flagship reads its run logs from examples/data (when the build does not say where).
#ifndef TRNCOST_EXAMPLES_DATA_DIR
#define TRNCOST_EXAMPLES_DATA_DIR TRNCOST_TESTS_DIR "/../examples/data"
#endif
#include "../../examples/flagship_model.hpp"
#include "../support/text.hpp"
#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_report_json_test {

using namespace trncost;
using reports_test::small_estimate;
using reports_test::small_options;

namespace {

std::string read_file(const std::string& path) { return trncost_support::slurp(path); }

}  // namespace

TEST_CASE("the JSON report of the small estimate is byte-identical to the reviewed golden file") {
  // The golden file was generated once, read line by line against the hand computation in
  // fixtures.hpp, and committed; any change to the schema or the values shows up here.
  const std::string golden =
      read_file(std::string(TRNCOST_TESTS_DIR) + "/reports/data/small_report.json");
  CHECK(report::render_json(small_estimate()) == golden);
  // Two estimates built separately from the same inputs give the same bytes.
  CHECK(report::render_json(small_estimate()) == report::render_json(small_estimate()));
  std::ostringstream out;
  report::write_json(small_estimate(), out);
  CHECK(out.str() == golden);
}

TEST_CASE(
    "the JSON report holds inputs with provenance - derivations as operations and exact lines") {
  const auto doc = report::read_report(report::render_json(small_estimate()), "small.json");
  CHECK(doc.version == 7);
  CHECK(to_string(doc.as_of) == "2026-11-30");
  CHECK(doc.status == estimate_status::verified);
  REQUIRE(doc.lines.size() == 4);
  // 21.5 * 240 / 3600 = 1.4333... rounded half-even at the 18th digit.
  CHECK(doc.lines[0].price == "trn1_price");
  CHECK(doc.lines[0].quantity == "nodes * (train_s + eval_s)");
  CHECK(doc.lines[0].num == 1);
  CHECK(doc.lines[0].den == 3600);
  CHECK(doc.lines[0].amount == decimal("1.433333333333333333"));
  // 0.08 * 4000 GiB-h / 730 h/mo = 0.438356164383561643835... -> ...644; the factor is 1 / 730.
  CHECK(doc.lines[3].den == 730);
  CHECK(doc.lines[3].amount == decimal("0.438356164383561644"));
  CHECK(doc.totals.total == decimal("43.796689497716894963"));
  // useful = training 1.433333333333333333 + evaluation 0.358333333333333319 = 1.791666666666666652
  CHECK(doc.totals.useful == decimal("1.791666666666666652"));
  CHECK(doc.totals.overhead == decimal("41.566666666666666667"));

  REQUIRE(doc.inputs.size() == 8);
  CHECK(doc.inputs[0].name == "trn1_price");
  const auto* q = std::get_if<quoted>(&doc.inputs[0].origin);
  REQUIRE(q != nullptr);
  CHECK(q->rate_code == "WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7");
  CHECK(q->published == parse_date("2026-09-10"));
  CHECK(std::holds_alternative<documented>(doc.inputs[4].origin));  // no_time, a rule constant

  // Every operation the model has, each with its parameters.
  std::map<std::string, report::derivation_entry> by_op;
  for (const auto& d : doc.derivations) by_op.emplace(std::string(to_string(d.op.kind)), d);
  for (const auto* op :
       {"add", "sub", "mul", "max", "min", "scale", "band", "ceil_to", "convert"}) {
    CAPTURE(op);
    CHECK(by_op.count(op) == 1);
  }
  CHECK(by_op.at("scale").op.factor == 2);
  CHECK(by_op.at("band").op.lower == decimal(0));
  CHECK(by_op.at("band").op.upper == decimal(4000));
  CHECK(by_op.at("ceil_to").op.step == decimal(3600));
  CHECK(by_op.at("convert").op.den == 3600);
  CHECK(by_op.at("convert").value == "0.008333333333333333");  // 30 / 3600, half-even
  // Operands come before the derivations that use them.
  std::set<std::string> known;
  for (const auto& in : doc.inputs) known.insert(in.name);
  for (const auto& d : doc.derivations) {
    for (const auto& o : d.operands) CHECK(known.count(o) == 1);
    known.insert(d.name);
  }
  REQUIRE(doc.categories.size() == 6);
  CHECK(doc.categories[2].cov == report::coverage::declared_none);
  CHECK(doc.categories[2].justification == "all data stays in one availability zone");
}

TEST_CASE(
    "sourced derivations (a median of runs - a division - a unit reading) are written as "
    "operations") {
  const auto doc = report::from_estimate(reports_test::sourced_estimate());
  REQUIRE(doc.derivations.size() == 4);
  // median(58000, 61000, 60000) = 60000, over the three runs' records.
  CHECK(doc.derivations[0].op.kind == op_kind::median);
  CHECK(doc.derivations[0].operands == std::vector<std::string>{"r1.useful_throughput",
                                                                "r2.useful_throughput",
                                                                "r3.useful_throughput"});
  CHECK(doc.derivations[0].value == "60000");
  // 1,296,000 tokens / 60,000 token/s = 21.6 s.
  CHECK(doc.derivations[1].op.kind == op_kind::div);
  CHECK(doc.derivations[1].name == "tokens / useful_throughput");
  CHECK(doc.derivations[1].value == "21.6");
  // train_s is that value read in s: factor 1 / 1.
  CHECK(doc.derivations[2].op.kind == op_kind::convert);
  CHECK(doc.derivations[2].name == "train_s");
  CHECK(doc.derivations[2].formula == "(tokens / useful_throughput) in s");
  CHECK(doc.derivations[2].op.num == 1);
  CHECK(doc.derivations[2].op.den == 1);
  // 21.5 x 43.2 / 3600 = 0.258.
  CHECK(doc.lines[0].amount == decimal("0.258"));
  CHECK(report::check(doc).ok);
}

TEST_CASE("the flagship estimate becomes a report whose derivations are all recomputable") {
  const auto doc = report::from_estimate(flagship::build().evaluate(flagship::as_of));
  CHECK_FALSE(doc.derivations.empty());
  CHECK(doc.lines.size() == flagship::build().evaluate(flagship::as_of).lines.size());
  CHECK(report::check(doc).ok);
}

TEST_CASE("migration uncertainties are written apart from the costs - open or resolved") {
  const auto est = small_estimate({.open_uncertainty = true, .resolved_uncertainty = true});
  CHECK(est.status == estimate_status::provisional);
  const auto json = report::render_json(est);
  CHECK(json.find(
            "  \"uncertainties\": [\n    {\n      \"subject\": \"aten::_upsample_bicubic2d_aa in "
            "the vision tower\",\n      \"kind\": \"custom-operator\",\n      \"status\": "
            "\"open\",\n      \"owner\": \"ml-platform\",") != std::string::npos);
  const auto doc = report::read_report(json);
  REQUIRE(doc.uncertainties.size() == 2);
  CHECK(doc.uncertainties[1].what == migration_uncertainty::kind::porting_work);
  CHECK(doc.uncertainties[1].status == migration_uncertainty::state::resolved);
  CHECK(doc.totals.total == small_estimate().total);  // no cost, no duration
}

TEST_CASE("two different inputs with one name are refused before anything is written") {
  model m;
  const auto a = m.input(sourced("t", seconds(60), reports_test::run1()));
  const auto b = m.input(sourced("t", seconds(30), reports_test::run1()));
  const auto p = m.input(sourced("p", make(units::usd_per_instance_hour, "1"),
                                 reports_test::ec2_quote(reports_test::as_of)));
  const auto n = m.input(sourced("n", make(units::instance, 1), reports_test::run1()));
  m.add_line(category::compute, "job", {phase::training, "a"}, p, n * a);
  m.add_line(category::compute, "job", {phase::training, "b"}, p, n * b);
  for (const auto c : all_categories) {
    if (c != category::compute) m.declare_none(c, declared_none{"not in this test"});
  }
  const auto est = m.evaluate(reports_test::as_of);
  std::ostringstream out;
  CHECK_THROWS_WITH_AS(report::write_json(est, out),
                       doctest::Contains("two different inputs are named 't'"), input_error);
  CHECK(out.str().empty());
}

TEST_CASE(
    "an unknown input reached twice under one name is written once and two different ones are "
    "refused") {
  const auto build = [](const char* second_reason) {
    model m;
    const auto p1 = m.unknown<units::usd_per_instance_hour_t>("p", "no official row");
    const auto p2 = m.unknown<units::usd_per_instance_hour_t>("p", second_reason);
    const auto n = m.input(sourced("n", make(units::instance, 1), reports_test::run1()));
    const auto t = m.input(sourced("t", seconds(60), reports_test::run1()));
    m.add_line(category::compute, "job", {phase::training, "a"}, p1, n * t);
    m.add_line(category::compute, "job", {phase::evaluation, "b"}, p2, n * t);
    for (const auto c : all_categories) {
      if (c != category::compute) m.declare_none(c, declared_none{"not in this test"});
    }
    return m.evaluate(reports_test::as_of);
  };
  const auto doc = report::from_estimate(build("no official row"));
  CHECK(doc.inputs.size() == 3);  // p once, n, t
  CHECK(doc.status == estimate_status::unpriced);
  CHECK_THROWS_WITH_AS((void)report::from_estimate(build("another reason")),
                       doctest::Contains("two different inputs are named 'p'"), input_error);
}

TEST_CASE("a derivation the report cannot recompute is refused - naming it") {
  // A charge rounded up rather than half-even is not an operation of the vocabulary: its record
  // is opaque (21.5 * 7200 / 3600 = 43 here, but another usage would round otherwise), so the
  // report refuses to claim a derivation it cannot recompute.
  const auto price = sourced("price", make(units::usd_per_instance_hour, "21.5"),
                             reports_test::ec2_quote(reports_test::as_of));
  const auto usage = sourced("usage", make(units::instance_second, 7200), reports_test::run1());
  const auto cost = charge("job_cost", price, usage, rounding::ceiling);
  CHECK(cost.value().value() == decimal(43));
  model m;
  m.add(data_preparation("prep", cost));
  for (const auto c : all_categories) {
    if (c != category::data_preparation) m.declare_none(c, declared_none{"not in this test"});
  }
  CHECK_THROWS_WITH_AS((void)report::render_json(m.evaluate(reports_test::as_of)),
                       doctest::Contains("derivation 'job_cost' (formula 'price * usage') is "
                                         "opaque"),
                       input_error);
}

TEST_CASE("strings are escaped so the report stays valid JSON") {
  std::string out;
  report::detail::append_json_string(out, "a \"quote\", a \\ and a\nnew line\x01");
  CHECK(out == "\"a \\\"quote\\\", a \\\\ and a\\nnew line\\u0001\"");
  const auto v = readers::detail::parse_json_text(out, "s");
  CHECK(v.text() == "a \"quote\", a \\ and a\nnew line\x01");
}

TEST_CASE(
    "the report archives the protocol - the trncost version and each run as its log states it") {
  auto m = reports_test::small_model();
  // The run the small model's measurements name (protocol-runs: every archived run is one).
  const run_protocol r1{"run-1", "meta-llama/Llama-3.1-8B",      "git:4f2a9c1",
                        "ft-v4", {{"learning_rate", "0.00002"}}, {{"neuronx-cc", "2.21.33363.0"}}};
  m.archive_run(r1);
  m.archive_run(r1);  // the same run again: kept once
  const std::string json = report::render_json(m.evaluate(reports_test::as_of));
  CHECK(json.find("\"protocol\": {\n    \"trncost_version\": \"" + std::string(trncost::version) +
                  "\",\n    \"as_of\": \"2026-11-30\",\n    \"freshness_window_days\": 30,") !=
        std::string::npos);
  const auto doc = report::read_report(json, "small.json");
  CHECK(doc.trncost_version == trncost::version);
  REQUIRE(doc.runs.size() == 1);
  CHECK(doc.runs[0] == r1);
  // The audit passes it; a protocol whose date is not the report's is refused with its field.
  CHECK(report::audit(json).ok);
  std::string moved = json;
  const std::string at = "\"as_of\": \"2026-11-30\",\n    \"freshness";
  REQUIRE(moved.find(at) != std::string::npos);
  moved.replace(moved.find(at), at.size(), "\"as_of\": \"2026-12-30\",\n    \"freshness");
  CHECK_THROWS_WITH_AS(report::audit(moved, "moved.json"),
                       "trncost: moved.json: protocol.as_of: is not the report's as_of 2026-11-30",
                       parse_error);
}

}  // namespace trncost_tests::reports_report_json_test
