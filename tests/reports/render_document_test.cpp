// Tests that Markdown and HTML render report::document (report/markdown.hpp, report/html.hpp): an
// estimate renders through report::from_estimate, a JSON report read back renders the same text,
// and every figure shown is the document's, so no format can show what the JSON does not hold.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <trncost/report/audit.hpp>
#include <trncost/report/focus_csv.hpp>
#include <trncost/report/html.hpp>
#include <trncost/report/json.hpp>
#include <trncost/report/markdown.hpp>
#include <trncost/report/markdown_extras.hpp>
#include <trncost/report/render.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_render_document_test {

using namespace trncost;
using reports_test::small_estimate;
using reports_test::small_options;

TEST_CASE("Markdown and HTML of a JSON report read back are those of its estimate") {
  // One estimate per status the small job can have, and the sections each brings (reasons,
  // unpriced lines, a missing category, assumptions, uncertainties, the archived runs).
  const small_options cases[] = {
      {},
      {.assumed_overlap = true},
      {.third_party_price = true},
      {.unknown_storage_price = true, .declare_logs = false},
      {.consulted = parse_date("2026-10-15")},  // 46 days before as_of: stale
      {.open_uncertainty = true, .resolved_uncertainty = true},
  };
  for (const auto& o : cases) {
    const auto est = small_estimate(o);
    const auto doc = report::read_report(report::render_json(est), "small.json");
    CAPTURE(to_string(est.status));
    CHECK(report::render_markdown(doc, "T") == report::render_markdown(est, "T"));
    CHECK(report::render_html(doc, "T") == report::render_html(est, "T"));
  }
}

TEST_CASE(
    "report::render_report: a JSON report audited, then rendered, and others refused by name") {
  const std::string json = report::render_json(small_estimate());
  const auto doc = report::read_report(json, "small.json");
  const auto md = report::render_report(json, "md", "T", "small.json");
  CHECK(md.audit.ok);
  CHECK(md.text == report::render_markdown(doc, "T"));
  CHECK(report::render_report(json, "html", "T", "small.json").text ==
        report::render_html(doc, "T"));
  // A total edited by hand: the audit names it, and nothing is rendered.
  const std::string total = "\"total\": \"" + doc.totals.total.to_string() + "\"";
  REQUIRE(json.find(total) != std::string::npos);
  std::string tampered = json;
  tampered.replace(tampered.find(total), total.size(), "\"total\": \"1\"");
  const auto refused = report::render_report(tampered, "md", "T", "edited.json");
  CHECK_FALSE(refused.audit.ok);
  CHECK(refused.audit.first_mismatch.find("totals.total") != std::string::npos);
  CHECK(refused.text.empty());
  // Reports of other kinds, and formats a JSON report does not render to, name what to do.
  const auto message = [](std::string_view text, std::string_view format) {
    try {
      (void)report::render_report(text, format, "T", "r.json");
    } catch (const input_error& e) {
      return std::string(e.what());
    }
    return std::string("(not refused)");
  };
  CHECK(message(R"({"schema": "trncost.study", "version": 1})", "md") ==
        "trncost: r.json: is a study report, not an estimate's; trncost estimate STUDY.toml "
        "--format md "
        "renders the study");
  CHECK(
      message(R"({"schema": "trncost.reconciliation"})", "html") ==
      "trncost: r.json: is a reconciliation report, not an estimate's; trncost reconcile ESTIMATE "
      "BILL.csv --format html renders it");
  CHECK(message(R"({"schema": "trncost.plan"})", "md") ==
        "trncost: r.json: is a plan's report, not an estimate's; trncost estimate PLAN.toml "
        "--format md renders the plan");
  CHECK(message(json, "csv") ==
        "trncost: r.json: \"csv\" is not a format of a rendered report; the formats of a rendered "
        "report are md, html (its JSON is the report itself)");
  // A text that is no report at all: the reader's parse_error, naming the file.
  CHECK_THROWS_AS((void)report::render_report("{", "md", "T", "r.json"), parse_error);
}

TEST_CASE("every figure the Markdown and HTML reports show is the document's") {
  auto doc = report::from_estimate(small_estimate());
  // A total and a category the estimate never had: the writers show the document, not a model.
  doc.totals.total = decimal::parse("1234.5");
  for (auto& [c, amt] : doc.totals.by_category) {
    if (c == category::storage) amt = decimal::parse("7.77");
  }
  const auto md = report::render_markdown(doc, "T");
  CHECK(md.find("**Total: 1234.50 USD**") != std::string::npos);
  CHECK(md.find("| storage | 7.77 |") != std::string::npos);
  const auto html = report::render_html(doc, "T");
  CHECK(html.find("<strong>Total: 1234.50 USD</strong>") != std::string::npos);
  CHECK(html.find("<td>storage</td><td class=\"num\">7.77</td>") != std::string::npos);
  // A category the document says is declared none reads so in both, and has no share; one with
  // lines shows its amount (no second source can say "declared none" over an amount).
  for (auto& c : doc.categories) {
    if (c.cat == category::storage) c.cov = report::coverage::declared_none;
  }
  CHECK(report::render_markdown(doc, "T").find("| storage | declared none |  |") !=
        std::string::npos);
  CHECK(report::render_html(doc, "T").find(
            "<td>storage</td><td class=\"num\">declared none</td>") != std::string::npos);
}

TEST_CASE("the document helpers of the writers") {
  const auto est = small_estimate({.unknown_storage_price = true, .declare_logs = false});
  auto doc = report::from_estimate(est);
  // The storage line is unpriced: one line, as the estimate counts it.
  CHECK(report::detail::unpriced_lines(doc) == 1);
  CHECK(report::detail::unpriced_lines(doc) == est.unpriced_lines());
  // Phases by kind, as the estimate names them; none of a kind reads "none".
  CHECK(report::detail::phases_named(doc, true) == phases_named(est, true));
  CHECK(report::detail::phases_named(doc, false) == phases_named(est, false));
  auto no_phases = doc;
  no_phases.totals.by_phase.clear();
  CHECK(report::detail::phases_named(no_phases, true) == "none");
  // Coverage and amounts by category: logs missing (not declared), compute with lines.
  CHECK(report::detail::coverage_of(doc, category::logs) == report::coverage::missing);
  CHECK(report::detail::coverage_of(doc, category::compute) == report::coverage::lines);
  CHECK(report::detail::category_amount(doc, category::compute) ==
        est.by_category.at(category::compute));
  CHECK_FALSE(report::detail::category_amount(doc, category::logs).has_value());
  // A line's identity, and "not stated" for a report older than identities (version 4).
  REQUIRE(doc.lines.front().identity.has_value());
  CHECK(report::detail::billed_as(doc.lines.front()) == describe(*doc.lines.front().identity));
  doc.lines.front().identity.reset();
  CHECK(report::detail::billed_as(doc.lines.front()) == "not stated");
  // Unit costs at four decimals (half-even), or none.
  CHECK(report::detail::unit_cost_text(decimal::parse("0.123456"), "USD/1M tokens") ==
        "0.1235 USD/1M tokens");
  CHECK(report::detail::unit_cost_text(std::nullopt, "USD/1M tokens") == "none (see the findings)");
  // Every input and derivation by name, derivations with their operands.
  const auto values = report::index_values(doc);
  CHECK(values.size() == doc.inputs.size() + doc.derivations.size());
  for (const auto& d : doc.derivations) {
    CAPTURE(d.name);
    REQUIRE(values.count(d.name) == 1);
    CHECK(values.at(d.name).value == d.value);
    CHECK(values.at(d.name).unit == d.unit);
    CHECK(values.at(d.name).derivation == &d);
    CHECK(values.at(d.name).input == nullptr);
  }
  for (const auto& in : doc.inputs) {
    CHECK(values.at(in.name).input == &in);
    CHECK(values.at(in.name).derivation == nullptr);
    CHECK(report::detail::is_assumed(in) ==
          !in.known);  // no assumption here: only the unknown price
  }
  // What the status means, from a status and a window alone.
  CHECK(report::detail::status_sentence(estimate_status::verified, 45) ==
        "Every input is measured, quoted within 45 days or documented, and every category of the "
        "formula is accounted for.");
  CHECK(report::detail::status_sentence(est) ==
        report::detail::status_sentence(est.status, est.freshness_window.count()));
  // The protocol names the trncost that wrote the document.
  doc.trncost_version = "9.9.9";
  CHECK(report::detail::protocol_sentence(doc) ==
        "Made by trncost 9.9.9 for the as-of date 2026-11-30; a quote is fresh for 30 days.");
}

TEST_CASE("the FOCUS CSV renders the document - its quotes and derivations read from it") {
  const auto est = small_estimate({.unknown_storage_price = true, .declare_logs = false});
  const auto doc = report::from_estimate(est);
  CHECK(report::render_focus_csv(doc) == report::render_focus_csv(est));
  const auto values = report::index_values(doc);
  // The training line's price is the quoted trn1 row itself; its quantity a derivation whose
  // words list its operands with their values, as the record's describe() does.
  const auto& training = doc.lines.front();
  const auto* q = report::detail::price_quote(values, training.price);
  REQUIRE(q != nullptr);
  CHECK(q == std::get_if<quoted>(&values.at(training.price).input->origin));
  const auto& quantity = values.at(training.quantity);
  REQUIRE(quantity.derivation != nullptr);
  CHECK(report::detail::describe_value(values, quantity) ==
        describe(est.lines.front().quantity->origin));
  CHECK(report::detail::known_value(quantity) == decimal::parse(est.lines.front().quantity->value));
  CHECK(report::detail::price_quote(values, "no such value") == nullptr);
  // An unknown price is no number (the storage line is unpriced).
  bool unknown_seen = false;
  for (const auto& [name, v] : values) {
    if (v.known) continue;
    CHECK_FALSE(report::detail::known_value(v).has_value());
    unknown_seen = true;
  }
  CHECK(unknown_seen);
  // A line that names a value the document lacks is refused, naming the line and the value.
  auto broken = doc;
  broken.lines.front().price = "nowhere";
  // The training line's description, "training" (fixtures.hpp), names the line.
  REQUIRE(training.description == "training");
  CHECK_THROWS_WITH_AS(
      (void)report::render_focus_csv(broken),
      doctest::Contains("line 'training': 'nowhere' is no input or derivation of the report"),
      input_error);
}

}  // namespace trncost_tests::reports_render_document_test
