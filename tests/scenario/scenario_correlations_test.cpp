// A scenario's correlated Monte Carlo inputs (analysis.monte_carlo.correlations) and its named
// scenarios beside the measured one ([[analysis.scenario]]): parsed as written, computed on the
// scenario's model, reported in JSON (read back and audited), Markdown and HTML, and refused with
// the file, the line and the key.
#include <doctest/doctest.h>

#include <string>
#include <trncost/report/audit.hpp>
#include <trncost/report/html_extras.hpp>
#include <trncost/report/json_extras.hpp>
#include <trncost/report/markdown_extras.hpp>
#include <trncost/scenario/scenario.hpp>
#include <vector>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_correlations_test {

using namespace trncost;
using namespace trncost::report;
using namespace trncost::scenario;
namespace {

// Three data preparation costs, 100 + 50 + 20 = 170 USD, each an assumption; the shared head is 17
// lines, these 8 more, so a case's tail starts at line 26.
const std::string head =
    trncost_support::scenario_head + trncost_support::component_head("data_preparation", "prep") +
    "cost = { value = \"100\", assumption = \"a quote from the data team\" }\n" +
    trncost_support::declare_none_but({"data_preparation"}) +
    trncost_support::component_head("data_preparation", "clean") +
    "cost = { value = \"50\", assumption = \"a quote from the data team\" }\n" +
    trncost_support::component_head("data_preparation", "label") +
    "cost = { value = \"20\", assumption = \"a quote from the data team\" }\n";

const std::string drawn =
    "[analysis.monte_carlo]\nsamples = 20000\nseed = 5\ninputs = [\n"
    "  { input = \"prep.cost\", uniform = [\"90\", \"110\"] },\n"
    "  { input = \"clean.cost\", uniform = [\"40\", \"60\"] },\n"
    "  { input = \"label.cost\", uniform = [\"10\", \"30\"] },\n]\n";  // lines 26 to 33

struct computed {
  scenario_spec spec;
  estimate est;
  report::extras x;
};

computed run(const std::string& tail) {
  auto spec = parse_scenario(head + tail, "s.toml");
  const model m = build_model(spec);
  auto est = m.evaluate(spec.as_of, scenario_options(spec));
  auto x = scenario_extras(spec, m, est);
  return {std::move(spec), std::move(est), std::move(x)};
}

std::string error_of(const std::string& tail) {
  return trncost_support::error_message([&] { (void)run(tail); });
}

}  // namespace

TEST_CASE("analysis.monte_carlo.correlations: read, drawn together and reported") {
  const auto c = run(drawn +
                     "correlations = [{ inputs = [\"prep.cost\", \"clean.cost\"], rho = "
                     "\"0.8\" }]\n");
  REQUIRE(c.spec.analysis);
  REQUIRE(c.spec.analysis->correlations.size() == 1);
  CHECK(c.spec.analysis->correlations[0].first == "prep.cost");
  CHECK(c.spec.analysis->correlations[0].second == "clean.cost");
  CHECK(c.spec.analysis->correlations[0].rho == "0.8");
  CHECK(c.spec.analysis->correlations[0].line == 34);
  REQUIRE(c.x.monte_carlo);
  REQUIRE(c.x.monte_carlo->correlations.size() == 1);
  CHECK(c.x.monte_carlo->correlations[0] == "prep.cost and clean.cost: rank correlation 0.8");
  // The mean is 100 + 50 + 20 = 170 whatever the correlation (standard error below 0.1 here).
  CHECK(c.x.monte_carlo->mean == doctest::Approx(170).epsilon(0.003));
  // Each uniform over 20 USD has variance 400 / 12 = 33.3; independent, the total's is 100 (sd 10);
  // with prep and clean at 0.8 (for uniforms, their correlation too) 100 + 2 x 0.8 x 33.3 = 153.3
  // (sd 12.4): the band widens by a quarter.
  const auto plain = run(drawn);
  const double wide = c.x.monte_carlo->p95 - c.x.monte_carlo->p5;
  const double narrow = plain.x.monte_carlo->p95 - plain.x.monte_carlo->p5;
  CHECK(wide / narrow == doctest::Approx(12.38 / 10.0).epsilon(0.04));
  // Every report of the band says so; without correlations the JSON has no such member.
  const std::string json = render_json(report::from_estimate(c.est), c.x);
  const auto member = json.find("\"correlations\"");
  REQUIRE(member != std::string::npos);
  CHECK(json.find("\"prep.cost and clean.cost: rank correlation 0.8\"", member) ==
        json.find("\"", json.find("[", member)));
  CHECK(render_json(report::from_estimate(plain.est), plain.x).find("\"correlations\"") ==
        std::string::npos);
  const auto back = read_full_report(json);
  REQUIRE(back.extras.monte_carlo);
  CHECK(back.extras.monte_carlo->correlations == c.x.monte_carlo->correlations);
  CHECK_MESSAGE(report::check(back.extras).ok, report::check(back.extras).first_mismatch);
  CHECK(render_markdown(c.est, c.x)
            .find("Drawn together (Gaussian copula):\n\n- prep.cost and "
                  "clean.cost: rank correlation 0.8\n") != std::string::npos);
  CHECK(render_html(c.est, c.x)
            .find("<ul class=\"correlations\">\n<li>prep.cost and clean.cost: "
                  "rank correlation 0.8</li>") != std::string::npos);
}

TEST_CASE("analysis.monte_carlo.correlations: refusals name the file, the line and the key") {
  const auto at = [](const char* entry) {
    return drawn + "correlations = [\n  " + entry + ",\n]\n";  // the entry on line 35
  };
  CHECK(error_of(at("{ inputs = [\"prep.cost\", \"clean.cost\"], rho = \"1.5\" }")) ==
        "trncost: s.toml:35: analysis.monte_carlo.correlations[0].rho: is 1.5; a rank correlation "
        "is from -1 to 1");
  CHECK(error_of(at("{ inputs = [\"prep.cost\", \"prep.cost\"], rho = \"0.5\" }")) ==
        "trncost: s.toml:35: analysis.monte_carlo.correlations[0].inputs: names \"prep.cost\" "
        "twice; an input is not correlated with itself");
  CHECK(error_of(at("{ inputs = [\"prep.cost\"], rho = \"0.5\" }")) ==
        "trncost: s.toml:35: analysis.monte_carlo.correlations[0].inputs: must name two inputs (a "
        "correlation is between two); it names 1");
  CHECK(error_of(at("{ inputs = [\"prep.cost\", \"clean.cost\"], rh = \"0.5\" }")) ==
        "trncost: s.toml:35: analysis.monte_carlo.correlations[0].rh: unknown key (did you mean "
        "\"rho\"?); a correlation takes inputs, rho");
  CHECK(error_of(at("{ inputs = [\"prep.cost\", \"clean.cost\"], rho = 0.5 }")) ==
        "trncost: s.toml:35: analysis.monte_carlo.correlations[0].rho: must be an exact decimal "
        "as text (\"0.1\"), never a TOML number");
  CHECK(error_of(at("{ inputs = [\"prep.cost\", \"nothing\"], rho = \"0.5\" }"))
            .starts_with("trncost: s.toml:35: analysis.monte_carlo.correlations[0]: analysis: the "
                         "model has no input named 'nothing'"));
  CHECK(error_of(drawn + "correlations = [\n"
                         "  { inputs = [\"prep.cost\", \"clean.cost\"], rho = \"0.5\" },\n"
                         "  { inputs = [\"clean.cost\", \"prep.cost\"], rho = \"0.4\" },\n]\n") ==
        "trncost: s.toml:36: analysis.monte_carlo.correlations[1].inputs: \"clean.cost\" and "
        "\"prep.cost\" are correlated twice; give each pair once");
  // An input of the model that is not drawn.
  CHECK(error_of("[analysis.monte_carlo]\nsamples = 10\ninputs = [{ input = \"prep.cost\", "
                 "uniform = [\"1\", \"2\"] }]\ncorrelations = [{ inputs = [\"prep.cost\", "
                 "\"clean.cost\"], rho = \"0.5\" }]\n") ==
        "trncost: s.toml:29: analysis.monte_carlo.correlations[0]: 'clean.cost' is not one of the "
        "uncertain inputs (analysis.monte_carlo.inputs); only drawn inputs move together");
  // Each pair alone is fine; the three together are not: placed at the first correlation.
  CHECK(error_of(drawn + "correlations = [\n"
                         "  { inputs = [\"prep.cost\", \"clean.cost\"], rho = \"0.9\" },\n"
                         "  { inputs = [\"clean.cost\", \"label.cost\"], rho = \"0.9\" },\n"
                         "  { inputs = [\"prep.cost\", \"label.cost\"], rho = \"-0.9\" },\n]\n") ==
        "trncost: s.toml:35: analysis.monte_carlo.correlations: Monte Carlo: the correlations are "
        "not positive semi-definite: no joint distribution has them all (three inputs cannot each "
        "move with the next and against the first); loosen one");
}

TEST_CASE("[[analysis.scenario]]: a conservative scenario beside the measured one, by hand") {
  const auto c = run(
      "[[analysis.scenario]]\nname = \"conservative\"\n"
      "overrides.\"prep.cost\" = { value = \"120\", assumption = \"the data team's high quote\" "
      "}\n"
      "overrides.\"clean.cost\" = { value = \"60\", unit = \"USD\", third_party = { source = \"a "
      "vendor's list\", seen = 2026-11-01 } }\n");
  REQUIRE(c.spec.analysis);
  REQUIRE(c.spec.analysis->scenarios.size() == 1);
  CHECK(c.spec.analysis->scenarios[0].name == "conservative");
  CHECK(c.spec.analysis->scenarios[0].line == 26);
  REQUIRE(c.x.scenarios);
  const auto& t = c.x.scenarios->scenarios;
  REQUIRE(t.size() == 2);
  // Measured: 100 + 50 + 20 = 170. Conservative: 120 + 60 + 20 = 200, a gap of 30: prep's 20
  // alone (120 - 100) and clean's 10 (60 - 50); the lines add, so no interaction.
  CHECK(t[0].name == "measured");
  CHECK(t[0].total == decimal(170));
  CHECK(t[1].name == "conservative");
  CHECK(t[1].total == decimal(200));
  CHECK(t[1].gap == decimal(30));
  CHECK(t[1].interaction == decimal(0));
  // The overrides in the order of their names, each with what it rests on.
  REQUIRE(t[1].overrides.size() == 2);
  CHECK(t[1].overrides[0].input == "clean.cost");
  CHECK(t[1].overrides[0].value == decimal(60));
  CHECK(t[1].overrides[0].rationale == "third-party: a vendor's list, seen 2026-11-01");
  CHECK(t[1].overrides[1].input == "prep.cost");
  CHECK(t[1].overrides[1].rationale == "assumption: the data team's high quote");
  REQUIRE(t[1].parts.size() == 2);
  CHECK(t[1].parts[0].effect == decimal(10));
  CHECK(t[1].parts[1].effect == decimal(20));
  // Reported: JSON (read back and audited), Markdown and HTML, each with the total and overrides.
  const std::string json = render_json(report::from_estimate(c.est), c.x);
  CHECK(json.find("\"third-party: a vendor's list, seen 2026-11-01\"") != std::string::npos);
  const auto back = read_full_report(json);
  REQUIRE(back.extras.scenarios);
  CHECK(back.extras.scenarios->scenarios[1].total == decimal(200));
  CHECK_MESSAGE(report::check(back.extras).ok, report::check(back.extras).first_mismatch);
  const std::string md = render_markdown(c.est, c.x);
  CHECK(md.find("| conservative | 200.00 | 30.00 |") != std::string::npos);
  CHECK(md.find("- conservative: `prep.cost` = 120 (assumption: the data team's high quote)\n") !=
        std::string::npos);
  const std::string html = render_html(c.est, c.x);
  CHECK(html.find("<section id=\"scenarios\">") != std::string::npos);
  CHECK(html.find("<tr data-scenario=\"conservative\"><td>conservative</td><td "
                  "class=\"num\">200.00</td>") != std::string::npos);
  CHECK(html.find("third-party: a vendor&#39;s list, seen 2026-11-01") != std::string::npos);
}

TEST_CASE("[[analysis.scenario]]: refusals name the file, the line and the key") {
  const std::string named = "[[analysis.scenario]]\nname = \"conservative\"\n";  // lines 26, 27
  CHECK(error_of(named + "overrides.\"prep.cost\" = 120\n")
            .starts_with("trncost: s.toml:28: analysis.scenario[0].overrides.\"prep.cost\": is a "
                         "bare number; an input needs its provenance"));
  CHECK(error_of(named + "overrides.\"prep.cost\" = { value = \"120\" }\n")
            .starts_with("trncost: s.toml:28: analysis.scenario[0].overrides.\"prep.cost\": has "
                         "no provenance"));
  CHECK(error_of(named + "overrides.\"nothing\" = { value = \"1\", assumption = \"x\" }\n")
            .starts_with("trncost: s.toml:28: analysis.scenario[0].overrides.\"nothing\": "
                         "analysis: the model has no input named 'nothing'"));
  CHECK(error_of(named + "overrides.\"prep.cost\" = { value = \"1\", unit = \"h\", assumption = "
                         "\"x\" }\n") ==
        "trncost: s.toml:28: analysis.scenario[0].overrides.\"prep.cost\": unit: is \"h\" where "
        "the input 'prep.cost' is in \"USD\"; give the value in the input's unit");
  CHECK(error_of(named + "overrides = {}\n") ==
        "trncost: s.toml:28: analysis.scenario[0].overrides: is empty: a scenario overrides at "
        "least one input");
  CHECK(error_of("[[analysis.scenario]]\nname = \"measured\"\noverrides.\"prep.cost\" = { value "
                 "= \"1\", assumption = \"x\" }\n") ==
        "trncost: s.toml:27: analysis.scenario[0].name: \"measured\" is the scenario of the inputs "
        "as written; name this one otherwise");
  CHECK(error_of(named + "overrides.\"prep.cost\" = { value = \"1\", assumption = \"x\" }\n" +
                 named + "overrides.\"clean.cost\" = { value = \"1\", assumption = \"x\" }\n") ==
        "trncost: s.toml:29: analysis.scenario[1].name: \"conservative\" names two scenarios; each "
        "scenario has its own name");
  CHECK(error_of(named + "overides = {}\n") ==
        "trncost: s.toml:28: analysis.scenario[0].overides: unknown key (did you mean "
        "\"overrides\"?); a scenario takes name, overrides");
  CHECK(error_of("[analysis]\nscenario = \"conservative\"\n") ==
        "trncost: s.toml:27: analysis.scenario: must be an array of tables: write each scenario as "
        "[[analysis.scenario]]");
}

}  // namespace trncost_tests::cli_scenario_correlations_test
