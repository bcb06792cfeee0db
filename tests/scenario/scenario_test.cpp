// The scenario file (include/trncost/scenario/scenario.hpp): the shipped scenarios reproduce the
// flagship model exactly, the parser fills the spec as written, and every refusal names the file,
// the line and the key.
#include <doctest/doctest.h>

#include <string>
#include <trncost/scenario/scenario.hpp>

#include "../../examples/flagship_model.hpp"
#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_test {

using namespace trncost;
using namespace trncost::scenario;
namespace {

using trncost_support::example_scenarios;
const std::string bad = TRNCOST_TESTS_DIR "/scenario/data/";

// A valid scenario's head; cases append components or replace lines.
const std::string& head = trncost_support::scenario_head;

std::string error_of(const std::string& text) { return trncost_support::parse_error_of(text); }

}  // namespace

TEST_CASE("the trn1 scenario gives the flagship's estimate, to the last digit") {
  // Same inputs (phases, throughput, instance count and interruptions from the same run log; the
  // same volumes; the same prices, read from the same offer files through a price book), so the
  // same total, status and lines. Only the input names differ ("fine-tune.price" here,
  // "trn1_price" there).
  const estimate from_file =
      evaluate_scenario(read_scenario(example_scenarios + "fine-tune-8b-trn1.toml"));
  const estimate flagship = flagship::build(flagship::variant::baseline).evaluate(flagship::as_of);
  CHECK(from_file.total == flagship.total);
  CHECK(from_file.total == decimal::parse("397.635212328767123288"));
  CHECK(from_file.status == flagship.status);
  CHECK(from_file.status == estimate_status::verified);
  CHECK(from_file.lines.size() == flagship.lines.size());
  CHECK(from_file.by_category == flagship.by_category);
  CHECK(from_file.useful == flagship.useful);
  CHECK(from_file.overhead == flagship.overhead);
}

TEST_CASE("the trn2 scenario gives the flagship's third-party variant") {
  const estimate from_file =
      evaluate_scenario(read_scenario(example_scenarios + "fine-tune-8b-trn2.toml"));
  const estimate flagship =
      flagship::build(flagship::variant::trn2_third_party).evaluate(flagship::as_of);
  CHECK(from_file.total == flagship.total);
  CHECK(from_file.total == decimal::parse("196.861537328767123288"));
  CHECK(from_file.status == estimate_status::provisional);
  CHECK(from_file.status == flagship.status);
  // The third-party price, and the trn1 runs' interruption figures, assumed to hold on trn2.
  REQUIRE(from_file.reasons.size() == 4);
  CHECK(from_file.reasons[0].text ==
        "fine-tune.price is third-party (a cloud price comparison site (no official on-demand row "
        "in the AmazonEC2 offer file), seen 2026-10-02), not an official price");
  for (std::size_t i = 1; i < 4; ++i) {
    CHECK(from_file.reasons[i].rule == verified_rule::no_assumption);
    CHECK(from_file.reasons[i].text.find("assumed to hold on trn2.48xlarge") != std::string::npos);
  }
}

TEST_CASE("parse_scenario fills the spec as written") {
  const auto s = read_scenario(example_scenarios + "fine-tune-8b-trn1.toml");
  CHECK(s.format == scenario_format_version);
  CHECK(s.title == "Fine-tune 8B on 2 x trn1.32xlarge (us-east-1)");
  CHECK(s.as_of == parse_date("2026-11-30"));
  CHECK(s.region == "us-east-1");
  CHECK(s.freshness_days == 120);
  CHECK(scenario_options(s).freshness_window == day_count{120});
  REQUIRE(s.prices_consulted.has_value());
  CHECK(*s.prices_consulted == parse_date("2026-11-30"));
  REQUIRE(s.price_files.size() == 4);
  CHECK(s.price_files[2].path == "../data/offers/AmazonCloudWatch-us-east-1.json");
  CHECK(s.price_files[2].line == 24);  // after the 4 lines of [sources.reference-volumes]
  REQUIRE(s.price_files[2].where.size() == 1);
  CHECK(s.price_files[2].where[0].first == "usagetype");
  CHECK(s.price_files[2].where[0].second ==
        std::vector<std::string>{"USE1-DataProcessing-Bytes", "USE1-TimedStorage-ByteHrs"});
  REQUIRE(s.run_files.size() == 1);
  CHECK(s.run_files[0].path == "../data/ft-8b-trn1-runs.csv");
  REQUIRE(s.components.size() == 7);
  CHECK(s.none.empty());

  const scenario_component& it = s.components[0];
  CHECK(it.kind == "instance_time");
  CHECK(it.name == "fine-tune");
  CHECK(it.text.at("instance_type") == "trn1.32xlarge");
  CHECK(it.values.at("price").query == "ec2_on_demand");
  CHECK_FALSE(it.values.at("price").origin.has_value());
  const scenario_value& tokens = it.values.at("tokens_to_train");
  CHECK(tokens.value == "1296000000");
  CHECK(tokens.query.empty());
  REQUIRE(tokens.origin.has_value());
  const auto& m = std::get<measured>(*tokens.origin);
  CHECK(m.run_id == "dataset-ft-v4");
  CHECK(m.from == parse_timestamp("2026-11-18T08:00:00Z"));
  CHECK(m.to == parse_timestamp("2026-11-18T08:20:00Z"));

  CHECK(s.components[1].kind == "failures");
  CHECK(s.components[1].text.at("instance_time") == "fine-tune");
  const scenario_component& dt = s.components[4];
  CHECK(dt.kind == "data_transfer");
  REQUIRE(dt.transfers.size() == 2);
  CHECK(dt.transfers[0].type == "inter_az");
  CHECK(dt.transfers[1].type == "internet_egress");
  CHECK(dt.transfers[1].what == "fine-tuned weights to the customer");
  CHECK(dt.transfers[1].values.at("gib").value == "16");

  const auto t2 = read_scenario(example_scenarios + "fine-tune-8b-trn2.toml");
  const auto& p = t2.components[0].values.at("price");
  CHECK(p.value == "35.76");
  CHECK(std::get<third_party>(*p.origin).seen == parse_date("2026-10-02"));
  CHECK(t2.components[1].runs == std::vector<std::string>{"../data/ft-8b-trn1-runs.csv"});
}

TEST_CASE("component_kind_names lists every kind the parser reads, in the documentation's order") {
  const auto names = trncost::scenario::component_kind_names();
  const std::vector<std::string_view> expected{"instance_time",
                                               "failures",
                                               "block_storage",
                                               "object_storage",
                                               "logging",
                                               "data_transfer",
                                               "data_preparation",
                                               "serving",
                                               "sweep",
                                               "continued_pretraining",
                                               "batch_inference",
                                               "autoscaled_serving",
                                               "frontier",
                                               "hosted_api",
                                               "compilation"};
  CHECK(names == expected);
  // Every kind's keys are in scenario_key_paths() under its name, and a kind the registry does not
  // hold is refused with the list.
  const auto paths = trncost::scenario::scenario_key_paths();
  for (std::string_view k : names) {
    CHECK(std::any_of(paths.begin(), paths.end(), [&](const std::string& p) {
      return p.starts_with("component." + std::string(k) + ".");
    }));
  }
  CHECK(trncost_support::parse_error_of(trncost_support::scenario_head +
                                        "[[component]]\nkind = \"servng\"\nname = \"x\"\n") ==
        "trncost: s.toml:9: component[0].kind: unknown component kind \"servng\" (did you mean "
        "\"serving\"?); the kinds are instance_time, failures, block_storage, object_storage, "
        "logging, data_transfer, data_preparation, serving, sweep, continued_pretraining, "
        "batch_inference, autoscaled_serving, frontier, hosted_api, compilation");
}

TEST_CASE("every provenance written inline, and declare_none") {
  const auto s = parse_scenario(head + R"(
[[component]]
kind = "logging"
name = "logs"
ingested_gib = { value = "6", assumption = "as much as last month" }
ingestion_price = { value = "0.50", quoted = { source = "CloudWatch pricing page", region = "us-east-1", consulted = 2026-11-29 } }
stored_gib = { value = "6", documented = { source = "retention policy", consulted = 2026-11-01 } }
kept_months = { value = "1", third_party = { source = "a blog", seen = "2026-10-02" } }
[declare_none]
transfer = "no data leaves the region"
)",
                                "s.toml");
  const auto& v = s.components.at(0).values;
  CHECK(std::get<assumption>(*v.at("ingested_gib").origin).rationale == "as much as last month");
  const auto& q = std::get<quoted>(*v.at("ingestion_price").origin);
  CHECK(q.source == "CloudWatch pricing page");
  CHECK(q.region == "us-east-1");
  CHECK(q.consulted == parse_date("2026-11-29"));
  CHECK(std::get<documented>(*v.at("stored_gib").origin).consulted == parse_date("2026-11-01"));
  CHECK(std::get<third_party>(*v.at("kept_months").origin).seen == parse_date("2026-10-02"));
  CHECK_FALSE(v.contains("storage_price"));  // left to the price book
  REQUIRE(s.none.size() == 1);
  CHECK(s.none[0].cat == category::transfer);
  CHECK(s.none[0].justification == "no data leaves the region");
  CHECK(s.none[0].line == 17);
}

TEST_CASE("a scenario without runs or prices: one assumed cost, the rest declared none") {
  const auto s = read_scenario(bad + "assumed.toml");
  const estimate est = evaluate_scenario(s);
  CHECK(est.total == decimal::parse("38.40"));
  CHECK(est.status == estimate_status::provisional);  // the cost is an assumption
  const model m = build_model(s);
  CHECK(m.evaluate(s.as_of).total == est.total);
}

TEST_CASE("scenario errors name the file, the line and the key") {
  // Unknown keys, with the closest known one.
  CHECK(error_of("formt = 1\n" + head) ==
        "trncost: s.toml:1: formt: unknown key (did you mean \"format\"?); a scenario file takes "
        "format, sources, estimate, prices, runs, component, declare_none, analysis, grant, spend, "
        "uncertainty, compat");
  CHECK(error_of(head + "consulted = 2026-11-30\nfiels = []\n") ==
        "trncost: s.toml:9: prices.fiels: unknown key (did you mean \"files\"?); [prices] takes "
        "files, store, consulted, max_age_days, savings_plans");
  CHECK(error_of(R"(format = 1
[estimate]
titel = "t"
)") == "trncost: s.toml:3: estimate.titel: unknown key (did you mean \"title\"?); [estimate] "
       "takes title, as_of, region, freshness_days, strict_freshness, cost_per");
  // A typo in a component kind, with the closest kind.
  CHECK(error_of(head + "[[component]]\nkind = \"object_storge\"\nname = \"x\"\n") ==
        "trncost: s.toml:9: component[0].kind: unknown component kind \"object_storge\" (did you "
        "mean \"object_storage\"?); the kinds are instance_time, failures, block_storage, "
        "object_storage, logging, data_transfer, data_preparation, serving, sweep, "
        "continued_pretraining, batch_inference, autoscaled_serving, frontier, hosted_api, "
        "compilation");
  // Missing required keys: at the table's line.
  CHECK(error_of("format = 1\n[estimate]\ntitle = \"t\"\nas_of = 2026-11-30\n") ==
        "trncost: s.toml:2: estimate.region: is missing (required)");
  CHECK(
      error_of(head + "[[component]]\nkind = \"data_preparation\"\nname = \"x\"\n") ==
      "trncost: s.toml:8: component[0].cost: is missing: write exactly one of cost, instance_type "
      "(a measured cost, or the CPU instances the preparation ran on)");
  CHECK(error_of("[estimate]\n") ==
        "trncost: s.toml: format: is missing; a scenario file starts with `format = 1`");
  // A newer format.
  CHECK(error_of("format = 3\n") ==
        "trncost: s.toml:1: format: is 3, newer than the scenario format this trncost reads (1); "
        "use a newer trncost");
  // Bare numbers and values without provenance.
  const std::string prep = head + "[[component]]\nkind = \"data_preparation\"\nname = \"x\"\n";
  CHECK(error_of(prep + "cost = 38\n") ==
        "trncost: s.toml:11: component[0].cost: is a bare number; an input needs its provenance: "
        "write cost = { value = \"...\", measured = { run = \"...\", method = \"...\", from = ..., "
        "to = ... } } (or assumption, third_party, documented, choice, forecast)");
  CHECK(error_of(prep + "cost = \"38\"\n") ==
        "trncost: s.toml:11: component[0].cost: is a value without its provenance: write cost = "
        "{ value = \"...\", measured = { run = \"...\", method = \"...\", from = ..., to = ... } } "
        "(or assumption, third_party, documented, choice, forecast)");
  CHECK(error_of(prep + "cost = { value = 38, assumption = \"a\" }\n") ==
        "trncost: s.toml:11: component[0].cost.value: must be the exact decimal as text (value = "
        "\"500\"), never a TOML number");
  CHECK(error_of(prep + "cost = { value = \"3 8\", assumption = \"a\" }\n") ==
        "trncost: s.toml:11: component[0].cost.value: \"3 8\" is not a decimal number: unexpected "
        "character ' ' at offset 1");
  CHECK(error_of(prep + "cost = { value = \"38\" }\n") ==
        "trncost: s.toml:11: component[0].cost: has no provenance: add measured, assumption, "
        "third_party, documented, quoted, choice, forecast or source");
  CHECK(error_of(prep + "cost = { value = \"38\", assumption = \"a\", third_party = { source = "
                        "\"b\", seen = 2026-01-01 } }\n")
            .find("an input has exactly one provenance") != std::string::npos);
  CHECK(error_of(prep + "cost = { value = \"38\", measured = { run = \"r\", method = \"m\", from = "
                        "2026-11-20T09:00:00+01:00, to = 2026-11-20T10:00:00Z } }\n") ==
        "trncost: s.toml:11: component[0].cost.measured.from: must be a UTC time (ending in Z, "
        "e.g. 2026-11-20T09:00:00Z)");
  CHECK(
      error_of(prep + "cost = { value = \"38\", measured = { run = \"r\", method = \"m\" } }\n") ==
      "trncost: s.toml:11: component[0].cost.measured.from: is missing (required)");
  // A price query that is not the key's.
  CHECK(error_of(head + "[[component]]\nkind = \"block_storage\"\nname = \"x\"\nvolume_type = "
                        "\"gp3\"\nprice = \"ec2_on_demand\"\n")
            .starts_with("trncost: s.toml:12: component[0].price: unknown price query "
                         "\"ec2_on_demand\"; this price is read with \"ebs_storage\""));
  // Duplicate component names, unknown categories, transfer types, invalid TOML.
  CHECK(
      error_of(prep + "cost = { value = \"1\", assumption = \"a\" }\n" +
               "[[component]]\nkind = \"data_preparation\"\nname = \"x\"\ncost = { value = \"1\", "
               "assumption = \"a\" }\n") ==
      "trncost: s.toml:12: component[1].name: \"x\" is already the name of component[0]; "
      "component names must differ");
  CHECK(error_of(head + "[declare_none]\nlog = \"none\"\n") ==
        "trncost: s.toml:9: declare_none.log: unknown category (did you mean \"logs\"?); the "
        "categories are compute, storage, transfer, logs, data_preparation, failures_restarts");
  CHECK(error_of(head + "[[component]]\nkind = \"data_transfer\"\nname = \"x\"\n"
                        "[[component.transfer]]\ntype = \"inter-az\"\nwhat = \"w\"\n"
                        "gib = { value = \"1\", assumption = \"a\" }\n") ==
        "trncost: s.toml:12: component[0].transfer[0].type: unknown transfer type \"inter-az\" "
        "(did you mean \"inter_az\"?); the types are inter_az, internet_egress, inter_region");
  CHECK(error_of("format = 1\n[estimate\n").starts_with("trncost: s.toml:2: is not valid TOML: "));
  // Inputs on which toml++ 3.3 breaks its own preconditions (an assertion, or an "unreachable"
  // point of its Unicode tables; tests/fuzz/scenario_fuzz.cpp found them) are refused before toml++
  // sees them (readers/detail/toml_check.hpp), with the line and the column.
  CHECK(error_of("format = 1\n[\n") ==
        "trncost: s.toml:2: is not valid TOML: column 2: a table header needs a name after '[' "
        "(saw a line break)");
  CHECK(error_of("[[ =]]\n") ==
        "trncost: s.toml:1: is not valid TOML: column 4: a table header needs a name after '[' "
        "(saw '=')");
  CHECK(error_of("[[[\n") ==
        "trncost: s.toml:1: is not valid TOML: column 3: a table header needs a name after '[' "
        "(saw '[')");
  CHECK(error_of("es = [}\n") ==
        "trncost: s.toml:1: is not valid TOML: column 7: '}' inside the array opened at line 1, "
        "column 6; an array ends with ']'");
  CHECK(error_of("x = [1,\n  # c\n}\n") ==
        "trncost: s.toml:3: is not valid TOML: column 1: '}' inside the array opened at line 1, "
        "column 5; an array ends with ']'");
  CHECK(error_of("x = 2026-11-20T:00:00Z\n") ==
        "trncost: s.toml:1: is not valid TOML: column 16: a date and time need the hour's digits "
        "after 'T' (saw ':')");
  CHECK(error_of("x = [2026-11-20 3]\n") ==
        "trncost: s.toml:1: is not valid TOML: column 17: a date and time need 'HH:MM:SS' after "
        "the space (saw '3' alone)");
  // U+03E5 where whitespace may stand reached an "unreachable" point of toml++'s Unicode tables.
  CHECK(error_of("format = 1\nx\xcf\xa5 = 1\n") ==
        "trncost: s.toml:2: is not valid TOML: column 2: U+03E5 outside a string or comment; TOML "
        "allows only ASCII there");
  CHECK(error_of("x = 1[a.\"\xcf\xa5]\n") ==
        "trncost: s.toml:1: is not valid TOML: column 10: U+03E5 in a value; TOML allows non-ASCII "
        "characters only in strings and comments");
  CHECK(error_of("x = \"\"\"\\\xcf\xa5\"\"\"\n") ==
        "trncost: s.toml:1: is not valid TOML: column 9: U+03E5 after a backslash in a multi-line "
        "string; an escape is a backslash and an ASCII character");
  CHECK(error_of("x = \"\"\"\\\n  \xcf\xa5\"\"\"\n") ==
        "trncost: s.toml:2: is not valid TOML: column 3: U+03E5 first on a line continued by a "
        "line-ending backslash in a multi-line string; start the line with an ASCII character or "
        "drop the backslash");
  // The same characters in strings and comments, and brackets inside strings, are TOML: what is
  // refused then is the scenario's content, by the scenario's own rules.
  CHECK(error_of("# \xcf\xa5 [\nformat = 1 # }\n[estimate]\ntitle = \"\xcf\xa5 [}\"\n") ==
        "trncost: s.toml:3: estimate.as_of: is missing (required)");
  CHECK(error_of(head + "[[component]]\nkind = \"block_storage\"\nname = \"x\"\nvolume_type = "
                        "\"gp3\"\nsize_gib = { value = \"1\", assumption = \"a\" }\n") ==
        "trncost: s.toml:8: component[0].kept_seconds: is missing: write exactly one of "
        "kept_seconds, kept_hours, kept_months, kept_for (how long the data is kept; kept_for "
        "names the workload it is kept for)");
}

TEST_CASE("build_model errors name the scenario file, the line and the key") {
  const auto refused = [](const std::string& text) -> std::string {
    try {
      (void)build_model(parse_scenario(text, bad + "inline.toml"));
    } catch (const trncost::error& e) {
      return e.what();
    }
    return "no error";
  };
  CHECK(refused(R"(format = 1
[estimate]
title = "t"
as_of = 2026-11-30
region = "us-east-1"
[prices]
files = ["nowhere.json"]
)") == "trncost: " + bad +
            "inline.toml:7: prices.files[0]: price file \"nowhere.json\" does not "
            "exist (looked for " +
            bad + "nowhere.json, relative to the scenario file)");
  const std::string failures = head + R"([[component]]
kind = "failures"
name = "f"
instance_time = "job"
)";
  CHECK(refused(failures) == "trncost: " + bad +
                                 "inline.toml:8: component[0] (f): instance_time: no "
                                 "instance_time component named \"job\" comes before this one");
  CHECK(refused(head + R"([[component]]
kind = "instance_time"
name = "job"
instance_type = "trn1.32xlarge"
tokens_to_train = { value = "1", assumption = "a" }
)") == "trncost: " + bad +
            "inline.toml:8: runs: a instance_time component reads the run logs, and [runs] "
            "names none");
  CHECK_THROWS_WITH_AS((void)read_scenario(bad + "absent.toml"),
                       ("trncost: " + bad + "absent.toml: cannot be opened (no such file)").c_str(),
                       parse_error);
}

}  // namespace trncost_tests::cli_scenario_test
