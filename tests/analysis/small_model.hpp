// A small model shared by the analysis tests; every total it gives is computed by hand where used.
//
// 2 nodes x (36,000,000 tokens / throughput) instance-seconds at `price` USD per instance-hour,
// plus 100 GiB of gp3 kept 730 h at 0.08 USD/GiB-month (730-hour month): 8 USD. With the defaults
// (10 USD/h, 1,000 token/s): 2 * 36,000 = 72,000 instance-s, 10 * 72000 / 3600 = 200; total 208.
#ifndef TRNCOST_TESTS_ANALYSIS_SMALL_MODEL_HPP
#define TRNCOST_TESTS_ANALYSIS_SMALL_MODEL_HPP

#include <optional>

#include "trncost/model/estimate.hpp"
#include "trncost/model/model.hpp"

namespace small {

using namespace trncost;

inline measured run() {
  return measured{"ref-run-1", "run log counters", parse_timestamp("2026-11-20T09:00:00Z"),
                  parse_timestamp("2026-11-20T11:00:00Z")};
}
inline quoted quote(const char* region = "us-east-1") {
  quoted q;
  q.source = "AmazonEC2 offer file";
  q.region = region;
  q.consulted = parse_date("2026-11-29");
  return q;
}

struct options {
  const char* price = "10";
  const char* throughput = "1000";
  std::optional<provenance> price_origin{};  ///< default: quoted for us-east-1
  bool kept_measured = false;                ///< the volumes' 730 h: measured or an assumption
  bool declare_transfer = true;              ///< false leaves the transfer category missing
};

inline model small_model(const options& o = {}) {
  model m;
  const sourced<quantity<units::usd_per_instance_hour_t>> price{
      "price", make(units::usd_per_instance_hour, o.price),
      o.price_origin ? *o.price_origin : provenance{quote()}};
  const sourced<quantity<units::instance_t>> nodes{"nodes", make(units::instance, "2"), run()};
  const sourced<quantity<units::token_t>> tokens{"tokens", make(units::token, "36000000"), run()};
  const sourced<quantity<units::tokens_per_second_t>> tput{
      "throughput", make(units::tokens_per_second, o.throughput), run()};
  const auto usage = nodes * (tokens / tput);
  const auto price_node = m.input(price);  // created in this order, so leaves list in it
  const auto usage_node = m.input(usage);
  m.add_line(category::compute, "training", line_meta{phase::training, "instances"}, price_node,
             usage_node);
  const sourced<quantity<units::usd_per_gibibyte_month_t>> gp3{
      "gp3_price", make(units::usd_per_gibibyte_month, "0.08"), quote()};
  const sourced<quantity<units::gibibyte_t>> volume{"volume", make(units::gibibyte, "100"), run()};
  const sourced<quantity<units::hour_t>> kept{
      "kept_hours", make(units::hour, "730"),
      o.kept_measured ? provenance{run()} : provenance{assumption{"volumes kept a month"}}};
  const auto gp3_node = m.input(gp3);
  const auto kept_node = m.input(volume * kept);
  m.add_line(category::storage, "ebs", line_meta{std::nullopt, "gp3 volumes"}, gp3_node, kept_node,
             month_730h);
  for (auto c : {category::transfer, category::logs, category::data_preparation,
                 category::failures_restarts}) {
    if (c == category::transfer && !o.declare_transfer) continue;
    m.declare_none(c, declared_none{"not in this test model"});
  }
  return m;
}

inline estimate small_estimate(const options& o = {}) {
  return small_model(o).evaluate(parse_date("2026-11-30"));
}

}  // namespace small

#endif  // TRNCOST_TESTS_ANALYSIS_SMALL_MODEL_HPP
