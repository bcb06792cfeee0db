// Tests for the Markdown report (report/markdown.hpp): status and reasons first, totals by category
// and phase, useful vs overhead, findings, assumptions, lines and sources with their dates.
#include <doctest/doctest.h>

#include <sstream>
#include <string_view>
#include <trncost/report/markdown.hpp>

#include "../support/text.hpp"
#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::reports_markdown_test {

using namespace trncost;
using reports_test::small_estimate;
using trncost_support::check_holds_each;

namespace {

std::size_t at(const std::string& text, std::string_view what) {
  const auto p = text.find(what);
  CAPTURE(what);
  REQUIRE(p != std::string::npos);
  return p;
}

}  // namespace

TEST_CASE("the Markdown report puts the status and its reasons first - then the totals") {
  const auto md =
      report::render_markdown(small_estimate({.assumed_overlap = true}), "Fine-tune budget");
  CHECK(md.rfind("# Fine-tune budget\n\n**Status: provisional** (as of 2026-11-30).", 0) == 0);
  CHECK(at(md,
           "- **provisional** (rule: no-assumption): overlap_s is an assumption: evaluation does "
           "not overlap training") < at(md, "## Totals by category"));
  // total = 43.796689497716894963 (fixtures.hpp), to cents: 43.80.
  CHECK(at(md, "**Total: 43.80 USD**") < at(md, "## Totals by category"));
  const std::vector<std::string_view> order{"## Totals by category",
                                            "## Instance time by phase",
                                            "## Useful vs overhead",
                                            "## Findings",
                                            "## Assumptions",
                                            "## Lines",
                                            "## Sources"};
  for (std::size_t i = 1; i < order.size(); ++i) CHECK(at(md, order[i - 1]) < at(md, order[i]));
}

TEST_CASE("the Markdown totals: categories - phases - useful vs overhead - to the cent") {
  const auto md = report::render_markdown(small_estimate());
  // compute = 1.433333333333333333 + 41.566666666666666667 + 0.358333333333333319
  //         = 43.358333333333333319 -> 43.36; 43.358.../43.796... = 99.0 %.
  const std::string_view rows[] = {
      "| compute | 43.36 | 99.0 % |",
      // storage 0.438356164383561644 -> 0.44, 1.0 %.
      "| storage | 0.44 | 1.0 % |",
      "| transfer | declared none |  |",
      "| **total** | **43.80** | 100.0 % |",
      "| waiting | overhead | 41.57 |",
      "| training | useful | 1.43 |",
      // useful 1.791666666666666652 -> 1.79 (4.1 % of 43.358...); overhead 41.57 (95.9 %). Each row
      // names the phases of its kind that the estimate has (training and evaluation; waiting).
      "| useful (training, evaluation) | 1.79 | 4.1 % |",
      "| overhead (waiting) | 41.57 | 95.9 % |",
      "None: no input is an assumption or a third-party figure.",
      // Lines keep their exact amounts.
      "| 41.566666666666666667 |",
  };
  check_holds_each(md, rows);
}

TEST_CASE("the Markdown report shows unpriced lines and missing categories - never as 0") {
  const auto md = report::render_markdown(
      small_estimate({.unknown_storage_price = true, .declare_logs = false}));
  const std::string_view shown[] = {
      "**Status: incomplete**",
      "**Total: 43.36 USD** (1 unpriced line not included)",
      "| storage | 0.00 + 1 unpriced |",
      "| logs | **missing** |  |",
      "| unpriced |\n",  // the line's amount cell
      "- `gp3_price` = unknown (assumption): no official row found yet",
  };
  check_holds_each(md, shown);
}

TEST_CASE("the Markdown sources give each input's kind - source and date") {
  const auto md = report::render_markdown(small_estimate({.third_party_price = true}));
  const std::string_view sources[] = {
      "| `trn1_price` | 21.5 USD/instance-h | third-party | a price comparison site | "
      "seen 2026-11-01 |",
      "| `nodes` | 2 instance | measured | run run-1: phase timestamps from the run log | "
      "2026-11-20T10:00:00Z to 2026-11-20T12:00:00Z |",
      "| `no_time` | 0 s | documented | AWS EC2 per-second billing | consulted "
      "2026-11-30 |",
      "| `gp3_price` | 0.08 USD/GiB-mo | quoted | AmazonEC2 offer file, EBS gp3, "
      "us-east-1, on-demand | consulted 2026-11-30 |",
  };
  check_holds_each(md, sources);
  const auto quoted_md = report::render_markdown(small_estimate());
  CHECK(quoted_md.find("rate WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7, us-east-1, on-demand | "
                       "consulted 2026-11-30 (published 2026-09-10) |") != std::string::npos);
}

TEST_CASE(
    "table cells escape pipes and line breaks and write_markdown writes what render_markdown "
    "gives") {
  CHECK(report::detail::md_cell("a | b\nc") == "a \\| b c");
  std::ostringstream out;
  report::write_markdown(small_estimate(), out);
  CHECK(out.str() == report::render_markdown(small_estimate()));
}

TEST_CASE("the Markdown report lists migration uncertainties - open and resolved") {
  const auto md = report::render_markdown(
      small_estimate({.open_uncertainty = true, .resolved_uncertainty = true}));
  CHECK(md.find("**Status: provisional**") != std::string::npos);
  CHECK(md.find(
            "## Migration uncertainties\n\n- **open**: aten::_upsample_bicubic2d_aa in the vision "
            "tower (owner ml-platform): no Neuron lowering yet; a custom NKI kernel may be needed\n"
            "- **resolved**: flash attention (owner ml-platform): the NKI flash attention kernel "
            "passed the numerics check\n") != std::string::npos);
  CHECK(report::render_markdown(small_estimate()).find("Migration uncertainties") ==
        std::string::npos);
}

TEST_CASE("the Markdown report ends with the archived protocol - trncost version and each run") {
  const std::string made = "## Protocol\n\nMade by trncost " + std::string(trncost::version) +
                           " for the as-of date 2026-11-30; a quote is fresh for 30 days.\n\n";
  const std::string none = report::render_markdown(small_estimate());
  CHECK(none.ends_with(made + "No run log is archived: the measurements name their runs under "
                              "Sources.\n"));
  auto m = reports_test::small_model();
  m.archive_run({"ft-r1",
                 "meta-llama/Llama-3.1-8B",
                 "git:4f2a9c1",
                 "ft-v4",
                 {{"learning_rate", "0.00002"}, {"global_batch_size", "80"}},
                 {{"neuronx-cc", "2.21.33363.0"}, {"torch", "2.8.0"}}});
  m.archive_run({"ft-r2", "", "", "", {}, {}});  // a log that states nothing but its id
  const std::string md = report::render_markdown(m.evaluate(reports_test::as_of));
  CHECK(md.ends_with(made +
                     "| run | model | code version | data set | parameters | software stack |\n"
                     "|---|---|---|---|---|---|\n"
                     "| `ft-r1` | meta-llama/Llama-3.1-8B | git:4f2a9c1 | ft-v4 | learning_rate = "
                     "0.00002, global_batch_size = 80 | neuronx-cc 2.21.33363.0, torch 2.8.0 |\n"
                     "| `ft-r2` | not given | not given | not given | not given | not given |\n"));
}

}  // namespace trncost_tests::reports_markdown_test
