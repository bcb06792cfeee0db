// What an input is (docs/provenance.md#what-an-input-is): a choice, a forecast and trncost's
// default are given, never doubted, so they leave the status where the facts put it; a
// measurement may be just its day; a quote older than the freshness window prices the estimate
// with the status stale, unless the scenario asks for strict freshness or the price book has a
// maximum age. The total is the shipped trn1 scenario's (397.635212328767123288 USD, hand-computed
// in tests/scenario/scenario_inputs_test.cpp): a given input changes the status, never the amount.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <trncost/report/audit.hpp>
#include <trncost/report/json.hpp>
#include <trncost/report/markdown.hpp>
#include <trncost/scenario/scenario.hpp>
#include <utility>
#include <vector>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::scenario_input_roles_test {

using namespace trncost;
using namespace trncost::report;
using namespace trncost::scenario;
namespace {

using trncost_support::example_scenarios;

std::string trn1_with(const std::vector<std::pair<std::string, std::string>>& changes) {
  return trncost_support::with_changes(
      trncost_support::slurp(example_scenarios + "fine-tune-8b-trn1.toml"), changes);
}

estimate estimate_of(const std::string& text) {
  return evaluate_scenario(parse_scenario(text, example_scenarios + "changed.toml"));
}

const std::string volumes_line = R"(volumes = { value = "2", source = "reference-volumes" })";

const source_record* input_named(const estimate& est, std::string_view name) {
  for (const auto& in : est.inputs) {
    if (in->name == name) return in.get();
  }
  return nullptr;
}

}  // namespace

TEST_CASE("a choice is given: the status stays verified, the report lists it and audits") {
  const auto est = estimate_of(trn1_with(
      {{volumes_line,
        R"(volumes = { value = "2", choice = { why = "one scratch volume per node", by = "platform team" } })"}}));
  CHECK(est.total == decimal::parse("397.635212328767123288"));
  CHECK(est.status == estimate_status::verified);
  CHECK(est.reasons.empty());
  const auto* in = input_named(est, "scratch-volumes.volumes");
  REQUIRE(in != nullptr);
  CHECK(role_of(in->origin) == input_role::given);
  CHECK(describe(in->origin) == "choice: one scratch volume per node (decided by platform team)");
  const std::string json = render_json(est);
  CHECK(json.find("\"kind\": \"choice\",\n        \"reason\": \"one scratch volume per node\",\n"
                  "        \"by\": \"platform team\"\n") != std::string::npos);
  CHECK(audit(json, "choice.json").ok);
  const std::string md = render_markdown(est, "t");
  CHECK(md.find("## Given") != std::string::npos);
  CHECK(md.find("- `scratch-volumes.volumes` = 2 (choice): one scratch volume per node, "
                "decided by platform team") != std::string::npos);
  // The same value typed as an assumption is a guess, and the estimate provisional: the role,
  // not the value, decides.
  const auto guessed = estimate_of(trn1_with(
      {{volumes_line, R"(volumes = { value = "2", assumption = "one volume per node" })"}}));
  CHECK(guessed.status == estimate_status::provisional);
  CHECK(guessed.total == est.total);
}

TEST_CASE("a choice written as text, and in a named source, is a choice") {
  const auto est = estimate_of(trn1_with(
      {{volumes_line, R"(volumes = { value = "2", choice = "one scratch volume per node" })"},
       {"[sources.reference-volumes]",
        "[sources.decided]\nchoice = \"the fleet we run\"\n[sources.reference-volumes]"}}));
  CHECK(est.status == estimate_status::verified);
  const auto* in = input_named(est, "scratch-volumes.volumes");
  REQUIRE(in != nullptr);
  const auto* c = std::get_if<choice>(&in->origin);
  REQUIRE(c != nullptr);
  CHECK(c->reason == "one scratch volume per node");
  CHECK(c->by.empty());
}

TEST_CASE("a forecast is given: the status holds for it and the report shows how the total moves") {
  // The checkpoints bucket's 600 GiB as a forecast: 10 % lower is 540, higher 660.
  const auto est = estimate_of(trn1_with(
      {{R"(stored_gib = { value = "600", source = "reference-volumes" })",
        R"(stored_gib = { value = "600", forecast = { basis = "checkpoint plan", by = "ML team" } })"}}));
  CHECK(est.status == estimate_status::verified);
  const auto doc = report::from_estimate(est);
  const auto swings = report::forecast_swings(doc);
  REQUIRE(swings.size() == 1);
  CHECK(swings[0].input == "checkpoints.stored_gib");
  CHECK(swings[0].low_value == decimal::parse("540"));
  CHECK(swings[0].high_value == decimal::parse("660"));
  // The storage line moves by 60 GiB x 1 month x 0.023 USD = 1.38 USD each way (S3 Standard's
  // first tier covers 0 to 50 TB); nothing else uses the bucket's size.
  CHECK(est.total - swings[0].low_total == decimal::parse("1.38"));
  CHECK(swings[0].high_total - est.total == decimal::parse("1.38"));
  // Recomputed with the forecast as stated, the total is the estimate's.
  CHECK(report::recompute(doc).total == est.total);
  const std::string md = render_markdown(est, "t");
  CHECK(md.find("It holds for the stated forecast of checkpoints.stored_gib") != std::string::npos);
  CHECK(md.find("| `checkpoints.stored_gib` | 600 GiB | 396.26 (540) | 399.02 (660) |") !=
        std::string::npos);
  CHECK(audit(render_json(est), "forecast.json").ok);
}

TEST_CASE("a measurement may be just its day: run and method not recorded") {
  const auto est = estimate_of(
      trn1_with({{volumes_line, R"(volumes = { value = "2", measured = { on = 2026-11-20 } })"}}));
  CHECK(est.status == estimate_status::verified);
  const auto* in = input_named(est, "scratch-volumes.volumes");
  REQUIRE(in != nullptr);
  CHECK(describe(in->origin) ==
        "measured: run not recorded, method not recorded, 2026-11-20T00:00:00Z to "
        "2026-11-21T00:00:00Z");
  CHECK(audit(render_json(est), "day.json").ok);
  // A measurement still has its period: neither a day nor a span is refused.
  CHECK(trncost_support::parse_error_of(trn1_with(
            {{volumes_line, R"(volumes = { value = "2", measured = { run = "r1" } })"}})) !=
        "no error");
}

TEST_CASE("choices and forecasts are refused without their reason") {
  // Named members, not a structured binding: clang 14 cannot capture a binding in CAPTURE.
  for (const auto& c : std::vector<std::pair<std::string, std::string>>{
           {R"(choice = "")", "volumes.choice"},
           {R"(choice = { by = "me" })", "volumes.choice.why"},
           {R"(choice = { why = "x", when = 2026-01-01 })", "volumes.choice.when"},
           {R"(forecast = { by = "me" })", "volumes.forecast.basis"},
           {R"(forecast = 3)", "volumes.forecast"}}) {
    const std::string& written = c.first;
    const std::string msg = trncost_support::parse_error_of(
        trn1_with({{volumes_line, "volumes = { value = \"2\", " + written + " }"}}));
    CAPTURE(written);
    CHECK(msg.find(c.second) != std::string::npos);
  }
}

TEST_CASE("every shipped example estimated as of 2026-12-07 with the default window is stale") {
  // The shipped offer files were published in September 2026: more than 30 days before the
  // as-of date, so each quote from them is stale. The estimate is priced all the same (never a
  // refusal); with strict freshness it is refused; with a maximum age the book refuses the price.
  std::size_t examples = 0;
  for (const auto& entry : std::filesystem::directory_iterator(example_scenarios)) {
    if (entry.path().extension() != ".toml") continue;
    CAPTURE(entry.path().string());
    auto spec = read_scenario(entry.path().string());
    spec.as_of = parse_date("2026-12-07");
    spec.freshness_days = 30;
    // Read as the files say, without the day the scenario says they were consulted: each
    // price then counts as consulted on its file's publication date.
    spec.prices_consulted.reset();
    const auto est = evaluate_scenario(spec);
    // An example priced with no quote at all (a third-party or unknown price) has nothing to go
    // stale; every other one is stale, and says why.
    const bool quotes = std::any_of(est.inputs.begin(), est.inputs.end(), [](const auto& in) {
      return std::holds_alternative<quoted>(in->origin);
    });
    bool stale_reason = false;
    for (const auto& r : est.reasons) {
      if (r.rule != verified_rule::quotes_fresh) continue;
      stale_reason = true;
      CHECK(r.text.find("days before the as-of date 2026-12-07 (freshness window 30 days)") !=
            std::string::npos);
    }
    CHECK(stale_reason == quotes);
    if (quotes) {
      CHECK(est.status >= estimate_status::stale);
      ++examples;
    }
    CHECK(audit(render_json(est), "stale.json").ok);
  }
  CHECK(examples >= 8);

  auto spec = read_scenario(example_scenarios + "fine-tune-8b-trn1.toml");
  spec.as_of = parse_date("2026-12-07");
  spec.freshness_days = 30;
  spec.prices_consulted.reset();
  spec.strict_freshness = true;
  CHECK_THROWS_WITH_AS((void)evaluate_scenario(spec),
                       doctest::Contains("stale prices are refused (strict freshness)"),
                       input_error);
  spec.strict_freshness = false;
  spec.max_age_days = 60;
  CHECK_THROWS_WITH_AS((void)evaluate_scenario(spec),
                       doctest::Contains("the book accepts prices at most 60 days old"),
                       trncost::error);
}

TEST_CASE("the freshness settings are read from the file, each in its table") {
  const auto spec = parse_scenario(
      trn1_with({{"freshness_days = 120", "freshness_days = 30\nstrict_freshness = true"},
                 {"consulted = 2026-11-30", "consulted = 2026-11-30\nmax_age_days = 365"}}),
      example_scenarios + "changed.toml");
  CHECK(spec.freshness_days == 30);
  CHECK(spec.strict_freshness);
  REQUIRE(spec.max_age_days.has_value());
  CHECK(*spec.max_age_days == 365);
  CHECK(trncost_support::parse_error_of(
            trn1_with({{"freshness_days = 120", "strict_freshness = \"yes\""}}))
            .find("estimate.strict_freshness: must be true or false") != std::string::npos);
  CHECK(trncost_support::parse_error_of(
            trn1_with({{"consulted = 2026-11-30", "consulted = 2026-11-30\nmax_age_days = -1"}}))
            .find("prices.max_age_days: must be a whole number of days, 0 to 36500") !=
        std::string::npos);
}

}  // namespace trncost_tests::scenario_input_roles_test
