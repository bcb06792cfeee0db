// Volumes that follow a workload (docs/scenario.md, "Volumes that follow a workload"): log
// ingestion and transfers written as a rate a month over a workload's wall-clock time, or per unit
// of the work the estimate delivers, derived in the model (data_volume), never counted by hand.
// Amounts are hand-computed in the comments.
#include <doctest/doctest.h>

#include <string>
#include <trncost/report/audit.hpp>
#include <trncost/report/json.hpp>
#include <trncost/report/markdown.hpp>
#include <trncost/scenario/scenario.hpp>

#include "../support/scenario_text.hpp"
#include "../support/text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_scenario_volumes_test {

using namespace trncost;
using namespace trncost::scenario;
namespace {

// A fine-tune of 2 x trn1.32xlarge, 36,000 s (10 h) of wall-clock time, counted as 3 jobs (runs),
// and whatever a case adds, written before it (what follows a workload is added after it).
std::string scenario(const std::string& before, const std::string& none) {
  return trncost_support::scenario_head + before +
         trncost_support::component_head("instance_time", "ft") +
         R"(instance_type = "trn1.32xlarge"
price = { value = "21.50", assumption = "the on-demand price" }
instances = { value = "2", choice = "the cluster we have" }
setup_seconds = { value = "1800", assumption = "launch and compilation" }
training_seconds = { value = "34200", assumption = "the last run's training" }
jobs = { value = "3", choice = "three runs of the recipe" }
)" + none;
}

std::string logs(const std::string& volume) {
  return trncost_support::component_head("logging", "logs") + volume + R"(
ingestion_price = { value = "0.5", assumption = "CloudWatch ingestion" }
not_kept = "deleted within the day"
)";
}

std::string transfer(const std::string& type, const std::string& volume) {
  return trncost_support::component_head("data_transfer", "moves") + "[[component.transfer]]\n" +
         "type = \"" + type + "\"\nwhat = \"results out\"\n" + volume +
         "price = { value = \"0.01\", assumption = \"per GiB\" }\n";
}

decimal amount_of(const estimate& e, std::string_view component) {
  decimal sum{};
  for (const auto& l : e.lines) {
    if (l.component == component && l.amount) sum += *l.amount;
  }
  return sum;
}

estimate run(const std::string& text) { return evaluate_scenario(parse_scenario(text, "s.toml")); }

std::string build_error_of(const std::string& text) {
  return trncost_support::error_message<trncost::error>(
      [&] { (void)build_model(parse_scenario(text, "s.toml")); });
}

const std::string none_but_logs_transfer =
    trncost_support::declare_none_but({"compute", "logs", "transfer"});

}  // namespace

TEST_CASE("a volume a month runs over its workload's wall-clock time") {
  const estimate e = run(scenario(
      logs("ingested_gib_per_month = { value = \"73\", assumption = \"a month's logs\" }\n"
           "during = \"ft\"\n") +
          transfer("inter_az",
                   "gib_per_month = { value = \"146\", assumption = \"a month's reads\" }\n"
                   "during = \"ft\"\n"),
      none_but_logs_transfer));
  // 73 GiB/mo x 36,000 s / (730 h x 3,600 s) = 73 x 10 / 730 = 1 GiB, x 0.5 = 0.5 USD.
  CHECK(amount_of(e, "logs") == decimal::parse("0.5"));
  // Between zones, both sides: 2 x 146 GiB/mo x 10 h / 730 h = 4 GiB, x 0.01 = 0.04 USD.
  CHECK(amount_of(e, "moves") == decimal::parse("0.04"));
  // Both verifiers' unit table knows GiB/mo: the report audits.
  CHECK(report::audit(report::render_json(e), "f.json").ok);
}

TEST_CASE("a volume per unit of work is the rate times the work the estimate delivers") {
  const estimate e = run(
      scenario(logs("ingested_gib_per_run = { value = \"2\", assumption = \"a run's logs\" }\n") +
                   transfer("inter_az",
                            "gib_per_run = { value = \"10\", assumption = \"a run's reads\" }\n"),
               none_but_logs_transfer));
  // 2 GiB/job x 3 jobs = 6 GiB, x 0.5 = 3 USD.
  CHECK(amount_of(e, "logs") == decimal(3));
  // 2 sides x 10 GiB/job x 3 jobs = 60 GiB, x 0.01 = 0.6 USD.
  CHECK(amount_of(e, "moves") == decimal::parse("0.6"));
  const std::string json = report::render_json(e);
  CHECK(json.find("\"unit\": \"GiB/job\"") != std::string::npos);
  CHECK(report::audit(json, "f.json").ok);
  // Internet egress at a flat price written by hand takes a rate per unit of work too.
  const estimate flat =
      run(scenario(transfer("internet_egress",
                            "gib_per_run = { value = \"5\", assumption = \"weights out\" }\n"),
                   trncost_support::declare_none_but({"compute", "transfer"})));
  CHECK(amount_of(flat, "moves") == decimal::parse("0.15"));  // 5 x 3 x 0.01
}

TEST_CASE("a volume that follows a workload is refused where it does not fit") {
  using trncost_support::parse_error_of;
  const std::string none = none_but_logs_transfer;
  // Exactly one volume key.
  CHECK(parse_error_of(
            scenario(logs("ingested_gib = { value = \"1\", assumption = \"a\" }\n"
                          "ingested_gib_per_run = { value = \"1\", assumption = \"a\" }\n"),
                     none))
            .find("ingested_gib_per_run: is given with ingested_gib; write exactly one of "
                  "ingested_gib, ingested_gib_per_month, ingested_gib_per_1m_tokens, "
                  "ingested_gib_per_1000_requests, ingested_gib_per_run") != std::string::npos);
  CHECK(parse_error_of(scenario(logs(""), none))
            .find("component[0].ingested_gib: is missing: write exactly one of") !=
        std::string::npos);
  CHECK(parse_error_of(scenario(transfer("inter_az", ""), none))
            .find("transfer[0].gib: is missing: write exactly one of gib, gib_per_month") !=
        std::string::npos);
  // A rate a month names its workload; during goes with it only.
  CHECK(parse_error_of(scenario(logs("ingested_gib_per_month = { value = \"1\", assumption = "
                                     "\"a\" }\n"),
                                none))
            .find("component[0].during: is missing: ingested_gib_per_month is a rate a month") !=
        std::string::npos);
  CHECK(parse_error_of(scenario(transfer("inter_az",
                                         "gib = { value = \"1\", assumption = \"a\" }\n"
                                         "during = \"ft\"\n"),
                                none))
            .find("transfer[0].during: goes with gib_per_month only") != std::string::npos);
  // during names a workload with a wall-clock time (the error lists those that have one).
  CHECK(build_error_of(scenario(logs("ingested_gib_per_month = { value = \"1\", assumption = "
                                     "\"a\" }\nduring = \"fine\"\n"),
                                none))
            .find("during: \"fine\" is not a workload of this scenario with a wall-clock time; "
                  "the workloads with one are \"ft\"") != std::string::npos);
  // A rate per unit of work the estimate does not deliver: it counts runs, not tokens.
  CHECK(build_error_of(scenario(logs("ingested_gib_per_1m_tokens = { value = \"1\", assumption = "
                                     "\"a\" }\n"),
                                none))
            .find("ingested_gib_per_1m_tokens: a rate per unit of work needs the estimate's work "
                  "counted in tokens; it delivers runs to target, counted in jobs") !=
        std::string::npos);
  std::string no_jobs = scenario(
      logs("ingested_gib_per_1000_requests = { value = \"1\", assumption = \"a\" }\n"), none);
  no_jobs.erase(no_jobs.find("jobs = "),
                no_jobs.find('\n', no_jobs.find("jobs = ")) + 1 - no_jobs.find("jobs = "));
  CHECK(build_error_of(no_jobs).find("ingested_gib_per_1000_requests: a rate per unit of work "
                                     "needs the estimate's work counted in requests; it delivers "
                                     "no work") != std::string::npos);
}

TEST_CASE("egress per unit of work is refused at the book's monthly tiers") {
  const std::string text =
      trncost_support::priced_scenario_head(
          "egress",
          "files = [{ file = \"../data/offers/AWSDataTransfer-us-east-1.json\", where = "
          "{ fromRegionCode = \"us-east-1\" } }]\n") +
      trncost_support::component_head("data_transfer", "moves") +
      "[[component.transfer]]\ntype = \"internet_egress\"\nwhat = \"weights out\"\n"
      "gib_per_run = { value = \"5\", assumption = \"a\" }\n" +
      trncost_support::component_head("instance_time", "ft") +
      R"(instance_type = "trn1.32xlarge"
price = { value = "21.50", assumption = "the on-demand price" }
instances = { value = "1", choice = "one" }
training_seconds = { value = "3600", assumption = "an hour" }
jobs = { value = "1", choice = "one run" }
)" + trncost_support::declare_none_but({"compute", "transfer"});
  const std::string message = trncost_support::error_message<trncost::error>([&] {
    (void)build_model(
        parse_scenario(text, trncost_support::example_scenarios + "egress-per-run.toml"));
  });
  CHECK(message.find("transfer[0].gib_per_run: internet egress is priced by tiers of each month's "
                     "volume (4 in the price book)") != std::string::npos);
}

TEST_CASE("the shipped 120-day service: every period is the service's own") {
  const std::string path = trncost_support::example_scenarios + "qwen3-32b-service-120d-trn2.toml";
  const std::string text = trncost_support::slurp(path);
  const estimate e = evaluate_scenario(parse_scenario(text, path));
  // 2027-01-01 to 2027-05-01: 120 days = 2,880 h = 10,368,000 s; 2,880 / 730 months.
  // The volume: 100 GiB x 0.08 USD/GB-mo x 2,880 / 730 = 23,040 / 730 = 31.5616438356164383561...
  // -> 31.561643835616438356 (18 digits, half-even).
  CHECK(amount_of(e, "router-volume") == decimal::parse("31.561643835616438356"));
  // The bucket, 30 days (720 h) more: 500 GiB x 0.023 x 3,600 / 730 = 41,400 / 730 =
  // 56.7123287671232876712... -> 56.712328767123287671.
  CHECK(amount_of(e, "request-archive") == decimal::parse("56.712328767123287671"));
  // The logs: ingestion 80 GiB/mo x 0.50 x 2,880 / 730 = 115,200 / 730 =
  // 157.80821917808219178082... -> 157.808219178082191781; storage 160 GiB x 0.03 x 2,880 / 730 =
  // 13,824 / 730 = 18.93698630136986301369... -> 18.936986301369863014. Sum 176.745205479452054795.
  CHECK(amount_of(e, "request-logs") == decimal::parse("176.745205479452054795"));
  // The egress, 12,000 GiB a month: 10,240 in the first tier at 0.09 (921.6 a month) and 1,760 in
  // the second at 0.085 (149.6 a month), each over 2,880 / 730 months: 2,654,208 / 730 =
  // 3,635.901369863013698630 and 430,848 / 730 = 590.202739726027397260; 4,226.10410958904109589
  CHECK(amount_of(e, "responses") == decimal::parse("4226.10410958904109589"));
  const std::string md = report::render_markdown(e, "t");
  CHECK(md.find("0 to 10240 GiB/mo") != std::string::npos);
  CHECK(report::audit(report::render_json(e), path).ok);
  // A month of service instead: every line moves with the dates (744 h), none typed by hand.
  const estimate january = evaluate_scenario(parse_scenario(
      trncost_support::with_changes(text, {{"to = 2027-05-01", "to = 2027-02-01"}}), path));
  // Ingestion 80 x 0.5 x 744 / 730 = 29,760 / 730 = 40.767123287671232877 (...2876712...);
  // storage 160 x 0.03 x 744 / 730 = 3,571.2 / 730 = 4.892054794520547945 (...9452054...).
  CHECK(amount_of(january, "request-logs") == decimal::parse("45.659178082191780822"));
  // Per 1M tokens served instead of a month: 250 token/s x 10,368,000 s = 2,592,000,000 tokens =
  // 2,592 x 0.05 GiB = 129.6 GiB, x 0.50 = 64.8 USD of ingestion; the storage stays 18.93...
  const estimate per_tokens = evaluate_scenario(
      parse_scenario(trncost_support::with_changes(
                         text, {{"ingested_gib_per_month = { value = \"80\"",
                                 "ingested_gib_per_1m_tokens = { value = \"0.05\""},
                                {"during = \"qwen3-32b-service\"\nstored_gib", "stored_gib"}}),
                     path));
  CHECK(amount_of(per_tokens, "request-logs") == decimal::parse("83.736986301369863014"));
  CHECK(report::audit(report::render_json(per_tokens), path).ok);
}

}  // namespace trncost_tests::cli_scenario_volumes_test
