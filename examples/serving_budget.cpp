// A Qwen3-32B service for three months, always on: one option on trn2.48xlarge (priced with a
// third-party figure: the offer file has no on-demand row for it) against p5.48xlarge (official
// price from the offer file), each sized at 40 % and at 90 % target utilisation. Prints the total,
// the instances needed, the headroom, the idle share, the cost per million tokens served (full and
// compute only) and the status with its reasons.
//
// The throughput per instance is a placeholder assumption: replace it with your own benchmark at
// your latency target (a vLLM benchmark run gives tokens/s at a concurrency, TTFT and inter-token
// latency). Run: build/examples/example_serving_budget [--json-dir DIR] (with a directory, each
// option's JSON report is written there as serving-<instance>-<utilisation>.json).
#include <cstdio>
#include <string>
#include <trncost/workload/archetypes.hpp>
#include <vector>

#include "flagship_model.hpp"
#include "json_reports.hpp"

namespace {

using namespace trncost;

struct option {
  const char* instance_type;
  sourced<quantity<units::usd_per_instance_hour_t>> price;
  sourced<quantity<units::tokens_per_second_per_instance_t>> throughput;
};

}  // namespace

int main(int argc, char** argv) {
  const auto json_dir = examples::json_dir(argc, argv);
  const date as_of = flagship::as_of;
  const auto book = flagship::price_book(TRNCOST_EXAMPLES_DATA_DIR);
  const std::string region = "us-east-1";

  // [serving]
  // The service: 24/7 from 2027-01-01 to 2027-04-01 (90 days, 2,160 h) at 4,000 token/s on average.
  const assumption plan{"the service plan: Qwen3-32B chat, 24/7 for the first quarter of 2027"};
  const auto period = workload::service_period("period_h", parse_date("2027-01-01"),
                                               parse_date("2027-04-01"), plan);
  const auto demand = sourced("average_demand", make(units::tokens_per_second, 4000), plan);
  const auto benchmark = [](const char* name, const char* value) {
    return sourced(name, make(units::tokens_per_second_per_instance, value),
                   assumption{"placeholder until the vLLM benchmark of Qwen3-32B at p99 TTFT "
                              "<= 2 s is run on this instance"});
  };
  const std::vector<option> options{
      {"trn2.48xlarge",
       sourced("trn2_price", make(units::usd_per_instance_hour, "35.76"),
               third_party{"a cloud price comparison site (no official on-demand row in the "
                           "AmazonEC2 offer file)",
                           parse_date("2026-10-02")}),
       benchmark("trn2_throughput", "2800")},
      {"p5.48xlarge", pricing::ec2_on_demand(book, region, "p5.48xlarge", "p5_price"),
       benchmark("p5_throughput", "5012")},
  };
  // The model weights (Qwen3-32B in bf16, about 61 GiB) kept in S3 Standard for the period, where
  // instances load them at start; the other categories declared none with their reasons.
  const auto s3_tiers = pricing::s3_storage_tiers(book, region, "Standard", "s3_standard");
  const char* tier_names[] = {"s3_first_50tb", "s3_next_450tb", "s3_over_500tb"};
  std::vector<price_tier<units::gibibyte_t, units::usd_per_gibibyte_month_t>> s3_prices;
  for (std::size_t i = 0; i < s3_tiers.size(); ++i) {
    s3_prices.push_back({s3_tiers[i].price.named(i < 3 ? tier_names[i] : s3_tiers[i].price.name()),
                         s3_tiers[i].begin, s3_tiers[i].end});
  }
  const std::vector<workload::declared_category> none{
      {category::transfer, {"responses go to the caller's application in the same VPC and AZ"}},
      {category::logs, {"the service keeps no logs in a paid store"}},
      {category::data_preparation, {"serving prepares no data"}},
      {category::failures_restarts,
       {"a failed instance is replaced within the period already billed"}},
  };
  for (const auto& o : options) {
    for (const char* utilisation : {"0.4", "0.9"}) {
      const workload::token_serving_inputs in{
          "qwen3-32b-service",
          o.instance_type,
          o.price,
          period,
          demand,
          std::nullopt,
          o.throughput,
          "p99 TTFT <= 2 s",
          sourced("target_utilisation", make(units::dimensionless, utilisation), plan)};
      // The archetype builds the service; the sizing is read back from the nodes it made.
      model m = workload::constant_load_inference(in, none);
      model sizing;
      const auto sized = workload::add_serving(sizing, in);
      const auto instances = *sizing.value(sized.instances);
      m.add(object_storage("weights", "S3 Standard",
                           sourced("weights_gib", make(units::gibibyte, 61), plan),
                           usage_period(period, month_730h),
                           object_storage::storage_prices("s3_standard_price", s3_prices)));
      const auto est = m.evaluate(as_of);
      examples::write_json_report(
          json_dir, std::string("serving-") + o.instance_type + "-" + utilisation, est);
      std::printf("%s at %s %% target utilisation:\n", o.instance_type,
                  (decimal::parse(utilisation) * 100).to_fixed(decimal_places{0}).c_str());
      std::printf("  instances needed  %s (headroom %s token/s, idle share %s %%)\n",
                  instances.value().to_string().c_str(),
                  sizing.value(sized.headroom)->value().to_fixed(decimal_places{0}).c_str(),
                  trncost::detail::percent_of(est.overhead, est.useful + est.overhead).c_str());
      std::printf("  total             %s USD\n", est.total.to_fixed(cents).c_str());
      std::printf(
          "  per 1M tokens     %s USD full, %s USD compute only\n",
          decimal::parse((*est.work->full)->value).to_fixed(decimal_places{4}).c_str(),
          decimal::parse((*est.work->compute_only)->value).to_fixed(decimal_places{4}).c_str());
      std::printf("  status            %s\n", std::string(to_string(est.status)).c_str());
      for (const auto& r : est.reasons) std::printf("    - %s\n", r.text.c_str());
    }
  }
  // [serving]
  return 0;
}
