// The one table of report formats (report/formats.hpp): every format has one row, names and
// extensions are unique, and the lookups the command, the binding and the writers use.
#include <doctest/doctest.h>

#include <cstddef>
#include <set>
#include <string>
#include <trncost/report/formats.hpp>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::report_formats_test {

using namespace trncost::report;

TEST_CASE("every format has one row, with a unique name, extension and media type") {
  std::set<std::string_view> names, extensions, media;
  for (const auto f : {format::json, format::focus_csv, format::markdown, format::html,
                       format::text, format::svg}) {
    CHECK(row_of(f).id == f);
    CHECK(row_of(f).kinds != 0U);
    CHECK(names.insert(row_of(f).name).second);
    CHECK(extensions.insert(row_of(f).extension).second);
    CHECK(media.insert(row_of(f).media_type).second);
    CHECK(row_of(f).extension.starts_with("."));
  }
  CHECK(names.size() == formats.size());
  // Every kind is written in at least one format.
  // Every kind is in the kinds' table at its enumerator's place, and written in some format.
  for (std::size_t i = 0; i < report_kinds.size(); ++i) {
    CHECK(static_cast<std::size_t>(report_kinds[i].kind) == i);
    CHECK_FALSE(format_names(report_kinds[i].kind).empty());
  }
  CHECK(report_kinds.back().kind == report_kind::what_if);  // the last enumerator
}

TEST_CASE("which kinds each format writes: the writers that exist") {
  CHECK(format_names(report_kind::estimate) == "json, csv, md, html");
  CHECK(format_names(report_kind::study) == "json, csv, md, html");
  CHECK(format_names(report_kind::plan) == "json, md, html");
  CHECK(format_names(report_kind::diff) == "md, html, text");
  CHECK(format_names(report_kind::reconciliation) == "json, md, html");
  CHECK(format_names(report_kind::rendered_estimate) == "md, html");
  CHECK(format_names(report_kind::what_if) == "md, svg");
  CHECK(renders(format::focus_csv, report_kind::study));
  CHECK_FALSE(renders(format::focus_csv, report_kind::plan));
  CHECK_FALSE(renders(format::json, report_kind::rendered_estimate));
}

TEST_CASE("a format by its name, for a kind") {
  CHECK(format_named("md", report_kind::plan) == format::markdown);
  CHECK(format_named("csv", report_kind::estimate) == format::focus_csv);
  CHECK_FALSE(format_named("csv", report_kind::plan).has_value());  // a name, not the plan's
  CHECK_FALSE(format_named("markdown", report_kind::estimate).has_value());  // not a name
  CHECK_FALSE(format_named("", report_kind::estimate).has_value());
  CHECK_FALSE(format_named("MD", report_kind::estimate).has_value());  // names are exact
  CHECK(to_string(format::markdown) == "md");
  CHECK(to_string(report_kind::rendered_estimate) == "rendered estimate");
}

TEST_CASE("a format by a file's extension, for a kind") {
  CHECK(format_of_path("out/report.html", report_kind::diff) == format::html);
  CHECK(format_of_path("r.csv", report_kind::study) == format::focus_csv);
  CHECK_FALSE(format_of_path("r.csv", report_kind::plan).has_value());
  CHECK_FALSE(format_of_path(".html", report_kind::diff).has_value());  // no name before it
  CHECK_FALSE(format_of_path("r.htm", report_kind::diff).has_value());
  CHECK_FALSE(format_of_path("html", report_kind::diff).has_value());
}

TEST_CASE("the refusal names the kind's formats, and whether the name is a format at all") {
  CHECK(format_refusal("csv", report_kind::plan) ==
        "\"csv\" is not a format of a plan; the formats of a plan are json, md, html");
  CHECK(format_refusal("pdf", report_kind::estimate) ==
        "unknown format \"pdf\"; the formats of an estimate are json, csv, md, html");
  CHECK(format_refusal("json", report_kind::rendered_estimate) ==
        "\"json\" is not a format of a rendered report; the formats of a rendered report are md, "
        "html");
}

}  // namespace trncost_tests::report_formats_test
