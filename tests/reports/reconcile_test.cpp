// The bill against the estimate (include/trncost/readers/bill.hpp,
// include/trncost/report/reconcile.hpp): the shipped fine-tune estimate against the shipped bill
// (examples/data/bills/), in FOCUS and in both Cost and Usage Report layouts, with each difference
// computed by hand below; a multi-provider export in the layout of the FOCUS 1.0 sample
// (tests/readers/data/bills/focus-1.0-sample-small.csv); and hostile bills, each with its message.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <trncost/readers/detail/json.hpp>
#include <trncost/report/reconcile.hpp>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_reconcile_test {

using namespace trncost;
using trncost::readers::bill_reader;
using trncost::report::reconcile_options;
using trncost::report::reconciliation;

namespace {

const std::string examples = TRNCOST_TESTS_DIR "/../examples/";
const std::string focus_bill = examples + "data/bills/fine-tune-8b-trn1-focus.csv";
const std::string bills = TRNCOST_TESTS_DIR "/readers/data/bills/";

/// The shipped fine-tune estimate (397.635212328767123288 USD, tests/scenario/scenario_test.cpp) as
/// its report.
const report::document& fine_tune() {
  static const report::document doc = report::from_estimate(scenario::evaluate_scenario(
      scenario::read_scenario(examples + "scenarios/fine-tune-8b-trn1.toml")));
  return doc;
}

reconciliation reconcile_text(const std::string& text, const reconcile_options& o = {},
                              const std::string& file = "bill.csv") {
  std::istringstream in(text);
  bill_reader bill(in, file);
  return report::reconcile(fine_tune(), "fine-tune.json", bill, o);
}

reconciliation reconcile_file(const std::string& path, const reconcile_options& o = {}) {
  return reconcile_text(trncost_support::slurp(path), o, path);
}

/// The message a bill's text is refused with (reading it whole), or "no error".
std::string bill_error(const std::string& text) {
  return trncost_support::error_message([&] {
    std::istringstream in(text);
    bill_reader bill(in, "bill.csv");
    while (bill.next()) {
    }
  });
}

const report::reconcile_row& row_of(const reconciliation& r, std::string_view usage_type) {
  for (const auto& row : r.rows) {
    if (row.identity.usage_type == usage_type) return row;
  }
  FAIL("no row for " << usage_type);
  return r.rows.front();
}

const report::reconcile_row* row_named(const reconciliation& r, std::string_view line) {
  for (const auto& row : r.rows) {
    for (const auto& l : row.lines) {
      if (l.starts_with(line)) return &row;
    }
  }
  return nullptr;
}

decimal d(std::string_view s) { return decimal::parse(s); }

/// The shipped FOCUS bill's header and first row, for hostile variants.
const std::string& focus_text() {
  static const std::string text = trncost_support::slurp(focus_bill);
  return text;
}

}  // namespace

TEST_CASE("the fine-tune's bill against its estimate: every difference, computed by hand") {
  const reconciliation r = reconcile_file(focus_bill);
  CHECK(r.layout == readers::bill_layout::focus);
  CHECK(r.currency == "USD");
  CHECK(r.regions == std::vector<std::string>{"us-east-1"});
  // 14 rows, all kept: the t3.micro row of us-west-2 (30 h x 0.0104 = 0.312), a region the
  // estimate has no line in, is a row of its own, not in the estimate (another region).
  CHECK(r.rows_read == 14);
  CHECK(r.rows_kept == 14);
  CHECK(r.left_out.empty());
  const auto& t3 = row_of(r, "BoxUsage:t3.micro");
  CHECK(t3.identity.region == "us-west-2");
  CHECK_FALSE(t3.in_estimate);
  CHECK(t3.billed == d("0.312"));
  CHECK(t3.why == "not in the estimate (another region)");

  // Instance hours of trn1.32xlarge: the 9 lines of the estimate that bill them (setup 4.3,
  // compilation 15.05, training 258, evaluation 14.333333333333333333, checkpointing 6.45, waiting
  // 2.866666666666666667, the billing minimum 0, restarts 8.465625, work lost 25.396875) sum to
  // 334.8625 USD, 15.575 instance-hours at 21.50. The bill: 9.5 + 7 = 16.5 h, 204.25 + 150.50 =
  // 354.75. Difference 19.8875 = (16.5 - 15.575) x 21.50, all usage; the price is as quoted.
  const auto& ec2 = row_of(r, "BoxUsage:trn1.32xlarge");
  CHECK(ec2.lines.size() == 9);
  CHECK(ec2.estimated == d("334.8625"));
  CHECK(ec2.billed == d("354.75"));
  CHECK(ec2.bill_rows == 2);
  CHECK(ec2.difference == d("19.8875"));
  CHECK(ec2.unit == "Hrs");
  CHECK(ec2.estimated_quantity == d("15.575"));
  CHECK(ec2.billed_quantity == d("16.5"));
  CHECK(ec2.usage_effect == d("19.8875"));
  CHECK(ec2.price_effect == d("0"));
  CHECK(ec2.why == "usage: billed 16.5 Hrs, estimated 15.575 Hrs (+19.89 at the estimated rate)");
  CHECK(ec2.rate_codes == std::vector<std::string>{"WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7"});
  // The bill as a measurement of those hours, for the next estimate: its rows, their period.
  REQUIRE(ec2.billed_as.has_value());
  CHECK(ec2.billed_as->run_id == "bill " + focus_bill);
  CHECK(ec2.billed_as->method ==
        "billed usage and effective cost of 2 rows of a FOCUS 1.x bill (line 2, line 3)");
  CHECK(ec2.billed_as->from == parse_timestamp("2026-11-20T00:00:00Z"));
  CHECK(ec2.billed_as->to == parse_timestamp("2026-11-22T00:00:00Z"));
  CHECK(ec2.billed_as->instance_type == "trn1.32xlarge");
  CHECK(ec2.billed_as->region == "us-east-1");
  // Behind the difference, the two instances the bill names: 9.5 h (204.25) and 7 h (150.50).
  REQUIRE(ec2.resources.size() == 2);
  CHECK(ec2.resources[0].id == "i-0a1b2c3d4e5f60001");
  CHECK(ec2.resources[0].rows == 1);
  CHECK(ec2.resources[0].billed == d("204.25"));
  CHECK(ec2.resources[0].quantity == d("9.5"));
  CHECK(ec2.resources[0].from == parse_timestamp("2026-11-20T00:00:00Z"));
  CHECK(ec2.resources[0].to == parse_timestamp("2026-11-21T00:00:00Z"));
  CHECK(ec2.resources[1].id == "i-0a1b2c3d4e5f60002");
  CHECK(ec2.resources[1].billed == d("150.5"));
  CHECK(ec2.resources[1].quantity == d("7"));

  // Data sent to the customer: 16 GiB x 0.09 = 1.44 estimated; billed 20 GB x 0.09 = 1.80:
  // +0.36 = 4 GB more at 0.09.
  const auto& out = row_of(r, "DataTransfer-Out-Bytes");
  CHECK(out.estimated == d("1.44"));
  CHECK(out.billed == d("1.8"));
  CHECK(out.usage_effect == d("0.36"));
  CHECK(out.price_effect == d("0"));

  // S3 checkpoint storage: 600 GiB-months x 0.023 = 13.80 on both sides.
  const auto& s3 = row_of(r, "TimedStorage-ByteHrs");
  CHECK(s3.identity.service == "AmazonS3");
  CHECK(s3.estimated == d("13.8"));
  CHECK(s3.billed == d("13.8"));
  CHECK(s3.why == "as estimated");

  // S3 Standard requests, each class under its usage type (Requests-Tier1 for PUT, COPY, POST and
  // LIST, Requests-Tier2 for GET and the others): PUT estimated 12,000 x 0.000005 = 0.06, billed
  // 14,000 (0.07): +0.01 = 2,000 requests more at 0.000005; GET 40,000 x 0.0000004 = 0.016 on both
  // sides.
  const auto& put = row_of(r, "Requests-Tier1");
  REQUIRE(put.lines.size() == 1);
  CHECK(put.lines[0].starts_with("checkpoints/S3 Standard PUT"));
  CHECK(put.estimated == d("0.06"));
  CHECK(put.billed == d("0.07"));
  CHECK(put.bill_rows == 1);
  CHECK(put.usage_effect == d("0.01"));
  CHECK(put.price_effect == d("0"));
  CHECK(put.why ==
        "usage: billed 14000 Requests, estimated 12000 Requests (+0.01 at the estimated "
        "rate)");
  const auto& get = row_of(r, "Requests-Tier2");
  CHECK(get.estimated == d("0.016"));
  CHECK(get.billed == d("0.016"));
  CHECK(get.why == "as estimated");

  // EBS gp3: 2 x 500 GiB x 8 h / 730 x 0.08 = 0.876712328767123288; billed 11 GB-Mo x 0.08 = 0.88.
  const auto& gp3 = row_of(r, "EBS:VolumeUsage.gp3");
  CHECK(gp3.difference == d("0.88") - d("0.876712328767123288"));

  // The snapshot nobody estimated: 25 GB-Mo x 0.05 = 1.25, its own row.
  const auto& snap = row_of(r, "EBS:SnapshotUsage");
  CHECK_FALSE(snap.in_estimate);
  CHECK(snap.billed == d("1.25"));
  CHECK(snap.why == "not in the estimate");

  // The tokenisation job was given as a cost (38.40), billed by no AWS service.
  const auto* tokenize = row_named(r, "tokenize");
  REQUIRE(tokenize != nullptr);
  CHECK(tokenize->estimated == d("38.4"));
  CHECK(tokenize->bill_rows == 0);
  CHECK(tokenize->why == "billed by no AWS service: no bill row is expected");
  CHECK_FALSE(tokenize->billed_as.has_value());

  // Totals: usage 354.75 + 0.88 + 1.25 + 13.80 + 0.07 + 0.016 + 5 + 1.80 + 3 + 0.18 + 0.312 (the
  // t3.micro of us-west-2) = 381.058; estimate 397.635212328767123288, difference
  // -16.577212328767123288; credits -200 and tax 12 beside it; invoiced 381.058 - 188.
  CHECK(r.estimated == d("397.635212328767123288"));
  CHECK(r.billed_usage == d("381.058"));
  CHECK(r.difference == d("-16.577212328767123288"));
  CHECK(r.other == d("-188"));
  CHECK(r.invoiced == d("193.058"));
  REQUIRE(r.other_charges.size() == 2);
  CHECK(r.other_charges[0].what == "credit (Credit)");
  CHECK(r.other_charges[0].amount == d("-200"));
  CHECK(r.other_charges[1].what == "tax (Tax)");

  // Every row's difference adds up to the total one: nothing is lost between rows and totals.
  decimal sum{};
  for (const auto& row : r.rows) sum += row.difference;
  CHECK(sum == r.difference);
}

TEST_CASE("the same bill as a legacy Cost and Usage Report and as CUR 2.0 reconciles alike") {
  const reconciliation focus = reconcile_file(focus_bill);
  for (const std::string_view name : {"cur-legacy.csv", "cur2.csv"}) {
    CAPTURE(name);
    const reconciliation cur = reconcile_file(bills + std::string(name));
    CHECK(cur.layout ==
          (name == "cur2.csv" ? readers::bill_layout::cur2 : readers::bill_layout::cur_legacy));
    CHECK(cur.billed_usage == focus.billed_usage);
    CHECK(cur.difference == focus.difference);
    CHECK(cur.invoiced == focus.invoiced);
    REQUIRE(cur.rows.size() == focus.rows.size());
    for (std::size_t i = 0; i < cur.rows.size(); ++i) {
      CAPTURE(i);
      CHECK(cur.rows[i].identity == focus.rows[i].identity);
      CHECK(cur.rows[i].billed == focus.rows[i].billed);
      CHECK(cur.rows[i].why == focus.rows[i].why);
    }
    CHECK(cur.left_out.empty());
    CHECK(row_of(cur, "BoxUsage:t3.micro").why == "not in the estimate (another region)");
    for (std::size_t i = 0; i < cur.rows.size(); ++i) {
      REQUIRE(cur.rows[i].resources.size() == focus.rows[i].resources.size());
      for (std::size_t j = 0; j < cur.rows[i].resources.size(); ++j) {
        CHECK(cur.rows[i].resources[j].id == focus.rows[i].resources[j].id);
        CHECK(cur.rows[i].resources[j].billed == focus.rows[i].resources[j].billed);
      }
    }
    // A CUR names its rows by line item id.
    CHECK(row_of(cur, "BoxUsage:trn1.32xlarge")
              .billed_as->method.ends_with(" bill (line item li-0001, line item li-0002)"));
  }
}

/// The shipped estimate with its prices written by hand: no rate code and no SKU a bill row could
/// name (a price from a third party, from a Savings Plans rate, from another offer version).
report::document without_rate_codes() {
  report::document doc = fine_tune();
  for (auto& i : doc.inputs) {
    if (auto* q = std::get_if<quoted>(&i.origin)) {
      q->rate_code.clear();
      q->sku.clear();
    }
  }
  return doc;
}

TEST_CASE("without rate codes the same bill reconciles alike, in every layout") {
  // The CUR layouts bill the transfers as AWS does: lineItem/ProductCode AmazonEC2 (the service
  // that moved the data), product/servicecode AWSDataTransfer (the offer the price comes from).
  {
    std::istringstream in(trncost_support::slurp(bills + "cur-legacy.csv"));
    bill_reader bill(in, "cur-legacy.csv");
    bool seen = false;
    while (bill.next()) {
      if (bill.row().usage_type != "DataTransfer-Out-Bytes") continue;
      seen = true;
      CHECK(bill.row().service == "AmazonEC2");
      CHECK(bill.row().offer == "AWSDataTransfer");
    }
    CHECK(seen);
  }
  const report::document by_hand = without_rate_codes();
  for (const std::string& path : {focus_bill, bills + "cur-legacy.csv", bills + "cur2.csv"}) {
    CAPTURE(path);
    const reconciliation quoted_r = reconcile_file(path);
    std::istringstream in(trncost_support::slurp(path));
    bill_reader bill(in, path);
    const reconciliation r = report::reconcile(by_hand, "by-hand.json", bill);
    // The totals of the shipped bill (computed by hand in the first case): usage billed 381.058
    // against 397.635212328767123288, the 14 rows kept.
    CHECK(r.billed_usage == d("381.058"));
    CHECK(r.difference == d("-16.577212328767123288"));
    CHECK(r.rows_kept == 14);
    REQUIRE(r.rows.size() == quoted_r.rows.size());
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
      CAPTURE(describe(r.rows[i].identity));
      CHECK(r.rows[i].identity == quoted_r.rows[i].identity);
      CHECK(r.rows[i].bill_rows == quoted_r.rows[i].bill_rows);
      CHECK(r.rows[i].billed == quoted_r.rows[i].billed);
      CHECK(r.rows[i].why == quoted_r.rows[i].why);
      // Only the snapshot nobody estimated (1.25) and the t3.micro of another region (0.312) are
      // not in the estimate.
      CHECK((r.rows[i].in_estimate || r.rows[i].billed == d("1.25") ||
             r.rows[i].billed == d("0.312")));
    }
    // The transfer out: 16 GiB estimated at 0.09 (1.44), 20 GB billed (1.80), +0.36 of usage.
    const auto& out = row_of(r, "DataTransfer-Out-Bytes");
    CHECK(out.identity.service == "AWSDataTransfer");
    CHECK(out.billed == d("1.8"));
    CHECK(out.usage_effect == d("0.36"));
  }
}

TEST_CASE("a difference traced to the instances behind it, each line item cited once") {
  // An hourly legacy CUR, as AWS writes it: one row per line item and hour. Instance A ran 8 hours
  // (li-a), B 6 (li-b, stopped early), a third, C, 3 hours nobody planned (li-c): 17 h x 21.50 =
  // 365.50 billed against the estimate's 15.575 h (334.8625), +1.425 h = +30.6375 of usage.
  std::string text =
      "identity/LineItemId,lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UsageEndDate,"
      "lineItem/ProductCode,lineItem/UsageType,lineItem/ResourceId,lineItem/UsageAmount,"
      "lineItem/CurrencyCode,lineItem/UnblendedCost,product/region,pricing/unit\n";
  const auto hours = [&](std::string_view item, std::string_view instance, int n) {
    for (int h = 0; h < n; ++h) {
      const std::string from = "2026-11-20T" + std::string(h < 10 ? "0" : "") + std::to_string(h);
      const std::string to =
          "2026-11-20T" + std::string(h + 1 < 10 ? "0" : "") + std::to_string(h + 1);
      text += std::string(item) + ",Usage," + from + ":00:00Z," + to +
              ":00:00Z,AmazonEC2,BoxUsage:trn1.32xlarge," + std::string(instance) +
              ",1,USD,21.5,us-east-1,Hrs\n";
    }
  };
  hours("li-b", "i-b", 6);
  hours("li-a", "i-a", 8);
  hours("li-c", "i-c", 3);
  const reconciliation r = reconcile_text(text);
  const auto& ec2 = row_of(r, "BoxUsage:trn1.32xlarge");
  CHECK(ec2.bill_rows == 17);
  CHECK(ec2.billed == d("365.5"));
  CHECK(ec2.billed_quantity == d("17"));
  CHECK(ec2.usage_effect == d("30.6375"));
  // Largest first: A (8 h, 172), B (6 h, 129), C (3 h, 64.50), each over its own hours.
  REQUIRE(ec2.resources.size() == 3);
  CHECK(ec2.resources[0].id == "i-a");
  CHECK(ec2.resources[0].rows == 8);
  CHECK(ec2.resources[0].billed == d("172"));
  CHECK(ec2.resources[0].quantity == d("8"));
  CHECK(ec2.resources[0].to == parse_timestamp("2026-11-20T08:00:00Z"));
  CHECK(ec2.resources[1].id == "i-b");
  CHECK(ec2.resources[1].billed == d("129"));
  CHECK(ec2.resources[1].to == parse_timestamp("2026-11-20T06:00:00Z"));
  CHECK(ec2.resources[2].id == "i-c");
  CHECK(ec2.resources[2].quantity == d("3"));
  // The evidence names each line item once, with its rows, in the order the bill gives them.
  REQUIRE(ec2.billed_as.has_value());
  CHECK(ec2.billed_as->method ==
        "billed usage and effective cost of 17 rows of a Cost and Usage Report (legacy) bill "
        "(line item li-b (6 rows), line item li-a (8 rows), line item li-c (3 rows))");
  // The Markdown and the page show who is behind the difference; the JSON audits.
  const std::string md = report::render_reconciliation_markdown(r);
  CHECK(md.find("## Behind the differences") != std::string::npos);
  CHECK(md.find("| AmazonEC2, us-east-1, BoxUsage:trn1.32xlarge, on-demand | i-a | 8 | 8 Hrs | "
                "172.00 | 2026-11-20T00:00:00Z | 2026-11-20T08:00:00Z |") != std::string::npos);
  CHECK(md.find("|  | i-c | 3 | 3 Hrs | 64.50 | 2026-11-20T00:00:00Z | 2026-11-20T03:00:00Z |") !=
        std::string::npos);
  CHECK(report::render_reconciliation_html(r).find("<td><code>i-b</code></td>") !=
        std::string::npos);
  const std::string json = report::render_reconciliation_json(r);
  CHECK(report::check_reconciliation(json, "r.json").ok);
  const auto said = [&](const std::string& from, const std::string& to) {
    const auto c =
        report::check_reconciliation(trncost_support::with_changes(json, {{from, to}}), "r.json");
    CHECK_FALSE(c.ok);
    return c.first_mismatch;
  };
  // A resource's hours moved to another, an instance dropped, two swapped: each refused.
  CHECK(said("\"billed\": \"64.5\"", "\"billed\": \"64\"")
            .starts_with("rows[0].billed: the document says 365.5, recomputed 365 (what its "
                         "resources billed)"));
  CHECK(said("\"quantity\": \"3\"", "\"quantity\": \"4\"")
            .starts_with("rows[0].billed_quantity: the document says 17, recomputed 18"));
  CHECK(said("\"id\": \"i-b\"", "\"id\": \"i-a\"") ==
        "rows[0].resources[1].id: 'i-a' is named twice in the row");
  CHECK(said("\"rows\": 3,", "\"rows\": 2,")
            .starts_with("rows[0].bill_rows: the document says 17, recomputed 16"));
}

TEST_CASE("a line that names its instance type but no usage type matches BoxUsage rows") {
  // A workload priced by hand whose purchase option is not known names only its instance type:
  // the bill's BoxUsage:trn1.32xlarge rows are that type's hours, not usage nobody estimated.
  report::document doc = without_rate_codes();
  for (auto& l : doc.lines) {
    if (l.identity && !l.identity->instance_type.empty()) {
      l.identity->usage_type.clear();
      l.identity->purchase.reset();
    }
  }
  std::istringstream in(focus_text());
  bill_reader bill(in, focus_bill);
  const reconciliation r = report::reconcile(doc, "by-hand.json", bill);
  // The 9 trn1 lines (334.8625 USD, 15.575 h) against the 2 rows (354.75, 16.5 h): +19.8875 of
  // usage at 21.50, as in the first case.
  const report::reconcile_row* trn1 = row_named(r, "fine-tune/setup");
  REQUIRE(trn1 != nullptr);
  CHECK(trn1->identity.instance_type == "trn1.32xlarge");
  CHECK(trn1->bill_rows == 2);
  CHECK(trn1->estimated == d("334.8625"));
  CHECK(trn1->billed == d("354.75"));
  CHECK(trn1->usage_effect == d("19.8875"));
  for (const auto& row : r.rows) CHECK(row.identity.usage_type != "BoxUsage:trn1.32xlarge");
  CHECK(r.billed_usage == d("381.058"));
}

TEST_CASE("lines of one identity at several rates: usage and price are not split") {
  // The two request lines under one identity (as a component that names no usage type gives
  // them), matched by their rate codes: estimated 12,000 PUT x 0.000005 + 40,000 GET x 0.0000004
  // = 0.06 + 0.016 = 0.076; billed 14,000 PUT (0.07) + 40,000 GET (0.016) = 0.086: +0.01. Their
  // average rate moves with the mix, so usage and price are not split.
  report::document doc = fine_tune();
  for (auto& l : doc.lines) {
    if (l.identity && l.identity->usage_type.starts_with("Requests-Tier")) {
      l.identity->usage_type.clear();
    }
  }
  std::istringstream in(focus_text());
  bill_reader bill(in, focus_bill);
  const reconciliation r = report::reconcile(doc, "fine-tune.json", bill);
  const auto* requests = row_named(r, "checkpoints/S3 Standard PUT");
  REQUIRE(requests != nullptr);
  CHECK(requests->lines.size() == 2);
  CHECK(requests->estimated == d("0.076"));
  CHECK(requests->billed == d("0.086"));
  CHECK(requests->difference == d("0.01"));
  CHECK(requests->bill_rows == 2);
  CHECK_FALSE(requests->usage_effect.has_value());
  CHECK(requests->why ==
        "billed 0.09, estimated 0.08 for 54000 Requests billed, 52000 Requests "
        "estimated; usage and price not split: the estimate's lines have several "
        "rates");
}

TEST_CASE("a billed amount feeds the next estimate as a measured input") {
  const reconciliation r = reconcile_file(focus_bill);
  // The scenario a billed amount enters, as the Markdown prints it (a data preparation cost here,
  // the simplest component that takes a cost), as of 2026-11-30 (trncost_support::scenario_head).
  const auto scenario_with = [](const report::reconcile_row& row) {
    const measured& m = *row.billed_as;
    return trncost_support::scenario_head +
           "[[component]]\nkind = \"data_preparation\"\nname = \"billed\"\n"
           "cost = { value = \"" +
           row.billed.to_string() + "\", measured = { run = \"" + m.run_id + "\", method = \"" +
           m.method + "\", from = " + to_string(m.from) + ", to = " + to_string(m.to) +
           " } }\n[declare_none]\ncompute = \"t\"\ntransfer = \"t\"\nlogs = \"t\"\n"
           "storage = \"t\"\nfailures_restarts = \"t\"\n";
  };
  // The trn1 hours, billed 2026-11-20 to 11-22: the next estimate carries 354.75 USD with the
  // bill as its measurement.
  const auto& ec2 = row_of(r, "BoxUsage:trn1.32xlarge");
  const report::document next = report::from_estimate(
      scenario::evaluate_scenario(scenario::parse_scenario(scenario_with(ec2), "next.toml")));
  CHECK(next.totals.total == d("354.75"));
  bool found = false;
  for (const auto& i : next.inputs) {
    if (const auto* p = std::get_if<measured>(&i.origin); p && p->run_id == ec2.billed_as->run_id) {
      found = true;
      CHECK(p->method == ec2.billed_as->method);
      CHECK(p->from == ec2.billed_as->from);
    }
  }
  CHECK(found);
  CHECK(report::render_reconciliation_markdown(r).find(
            "    cost = { value = \"354.75\", measured = { "
            "run = \"bill ") != std::string::npos);
  // The snapshot's row covers the whole month, to 2026-12-01: an estimate as of 2026-11-30 cannot
  // use what was measured after it (the timeline rule).
  CHECK(trncost_support::error_message([&] {
          (void)scenario::evaluate_scenario(
              scenario::parse_scenario(scenario_with(row_of(r, "EBS:SnapshotUsage")), "next.toml"));
        }).find("was measured until 2026-12-01T00:00:00Z, after the as-of date 2026-11-30") !=
        std::string::npos);
}

TEST_CASE("a FOCUS export without SkuPriceId or x_ columns matches by SKU") {
  // AWS's FOCUS export without its x_ columns, and a bill whose rows name SKUs but not rate codes:
  // every row still finds its line (the same totals as the whole file), none is "not in the
  // estimate" but the snapshot's.
  std::string text = focus_text();
  const auto drop_column = [&](std::string_view name) {
    std::istringstream in(text);
    std::string out;
    std::string line;
    std::size_t col = std::string::npos;
    while (std::getline(in, line)) {
      std::vector<std::string> f;
      std::string cur;
      bool quoted = false;
      for (const char ch : line) {
        if (ch == '"') quoted = !quoted;
        if (ch == ',' && !quoted) {
          f.push_back(cur);
          cur.clear();
        } else {
          cur += ch;
        }
      }
      f.push_back(cur);
      if (col == std::string::npos) {
        for (std::size_t i = 0; i < f.size(); ++i) {
          if (f[i] == name) col = i;
        }
      }
      f.erase(f.begin() + static_cast<std::ptrdiff_t>(col));
      for (std::size_t i = 0; i < f.size(); ++i) out += (i ? "," : "") + f[i];
      out += "\n";
    }
    text = out;
  };
  for (const auto name : {"SkuPriceId", "x_UsageType", "x_ServiceCode"}) drop_column(name);
  const reconciliation r = reconcile_text(text);
  CHECK(r.billed_usage == d("381.058"));
  CHECK(r.difference == d("-16.577212328767123288"));
  for (const auto& row : r.rows) {
    CAPTURE(describe(row.identity));
    CHECK((row.in_estimate || row.billed == d("1.25") || row.billed == d("0.312")));
  }
  CHECK(row_of(r, "BoxUsage:trn1.32xlarge").usage_effect == d("19.8875"));
}

TEST_CASE(
    "filters: a period, an account, regions and tags leave rows out, counted with their money") {
  reconcile_options o;
  o.from = parse_timestamp("2026-11-21T00:00:00Z");
  o.to = parse_timestamp("2026-11-22T00:00:00Z");
  const reconciliation day = reconcile_file(focus_bill, o);
  // Kept: the rows charged on 2026-11-21: trn1 7 h (150.50) and the transfer out (1.80).
  CHECK(day.rows_kept == 2);
  CHECK(day.billed_usage == d("152.3"));
  REQUIRE(!day.left_out.empty());
  CHECK(day.left_out[0].what == "charged outside the period");
  CHECK(day.left_out[0].rows == 12);

  reconcile_options tags;
  tags.tags = {{"project", "ft-8b"}};
  for (const std::string& path : {focus_bill, bills + "cur-legacy.csv", bills + "cur2.csv"}) {
    CAPTURE(path);
    const reconciliation tagged = reconcile_file(path, tags);
    // The 11 tagged usage rows are kept; the credit, the tax (untagged) and the t3 row are not.
    CHECK(tagged.rows_kept == 11);
    CHECK(tagged.billed_usage == d("380.746"));
    CHECK(tagged.other == d("0"));
  }

  reconcile_options account;
  account.accounts = {"999999999999"};
  CHECK(reconcile_file(focus_bill, account).rows_kept == 0);

  reconcile_options west;
  west.regions = {"us-west-2"};
  const reconciliation w = reconcile_file(focus_bill, west);
  // The t3 row (us-west-2) and the tax (no region) are kept; the us-east-1 rows are not.
  CHECK(w.rows_kept == 2);
  CHECK(w.billed_usage == d("0.312"));
}

TEST_CASE(
    "a Savings Plan's covered usage is compared at its effective cost, or at its billed one") {
  // Legacy CUR: 10 h of trn1.32xlarge covered by a Savings Plan at 13.00 an hour (130.00 effective,
  // 0 unblended) and its negation row, which is never added.
  const std::string text =
      "identity/LineItemId,lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ProductCode,"
      "lineItem/UsageType,lineItem/UsageAmount,lineItem/CurrencyCode,lineItem/UnblendedCost,"
      "product/region,pricing/unit,savingsPlan/SavingsPlanEffectiveCost\n"
      "a,SavingsPlanCoveredUsage,2026-11-20T00:00:00Z,AmazonEC2,BoxUsage:trn1.32xlarge,10,USD,0,"
      "us-east-1,Hrs,130\n"
      "b,SavingsPlanNegation,2026-11-20T00:00:00Z,AmazonEC2,BoxUsage:trn1.32xlarge,10,USD,-215,"
      "us-east-1,Hrs,\n";
  const reconciliation effective = reconcile_text(text);
  CHECK(effective.billed_usage == d("130"));
  REQUIRE(effective.left_out.size() == 1);
  CHECK(effective.left_out[0].what.starts_with("Savings Plans negation"));
  CHECK(effective.left_out[0].amount == d("-215"));
  // 10 h billed at 13.00 against 15.575 h estimated at 21.50: usage (10 - 15.575) x 21.5 =
  // -119.8625; price 10 x (13 - 21.5) = -85; together 130 - 334.8625 = -204.8625.
  const auto& ec2 = row_of(effective, "BoxUsage:trn1.32xlarge");
  CHECK(ec2.usage_effect == d("-119.8625"));
  CHECK(ec2.price_effect == d("-85"));

  reconcile_options billed;
  billed.basis = report::cost_basis::billed;
  CHECK(reconcile_text(text, billed).billed_usage == d("0"));
}

TEST_CASE("a multi-provider FOCUS 1.0 export reads whole, other providers left out by name") {
  // tests/readers/data/bills/focus-1.0-sample-small.csv (make_focus_sample.py): the FinOps
  // Foundation sample's 44 columns, NULL fields, an Id column, no x_ columns; invented rows.
  const std::string sample = bills + "focus-1.0-sample-small.csv";
  std::ifstream in = readers::open_input_file(sample);
  bill_reader bill(in, sample);
  std::size_t rows = 0;
  std::size_t aws = 0;
  std::size_t credits = 0;
  std::size_t adjustments = 0;
  while (bill.next()) {
    ++rows;
    aws += bill.row().provider == "AWS" ? 1U : 0U;
    credits += bill.row().kind == readers::charge_kind::credit ? 1U : 0U;
    adjustments += bill.row().kind == readers::charge_kind::adjustment ? 1U : 0U;
  }
  // 24 rows: 17 AWS (one of them the credit), 4 Microsoft, 3 Oracle (two adjustments).
  CHECK(rows == 24);
  CHECK(aws == 17);
  CHECK(credits == 1);
  CHECK(adjustments == 2);
  CHECK(bill.currency() == "USD");

  reconcile_options everywhere;
  everywhere.regions = {"us-east-1", "us-west-2"};
  const reconciliation r = reconcile_file(sample, everywhere);
  CHECK(r.rows_read == 24);
  // 4 Microsoft and 3 Oracle rows are another provider's, each counted under its name; 2 AWS rows
  // (ap-south-1, eu-central-1) are of another region.
  std::uint64_t other_provider = 0;
  std::uint64_t other_region = 0;
  for (const auto& l : r.left_out) {
    if (l.what.starts_with("another provider")) other_provider += l.rows;
    if (l.what == "another region") other_region += l.rows;
  }
  CHECK(other_provider == 7);
  CHECK(other_region == 2);
  CHECK(r.rows_kept == 15);
  // Its EC2 rows are not the fine-tune's: nothing of the sample is estimated here.
  CHECK(row_of(r, "BoxUsage:trn1.32xlarge").bill_rows == 0);
}

TEST_CASE(
    "a row repeated in another spelling is the same row, and so is a line item twice in a period") {
  const std::string& text = focus_text();
  const std::size_t first_row_end = text.find('\n', text.find('\n') + 1);
  const std::string head = text.substr(0, text.find('\n') + 1);
  const std::string first = text.substr(head.size(), first_row_end + 1 - head.size());
  using trncost_support::with_changes;
  // The first row again with its cost written 204.250, its quantity 9.50, its tags reordered and
  // spaced otherwise, a trailing blank on a field: the same charge, so refused as a repeat.
  for (const auto& respelt : std::vector<std::vector<std::pair<std::string, std::string>>>{
           {{"204.25,210987654321", "204.250,210987654321"}},
           {{",9.5,Hours,", ",9.50,Hours,"}},
           {{R"("{""project"": ""ft-8b"", ""team"": ""ml-platform""}")",
             R"("{""team"":""ml-platform"",""project"":""ft-8b""}")"}},
           {{",AmazonEC2,", ",AmazonEC2 ,"}}}) {
    CAPTURE(respelt.front().second);
    CHECK(bill_error(head + first + with_changes(first, respelt)) ==
          "trncost: bill.csv:3: repeats line 2 field for field (a bill concatenated with itself, "
          "or a row exported twice): its money would count twice; remove one");
  }
  // Another resource in the same hour at the same cost is another row.
  CHECK(bill_error(head + first +
                   with_changes(first, {{"i-0a1b2c3d4e5f60001", "i-0a1b2c3d4e5f6ffff"}})) ==
        "no error");

  // A Cost and Usage Report's line item id twice for one period: counted twice otherwise, even
  // when another column differs.
  const std::string cur = trncost_support::slurp(bills + "cur-legacy.csv");
  const std::string cur_head = cur.substr(0, cur.find('\n') + 1);
  const std::string cur_first =
      cur.substr(cur_head.size(), cur.find('\n', cur_head.size()) + 1 - cur_head.size());
  CHECK(bill_error(cur_head + cur_first +
                   with_changes(cur_first, {{"i-0a1b2c3d4e5f60001", "i-0a1b2c3d4e5f60009"}})) ==
        "trncost: bill.csv:3: column 'identity/LineItemId': the line item and charge period of "
        "line 2 again: one line item of one period is one row, or its money counts twice");
  // A CUR concatenated with itself: its first repeated row is named by its line item, once.
  CHECK(bill_error(cur + cur.substr(cur_head.size())) ==
        "trncost: bill.csv:16: column 'identity/LineItemId': the line item and charge period of "
        "line 2 again: one line item of one period is one row, or its money counts twice");
  // The same id for another period is another row.
  CHECK(
      bill_error(cur_head + cur_first +
                 with_changes(cur_first, {{"2026-11-20T00:00:00Z/2026-11-21T00:00:00Z,",
                                           "2026-11-21T00:00:00Z/2026-11-22T00:00:00Z,"},
                                          {"Usage,2026-11-20T00:00:00Z,2026-11-21T00:00:00Z,",
                                           "Usage,2026-11-21T00:00:00Z,2026-11-22T00:00:00Z,"}})) ==
      "no error");
  // A usage type whose region prefix is not the row's region.
  CHECK(bill_error(head + with_changes(first, {{",BoxUsage:trn1.32xlarge",
                                                ",USW2-BoxUsage:trn1.32xlarge"}})) ==
        "trncost: bill.csv:2: column 'x_UsageType': \"USW2-BoxUsage:trn1.32xlarge\" names the "
        "region us-west-2 (its prefix), but column 'RegionId' says us-east-1; a row in two "
        "regions cannot be matched to either");
}

TEST_CASE("hostile bills are refused with the file, the line, the column and the rule") {
  const std::string& text = focus_text();
  const std::size_t first_row_end = text.find('\n', text.find('\n') + 1);
  const std::string head_and_first = text.substr(0, first_row_end + 1);
  using trncost_support::with_changes;

  // A bill concatenated with itself: every row would count twice.
  CHECK(bill_error(text + text.substr(text.find('\n') + 1)) ==
        "trncost: bill.csv:16: repeats line 2 field for field (a bill concatenated with itself, or "
        "a row exported twice): its money would count twice; remove one");
  // Two currencies.
  CHECK(bill_error(head_and_first + with_changes(head_and_first.substr(text.find('\n') + 1),
                                                 {{",USD,", ",EUR,"}})) ==
        "trncost: bill.csv:3: column 'BillingCurrency': \"EUR\", where line 2 is in USD: a bill in "
        "two currencies (trncost converts none; export one per currency)");
  // A required column missing, a header of no layout.
  CHECK(bill_error(with_changes(head_and_first, {{"ChargePeriodStart", "PeriodStart"}})) ==
        "trncost: bill.csv:1: column 'ChargePeriodStart': is required in a FOCUS 1.x bill but "
        "missing from the header");
  CHECK(bill_error("cost,service\n1,EC2\n") ==
        "trncost: bill.csv:1: the header has none of BilledCost (a FOCUS 1.x export), "
        "lineItem/UnblendedCost (an AWS Cost and Usage Report) or line_item_unblended_cost (a CUR "
        "2.0 export): not a bill trncost reads");
  CHECK(bill_error("") == "trncost: bill.csv: is empty: no header, no rows");
  // Exports arrive compressed or in binary formats: each said, with what to do.
  CHECK(bill_error(std::string("\x1f\x8b\x08\x00rest", 8)) ==
        "trncost: bill.csv: is gzip-compressed (a .csv.gz export), not a CSV bill: read it "
        "through readers::open_bill (readers/bill_files.hpp), as trncost reconcile does, or "
        "decompress "
        "it first (gunzip -k FILE)");
  CHECK(bill_error(std::string("PK\x03\x04rest", 8)) ==
        "trncost: bill.csv: is a ZIP archive (a Cost and Usage Report's .zip), not a CSV bill: "
        "extract its CSV first (unzip FILE)");
  CHECK(bill_error("PAR1\x15\x04") ==
        "trncost: bill.csv: is a Parquet file, not a CSV bill: trncost reads no Parquet; convert "
        "it first with DuckDB: duckdb -c \"COPY (SELECT * FROM 'bill.csv') TO 'bill.csv.csv' "
        "(HEADER)\" (one command per part, then read the CSV files), or set the export's file "
        "format to CSV (gzip)");
  // Values that are no number, no time, no category, or missing: each an edit of the first row.
  struct bad_value {
    const char* from;
    const char* to;
    const char* refusal;
  };
  const bad_value bad_values[] = {
      {"\n204.25,", "\n20x,", "trncost: bill.csv:2: column 'BilledCost': \"20x\" is not a number"},
      {"\n204.25,", "\nNULL,",
       "trncost: bill.csv:2: column 'BilledCost': is empty; a bill row needs it (trncost takes "
       "nothing unknown as zero)"},
      {"2026-11-20 00:00:00", "2026-11-31 00:00:00",
       "trncost: bill.csv:2: column 'ChargePeriodStart': \"2026-11-31 00:00:00\" is not a UTC "
       "time (2024-09-18 23:00:00, 2024-09-18T23:00:00Z or 2024-09-18T23:00:00.000Z)"},
      {",Usage,", ",Refund,",
       "trncost: bill.csv:2: column 'ChargeCategory': \"Refund\" is not a FOCUS charge category "
       "(Usage, Purchase, Credit, Tax, Adjustment)"},
      {"2026-11-21 00:00:00", "2026-11-19 00:00:00",
       "trncost: bill.csv:2: column 'ChargePeriodEnd': ends before the row's period starts "
       "(2026-11-20T00:00:00Z)"},
  };
  for (const auto& bad : bad_values) {
    CAPTURE(bad.to);
    CHECK(bill_error(with_changes(head_and_first, {{bad.from, bad.to}})) == bad.refusal);
  }
  CHECK(bill_error(head_and_first + "1,2\n") ==
        "trncost: bill.csv:3: the record has 2 fields, the header has 29");
  // Covered usage without its effective cost.
  CHECK(bill_error("lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ProductCode,"
                   "lineItem/CurrencyCode,lineItem/UnblendedCost\n"
                   "SavingsPlanCoveredUsage,2026-11-20T00:00:00Z,AmazonEC2,USD,0\n") ==
        "trncost: bill.csv:2: column 'lineItem/LineItemType': SavingsPlanCoveredUsage in a bill "
        "without the Savings Plans effective cost column: its cost is not known");
  // A bill in another currency than the estimate: refused when reconciled.
  CHECK(trncost_support::error_message<input_error>([&] {
          (void)reconcile_text(with_changes(head_and_first, {{",USD,", ",EUR,"}}));
        }) ==
        "trncost: bill.csv:2: the bill is in EUR, the estimate in USD; trncost converts no "
        "currency");
}

TEST_CASE("negative usage, credit and refund rows are kept, never netted away silently") {
  const std::string& text = focus_text();
  const std::string head = text.substr(0, text.find('\n') + 1);
  const std::size_t first_row_end = text.find('\n', head.size());
  const std::string first = text.substr(head.size(), first_row_end + 1 - head.size());
  using trncost_support::with_changes;
  // The first trn1 row (9.5 h, 204.25) corrected by a negative usage row of -1 h (-21.50): the
  // group counts 8.5 h and 182.75.
  const std::string correction = with_changes(
      first, {{"204.25,", "-21.5,"},
              {",9.5,Hours,204.25,204.25,21.5,9.5,", ",-1,Hours,-21.5,-21.5,21.5,-1,"}});
  const reconciliation r = reconcile_text(head + first + correction);
  const auto& ec2 = row_of(r, "BoxUsage:trn1.32xlarge");
  CHECK(ec2.billed == d("182.75"));
  CHECK(ec2.billed_quantity == d("8.5"));
  CHECK(ec2.bill_rows == 2);
  // Offered as a measurement of the usage, the group says it holds a negative row: a reader
  // sees a correction (or a refund written as usage) inside what the bill measured.
  REQUIRE(ec2.billed_as.has_value());
  CHECK(ec2.billed_as->method.find("; 1 of them negative (-21.5 USD: corrections, or a credit or "
                                   "refund written as usage), netted in as the bill nets them") !=
        std::string::npos);
  CHECK(row_of(reconcile_text(head + first), "BoxUsage:trn1.32xlarge")
            .billed_as->method.find("negative") == std::string::npos);
}

TEST_CASE("an empty bill: every estimated line has no bill row, and says so") {
  const std::string& text = focus_text();
  const reconciliation r = reconcile_text(text.substr(0, text.find('\n') + 1));
  CHECK(r.rows_read == 0);
  CHECK(r.billed_usage == d("0"));
  CHECK(r.difference == -r.estimated);
  CHECK(row_of(r, "BoxUsage:trn1.32xlarge").why ==
        "no bill row matches: not run yet, or run under another account, tag, period or usage "
        "type");
}

TEST_CASE("bill_time reads the spellings bills use, and nothing else") {
  timestamp t;
  for (const std::string_view ok :
       {"2026-11-20 23:00:00", "2026-11-20T23:00:00Z", "2026-11-20T23:00:00.000Z",
        "2026-11-20T23:00:00+00:00", "2026-11-20 23:00:00.000"}) {
    CAPTURE(ok);
    REQUIRE(readers::detail::bill_time(ok, t));
    CHECK(t == parse_timestamp("2026-11-20T23:00:00Z"));
  }
  REQUIRE(readers::detail::bill_time("2026-11-20", t));
  CHECK(t == parse_timestamp("2026-11-20T00:00:00Z"));
  for (const std::string_view bad : {"2026-11-20T23:00:00+02:00", "20/11/2026", "",
                                     "2026-11-20T25:00:00Z", "2026-11-20T23:00:00.5Z"}) {
    CAPTURE(bad);
    CHECK_FALSE(readers::detail::bill_time(bad, t));
  }
}

TEST_CASE("the reconciliation's JSON and Markdown carry every row and total") {
  const reconciliation r = reconcile_file(focus_bill);
  const std::string json = report::render_reconciliation_json(r);
  const auto v = readers::detail::parse_json_text(json, "reconciliation.json");
  REQUIRE(v.find("schema") != nullptr);
  CHECK(v.find("schema")->text() == "trncost.reconciliation");
  CHECK(v.find("difference")->text() == "-16.577212328767123288");
  CHECK(v.find("rows")->items().size() == r.rows.size());
  CHECK(v.find("left_out")->items().empty());
  const auto& first = v.find("rows")->items().front();
  CHECK(first.find("identity")->find("usage_type")->text() == "BoxUsage:trn1.32xlarge");
  CHECK(first.find("usage_effect")->text() == "19.8875");

  // The audit of a reconciliation recomputes it from the document alone; a tamper is named.
  CHECK(report::is_reconciliation(json));
  const auto checked = report::check_reconciliation(json, "reconciliation.json");
  CHECK(checked.ok);
  CHECK(checked.rows == r.rows.size());
  const auto tampered = report::check_reconciliation(
      trncost_support::with_changes(
          json, {{"\"usage_effect\": \"19.8875\"", "\"usage_effect\": \"19.8876\""}}),
      "reconciliation.json");
  CHECK_FALSE(tampered.ok);
  CHECK(tampered.first_mismatch ==
        "rows[0].usage_effect: the document says 19.8876, recomputed 19.8875 ((billed - estimated "
        "quantity) x the estimated rate)");

  // The words and labels are checked as the figures are: a row that differs is never "as
  // estimated", a unit is a price list unit, the regions hold every region a kept row is billed in,
  // the only currency is USD, and the file is read as strictly as an estimate's report.
  const std::string why = first.find("why")->text();
  const auto said = [&](const std::string& from, const std::string& to) {
    const auto c = report::check_reconciliation(trncost_support::with_changes(json, {{from, to}}),
                                                "reconciliation.json");
    CHECK_FALSE(c.ok);
    return c.first_mismatch;
  };
  CHECK(
      said("\"why\": \"" + why + "\"", "\"why\": \"as estimated\"")
          .starts_with("rows[0].why: 'as estimated' where the row's figures say 'usage: billed "));
  CHECK(said("\"unit\": \"Hrs\"", "\"unit\": \"USD\"") ==
        "rows[0].unit: 'USD' is not a price list unit");
  CHECK(
      said("\"regions\": [\n    \"us-east-1\"", "\"regions\": [\n    \"us-west-2\"")
          .starts_with("regions: has no us-east-1 where rows[0] of the estimate is billed in it"));
  CHECK_THROWS_AS((void)report::check_reconciliation(
                      trncost_support::with_changes(json, {{"\"USD\"", "\"EUR\""}}), "r.json"),
                  parse_error);
  CHECK_THROWS_AS((void)report::check_reconciliation("\xef\xbb\xbf" + json, "r.json"), parse_error);
  CHECK_THROWS_AS(
      (void)report::check_reconciliation(
          trncost_support::with_changes(json, {{"\"rows_read\"", "\"note\": 1, \"rows_read\""}}),
          "r.json"),
      parse_error);

  // The HTML page: self-contained, the totals, a bar per identity with a cost, every row.
  const std::string html = report::render_reconciliation_html(r);
  CHECK(html.starts_with("<!DOCTYPE html>"));
  CHECK(html.ends_with("</html>\n"));
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg"));  // no other URL
  CHECK(html.find("<tr id=\"difference\"><th>difference (billed - estimated)</th><td "
                  "class=\"num\">-16.58</td></tr>") != std::string::npos);
  CHECK(html.find("data-difference=\"19.8875\"") != std::string::npos);
  const auto count = [&](std::string_view what) {
    std::size_t n = 0;
    for (std::size_t at = html.find(what); at != std::string::npos; at = html.find(what, at + 1)) {
      ++n;
    }
    return n;
  };
  // Rows: 12 identities (the 10 of the estimate, among them the S3 requests under their two usage
  // types, the snapshot and the t3.micro of us-west-2) and a header; 5 totals; 2 other charges
  // and a header; nothing left out, so no table of it. Behind the differences, a header and the
  // resources of the 6 rows that differ: the two trn1 instances, the egress's row that names none,
  // the bucket's PUT requests, the gp3 volume, the snapshot and the t3.micro.
  CHECK(count("<tr") == 12 + 1 + 5 + 3 + 1 + 7);
  // Each of the 12 identities: its estimate beside its bill (0 px wide where one is 0), on one
  // scale whose
  // largest (the trn1 hours billed, 354.75) is 300 px. The bars start after the widest bar label
  // ("estimated": 74 px by text_width, and 16) at x 90; the first group's label line is y 30 to
  // 52, its bars at y 55 and 77. The trn1 estimate, 334.8625: 334.8625 x 300 / 354.75 = 283.18.
  CHECK(count("<rect class=\"bar recon-estimated\"") == 12);
  CHECK(count("<rect class=\"bar recon-billed\"") == 12);
  CHECK(html.find("<text x=\"0\" y=\"46\">AmazonEC2, us-east-1, BoxUsage:trn1.32xlarge, "
                  "on-demand</text>") != std::string::npos);
  CHECK(html.find("<rect class=\"bar recon-estimated\" data-estimated=\"334.8625\" x=\"90\" "
                  "y=\"55\" width=\"283.18\"") != std::string::npos);
  CHECK(html.find("<rect class=\"bar recon-billed\" data-billed=\"354.75\" "
                  "data-difference=\"19.8875\" x=\"90\" y=\"77\" width=\"300.00\"") !=
        std::string::npos);
  CHECK(html.find(">354.75 (+19.89)</text>") != std::string::npos);
  // A row the estimate lacks draws no estimate bar and says so; one no bill row matched, no bill.
  CHECK(html.find(">not in the estimate</text>") != std::string::npos);
  CHECK(html.find(">no bill row matches</text>") != std::string::npos);

  const std::string md = report::render_reconciliation_markdown(r);
  CHECK(md.find("| difference (billed - estimated) | -16.58 |") != std::string::npos);
  CHECK(md.find("| AmazonEC2, us-east-1, EBS:SnapshotUsage | - | - | 1.25 | 1 | +1.25 | not in "
                "the estimate |") != std::string::npos);
  CHECK(md.find("| AmazonEC2, us-west-2, BoxUsage:t3.micro | - | - | 0.31 | 1 | +0.31 | not in the "
                "estimate (another region) |") != std::string::npos);
  CHECK(md.find("kept: 14 (the estimate's regions: us-east-1; a row of another region is kept, "
                "not in the estimate)") != std::string::npos);
}

}  // namespace trncost_tests::reports_reconcile_test
