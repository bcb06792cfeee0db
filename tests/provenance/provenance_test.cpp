// Tests for provenance kinds, their validation and their one-line description; and ISO dates.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <trncost/provenance.hpp>

#include "../support/sourced_inputs.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::provenance_test {

using namespace trncost;

namespace {
/// The trn1.32xlarge on-demand offer row, saying which purchase option it prices.
quoted trn1_quote() {
  quoted q = trncost_support::trn1_offer_quote(parse_date("2026-11-30"));
  q.option = purchase_option::on_demand;
  return q;
}
}  // namespace

TEST_CASE("ISO dates and UTC timestamps parse, print back, and refuse what they are not") {
  CHECK(to_string(parse_date("2026-09-10")) == "2026-09-10");
  CHECK(to_string(parse_timestamp("2026-11-20T10:00:00Z")) == "2026-11-20T10:00:00Z");
  CHECK(parse_timestamp("2026-11-20T10:00:01Z").seconds_since_epoch() -
            parse_timestamp("2026-11-20T10:00:00Z").seconds_since_epoch() ==
        1);
  CHECK_THROWS_WITH_AS(parse_date("2026-02-30"), "trncost: \"2026-02-30\" is not a calendar date",
                       parse_error);
  CHECK_THROWS_AS(parse_date("2026-9-10"), parse_error);
  CHECK_THROWS_WITH_AS(parse_date("2026/09/10"),
                       "trncost: \"2026/09/10\" is not an ISO 8601 date (YYYY-MM-DD): expected "
                       "'-' at offset 4",
                       parse_error);
  CHECK_THROWS_AS(parse_timestamp("2026-11-20 10:00:00Z"), parse_error);
  CHECK_THROWS_AS(parse_timestamp("2026-11-20T25:00:00Z"), parse_error);
  CHECK_THROWS_AS(parse_timestamp("2026-11-20T10:00:00"), parse_error);
}

TEST_CASE("each provenance kind names itself") {
  CHECK(kind_name(measured{}) == "measured");
  CHECK(kind_name(quoted{}) == "quoted");
  CHECK(kind_name(documented{}) == "documented");
  CHECK(kind_name(third_party{}) == "third-party");
  CHECK(kind_name(derived{}) == "derived");
  CHECK(kind_name(assumption{}) == "assumption");
  CHECK(kind_name(declared_none{}) == "declared-none");
  CHECK(kind_name(choice{}) == "choice");
  CHECK(kind_name(forecast{}) == "forecast");
  CHECK(kind_name(tool_default{}) == "default");
  CHECK(to_string(purchase_option::on_demand) == "on-demand");
  CHECK(to_string(purchase_option::reserved) == "reserved");
  CHECK(to_string(purchase_option::savings_plan) == "Savings Plan");
  CHECK(to_string(purchase_option::spot) == "spot");
  CHECK(to_string(purchase_option::capacity_block) == "Capacity Block");
}

TEST_CASE("each provenance kind has its role: fact, guess, given, derived or none") {
  // docs/provenance.md#what-an-input-is: the role, not the value, decides what a kind does to
  // the status.
  CHECK(role_of(measured{}) == input_role::fact);
  CHECK(role_of(quoted{}) == input_role::fact);
  CHECK(role_of(documented{}) == input_role::fact);
  CHECK(role_of(third_party{}) == input_role::fact);
  CHECK(role_of(assumption{}) == input_role::guess);
  CHECK(role_of(choice{}) == input_role::given);
  CHECK(role_of(forecast{}) == input_role::given);
  CHECK(role_of(tool_default{}) == input_role::given);
  CHECK(role_of(derived{}) == input_role::derived);
  CHECK(role_of(declared_none{}) == input_role::none);
  CHECK(to_string(input_role::given) == "given");
  CHECK(to_string(input_role::guess) == "guess");
  CHECK(describe(choice{"redundancy", "platform team"}) ==
        "choice: redundancy (decided by platform team)");
  CHECK(describe(forecast{"Q1 plan", ""}) == "forecast: Q1 plan");
  CHECK(describe(tool_default{"no checkpoint is written"}) == "default: no checkpoint is written");
}

TEST_CASE("one table spells every provenance kind, in reports and in files") {
  // In the order of provenance's alternatives: kind_name reads the table.
  static_assert(spelling_of<measured>.report == "measured");
  static_assert(spelling_of<third_party>.report == "third-party");
  static_assert(spelling_of<third_party>.file == "third_party");
  static_assert(spelling_of<declared_none>.report == "declared-none");
  // Kinds a file never writes on an input have no file spelling.
  static_assert(spelling_of<derived>.file.empty());
  static_assert(spelling_of<declared_none>.file.empty());
  static_assert(spelling_of<tool_default>.file.empty());  // trncost's own, never written
  const provenance each[] = {measured{}, quoted{},      documented{},    third_party{},
                             derived{},  assumption{},  declared_none{}, choice{},
                             forecast{}, tool_default{}};
  for (const auto& p : each) {
    CAPTURE(p.index());
    CHECK(kind_name(p) == provenance_kinds[p.index()].report);
    // A file spelling is the report's with '_' for '-' (or none).
    const auto& k = provenance_kinds[p.index()];
    if (!k.file.empty()) {
      std::string file(k.report);
      std::replace(file.begin(), file.end(), '-', '_');
      CHECK(k.file == file);
    }
  }
}

TEST_CASE("a provenance that says too little to be checked is refused, naming the field") {
  CHECK_NOTHROW(validate(trn1_quote(), "trn1_price"));
  auto no_sku = trn1_quote();
  no_sku.sku.clear();
  CHECK_THROWS_WITH_AS(validate(no_sku, "trn1_price"),
                       "trncost: input 'trn1_price': quoted provenance field 'sku' is empty for a "
                       "price from an offer file",
                       input_error);
  auto no_version = trn1_quote();
  no_version.offer_version.clear();
  CHECK_NOTHROW(validate(no_version, "trn1_price"));  // the publication date identifies the file
  no_version.published.reset();
  CHECK_THROWS_AS(validate(no_version, "trn1_price"), input_error);
  // A quote that does not come from an offer file (a spot price page) needs no SKU.
  const quoted spot{.source = "EC2 spot price history, console",
                    .region = "us-east-1",
                    .option = purchase_option::spot,
                    .consulted = parse_date("2026-11-29")};
  CHECK_NOTHROW(validate(spot, "spot_price"));
  auto no_region = spot;
  no_region.region.clear();
  CHECK_THROWS_WITH_AS(validate(no_region, "spot_price"),
                       "trncost: input 'spot_price': quoted provenance field 'region' is empty",
                       input_error);
  auto no_day = spot;
  no_day.consulted = date{};
  CHECK_THROWS_AS(validate(no_day, "spot_price"), input_error);

  const auto t0 = parse_timestamp("2026-11-20T10:00:00Z");
  const auto t1 = parse_timestamp("2026-11-20T11:00:00Z");
  CHECK_NOTHROW(validate(measured{"run-42", "wall clock", t0, t1}, "train_time"));
  CHECK_THROWS_WITH_AS(validate(measured{"run-42", "wall clock", t1, t0}, "train_time"),
                       "trncost: input 'train_time': measured provenance field 'to' is before "
                       "'from'",
                       input_error);
  // The run and the method are said when known: a measurement may be just its period.
  CHECK_NOTHROW(validate(measured{"", "wall clock", t0, t1}, "x"));
  CHECK_NOTHROW(validate(measured{"", "", t0, t1}, "x"));
  CHECK_THROWS_AS(validate(measured{"", "", t0, timestamp{}}, "x"), input_error);
  // `{}` where a provenance is expected is an empty measured{}: the message says so.
  CHECK_THROWS_WITH_AS(validate(provenance{}, "fee"),
                       "trncost: input 'fee': the provenance is empty; say where the value comes "
                       "from (measured, quoted, documented, third_party, derived, assumption)",
                       input_error);
  CHECK_NOTHROW(validate(measured{"run-42", "", t0, t1}, "x"));
  CHECK_NOTHROW(validate(documented{"AWS Neuron documentation", parse_date("2026-11-30")}, "x"));
  CHECK_THROWS_AS(validate(documented{"", parse_date("2026-11-30")}, "x"), input_error);
  CHECK_THROWS_AS(validate(documented{"AWS Neuron documentation", date{}}, "x"), input_error);
  CHECK_THROWS_AS(validate(third_party{"", parse_date("2026-10-01")}, "x"), input_error);
  CHECK_THROWS_AS(validate(third_party{"blog", date{}}, "x"), input_error);
  CHECK_THROWS_AS(validate(derived{"a * b", {}}, "x"), input_error);
  CHECK_THROWS_AS(validate(derived{"a * b", {nullptr}}, "x"), input_error);
  CHECK_THROWS_AS(validate(assumption{""}, "x"), input_error);
  // The given kinds say why: a choice its reason, a forecast its basis, a default its reason.
  CHECK_NOTHROW(validate(choice{"two instances for redundancy", ""}, "x"));
  CHECK_THROWS_WITH_AS(validate(choice{"", "platform team"}, "fleet"),
                       "trncost: input 'fleet': choice provenance field 'reason' is empty; a "
                       "choice says why",
                       input_error);
  CHECK_NOTHROW(validate(forecast{"Q1 plan", "product"}, "x"));
  CHECK_THROWS_AS(validate(forecast{"", "product"}, "x"), input_error);
  CHECK_NOTHROW(validate(tool_default{"no checkpoint is written"}, "x"));
  CHECK_THROWS_AS(validate(tool_default{""}, "x"), input_error);
  CHECK_THROWS_WITH_AS(validate(declared_none{""}, "egress"),
                       "trncost: input 'egress': declared-none provenance field 'justification' "
                       "is empty",
                       input_error);
}

TEST_CASE("provenance describes itself in one line with everything needed to find the source") {
  CHECK(describe(trn1_quote()) ==
        "quoted: AmazonEC2 20260910195514 published 2026-09-10, SKU WVVQPJVCQU4SR8XF, term "
        "JRTCKXETXF, rate WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7, us-east-1, on-demand, consulted "
        "2026-11-30 (AmazonEC2 offer file, us-east-1)");
  CHECK(describe(third_party{"a price comparison site", parse_date("2026-10-02")}) ==
        "third-party: a price comparison site, seen 2026-10-02");
  CHECK(describe(measured{"run-42", "wall clock of the training phase",
                          parse_timestamp("2026-11-20T10:00:00Z"),
                          parse_timestamp("2026-11-20T11:29:59Z")}) ==
        "measured: run run-42, wall clock of the training phase, 2026-11-20T10:00:00Z to "
        "2026-11-20T11:29:59Z");
  CHECK(describe(assumption{"restart every 2 days"}) == "assumption: restart every 2 days");
  CHECK(describe(
            documented{"AWS Neuron documentation: Trn1 architecture", parse_date("2026-11-30")}) ==
        "documented: AWS Neuron documentation: Trn1 architecture, consulted 2026-11-30");
  CHECK(describe(declared_none{"no data leaves the region"}) ==
        "declared none: no data leaves the region");
  const auto input =
      std::make_shared<const source_record>(source_record{"a", "2", "h", assumption{"guess"}});
  CHECK(describe(derived{"a * a", {input, input}}) == "derived: a * a from a = 2 h, a = 2 h");
}

}  // namespace trncost_tests::provenance_test
