// Tests for a hosted API (workload/hosted_api.hpp): input and output tokens priced per 1M tokens at
// a service's demand, the lines' identity (the AWS service that bills them), the work delivered
// and the cost per 1M tokens served; a fixed serving fleet (workload/serving.hpp) and its refusal
// when it cannot carry the demand. Every expected figure is computed by hand in a comment.
#include <doctest/doctest.h>

#include <string>
#include <trncost/report/audit.hpp>
#include <trncost/report/json.hpp>
#include <trncost/workload/hosted_api.hpp>
#include <trncost/workload/serving.hpp>

#include "fixtures.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::workload_hosted_api_test {

using namespace trncost;
using namespace trncost_tests::workload_fixtures;

namespace {

sourced<quantity<units::usd_per_million_tokens_t>> token_price(const char* name,
                                                               const char* value) {
  return sourced(name, make(units::usd_per_million_tokens, value),
                 documented{"Amazon Bedrock pricing page", as_of});
}

/// 720 h at 100 output tokens/s on average, 3 prompt tokens per output token, 0.15 and 0.60 USD per
/// 1M input and output tokens.
workload::hosted_api_inputs api() {
  return {.name = "chat-api",
          .model = "Qwen3 32B",
          .service = "AmazonBedrock",
          .input_price = token_price("input_price", "0.15"),
          .output_price = token_price("output_price", "0.60"),
          .period = plan("period_h", units::hour, "720"),
          .average_demand = plan("average_demand", units::tokens_per_second, "100"),
          .input_tokens_per_output_token = plan("input_per_output", units::dimensionless, "3")};
}

}  // namespace

TEST_CASE("a hosted API bills input and output tokens at the demand, by its service") {
  model m;
  declare_others(m);
  m.set_region("us-east-1");
  const auto plan_nodes = workload::add_hosted_api(m, api());
  const estimate est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 2);
  // Output tokens: 100 token/s x 720 h x 3600 s/h = 259,200,000; input: x 3 = 777,600,000.
  CHECK(m.value(plan_nodes.output_tokens)->value() == decimal("259200000"));
  CHECK(m.value(plan_nodes.input_tokens)->value() == decimal("777600000"));
  // Input: 777.6 M x 0.15 = 116.64 USD; output: 259.2 M x 0.60 = 155.52 USD; total 272.16 USD.
  CHECK(*est.lines[0].amount == decimal("116.64"));
  CHECK(*est.lines[1].amount == decimal("155.52"));
  CHECK(est.total == decimal("272.16"));
  CHECK(est.status == estimate_status::provisional);  // documented and assumed, not measured
  CHECK(est.lines[0].ph == phase::serving);
  CHECK(est.lines[0].description == "input tokens sent of Qwen3 32B (Amazon Bedrock, on demand)");
  for (const auto& l : est.lines) {
    CHECK(l.identity.service == "AmazonBedrock");
    CHECK(l.identity.region == "us-east-1");
    CHECK(l.identity.instance_type.empty());
  }
  // The work is the output tokens served: 272.16 / 259.2 M = 1.05 USD per 1M tokens served.
  REQUIRE(est.work);
  CHECK(est.work->kind == work_kind::tokens_served);
  const auto json = report::render_json(est);
  CHECK(json.find(R"("full": "1.05")") != std::string::npos);
  CHECK(report::audit(json, "api.json").ok);
}

TEST_CASE("a hosted API with an unknown price shows the line unpriced, never 0") {
  model m;
  declare_others(m);
  auto in = api();
  in.output_price = unknown_input{"output_price", "the model's output price is not published"};
  (void)workload::add_hosted_api(m, in);
  const estimate est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 2);
  CHECK(est.lines[0].amount);
  CHECK_FALSE(est.lines[1].amount);
  CHECK(est.total == decimal("116.64"));
  CHECK(est.status != estimate_status::verified);
}

TEST_CASE("a hosted API refuses what cannot be billed, naming the rule") {
  const auto refused = [](workload::hosted_api_inputs in, const char* says) {
    model m;
    CHECK_THROWS_WITH_AS((void)workload::add_hosted_api(m, in), doctest::Contains(says),
                         input_error);
  };
  auto in = api();
  in.model.clear();
  refused(in, "the model is empty");
  in = api();
  in.service = "OpenAI";
  refused(in, "\"OpenAI\" is not an AWS service trncost knows");
  in = api();
  in.input_tokens_per_output_token = plan("input_per_output", units::dimensionless, "-1");
  refused(in, "it cannot be negative");
  in = api();
  in.average_demand = plan("average_demand", units::tokens_per_second, "0");
  refused(in, "it must be positive");
}

TEST_CASE("a fixed serving fleet is billed as written, and refused when it cannot carry the peak") {
  // 10 USD/instance-h, 720 h, average 1000 token/s, peak 1800, 500 token/s per instance, 0.8.
  auto in = chat_service();
  // 5 instances x 500 x 0.8 = 2000 token/s usable >= 1800: billed 5 x 720 h x 10 = 36,000 USD
  // (sized from the peak it would be ceil(1800 / 400) = 5 as well; 6 shows the fleet is kept).
  in.fleet = plan("fleet", units::instance, "6");
  {
    model m;
    declare_others(m);
    (void)workload::add_serving(m, in);
    // 6 x 720 h x 10 USD = 43,200 USD, busy (1000/500 x 720 h x 10 = 14,400) and idle (28,800).
    const estimate est = m.evaluate(as_of);
    CHECK(est.total == decimal("43200"));
    CHECK(*est.lines[0].amount == decimal("14400"));
  }
  // 4 x 500 x 0.8 = 1600 token/s usable, below the 1800 peak: refused with the figures.
  in.fleet = plan("fleet", units::instance, "4");
  model m;
  CHECK_THROWS_WITH_AS(
      workload::add_serving(m, in),
      doctest::Contains("the fleet 'fleet' of 4 x trn2.48xlarge serves 1600 token/s at 0.8 "
                        "utilisation, below the peak demand 'peak_demand' (1800)"),
      input_error);
}

}  // namespace trncost_tests::workload_hosted_api_test
