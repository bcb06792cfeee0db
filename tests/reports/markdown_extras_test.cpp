// Tests for the analysis and credits sections of the Markdown report (report/markdown.hpp): one
// short section per extra given, figures hand-computed in extras_fixtures.hpp; none without extras.
#include <doctest/doctest.h>

#include <sstream>
#include <string_view>
#include <trncost/report/markdown_extras.hpp>

#include "../support/text.hpp"
#include "extras_fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_markdown_extras_test {

using namespace trncost;

using extras_test::has;
using trncost_support::check_holds_each;

TEST_CASE("markdown: no extra gives no section and the estimate's report unchanged") {
  const auto est = small::small_estimate();
  CHECK(report::render_markdown(est, report::extras{}, "T") == report::render_markdown(est, "T"));
}

TEST_CASE("markdown: a section per extra, with the figures of each") {
  const extras_test::bundle b;
  const auto m = report::render_markdown(b.est, b.x, "T");
  CHECK(m.rfind(report::render_markdown(b.est, "T"), 0) == 0);  // the estimate's report comes first
  // What the sections show.
  const std::string_view shown[] = {
      // One expected text over several lines, not a missing comma.
      // NOLINTNEXTLINE(bugprone-suspicious-missing-comma)
      "\n## Decision: compare another option\n\n- **compare**: step input 'kept_hours' "
      "is not measured (assumption)\n",
      // Tornado: throughput 900..1100, totals 230.22 and 189.82 (cents), swing 40.40.
      "| `throughput` | measured | 900 to 1100 | stated band +/-10 % | 230.22 | 189.82 | "
      "40.40 |\n",
      // Scenarios: 308 = 208 + 100; parts 50 and 40, interaction 10.
      "| slower and dearer | 308.00 | 100.00 | throughput 1000 -> 800 (50.00); price 10 "
      "-> 12 (40.00) | 10.00 |\n",
      "| 208.00 | 208.00 | 208.00 | 208.00 | 208.00 | 208.00 | 208.00 |\n",
      "P(total > budget) = 100.00 %\n",
      // Comparison: 208 / 168 = 1.238... -> 1.24; trn2 set apart with its reason.
      "| 2 | trn1 | 208.00 | 1.24 | neuronx-cc 2.21 |\n",
      "| - | trn2 | set apart: did not reach the target: eval_loss 2.1 against 2",
      // Credits: 2,850 spent, 2,500 by credits, 350 in cash; balances 6,000 - 900 = 5,100, 4,300,
      // 3,500. B's 3,500 left is projected at March's rate, 950 every 31 days (800 of it EC2, which
      // B pays): it runs out on Aug 14 (tests/credits/burn_down_test.cpp). Before the projection
      // the runway stopped at the spend window ("a grant still has a valid balance after the last
      // period").
      "Spend 2850.00 USD: 2500.00 USD paid by credits, 350.00 USD paid in cash, 0.00 USD "
      "of credits lost at expiry in the spend window, 0.00 USD in all. Runway: credits "
      "stop paying on 2026-08-14 (projected past the spend window at 950.00 USD every 31 "
      "days).",
      "| A | 1000.00 | 2026-02-28 | 1000.00 | 0.00 | 2026-02-04 | 0.00 |\n",
      "| B | 5000.00 | 2026-12-30 | 1500.00 | 3500.00 | 2026-08-14 | 0.00 |\n",
      // April, projected: 950 * 30 / 31 = 919.35 spent, 800 * 30 / 31 = 774.19 by B, 145.16 in
      // cash, B left with 3,500 - 774.19 = 2,725.81.
      "| 2026-04-01 to 2026-05-01 (projected) | 919.35 | 774.19 | 145.16 | 2725.81 |\n",
      "| 2026-01-01 to 2026-02-01 | 950.00 | 900.00 | 50.00 | 5100.00 |\n",
      "| 2026-03-01 to 2026-04-01 | 950.00 | 800.00 | 150.00 | 3500.00 |\n",
  };
  check_holds_each(m, shown);
  CHECK(report::detail::fixed2(0.125) == "0.12");  // half to even, exactly representable
  std::ostringstream out;
  report::write_markdown(b.est, b.x, out, "T");
  CHECK(out.str() == m);
}

}  // namespace trncost_tests::reports_markdown_extras_test
