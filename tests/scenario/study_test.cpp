// Study files (include/trncost/scenario/study.hpp) and named sources: the shipped study gives each
// option's scenario estimate to the last digit, ranks per unit of work within one quality protocol,
// sets apart the option that missed the target, decides for the first-ranked option; its JSON
// report passes the study audit and a tampered one does not; [sources.NAME] gives the same
// provenance as writing it inline.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <trncost/report/audit_study.hpp>
#include <trncost/report/diff.hpp>
#include <trncost/report/study_report.hpp>
#include <trncost/scenario/study.hpp>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_study_test {

using namespace trncost;
using namespace trncost::report;
using namespace trncost::scenario;
namespace {

const std::string examples = TRNCOST_TESTS_DIR "/../examples/";

const std::string& head = trncost_support::scenario_head;

std::string scenario_error(const std::string& text) {
  return trncost_support::parse_error_of(text);
}

std::string study_error(const std::string& text) {
  return trncost_support::error_message<parse_error>([&] { (void)parse_study(text, "st.toml"); });
}

// A study whose options are one assumed preparation cost each (no price or run file): what the
// comparison sees is set by hand.
const std::string small_study = R"(format = 1
[study]
title = "small"
work = "prep.samples"
work_unit = "samples"
[study.quality]
dataset = "d"
metric = "accuracy"
target = "0.8"
direction = "higher_is_better"
[sources.guess]
assumption = "a round figure"
)" + trncost_support::estimate_tables +
                                trncost_support::component_head("data_preparation", "prep") +
                                "cost = { value = \"100\", source = \"guess\" }\n" +
                                trncost_support::declare_none_but({"data_preparation"});

}  // namespace

TEST_CASE("a named source gives the provenance written once") {
  const auto inline_spec =
      parse_scenario(head +
                         "[[component]]\nkind = \"data_preparation\"\nname = \"p\"\n"
                         "cost = { value = \"1\", assumption = \"as written\" }\n",
                     "s.toml");
  const auto named_spec = parse_scenario(
      head +
          "[sources.why]\nassumption = \"as written\"\n[[component]]\nkind = "
          "\"data_preparation\"\nname = \"p\"\ncost = { value = \"1\", source = \"why\" }\n",
      "s.toml");
  const auto& a = inline_spec.components.at(0).values.at("cost");
  const auto& b = named_spec.components.at(0).values.at("cost");
  REQUIRE(b.origin.has_value());
  CHECK(std::get<assumption>(*b.origin).rationale == "as written");
  CHECK(std::get<assumption>(*a.origin).rationale == std::get<assumption>(*b.origin).rationale);
  CHECK(b.value == "1");
}

TEST_CASE("named source errors name the file the line and the known names") {
  const std::string comp = "[[component]]\nkind = \"data_preparation\"\nname = \"p\"\n";
  // Line 15: head (7 lines), 4 lines of sources, 3 of the component, then the cost.
  CHECK(scenario_error(head +
                       "[sources.run-a]\nassumption = \"x\"\n[sources.run-b]\nassumption = "
                       "\"y\"\n" +
                       comp + "cost = { value = \"1\", source = \"run-c\" }\n") ==
        "trncost: s.toml:15: component[0].cost.source: unknown source \"run-c\" (did you mean "
        "\"run-a\"?); the sources are run-a, run-b");
  CHECK(scenario_error(head + comp + "cost = { value = \"1\", source = \"nowhere\" }\n") ==
        "trncost: s.toml:11: component[0].cost.source: unknown source \"nowhere\"; the file has no "
        "[sources]");
  CHECK(scenario_error(head + "[sources.two]\nassumption = \"x\"\ndocumented = { source = \"d\", "
                              "consulted = 2026-01-01 }\n") ==
        "trncost: s.toml:10: sources.two.documented: a named source holds exactly one provenance");
  CHECK(
      scenario_error(head + "[sources]\nflat = \"x\"\n") ==
      "trncost: s.toml:9: sources.flat: must be a table holding one provenance: [sources.flat] "
      "then measured = { ... } (or assumption, third_party, documented, quoted, choice, forecast)");
  CHECK(scenario_error(head + "[sources.s]\nassumption = \"x\"\n" + comp +
                       "cost = { value = \"1\", source = \"s\", assumption = \"y\" }\n")
            .find("an input has exactly one provenance") != std::string::npos);
}

TEST_CASE("the shipped study merges each option over the common tables") {
  const auto st = read_study(examples + "studies/fine-tune-trn1-trn2-p5.toml");
  CHECK(st.title == "Fine-tune 8B: trn1 vs trn2 vs p5 (us-east-1)");
  CHECK(st.work_input == "fine-tune.tokens_to_train");
  CHECK(st.work_per == decimal(1000000));
  REQUIRE(st.options.size() == 3);
  const auto& trn2 = st.options[1];
  CHECK(trn2.name == "1 x trn2.48xlarge");
  CHECK(trn2.scenario.title == "Fine-tune 8B on 1 x trn2.48xlarge (us-east-1), third-party price");
  REQUIRE(trn2.scenario.run_files.size() == 1);
  CHECK(trn2.scenario.run_files[0].path == "../data/ft-8b-trn2-runs.jsonl");
  // The option's keys replace the common ones; the common components stay, in their order.
  REQUIRE(trn2.scenario.components.size() == 7);
  const auto& ft = trn2.scenario.components[0];
  CHECK(ft.text.at("instance_type") == "trn2.48xlarge");
  REQUIRE(ft.values.at("price").origin.has_value());
  CHECK(std::holds_alternative<third_party>(*ft.values.at("price").origin));
  CHECK(ft.values.at("tokens_to_train").value == "1296000000");
  CHECK(st.options[0].scenario.components[0].text.at("instance_type") == "trn1.32xlarge");
  CHECK(st.options[2].scenario.components[0].text.at("instance_type") == "p5.48xlarge");
  // Quality: [study.quality] with the option's reached value and stack.
  CHECK(trn2.quality.metric == "eval_loss");
  CHECK(trn2.quality.target == decimal::parse("1.9"));
  REQUIRE(trn2.quality.reached.has_value());
  CHECK(*trn2.quality.reached == decimal::parse("1.89"));
  CHECK(st.options[2].quality.stack == "CUDA 12.8, torch 2.8");
  // The Monte Carlo table is the option's own; the tornado band the common one.
  REQUIRE(trn2.scenario.analysis.has_value());
  CHECK(trn2.scenario.analysis->tornado_band == std::optional<std::string>("0.1"));
  REQUIRE(trn2.scenario.analysis->inputs.size() == 1);
  CHECK(trn2.scenario.analysis->inputs[0].params == std::vector<std::string>{"140000", "155000"});
}

TEST_CASE("the shipped study ranks per million tokens and decides for the first-ranked option") {
  const auto r = run_study(examples + "studies/fine-tune-trn1-trn2-p5.toml");
  REQUIRE(r.options.size() == 3);
  // The trn1 and trn2 options are the shipped scenarios' estimates to the last digit
  // (tests/scenario/scenario_test.cpp checks those against the flagship model).
  CHECK(r.options[0].est.total == decimal::parse("397.635212328767123288"));
  CHECK(r.options[1].est.total == decimal::parse("196.861537328767123288"));
  // p5 instance time: (300 + 600 + 1,296,000,000 / 54,000 = 24,000 + 900 + 400 + 800) s
  // = 27,000 s on 1 instance at 55.04 USD/h = 412.80 USD.
  CHECK(r.options[2].est.by_category.at(category::compute) == decimal::parse("412.8"));
  for (const auto& o : r.options) CHECK(o.work == decimal(1296));  // 1,296,000,000 tokens

  REQUIRE(r.comparison.groups.size() == 1);
  const auto& g = r.comparison.groups[0];
  REQUIRE(g.ranked.size() == 2);
  CHECK(g.ranked[0].name == "1 x trn2.48xlarge");
  CHECK(g.ranked[0].cost_rank == 1);
  // 196.861537328767123288 / 1296 and 397.635212328767123288 / 1296, 18 digits half-even.
  CHECK(g.ranked[0].cost_per_work == decimal::parse("0.151899334358616607"));
  CHECK(g.ranked[1].name == "2 x trn1.32xlarge");
  CHECK(g.ranked[1].cost_per_work == decimal::parse("0.306817293463554879"));
  CHECK(g.ranked[1].cost_ratio == decimal::parse("2.019872534393041145"));
  // p5 is cheaper to run than nothing but missed the target: never ranked, never dropped.
  REQUIRE(g.apart.size() == 1);
  CHECK(g.apart[0].name == "1 x p5.48xlarge");
  CHECK(g.apart[0].reason ==
        "did not reach the target: eval_loss 1.95 against 1.9 (lower is better)");

  REQUIRE(r.decided_for.has_value());
  CHECK(*r.decided_for == "1 x trn2.48xlarge");
  CHECK(r.decision.outcome == analysis::verdict::suspend);
  REQUIRE(r.decision.suspend_reasons.size() == 1);
  CHECK(r.decision.suspend_reasons[0] ==
        "price 'fine-tune.price' is not verified: it is third-party");
  CHECK(r.decision.continue_reasons.at(0) ==
        "the target quality is reached: eval_loss 1.89 against 1.9");
  // Each option has its tornado, Monte Carlo band, burn-down and decision.
  for (const auto& o : r.options) {
    CHECK(o.extras.tornado.has_value());
    CHECK(o.extras.monte_carlo.has_value());
    CHECK(o.extras.burn_down.has_value());
    CHECK(o.extras.decision.has_value());
  }
  CHECK(r.options[0].extras.decision->outcome == analysis::verdict::continue_on);
  CHECK(r.options[2].extras.decision->outcome == analysis::verdict::suspend);
  // The grant (5,000 USD) covers AmazonEC2 and AmazonS3. trn2's compute is priced with a
  // third-party figure, but its lines are EC2 instance hours all the same (line identity): the
  // credits pay compute, failures and restarts and storage (EBS and S3); transfer (AWS Data
  // Transfer), logs (CloudWatch) and the data preparation's measured cost (no service) are paid in
  // cash.
  const auto& b = *r.options[1].extras.burn_down;
  const auto& by = r.options[1].est.by_category;
  const decimal cash =
      by.at(category::transfer) + by.at(category::logs) + by.at(category::data_preparation);
  CHECK(b.total_credits + b.total_uncovered == r.options[1].est.total);
  CHECK(b.total_credits == r.options[1].est.total - cash);
  CHECK(b.total_uncovered == cash);
}

TEST_CASE("the study reports: Markdown sections JSON audit and HTML without empty boxes") {
  const auto r = run_study(examples + "studies/fine-tune-trn1-trn2-p5.toml");
  const std::string md = render_study(r, "md");
  CHECK(md.starts_with("# Fine-tune 8B: trn1 vs trn2 vs p5 (us-east-1)\n"));
  // The study has a grant, so the decision ranks the cash paid after credits (trn2 first there
  // too).
  CHECK(md.find("## Decision: suspend (1 x trn2.48xlarge, ranked first by cash paid after "
                "credits)") != std::string::npos);
  CHECK(md.find("## Ranking by cash paid after credits") != std::string::npos);
  CHECK(md.find("| 1 | 1 x trn2.48xlarge | 196.86 | 1296 | 0.1519 | 1.00 |") != std::string::npos);
  CHECK(md.find("| 2 | 2 x trn1.32xlarge | 397.64 | 1296 | 0.3068 | 2.02 |") != std::string::npos);
  CHECK(md.find("| - | 1 x p5.48xlarge | set apart: did not reach the target") !=
        std::string::npos);
  CHECK(md.find("## Credit runway") != std::string::npos);
  CHECK(md.find("## Option: 1 x p5.48xlarge") != std::string::npos);
  CHECK(md.find("### Sensitivity (tornado)") != std::string::npos);  // an option's, one level down

  const std::string json = render_study(r, "json");
  CHECK(is_study_report(json));
  const auto passed = audit_study(json, "study.json");
  CHECK_MESSAGE(passed.ok, passed.first_mismatch);
  CHECK(passed.lines > 0);
  // The comparison's cost of trn2 raised by a cent: caught against the option's recomputed total.
  const std::string cost = "\"cost\": \"196.861537328767123288\"";
  REQUIRE(json.find(cost) != std::string::npos);
  std::string tampered = json;
  tampered.replace(tampered.find(cost), cost.size(), "\"cost\": \"196.871537328767123288\"");
  const auto caught = audit_study(tampered, "study.json");
  CHECK_FALSE(caught.ok);
  CHECK(caught.first_mismatch.find("cost_per_work") != std::string::npos);
  // The decision swapped for another outcome: its reasons disagree.
  std::string swapped = json;
  const std::string last_outcome = "\"outcome\": \"suspend\"";
  swapped.replace(swapped.rfind(last_outcome), last_outcome.size(), "\"outcome\": \"continue\"");
  CHECK_FALSE(audit_study(swapped, "study.json").ok);
  // The protocol rule: the first-ranked option's decision (and the study's, its copy) no longer
  // says it reached the target; everything else adds up, yet a ranked option must have reached it.
  std::string unreached = json;
  const std::string reached = "the target quality is reached: eval_loss 1.89 against 1.9";
  for (auto at = unreached.find(reached); at != std::string::npos; at = unreached.find(reached)) {
    unreached.replace(at, reached.size(), "the target quality was measured: eval_loss 1.89");
  }
  const auto ruled = audit_study(unreached, "study.json");
  CHECK_FALSE(ruled.ok);
  CHECK(ruled.first_mismatch.find("'1 x trn2.48xlarge': ranked, but its decision does not say it "
                                  "reached the target") != std::string::npos);
  // p5 set apart with a value that reaches the target (1.85 <= 1.9, lower is better): refused.
  std::string apart = json;
  const std::string missed = "eval_loss 1.95 against 1.9 (lower is better)";
  REQUIRE(apart.find(missed) != std::string::npos);
  apart.replace(apart.find(missed), missed.size(), "eval_loss 1.85 against 1.9 (lower is better)");
  const auto reaching = audit_study(apart, "study.json");
  CHECK_FALSE(reaching.ok);
  CHECK(reaching.first_mismatch.find("'1 x p5.48xlarge' set apart") != std::string::npos);
  CHECK(reaching.first_mismatch.find("yet that value reaches the target 1.9") != std::string::npos);

  // Read as strictly as an estimate's report: a member written twice (the second "title" would
  // silently replace the first) is refused with the path, not read leniently.
  std::string twice = json;
  const std::string schema_member = "\"schema_version\": ";
  REQUIRE(twice.find(schema_member) != std::string::npos);
  twice.insert(twice.find(schema_member), "\"title\": \"another\", \"title\": \"again\", ");
  CHECK_THROWS_WITH_AS((void)audit_study(twice, "study.json"),
                       doctest::Contains("title: appears twice in one object"), trncost::error);
  CHECK_FALSE(is_study_report(twice));

  const std::string html = render_study(r, "html");
  CHECK(html.starts_with("<!DOCTYPE html>"));
  CHECK(html.find("placeholder") == std::string::npos);
  CHECK(html.find("<section id=\"comparison\">") != std::string::npos);
  CHECK(html.find("<section id=\"runway\">") != std::string::npos);
  CHECK(html.find("<tr data-option=\"1 x trn2.48xlarge\" data-rank=\"1\">") != std::string::npos);
  CHECK_THROWS_AS((void)render_study(r, "pdf"), input_error);
}

TEST_CASE("the study FOCUS CSV holds every option's rows with the option named") {
  const auto r = run_study(examples + "studies/fine-tune-trn1-trn2-p5.toml");
  const std::string csv = render_study(r, "csv");
  // The header: the columns of a CSV with credits, then x_Option.
  const std::string header = csv.substr(0, csv.find('\n'));
  CHECK(header.starts_with("\"BilledCost\",\"EffectiveCost\","));
  CHECK(header.ends_with(",\"x_Line\",\"x_CreditGrant\",\"x_Option\""));
  CHECK(focus_study_columns.size() == focus_credit_columns.size() + 1);
  // Each option's rows are exactly the rows of its own CSV (with credits), with its name appended,
  // in the study's order: trn1, trn2, p5.
  std::string want = header + "\n";
  for (const auto& o : r.options) {
    std::string own = render_focus_csv(o.est, o.extras.burn_down);
    own.erase(0, own.find('\n') + 1);         // its header
    REQUIRE(o.extras.burn_down.has_value());  // every option has the grant: credit rows as well
    for (std::size_t at = 0; at < own.size();) {
      const std::size_t end = own.find('\n', at);
      want += own.substr(at, end - at) + ",\"" + o.name + "\"\n";
      at = end + 1;
    }
  }
  CHECK(csv == want);
  // The first row by hand: trn1's setup, 21.5 USD/instance-h x (2 instances x 360 s) / 3600 = 4.3.
  const std::string first =
      csv.substr(header.size() + 1, csv.find('\n', header.size() + 1) - header.size() - 1);
  CHECK(first.starts_with("4.3,4.3,4.3,21.5,0.2,\"instance-h\","));
  CHECK(first.ends_with(",0,NULL,\"2 x trn1.32xlarge\""));
  // A row per line and per credit line of each option.
  std::size_t rows = 0;
  for (const auto& o : r.options)
    rows += o.est.lines.size() + o.extras.burn_down->credit_lines.size();
  CHECK(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')) == rows + 1);
}

TEST_CASE("a comparison per unit of work ranks the cheaper option per unit first") {
  // Option a: 100 USD for 50 samples (2 USD per sample); b: 150 USD for 100 samples (1.5 USD).
  // By total a would rank first; per sample b does. c reached 0.7 against 0.8: set apart.
  const std::string text =
      small_study +
      "[[option]]\nname = \"a\"\nquality = { reached = \"0.81\" }\n"
      "[[option.component]]\nname = \"prep\"\n"
      "[[option]]\nname = \"b\"\nquality = { reached = \"0.85\" }\n"
      "[[option.component]]\nname = \"prep\"\ncost = { value = \"150\", source = \"guess\" }\n"
      "[[option]]\nname = \"c\"\nquality = { reached = \"0.7\" }\n"
      "[[option.component]]\nname = \"prep\"\ncost = { value = \"10\", source = \"guess\" }\n";
  // The work input: the study names a model input; here, a component's own input does not exist,
  // so the study refuses it with the model's inputs listed.
  auto st = parse_study(text, "st.toml");
  CHECK_THROWS_WITH_AS((void)run_study(st), doctest::Contains("study.work (option \"a\")"),
                       input_error);
  // Compare the options directly with their work.
  std::vector<analysis::option> options;
  const decimal work[] = {decimal(50), decimal(100), decimal(1)};
  for (std::size_t i = 0; i < st.options.size(); ++i) {
    options.push_back({st.options[i].name, evaluate_scenario(st.options[i].scenario),
                       st.options[i].quality, std::nullopt, work[i]});
  }
  const auto c = analysis::compare(options);
  REQUIRE(c.groups.size() == 1);
  REQUIRE(c.groups[0].ranked.size() == 2);
  CHECK(c.groups[0].ranked[0].name == "b");
  CHECK(c.groups[0].ranked[0].cost_per_work == decimal::parse("1.5"));
  CHECK(c.groups[0].ranked[1].name == "a");
  CHECK(c.groups[0].ranked[1].cost_ratio == decimal::parse("1.333333333333333333"));
  REQUIRE(c.groups[0].apart.size() == 1);
  CHECK(c.groups[0].apart[0].name == "c");
  // Without work on every option the ranking is by total, as before.
  options[1].work.reset();
  const auto by_total = analysis::compare(options);
  CHECK(by_total.groups[0].ranked[0].name == "a");
  CHECK_FALSE(by_total.groups[0].ranked[0].cost_per_work.has_value());
  options[0].work = decimal(0);
  CHECK_THROWS_AS((void)analysis::compare(options), input_error);
}

TEST_CASE("the diff names a run-fed value by its plain name") {
  // trn1 reads four runs, trn2 one: their per-run values carry the run ids, so the medians
  // useful_throughput, compilation_s... are derived from different operands on each side. The diff
  // substitutes them under their plain names, and nothing is left unexplained.
  const auto trn1 = evaluate_scenario(read_scenario(examples + "scenarios/fine-tune-8b-trn1.toml"));
  const auto trn2 = evaluate_scenario(read_scenario(examples + "scenarios/fine-tune-8b-trn2.toml"));
  const auto d = report::diff(trn1, trn2);
  decimal sum{};
  bool throughput = false;
  for (const auto& st : d.attribution) {
    sum += st.effect;
    CHECK_FALSE(st.input.empty());  // no structural remainder: every step has a name
    if (st.input == "useful_throughput") {
      throughput = true;
      CHECK(st.from == "60000 token/s");
      CHECK(st.to == "150000 token/s");
      CHECK(st.effect.is_negative());
    }
    CHECK(st.input.find("ft-8b-") == std::string::npos);  // never a run id
  }
  CHECK(throughput);
  CHECK(sum == d.total_change);
  CHECK(
      report::explain(d).find("  -135.98  useful_throughput: 60000 token/s -> 150000 token/s\n") !=
      std::string::npos);
}

TEST_CASE("study errors name the file the line and the key") {
  const std::string opt = "[[option]]\nname = \"a\"\nquality = { reached = \"0.9\" }\n";
  CHECK(study_error(small_study + opt) ==
        "trncost: st.toml:29: option: a study needs two or more [[option]] tables (one option is "
        "a scenario file)");
  CHECK(study_error(small_study + opt + opt) ==
        "trncost: st.toml:32: option[1].name: \"a\" is already the name of option[0]; option "
        "names must differ");
  CHECK(study_error(small_study + opt + "[[option]]\nname = \"b\"\ncolour = \"red\"\n")
            .starts_with(
                "trncost: st.toml:34: option[1].colour: unknown key; an option takes name, "));
  CHECK(study_error(small_study + opt +
                    "[[option]]\nname = \"b\"\n[[option.component]]\nname = \"prep\"\nkind = "
                    "\"logging\"\n") ==
        "trncost: st.toml:36: option[1].component[0].kind: component \"prep\" is a "
        "data_preparation in the common tables; an option changes its keys, not its kind (the "
        "one change allowed: a serving component called as a hosted_api)");
  CHECK(study_error(small_study + opt + "[[option]]\nname = \"b\"\nquality = { reached = \"x\" }\n")
            .starts_with("trncost: st.toml:34: option[1].quality.reached: \"x\" is not a decimal"));
  CHECK(
      study_error(small_study + opt + "[[option]]\nname = \"b\"\nquality = { reached = 0.9 }\n") ==
      "trncost: st.toml:34: option[1].quality.reached: must be non-empty text (a TOML string; a "
      "value is written as text, \"1.9\")");
  // The option's own keys go through the scenario's rules, at their own line.
  CHECK(study_error(small_study + opt +
                    "[[option]]\nname = \"b\"\n[[option.component]]\nname = \"prep\"\ncost = { "
                    "value = \"1\", source = \"gess\" }\n") ==
        "trncost: st.toml:36: component[0].cost.source: unknown source \"gess\" (did you mean "
        "\"guess\"?); the sources are guess");
  // An error met while building an option's model names the option (a common line is every
  // option's).
  try {
    (void)run_study(parse_study(small_study +
                                    "[[option]]\nname = \"b\"\n[[option.component]]\nname = \"f\"\n"
                                    "kind = \"failures\"\ninstance_time = \"none\"\n" +
                                    opt,
                                "st.toml"));
    FAIL("no error");
  } catch (const input_error& e) {
    CHECK(std::string(e.what()) ==
          "trncost: st.toml:31: option[0].component[0] (f): instance_time: no instance_time "
          "component named \"none\" comes before this one (option \"b\")");
  }
  // A component an option adds is named as the option's (the file has no component[1]); a key of
  // [study.quality] is named there, at its own line, with the option it was read for.
  CHECK(
      study_error(small_study + opt +
                  "[[option]]\nname = \"b\"\n[[option.component]]\nname = \"extra\"\nkind = "
                  "\"data_preparation\"\ncost = { value = \"1\", source = \"gess\" }\n")
          .starts_with("trncost: st.toml:37: option[1].component[0].cost.source: unknown source"));
  std::string bad_target = small_study;
  bad_target.replace(bad_target.find("target = \"0.8\""), 14, "target = \"0.8x\"");
  CHECK(study_error(bad_target + opt + "[[option]]\nname = \"b\"\n")
            .starts_with("trncost: st.toml:9: study.quality.target: \"0.8x\" is not a decimal"));
  CHECK(study_error(bad_target + opt + "[[option]]\nname = \"b\"\n")
            .ends_with("(read for option \"a\")"));
  // A common component without its kind, which an option writes keys over: refused at the
  // component's own line (reading it once dereferenced the kind that is not there).
  std::string no_kind = small_study;
  no_kind.replace(no_kind.find("kind = \"data_preparation\"\n"), 26, "");
  CHECK(study_error(no_kind + opt +
                    "[[option]]\nname = \"b\"\n[[option.component]]\nname = \"prep\"\n"
                    "kind = \"logging\"\n")
            .starts_with("trncost: st.toml:"));
  CHECK(study_error(no_kind + opt +
                    "[[option]]\nname = \"b\"\n[[option.component]]\nname = \"prep\"\n"
                    "cost = { value = \"2\", source = \"guess\" }\n")
            .find("component[0].kind: is missing") != std::string::npos);
  CHECK(is_study_text(small_study + opt + opt));
  CHECK_FALSE(is_study_text(head));
}

TEST_CASE("the flagship study shows what was observed: the runs, both scenarios, the evidence") {
  const auto r = run_study(examples + "studies/fine-tune-trn1-trn2-p5.toml");
  REQUIRE(r.options.size() == 3);
  const auto& trn1 = r.options[0];
  // The observed tornado: the medians of the runs between their fastest and slowest run, the
  // single measurements in the +/-10 % band.
  REQUIRE(trn1.extras.tornado.has_value());
  const auto& bars = trn1.extras.tornado->observed;
  CHECK(std::any_of(bars.begin(), bars.end(), [](const auto& b) {
    return b.input == "useful_throughput" && b.basis == "min and max of 3 runs" &&
           b.low == decimal(59000) && b.high == decimal(60400);
  }));
  // Measured and conservative side by side: the slowest run's 59,000 token/s instead of the
  // median 60,000 makes training 1,296,000,000 / 59,000 = 21,966.10 s instead of 21,600 (+366.10
  // s on 2 x 21.50/h: +4.3717 USD) and the failures, which scale with the exposure (25,566.10 s
  // of 25,200), +0.4931: a gap of 4.864830508474576271, the tornado's total at 59,000.
  REQUIRE(trn1.extras.scenarios.has_value());
  REQUIRE(trn1.extras.scenarios->scenarios.size() == 2);
  CHECK(trn1.extras.scenarios->scenarios[1].name == "conservative");
  CHECK(trn1.extras.scenarios->scenarios[1].gap == decimal::parse("4.864830508474576271"));
  // The runs: goodput and the failed run's cost, figures of the workload.
  CHECK(std::any_of(trn1.est.figures.begin(), trn1.est.figures.end(),
                    [](const auto& f) { return f.what == "goodput of run ft-8b-trn1-r1"; }));
  // Each option's MFU of its catalog peak from the model's 8,030,261,248 parameters (48,181,567,488
  // FLOP/token): trn1 r1 at 60,000 token/s on 2 x 3.04e15 FLOP/s -> 0.475475994947368421; p5 r1
  // at 194,400,000 / 3,600 = 54,000 token/s = 2.601804644352e15 FLOP/s on 8 x 989.5 TFLOPS
  // (half the 1,979 sparse) -> 0.32867668574431531076... -> 0.328676685744315311.
  const auto mfu = [](const estimate& e, const std::string& what) {
    for (const auto& f : e.figures) {
      if (f.what == what) return f.value->value;
    }
    return std::string("none");
  };
  CHECK(mfu(trn1.est, "MFU of run ft-8b-trn1-r1") == "0.475475994947368421");
  CHECK(mfu(r.options[2].est, "MFU of run ft-8b-p5-r1") == "0.328676685744315311");
  CHECK(mfu(r.options[2].est, "MFU at the runs' median throughput") == "0.328676685744315311");
  // The trn2 option's compatibility evidence: a pass on the same stack, listed as resolved.
  const auto& trn2 = r.options[1];
  REQUIRE(trn2.est.uncertainties.size() == 1);
  CHECK(trn2.est.uncertainties[0].status == migration_uncertainty::state::resolved);
  CHECK(trn2.est.uncertainties[0].detail.find("passed on the same stack") == 0);
  CHECK(r.options[2].est.uncertainties.empty());  // the GPU option has none
}

}  // namespace trncost_tests::cli_study_test
