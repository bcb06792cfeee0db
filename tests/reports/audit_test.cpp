// Tests for the audit (report/audit.hpp): round trips of every example estimate pass; each
// tampering (a changed price, a changed total, a removed input, a status upgraded by hand, ...) is
// caught and named; a report that cannot be read is refused with the file and the field.
#include <doctest/doctest.h>

#include <sstream>
#include <trncost/report/audit.hpp>
#include <trncost/report/json.hpp>

// The flagship reads its run logs from examples/data (when the build does not say where).
#ifndef TRNCOST_EXAMPLES_DATA_DIR
#define TRNCOST_EXAMPLES_DATA_DIR TRNCOST_TESTS_DIR "/../examples/data"
#endif
#include "../../examples/flagship_model.hpp"
#include "fixtures.hpp"
#include "tampering.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_audit_test {

using namespace trncost;
using reports_test::replace_once;
using reports_test::small_estimate;
using reports_test::small_options;

namespace {

std::string flagship_json(flagship::variant v = flagship::variant::baseline) {
  return report::render_json(flagship::build(v).evaluate(flagship::as_of));
}

/// The report without the input named `name` (its whole object in the top-level inputs array).
std::string remove_input(const std::string& json, const std::string& name) {
  const auto array = json.rfind("\n  \"inputs\": [");
  REQUIRE(array != std::string::npos);
  const auto begin = json.find("\n    {\n      \"name\": \"" + name + "\"", array);
  REQUIRE(begin != std::string::npos);
  auto end = json.find("\n    }", begin + 1);
  REQUIRE(end != std::string::npos);
  end += 6;
  std::string out = json;
  if (out[end] == ',') {
    out.erase(begin, end + 1 - begin);
  } else {
    out.erase(begin - 1, end - (begin - 1));  // the last one: drop the comma before it
  }
  return out;
}

using reports_tampering::require_each_caught;
using reports_tampering::tampering;
using reports_test::require_caught;

}  // namespace

TEST_CASE("every example estimate survives the round trip estimate -> JSON -> audit") {
  for (const auto v : {flagship::variant::baseline, flagship::variant::trn2_third_party,
                       flagship::variant::logs_missing}) {
    const auto r = report::audit(flagship_json(v), "flagship.json");
    CAPTURE(static_cast<int>(v));
    CHECK(r.ok);
    CHECK(r.first_mismatch.empty());
    CHECK(r.lines == flagship::build(v).evaluate(flagship::as_of).lines.size());
  }
  for (const auto& o :
       {small_options{}, small_options{.consulted = parse_date("2026-10-01")},
        small_options{.third_party_price = true}, small_options{.assumed_overlap = true},
        small_options{.unknown_storage_price = true},
        small_options{.open_uncertainty = true, .resolved_uncertainty = true},
        small_options{.declare_logs = false}}) {
    const auto est = small_estimate(o);
    const auto r = report::audit(report::render_json(est));
    CAPTURE(to_string(est.status));
    CHECK(r.ok);
  }
  // The statuses those variants have, so each status rule is exercised by a passing audit.
  CHECK(small_estimate({.consulted = parse_date("2026-10-01")}).status == estimate_status::stale);
  CHECK(small_estimate({.unknown_storage_price = true}).status == estimate_status::unpriced);
  CHECK(small_estimate({.declare_logs = false}).status == estimate_status::incomplete);
  CHECK(small_estimate({.third_party_price = true}).status == estimate_status::provisional);
}

TEST_CASE("the audit reads a report from a stream") {
  std::istringstream in(flagship_json());
  const auto r = report::audit(in, "flagship.json");
  CHECK(r.ok);
}

TEST_CASE("tampering: a changed price is caught at the first line it prices") {
  // training: 21.5 x 240 / 3600 = 1.433333333333333333; with 23: 23 x 240 / 3600
  // = 1.533333333333333333.
  const auto json = report::render_json(small_estimate());
  const auto tampered = replace_once(json, "\"name\": \"trn1_price\",\n      \"value\": \"21.5\"",
                                     "\"name\": \"trn1_price\",\n      \"value\": \"23\"");
  require_caught(tampered,
                 "lines[0] 'training' amount: the report says 1.433333333333333333, "
                 "recomputed trn1_price * nodes * (train_s + eval_s) * 1 / 3600 = "
                 "1.533333333333333333");
  // A measured run changed: median(58000, 70000, 60000) = 60000 still, but
  // median(58000, 57000, 60000) = 58000 is caught at the median.
  const auto sourced = report::render_json(reports_test::sourced_estimate());
  require_caught(replace_once(sourced, "\"value\": \"61000\"", "\"value\": \"57000\""),
                 "derivations[0] 'useful_throughput' = median of useful_throughput over 3 runs: "
                 "the report says 60000, recomputed 58000");
}

TEST_CASE("tampering: a changed total is caught") {
  require_caught(replace_once(report::render_json(small_estimate()),
                              "\"total\": \"43.796689497716894963\"", "\"total\": \"40\""),
                 "totals.total: the report says 40, the lines sum to 43.796689497716894963");
  require_caught(
      replace_once(report::render_json(small_estimate()),
                   "\"category\": \"compute\",\n        \"amount\": \"43.358333333333333319\"",
                   "\"category\": \"compute\",\n        \"amount\": \"43\""),
      "totals.by_category 'compute': the report says 43, recomputed 43.358333333333333319");
}

TEST_CASE("tampering: a removed input is caught where it is used") {
  const auto json = report::render_json(small_estimate());
  // eval_s is an operand of the first derivation; trn1_price the price of the first line.
  require_caught(remove_input(json, "eval_s"),
                 "derivation 'train_s + eval_s': operand 'eval_s' is neither an input nor an "
                 "earlier derivation of the report");
  require_caught(remove_input(json, "trn1_price"),
                 "line 'training': price 'trn1_price' is neither an input nor a derivation");
  // The last input of the array (a different comma to remove) is caught the same way.
  require_caught(remove_input(json, "kept_h"),
                 "derivation '(2 * volume_gib) * kept_h': operand "
                 "'kept_h' is neither");
  // The flagship: removing any input it lists makes the audit fail.
  const auto flagship_text = flagship_json();
  const auto doc = report::read_report(flagship_text);
  CHECK_FALSE(report::audit(remove_input(flagship_text, doc.inputs.front().name)).ok);
  CHECK_FALSE(report::audit(remove_input(flagship_text, doc.inputs.back().name)).ok);
}

TEST_CASE("tampering: a status upgraded by hand is caught - with or without its reasons") {
  // An assumption (overlap_s) makes the estimate provisional.
  const auto json = report::render_json(small_estimate({.assumed_overlap = true}));
  const auto upgraded =
      replace_once(json, "\"status\": \"provisional\"", "\"status\": \"verified\"");
  require_caught(upgraded,
                 "status: the report says 'verified', the status rules give "
                 "'provisional' (overlap_s is an assumption)");
  const auto reasons_at = json.find("\"reasons\": [");
  const auto reasons = json.substr(reasons_at, json.find("\"totals\"") - reasons_at);
  // Dropping the reason as well does not help.
  require_caught(replace_once(upgraded, reasons, "\"reasons\": [],\n  "),
                 "status: the report says 'verified'");
  // Keeping the status but dropping its reason is caught: the rules give a reason it lacks.
  require_caught(replace_once(json, reasons, "\"reasons\": [],\n  "),
                 "reasons: the status rules give rule 'no-assumption' (overlap_s is an "
                 "assumption), the report does not");
  // A stale quote (consulted 2026-10-01, 60 days before 2026-11-30) claimed verified.
  const auto stale = report::render_json(small_estimate({.consulted = parse_date("2026-10-01")}));
  require_caught(replace_once(stale, "\"status\": \"stale\"", "\"status\": \"verified\""),
                 "status: the report says 'verified', the status rules give 'stale' (trn1_price "
                 "was consulted on 2026-10-01");
  // A third-party price claimed verified.
  const auto third = report::render_json(small_estimate({.third_party_price = true}));
  require_caught(replace_once(third, "\"status\": \"provisional\"", "\"status\": \"verified\""),
                 "status: the report says 'verified', the status rules give 'provisional' "
                 "(trn1_price is third-party)");
  // A missing category claimed verified.
  const auto incomplete = report::render_json(small_estimate({.declare_logs = false}));
  require_caught(replace_once(incomplete, "\"status\": \"incomplete\"", "\"status\": \"verified\""),
                 "status: the report says 'verified', the status rules give 'incomplete'");
  // ... or its coverage rewritten to look declared: a declared category counts 0 in the subtotals.
  require_caught(replace_once(incomplete, "\"coverage\": \"missing\"",
                              "\"coverage\": \"declared-none\", \"justification\": \"x\""),
                 "totals.by_category 'logs': missing (recomputed 0)");
  // An open migration uncertainty claimed verified, and one flipped to resolved by hand.
  const auto open = report::render_json(small_estimate({.open_uncertainty = true}));
  require_caught(
      replace_once(open, "\"status\": \"provisional\"", "\"status\": \"verified\""),
      "status: the report says 'verified', the status rules give 'provisional' "
      "(migration uncertainty 'aten::_upsample_bicubic2d_aa in the vision tower' is open)");
  require_caught(replace_once(open, "\"status\": \"open\"", "\"status\": \"resolved\""),
                 "status: the report says 'provisional', the status rules give 'verified'");
  // The flagship as well.
  const auto flagship_text = flagship_json();
  const auto flagship_doc = report::read_report(flagship_text);
  if (flagship_doc.status != estimate_status::verified) {
    const std::string claimed =
        "\"status\": \"" + std::string(to_string(flagship_doc.status)) + "\"";
    CHECK_FALSE(report::audit(replace_once(flagship_text, claimed, "\"status\": \"verified\"")).ok);
  }
}

TEST_CASE("a reason names its rule and category and the audit recomputes them") {
  // parse_rule reads back every rule's name, and nothing else.
  for (const auto& e : verified_rules) CHECK(report::parse_rule(e.name) == e.rule);
  CHECK_FALSE(report::parse_rule("every category accounted").has_value());
  // logs neither modelled nor declared: one reason, of rule every-category-accounted, about logs.
  const auto incomplete = report::render_json(small_estimate({.declare_logs = false}));
  const std::string written =
      "\"status\": \"incomplete\",\n      \"rule\": "
      "\"every-category-accounted\",\n      \"category\": \"logs\",\n";
  CHECK(incomplete.find(written) != std::string::npos);
  CHECK(incomplete.find("\"schema_version\": 7") != std::string::npos);
  CHECK(report::audit(incomplete).ok);
  const tampering incomplete_edits[] = {
      // Another category than the one missing.
      {"\"category\": \"logs\"", "\"category\": \"storage\"",
       "reasons[0].category: the report gives rule 'every-category-accounted', "
       "category 'storage', the status rules give no such reason"},
      // No category, or a category on a rule that is not about one.
      {"\"category\": \"logs\",\n", "",
       "reasons[0].category: missing; rule 'every-category-accounted' names the category"},
      // Another rule with the same status: no rule but every-category-accounted gives 'incomplete'.
      {"\"every-category-accounted\"", "\"no-assumption\"",
       "reasons[0].status: the report says 'incomplete', rule 'no-assumption' gives "
       "'provisional'"},
  };
  require_each_caught(incomplete, incomplete_edits);
  // An assumption (overlap_s): rule no-assumption, no category.
  const auto provisional = report::render_json(small_estimate({.assumed_overlap = true}));
  CHECK(provisional.find("\"rule\": \"no-assumption\",\n      \"text\"") != std::string::npos);
  const tampering provisional_edits[] = {
      {"\"no-assumption\"", "\"no-third-party\"",
       "reasons[0].rule: the report gives rule 'no-third-party', the status rules give "
       "no such reason"},
      {"\"rule\": \"no-assumption\",", "\"rule\": \"no-assumption\", \"category\": \"compute\",",
       "reasons[0].category: rule 'no-assumption' is not about a category"},
      {"\"no-assumption\"", "\"timeline\"",
       "reasons[0].rule: 'timeline' refuses the input; it gives no reason"},
  };
  require_each_caught(provisional, provisional_edits);
  // A rule missing or unknown is refused with the field.
  CHECK_THROWS_WITH_AS(
      (void)report::audit(replace_once(provisional, "\"rule\": \"no-assumption\",", ""), "r.json"),
      "trncost: r.json: reasons[0].rule: is missing", parse_error);
  CHECK_THROWS_WITH_AS(
      (void)report::audit(replace_once(provisional, "\"no-assumption\"", "\"guess\""), "r.json"),
      doctest::Contains("trncost: r.json: reasons[0].rule: 'guess'"), parse_error);
  // A report of an older version has no rules: a rule in it is refused; without, its reasons are
  // checked by status as before.
  const auto older = replace_once(provisional, "\"schema_version\": 7", "\"schema_version\": 1");
  CHECK_THROWS_WITH_AS((void)report::audit(older, "r.json"),
                       "trncost: r.json: reasons[0].rule: is a member of schema version 4; the "
                       "report declares version 1",
                       parse_error);
  const auto v1 = replace_once(older, "\n      \"rule\": \"no-assumption\",", "");
  // Without its rules it is still a report written at version 5: its lines' identities and its
  // origins' members are of version 5, refused in a version 1 report.
  CHECK_THROWS_AS((void)report::audit(v1, "r.json"), parse_error);
  // A verified report has no reason and keeps its version.
  CHECK(report::render_json(small_estimate()).find("\"schema_version\": 7") != std::string::npos);
}

TEST_CASE("tampering: derivations - unpriced lines and subtotals are recomputed too") {
  const auto json = report::render_json(small_estimate());
  const tampering derivations_and_sums[] = {
      // 2 * volume_gib = 1000; claiming 900 is caught at that derivation.
      {"\"value\": \"1000\"", "\"value\": \"900\"",
       "derivations[9] '2 * volume_gib' = 2 * volume_gib: the report says 900, "
       "recomputed 1000"},
      // A band's bound changed: band(8000, 0, 3000) = 3000, the report says 4000.
      {"\"upper\": \"4000\"", "\"upper\": \"3000\"",
       "derivations[11] 'band((2 * volume_gib) * kept_h, 0, 4000)'"},
      // A line's factor changed: 1 / 3600 -> 1 / 60 gives 21.5 x 240 / 60 = 86.
      {"\"den\": 3600,", "\"den\": 60,",
       "lines[0] 'training' amount: the report says 1.433333333333333333, recomputed "
       "trn1_price * nodes * (train_s + eval_s) * 1 / 60 = 86"},
      {"\"amount\": \"41.566666666666666667\"\n      }", "\"amount\": \"40\"\n      }",
       "totals.by_phase 'waiting': the report says 40, recomputed 41.566666666666666667"},
      {"\"overhead\": \"41.566666666666666667\"", "\"overhead\": \"0\"",
       "totals.overhead: the report says 0, recomputed 41.566666666666666667"},
      // A quote's provenance stripped of its source.
      {"\"source\": \"AmazonEC2 offer file, us-east-1\"", "\"source\": \"\"",
       "inputs[0] 'trn1_price': provenance: input 'trn1_price': quoted "
       "provenance field 'source' is empty"},
  };
  require_each_caught(json, derivations_and_sums);
  // An unpriced line given a price of 0 by hand.
  const auto unpriced = report::render_json(small_estimate({.unknown_storage_price = true}));
  require_caught(replace_once(unpriced, "\"amount\": null", "\"amount\": \"0\""),
                 "lines[3] 'gp3 volumes, first 4000 GiB-h' amount: the report says 0, recomputed "
                 "gp3_price * band((2 * volume_gib) * kept_h, 0, 4000) * 1 / 730 = unknown");
}

TEST_CASE("a report that cannot be read is refused with the file and the field") {
  const auto json = report::render_json(small_estimate());
  CHECK_THROWS_WITH_AS(
      (void)report::audit(replace_once(json, "\"schema_version\": 7", "\"schema_version\": 8"),
                          "new.json"),
      "trncost: new.json: schema_version: the report has schema version 8, newer "
      "than version 7 that this trncost reads; upgrade trncost to audit it",
      parse_error);
  CHECK_THROWS_WITH_AS(
      (void)report::audit(replace_once(json, "\"amount\": \"1.433333333333333333\",", ""),
                          "r.json"),
      "trncost: r.json: lines[0].amount: is missing", parse_error);
  CHECK_THROWS_WITH_AS(
      (void)report::audit(replace_once(json, "\"num\": 1,", "\"num\": \"1\","), "r.json"),
      "trncost: r.json: lines[0].num: is a string, expected a number", parse_error);
  CHECK_THROWS_WITH_AS(
      (void)report::audit(replace_once(json, "\"op\": \"add\"", "\"op\": \"pow\""), "r.json"),
      "trncost: r.json: derivations[0].op: 'pow' is not a known operation", parse_error);
  CHECK_THROWS_WITH_AS(
      (void)report::audit(
          replace_once(json, "\"schema\": \"trncost.report\"", "\"schema\": \"other\""), "r.json"),
      "trncost: r.json: schema: 'other' is not trncost.report", parse_error);
  CHECK_THROWS_WITH_AS((void)report::audit(json.substr(0, 120), "cut.json"),
                       doctest::Contains("trncost: cut.json: byte"), parse_error);
  CHECK_THROWS_WITH_AS((void)report::audit("[1, 2]", "a.json"),
                       "trncost: a.json: a report is a JSON object", parse_error);
}

TEST_CASE("report_version gives the declared version and refuses a newer one") {
  const auto v1 = readers::detail::parse_json_text("{\"schema_version\": 1}", "v.json");
  CHECK(report::report_version(v1, "v.json") == 1);
  // Version 2 is a report with analysis or credits sections (tests/reports/extras_test.cpp).
  const auto v2 = readers::detail::parse_json_text("{\"schema_version\": 2}", "v.json");
  CHECK(report::report_version(v2, "v.json") == 2);
  // Version 3 is a report whose estimate delivers work (tests/workload/serving_test.cpp).
  const auto v3 = readers::detail::parse_json_text("{\"schema_version\": 3}", "v.json");
  CHECK(report::report_version(v3, "v.json") == 3);
  const auto v8 = readers::detail::parse_json_text("{\"schema_version\": 8}", "v.json");
  CHECK_THROWS_WITH_AS((void)report::report_version(v8, "v.json"),
                       doctest::Contains("v.json: schema_version: the report has schema version 8"),
                       parse_error);
  const auto none = readers::detail::parse_json_text("{}", "v.json");
  CHECK_THROWS_WITH_AS((void)report::report_version(none, "v.json"),
                       "trncost: v.json: schema_version: is missing", parse_error);
}

TEST_CASE("check() on a document built in memory names the first mismatch") {
  auto doc = report::from_estimate(small_estimate());
  CHECK(report::check(doc).ok);
  doc.lines[1].amount = decimal(1);
  const auto r = report::check(doc);
  CHECK_FALSE(r.ok);
  CHECK(r.first_mismatch.rfind("lines[1] 'idle until the hour ends' amount", 0) == 0);
  // recompute() with an input replaced: 3 nodes instead of 2 -> training 21.5 x 360 / 3600 = 2.15.
  const auto again =
      report::recompute(report::from_estimate(small_estimate()), {{"nodes", decimal(3)}});
  CHECK(again.amounts[0] == decimal("2.15"));
}

TEST_CASE("tampering: a line listing an input it is not computed from is caught") {
  // The training line is trn1_price * (nodes * (train_s + eval_s)) / 3600: volume_gib, the
  // storage line's input, is neither its price nor upstream of its quantity.
  require_caught(replace_once(report::render_json(small_estimate()),
                              "\"inputs\": [\n        \"trn1_price\",\n        \"nodes\",\n"
                              "        \"train_s\",\n        \"eval_s\"\n      ]",
                              "\"inputs\": [\n        \"trn1_price\",\n        \"nodes\",\n"
                              "        \"train_s\",\n        \"volume_gib\"\n      ]"),
                 "lines[0] 'training' input 'volume_gib': neither its price 'trn1_price' nor its "
                 "quantity 'nodes * (train_s + eval_s)' is computed from it");
}

}  // namespace trncost_tests::reports_audit_test
