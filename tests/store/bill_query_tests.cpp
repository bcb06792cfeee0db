// Tests for the SQL that reduces a bill where it is stored (readers::bill_query, readers/bill.hpp):
// the shipped bills, loaded into SQLite as text as a CSV import would, are queried with the emitted
// SQL; its result, written as CSV with its header, is reconciled against the shipped estimate and
// must give the direct reconciliation's figures exactly, row by row. Part of the test program only
// when SQLite is found (tests/CMakeLists.txt): not named *_test.cpp for that reason.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <memory>
#include <sstream>
#include <string>
#include <trncost/readers/bill.hpp>
#include <trncost/readers/detail/csv.hpp>
#include <trncost/report/reconcile.hpp>
#include <trncost/scenario/scenario.hpp>
#include <vector>

#include "../support/reconciliations.hpp"
#include "../support/text.hpp"

namespace trncost_tests::store_bill_query_tests {

using namespace trncost;

namespace {

const std::string examples = TRNCOST_TESTS_DIR "/../examples/";
const std::string focus_bill = examples + "data/bills/fine-tune-8b-trn1-focus.csv";
const std::string cur2_bill = TRNCOST_TESTS_DIR "/readers/data/bills/cur2.csv";

const report::document& fine_tune() {
  static const report::document doc = report::from_estimate(scenario::evaluate_scenario(
      scenario::read_scenario(examples + "scenarios/fine-tune-8b-trn1.toml")));
  return doc;
}

/// An in-memory SQLite database, closed at the end.
struct database {
  sqlite3* db = nullptr;
  database() { REQUIRE(sqlite3_open(":memory:", &db) == SQLITE_OK); }
  ~database() { sqlite3_close(db); }
  database(const database&) = delete;
  database& operator=(const database&) = delete;

  void exec(const std::string& sql) const {
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    const std::string message = error != nullptr ? error : "";
    sqlite3_free(error);
    REQUIRE_MESSAGE(rc == SQLITE_OK, message);
  }
};

std::string text_quoted(std::string_view v, char q) {
  std::string s(1, q);
  for (const char c : v) {
    if (c == q) s += q;
    s += c;
  }
  return s + q;
}

/// Loads the CSV text into table `name`, every column TEXT, every field as written (as the sqlite3
/// shell's .import does).
void load(const database& d, const std::string& name, const std::string& text) {
  std::istringstream in(text);
  readers::detail::csv_reader csv(in, name);
  REQUIRE(csv.next());
  std::vector<std::string> header;
  for (std::size_t i = 0; i < csv.size(); ++i) header.emplace_back(csv[i]);
  std::string create = "CREATE TABLE " + name + " (";
  for (std::size_t i = 0; i < header.size(); ++i) {
    create += (i ? ", " : "") + text_quoted(header[i], '"') + " TEXT";
  }
  d.exec(create + ")");
  while (csv.next()) {
    std::string insert = "INSERT INTO " + name + " VALUES (";
    for (std::size_t i = 0; i < csv.size(); ++i)
      insert += (i ? ", " : "") + text_quoted(csv[i], '\'');
    d.exec(insert + ")");
  }
}

/// Runs `sql` and writes its result as CSV with its header; NULL as an empty field.
std::string result_csv(const database& d, const std::string& sql) {
  sqlite3_stmt* raw = nullptr;
  const int rc = sqlite3_prepare_v2(d.db, sql.c_str(), -1, &raw, nullptr);
  REQUIRE_MESSAGE(rc == SQLITE_OK, sqlite3_errmsg(d.db));
  const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> st(raw, sqlite3_finalize);
  std::string out;
  const int n = sqlite3_column_count(raw);
  for (int i = 0; i < n; ++i) out += (i ? "," : "") + text_quoted(sqlite3_column_name(raw, i), '"');
  out += "\n";
  int step = 0;
  while ((step = sqlite3_step(raw)) == SQLITE_ROW) {
    for (int i = 0; i < n; ++i) {
      if (i) out += ",";
      if (sqlite3_column_type(raw, i) != SQLITE_NULL) {
        out += text_quoted(reinterpret_cast<const char*>(sqlite3_column_text(raw, i)), '"');
      }
    }
    out += "\n";
  }
  REQUIRE_MESSAGE(step == SQLITE_DONE, sqlite3_errmsg(d.db));
  return out;
}

report::reconciliation reconcile_text(const std::string& text, const std::string& file) {
  std::istringstream in(text);
  readers::bill_reader bill(in, file);
  return report::reconcile(fine_tune(), "fine-tune.json", bill);
}

}  // namespace

TEST_CASE("the bill reduced in SQLite by the emitted SQL reconciles exactly as the bill itself") {
  for (const auto& bill : {std::pair{focus_bill, readers::bill_layout::focus},
                           std::pair{cur2_bill, readers::bill_layout::cur2}}) {
    const std::string& file = bill.first;
    const readers::bill_layout layout = bill.second;
    CAPTURE(file);
    const std::string text = trncost_support::slurp(file);
    for (const auto grain :
         {readers::bill_grain::hour, readers::bill_grain::day, readers::bill_grain::month}) {
      CAPTURE(readers::to_string(grain));
      const database d;
      load(d, "export", text);
      const std::string sql = readers::bill_query({.layout = layout,
                                                   .dialect = readers::sql_dialect::sqlite,
                                                   .table = "export",
                                                   .grain = grain});
      const std::string reduced = result_csv(d, sql);
      const auto direct = reconcile_text(text, file);
      const auto via_sql = reconcile_text(reduced, "reduced.csv");
      trncost_support::check_same_figures(direct, via_sql);
      CHECK(via_sql.rows_read <= direct.rows_read);
      CHECK(
          report::check_reconciliation(report::render_reconciliation_json(via_sql), "via-sql.json")
              .ok);
    }
  }
}

TEST_CASE("the SQL sums amounts exactly: many small rows, signs, exponents and empty fields") {
  // 720 hourly rows (November) of one instance at 0.0000123456789 USD and 0.1 h each, a
  // correction of -0.25, a row written 1.5E-7 and one with no quantity: the cost sums to 720 x
  // 0.0000123456789 = 0.008888888808, - 0.25 + 0.00000015 = -0.241110961192 exactly, the quantity
  // (every row but the empty one) to 720 x 0.1 + 1 + 1 = 74 h, which doubles would not give to the
  // last digit.
  std::string text =
      "line_item_line_item_type,line_item_usage_start_date,line_item_usage_end_date,"
      "line_item_product_code,line_item_usage_type,line_item_resource_id,line_item_usage_amount,"
      "line_item_currency_code,line_item_unblended_cost,product_region_code,pricing_unit\n";
  for (int i = 0; i < 720; ++i) {
    const int day = 1 + i / 24;
    const int h = i % 24;
    const std::string at = "2026-11-" + std::string(day < 10 ? "0" : "") + std::to_string(day) +
                           "T" + std::string(h < 10 ? "0" : "") + std::to_string(h);
    text += "Usage," + at + ":00:00.000Z," + at +
            ":59:59.000Z,AmazonEC2,BoxUsage:t3.micro,i-1,0.1,USD,0.0000123456789,us-east-1,Hrs\n";
  }
  text +=
      "Usage,2026-11-02T00:00:00.000Z,2026-11-02T01:00:00.000Z,AmazonEC2,BoxUsage:t3.micro,i-1,"
      "1,USD,-0.25,us-east-1,Hrs\n";
  text +=
      "Usage,2026-11-02T02:00:00.000Z,2026-11-02T03:00:00.000Z,AmazonEC2,BoxUsage:t3.micro,i-1,"
      "1,USD,1.5E-7,us-east-1,Hrs\n";
  text +=
      "Usage,2026-11-02T04:00:00.000Z,2026-11-02T05:00:00.000Z,AmazonEC2,BoxUsage:t3.micro,i-1,"
      ",USD,0,us-east-1,Hrs\n";
  const database d;
  load(d, "cur", text);
  const std::string reduced =
      result_csv(d, readers::bill_query({.dialect = readers::sql_dialect::sqlite,
                                         .table = "cur",
                                         .grain = readers::bill_grain::month}));
  std::istringstream in(reduced);
  readers::bill_reader bill(in, "reduced.csv");
  REQUIRE(bill.next());
  CHECK(bill.row().cost == decimal::parse("-0.241110961192"));
  CHECK(bill.row().quantity == decimal::parse("74"));
  CHECK(bill.row().resource == "i-1");
  CHECK(bill.row().start == parse_timestamp("2026-11-01T00:00:00Z"));
  CHECK(bill.row().end == parse_timestamp("2026-11-30T23:59:59Z"));
  CHECK_FALSE(bill.next());
}

TEST_CASE("the SQL for Athena and Spark: exact decimals, the layout's names, a safe table name") {
  const std::string athena = readers::bill_query({.table = "cur.cur2_export"});
  CHECK(athena.find("SUM(CAST(\"line_item_unblended_cost\" AS DECIMAL(38, 18))) AS "
                    "\"line_item_unblended_cost\"") != std::string::npos);
  CHECK(athena.find("FROM \"cur\".\"cur2_export\"") != std::string::npos);
  CHECK(athena.find("date_trunc('day', \"line_item_usage_start_date\")") != std::string::npos);
  CHECK(athena.find("date_format(MIN(\"line_item_usage_start_date\"), '%Y-%m-%dT%H:%i:%sZ')") !=
        std::string::npos);
  CHECK(athena.find("resource_tags") == std::string::npos);
  CHECK(athena.find("identity_line_item_id") == std::string::npos);
  const std::string spark = readers::bill_query({.layout = readers::bill_layout::focus,
                                                 .dialect = readers::sql_dialect::spark,
                                                 .table = "focus",
                                                 .grain = readers::bill_grain::month});
  CHECK(spark.find("SUM(CAST(`BilledCost` AS DECIMAL(38, 18))) AS `BilledCost`") !=
        std::string::npos);
  CHECK(spark.find("date_trunc('MONTH', `ChargePeriodStart`)") != std::string::npos);
  CHECK(spark.find("`ResourceId`") != std::string::npos);
  for (const char* bad : {"", "cur; DROP TABLE x", "1cur", "cur.", ".cur", "a..b", "cur\"x"}) {
    CAPTURE(bad);
    CHECK(trncost_support::error_message([&] {
            (void)readers::bill_query({.table = bad});
          }).find("is not a table name") != std::string::npos);
  }
  CHECK(trncost_support::error_message([] {
          (void)readers::bill_query({.layout = readers::bill_layout::cur_legacy, .table = "cur"});
        }).find("a legacy Cost and Usage Report is not queried by trncost") != std::string::npos);
  CHECK(readers::parse_sql_dialect("spark") == readers::sql_dialect::spark);
  CHECK_FALSE(readers::parse_sql_dialect("Spark").has_value());
  CHECK(readers::parse_bill_grain("month") == readers::bill_grain::month);
  CHECK_FALSE(readers::parse_bill_grain("week").has_value());
  CHECK(readers::to_string(readers::sql_dialect::athena) == "athena");
}

}  // namespace trncost_tests::store_bill_query_tests
