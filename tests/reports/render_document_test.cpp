// Tests that Markdown and HTML render report::document (report/markdown.hpp, report/html.hpp): an
// estimate renders through report::from_estimate, a JSON report read back renders the same text,
// and every figure shown is the document's, so no format can show what the JSON does not hold.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <trncost/report/audit.hpp>
#include <trncost/report/html.hpp>
#include <trncost/report/json.hpp>
#include <trncost/report/markdown.hpp>

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
    const auto doc = io::read_report(io::render_json(est), "small.json");
    CAPTURE(to_string(est.status));
    CHECK(io::render_markdown(doc, "T") == io::render_markdown(est, "T"));
    CHECK(io::render_html(doc, "T") == io::render_html(est, "T"));
  }
}

TEST_CASE("every figure the Markdown and HTML reports show is the document's") {
  auto doc = report::from_estimate(small_estimate());
  // A total and a category the estimate never had: the writers show the document, not a model.
  doc.totals.total = decimal::parse("1234.5");
  for (auto& [c, amt] : doc.totals.by_category) {
    if (c == category::storage) amt = decimal::parse("7.77");
  }
  const auto md = io::render_markdown(doc, "T");
  CHECK(md.find("**Total: 1234.50 USD**") != std::string::npos);
  CHECK(md.find("| storage | 7.77 |") != std::string::npos);
  const auto html = io::render_html(doc, "T");
  CHECK(html.find("<strong>Total: 1234.50 USD</strong>") != std::string::npos);
  CHECK(html.find("<td>storage</td><td class=\"num\">7.77</td>") != std::string::npos);
  // A category the document says is declared none reads so in both, and has no share; one with
  // lines shows its amount (no second source can say "declared none" over an amount).
  for (auto& c : doc.categories) {
    if (c.cat == category::storage) c.cov = report::coverage::declared_none;
  }
  CHECK(io::render_markdown(doc, "T").find("| storage | declared none |  |") != std::string::npos);
  CHECK(io::render_html(doc, "T").find("<td>storage</td><td class=\"num\">declared none</td>") !=
        std::string::npos);
}

TEST_CASE("the document helpers of the writers") {
  const auto est = small_estimate({.unknown_storage_price = true, .declare_logs = false});
  auto doc = report::from_estimate(est);
  // The storage line is unpriced: one line, as the estimate counts it.
  CHECK(io::detail::unpriced_lines(doc) == 1);
  CHECK(io::detail::unpriced_lines(doc) == est.unpriced_lines());
  // Phases by kind, as the estimate names them; none of a kind reads "none".
  CHECK(io::detail::phases_named(doc, true) == phases_named(est, true));
  CHECK(io::detail::phases_named(doc, false) == phases_named(est, false));
  auto no_phases = doc;
  no_phases.totals.by_phase.clear();
  CHECK(io::detail::phases_named(no_phases, true) == "none");
  // Coverage and amounts by category: logs missing (not declared), compute with lines.
  CHECK(io::detail::coverage_of(doc, category::logs) == report::coverage::missing);
  CHECK(io::detail::coverage_of(doc, category::compute) == report::coverage::lines);
  CHECK(io::detail::category_amount(doc, category::compute) ==
        est.by_category.at(category::compute));
  CHECK_FALSE(io::detail::category_amount(doc, category::logs).has_value());
  // A line's identity, and "not stated" for a report older than identities (version 4).
  REQUIRE(doc.lines.front().identity.has_value());
  CHECK(io::detail::billed_as(doc.lines.front()) == describe(*doc.lines.front().identity));
  doc.lines.front().identity.reset();
  CHECK(io::detail::billed_as(doc.lines.front()) == "not stated");
  // Unit costs at four decimals (half-even), or none.
  CHECK(io::detail::unit_cost_text(decimal::parse("0.123456"), "USD/1M tokens") ==
        "0.1235 USD/1M tokens");
  CHECK(io::detail::unit_cost_text(std::nullopt, "USD/1M tokens") == "none (see the findings)");
  // Every input and derivation by name, derivations with their operands.
  const auto values = io::detail::index_values(doc);
  CHECK(values.size() == doc.inputs.size() + doc.derivations.size());
  for (const auto& d : doc.derivations) {
    CAPTURE(d.name);
    REQUIRE(values.count(d.name) == 1);
    CHECK(values.at(d.name).value == d.value);
    CHECK(values.at(d.name).operands == &d.operands);
  }
  for (const auto& in : doc.inputs) {
    CHECK(values.at(in.name).operands == nullptr);
    CHECK(io::detail::is_assumed(in) == !in.known);  // no assumption here: only the unknown price
  }
  // What the status means, from a status and a window alone.
  CHECK(io::detail::status_sentence(estimate_status::verified, 45) ==
        "Every input is measured, quoted within 45 days or documented, and every category of the "
        "formula is accounted for.");
  CHECK(io::detail::status_sentence(est) ==
        io::detail::status_sentence(est.status, est.freshness_window.count()));
  // The protocol names the trncost that wrote the document.
  doc.trncost_version = "9.9.9";
  CHECK(io::detail::protocol_sentence(doc) ==
        "Made by trncost 9.9.9 for the as-of date 2026-11-30; a quote is fresh for 30 days.");
}

}  // namespace trncost_tests::reports_render_document_test
