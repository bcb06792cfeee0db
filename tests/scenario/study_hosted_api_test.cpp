// Hosting or calling an API (docs/scenario.md, "Hosting or calling an API"): the shipped study
// examples/studies/qwen3-hosting-vs-bedrock.toml (three fixed fleets and Amazon Bedrock for one
// demand, a compute grant and a model-credit grant), every total, break-even and credit
// hand-computed in the comments; a break-even found inside a fleet size; the hosted_api kind's
// rules and the one change of kind an option may make.
#include <doctest/doctest.h>

#include <string>
#include <trncost/report/audit_study.hpp>
#include <trncost/report/study_report.hpp>
#include <trncost/scenario/study.hpp>

#include "../support/scenario_text.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::cli_study_hosted_api_test {

using namespace trncost;
using namespace trncost::report;
using namespace trncost::scenario;
namespace {

const std::string shipped = TRNCOST_TESTS_DIR "/../examples/studies/qwen3-hosting-vs-bedrock.toml";

const study_option_result& option(const study_result& r, const std::string& name) {
  for (const auto& o : r.options) {
    if (o.name == name) return o;
  }
  FAIL("no option " << name);
  throw;
}

/// A study of the project's own: inf2.48xlarge at 12.98127 USD/instance-h, its fleet sized from
/// the demand (560 token/s per instance at 90 %), against an API at 3.00 and 15.00 USD per 1M
/// input and output tokens with 3 input tokens per output token; 600 token/s on average, 1,000 at
/// the peak, over 2,160 h. All prices written, so no offer file is read.
const std::string priced_api_study = R"(format = 1
[study]
title = "sized fleet against a dearer API"
[study.quality]
dataset = "d"
metric = "ttft"
target = "500"
)" + trncost_support::estimate_tables +
                                     trncost_support::component_head("serving", "svc") +
                                     R"(hours = { value = "2160", assumption = "a quarter" }
average_tokens_per_s = { value = "600", assumption = "pilot" }
peak_tokens_per_s = { value = "1000", assumption = "pilot" }
)" + trncost_support::declare_none_but({"compute"}) +
                                     R"([[option]]
name = "inf2 sized"
quality = { reached = "480" }
[[option.component]]
name = "svc"
instance_type = "inf2.48xlarge"
price = { value = "12.98127", assumption = "the on-demand rate" }
throughput = { value = "560", assumption = "pending a benchmark" }
latency_target = "mean TTFT <= 500 ms"
utilisation = { value = "0.9", assumption = "90 %" }
[[option]]
name = "api"
quality = { reached = "450" }
[[option.component]]
name = "svc"
kind = "hosted_api"
model = "A dearer model"
input_tokens_per_output_token = { value = "3", assumption = "pilot" }
input_price = { value = "3.00", assumption = "per 1M input tokens" }
output_price = { value = "15.00", assumption = "per 1M output tokens" }
)";

}  // namespace

TEST_CASE("the shipped hosting-or-API study: totals, per 1M tokens, break-evens and credits") {
  const study_result r = run_study(shipped);
  REQUIRE(r.options.size() == 4);
  // 2027-01-01 to 2027-04-01: 2,160 h. Output tokens: 600 token/s x 7,776,000 s = 4,665.6 M.
  // 2 x trn2.48xlarge: 2 x 2,160 h x 35.76 = 154,483.20 USD, / 4,665.6 = 33.1111 per 1M.
  CHECK(option(r, "2 x trn2.48xlarge").est.total == decimal("154483.2"));
  // 2 x inf2.48xlarge: 2 x 2,160 h x 12.98127 = 56,079.0864 USD.
  CHECK(option(r, "2 x inf2.48xlarge").est.total == decimal("56079.0864"));
  // 1 x p5.48xlarge: 2,160 h x 55.04 = 118,886.40 USD.
  CHECK(option(r, "1 x p5.48xlarge").est.total == decimal("118886.4"));
  // Bedrock: input 3 x 4,665.6 M = 13,996.8 M x 0.15 (0.00015 per 1K) = 2,099.52; output
  // 4,665.6 M x 0.60 = 2,799.36; 4,898.88 USD, 1.05 per 1M tokens served: ranked first.
  const auto& api = option(r, "Amazon Bedrock, on demand");
  CHECK(api.est.total == decimal("4898.88"));
  CHECK(api.work == decimal("4665.6"));
  // Ranked first by list total; but the study has grants, so it decides on the cash paid after
  // credits (below): the inf2 fleet, whose EC2 lines the 100,000 USD grant pays whole.
  CHECK(r.comparison.groups[0].ranked[0].name == "Amazon Bedrock, on demand");
  REQUIRE(r.decided_for);
  CHECK(*r.decided_for == "2 x inf2.48xlarge");
  // Its lines are billed by Amazon Bedrock, named by the offer rows' usage types; the price per 1M
  // is the 1K row's price converted, a derivation of the quote.
  REQUIRE(api.est.lines.size() == 2);
  CHECK(api.est.lines[0].identity.service == "AmazonBedrock");
  CHECK(api.est.lines[0].identity.usage_type == "Qwen3-32B-input-tokens");
  CHECK(api.est.lines[1].identity.usage_type == "Qwen3-32B-output-tokens");
  CHECK(api.est.lines[0].price->value == "0.15");
  const auto* how = std::get_if<derived>(&api.est.lines[0].price->origin);
  REQUIRE(how != nullptr);
  REQUIRE(how->inputs.size() == 1);
  CHECK(how->inputs[0]->value == "0.00015");
  CHECK(std::get<quoted>(how->inputs[0]->origin).unit == "1K tokens");
  // Break-evens: the API's total grows by 4,898.88 / 600 = 8.1648 USD per token/s; a fleet's by
  // 2,160 h x its price for every ceil(peak / (throughput x 0.9)) step, far more (trn2: 77,241.60
  // per 646.875 x 600/1000 = 388.125 token/s, 199 USD per token/s). None ever costs less.
  REQUIRE(r.break_evens.size() == 3);
  for (const auto& b : r.break_evens) {
    CHECK(b.api == "Amazon Bedrock, on demand");
    CHECK(b.baseline == decimal(600));
    CHECK_FALSE(b.demand);
    CHECK(b.api_total == decimal("4898.88"));
  }
  CHECK(r.break_evens[0].hosted_total == decimal("154483.2"));
  // Credits: the EC2 grant (100,000) pays the fleets' EC2 lines (inf2's 56,079.0864 whole), never
  // the API; the model credits (3,000) pay only the API (used whole: 4,898.88 - 3,000 = 1,898.88
  // in cash) and none of a fleet's lines.
  const auto& credits_api = *api.extras.burn_down;
  CHECK(credits_api.total_credits == decimal(3000));
  CHECK(credits_api.total_uncovered == decimal("1898.88"));
  const auto& credits_inf2 = *option(r, "2 x inf2.48xlarge").extras.burn_down;
  CHECK(credits_inf2.total_credits == decimal("56079.0864"));
  for (const auto& g : credits_inf2.grants) {
    if (g.name == "Bedrock model credits") CHECK(g.used == decimal{});
  }
  // Cash after credits: inf2 56,079.0864 - 56,079.0864 = 0; the API 4,898.88 - 3,000 =
  // 1,898.88; p5 118,886.40 - 100,000 = 18,886.40; trn2 154,483.20 - 100,000 = 54,483.20.
  REQUIRE(r.cash);
  REQUIRE(r.cash->ranked.size() == 4);
  CHECK(r.cash->ranked[0].name == "2 x inf2.48xlarge");
  CHECK(r.cash->ranked[0].cash == decimal{});
  CHECK(r.cash->ranked[0].list_rank == 2);
  CHECK(r.cash->ranked[1].name == "Amazon Bedrock, on demand");
  CHECK(r.cash->ranked[1].cash == decimal("1898.88"));
  CHECK(r.cash->ranked[2].cash == decimal("18886.4"));
  CHECK(r.cash->ranked[3].cash == decimal("54483.2"));
  CHECK(r.cash->effect ==
        "credits change the first option: by cash paid after credits, '2 x inf2.48xlarge' ranks "
        "first (0.00 USD: 'AWS Activate Portfolio' pays 56079.09 of its 56079.09 USD list total); "
        "by list total, 'Amazon Bedrock, on demand' ranks first (4898.88 USD, 1898.88 USD in "
        "cash: 'Bedrock model credits' pays 3000.00)");
  CHECK(r.decision.continue_reasons.back() ==
        "ranked by cash paid after credits: " + r.cash->effect);
  // Each fleet's runway is set by the EC2 grant alone: the model credits cannot pay a fleet.
  for (const auto& g : credits_inf2.grants) {
    CHECK(g.usable == (g.name == "AWS Activate Portfolio"));
    if (g.usable) CHECK(credits_inf2.runway == g.runs_out_on);
  }
  // The JSON report passes the study audit, break-evens included.
  const auto a = audit_study(render_json(r), "hb.json");
  CHECK_MESSAGE(a.ok, a.first_mismatch);
  const std::string md = render_study(r, "md");
  CHECK(md.find("## Hosting or calling an API") != std::string::npos);
  CHECK(md.find("| 2 x trn2.48xlarge | Amazon Bedrock, on demand | 600.00 token/s | none | "
                "154483.20 | 4898.88 | by list total, hosting never costs less than the API up "
                "to 6000.00 token/s; at 600.00 token/s the API is cheaper by 149584.32 USD") !=
        std::string::npos);
  // After credits the inf2 fleet's cash is 0 while the 100,000 USD of EC2 credits cover it: 2
  // instances (56,079.0864) up to max(2, ceil(peak / 504)) = 3 instances (84,118.6296), i.e. up to
  // a peak of 3 x 504 = 1,512 token/s, 1,512 x 600 / 1,000 = 907.2 on average; 4 instances
  // (112,158.1728, cash 12,158.1728) cost more than the API's cash up to that step's end
  // (8.1648 x 1,209.6 - 3,000 = 6,876.14): one window, 0-907.2.
  const auto& be_inf2 = r.break_evens[1];
  CHECK(be_inf2.stepwise);
  CHECK(be_inf2.windows.empty());
  REQUIRE(be_inf2.credits);
  CHECK(be_inf2.credits->hosted == decimal(100000));
  CHECK(be_inf2.credits->api == decimal(3000));
  REQUIRE(be_inf2.windows_after_credits.size() == 1);
  CHECK(be_inf2.windows_after_credits[0].to->to_fixed(decimal_places{2}) == "907.20");
}

TEST_CASE("a break-even inside a fleet size: both totals equal, the fleet sized at it") {
  const study_result r = run_study(parse_study(priced_api_study, "st.toml"));
  REQUIRE(r.break_evens.size() == 1);
  const auto& b = r.break_evens[0];
  // The API: 7,776,000 s x (3 x 3.00 + 15.00) / 1M = 186.624 USD per token/s of average demand.
  // One inf2 carries 560 x 0.9 = 504 token/s at the peak, 302.4 on average (peak = 5/3 average):
  // one instance, 2,160 h x 12.98127 = 28,039.5432 USD, up to 302.4 token/s. The API costs that at
  // 28,039.5432 / 186.624 = 150.2461805555... token/s, inside the first instance's range.
  REQUIRE(b.demand);
  CHECK(*b.demand == decimal("150.246180555555555556"));
  // The peak in the baseline's shape: 1000 x d / 600.
  CHECK(*b.peak == decimal("1000") * *b.demand / decimal(600));
  CHECK(b.hosted_total == decimal("28039.5432"));
  CHECK(abs(b.api_total - b.hosted_total) < decimal::parse("0.000000001"));
  // A fleet sized in whole instances: beyond the first window, every later step merges (each
  // instance, 28,039.5432 USD, carries 302.4 token/s, for which the API bills 56,435.10): hosting
  // holds for good from the break-even on.
  REQUIRE(b.windows.size() == 1);
  CHECK(b.windows[0].from == *b.demand);
  CHECK_FALSE(b.windows[0].to);
  CHECK(report::reading(b) ==
        "by list total, hosting costs no more than the API in windows of average demand (token/s, "
        "listed up to 6000.00): from 150.25 on; at 600.00 token/s hosting is cheaper by 55895.31 "
        "USD (in the window)");
  // At the stated 600 token/s: ceil(1000 / 504) = 2 instances, 56,079.0864 USD, against the API's
  // 600 x 186.624 = 111,974.40 USD.
  CHECK(option(r, "inf2 sized").est.total == decimal("56079.0864"));
  CHECK(option(r, "api").est.total == decimal("111974.4"));
  const auto a = audit_study(render_json(r), "st.json");
  CHECK_MESSAGE(a.ok, a.first_mismatch);
}

TEST_CASE("hosted_api: its keys, its period, and the one change of kind an option makes") {
  const std::string api = trncost_support::component_head("hosted_api", "svc") +
                          R"(model = "Qwen3 32B"
hours = { value = "720", assumption = "a month" }
average_tokens_per_s = { value = "100", assumption = "pilot" }
input_tokens_per_output_token = { value = "3", assumption = "pilot" }
)";
  // No offer file has the model: the price is asked of the book, and the refusal says which.
  CHECK(trncost_support::parse_error_of(trncost_support::scenario_head + api) == "no error");
  const auto run_error = [](const std::string& text) {
    try {
      const auto spec = parse_scenario(text, "s.toml");
      (void)evaluate_scenario(spec, build_model(spec));
    } catch (const trncost::error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(run_error(trncost_support::scenario_head + api)
            .find("no price matches Amazon Bedrock on-demand input tokens of Qwen3 32B in "
                  "us-east-1") != std::string::npos);
  // A key of a fleet is not a hosted API's.
  CHECK(trncost_support::parse_error_of(trncost_support::scenario_head + api +
                                        "utilisation = { value = \"0.9\", assumption = \"x\" }\n")
            .find("utilisation") != std::string::npos);
  // hours or period, not both.
  CHECK(trncost_support::parse_error_of(
            trncost_support::scenario_head + api +
            "period = { from = 2027-01-01, to = 2027-02-01, assumption = \"x\" }\n")
            .find("hours") != std::string::npos);
  // An unknown service.
  CHECK(trncost_support::parse_error_of(trncost_support::scenario_head + api +
                                        "service = \"OpenAI\"\n")
            .find("service") != std::string::npos);
}

}  // namespace trncost_tests::cli_study_hosted_api_test
