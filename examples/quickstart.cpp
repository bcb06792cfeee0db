// The quick start: a small sourced estimate of a fine-tuning run on trn1.32xlarge, every number
// tied to where it comes from, every line recomputable from what it prints.
#include <cstdio>
#include <exception>
#include <trncost/readers/fmt.hpp>
#include <trncost/trncost.hpp>

int main() try {
  using namespace trncost;

  // [estimate]
  // Official prices, as read from the us-east-1 AWS Price List offer file (consulted 2026-11-30).
  const sourced trn1_price("trn1_price", usd("21.5000000000") / make(units::instance_hour, 1),
                           quoted{.source = "AmazonEC2 offer file, us-east-1",
                                  .offer_code = "AmazonEC2",
                                  .offer_version = "20260910195514",
                                  .sku = "WVVQPJVCQU4SR8XF",
                                  .offer_term_code = "JRTCKXETXF",
                                  .rate_code = "WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7",
                                  .region = "us-east-1",
                                  .option = purchase_option::on_demand,
                                  .consulted = parse_date("2026-11-30")});
  const sourced gp3_price("gp3_price", make(units::usd_per_gibibyte_month, "0.08"),
                          quoted{.source = "AmazonEC2 offer file (EBS gp3), us-east-1",
                                 .region = "us-east-1",
                                 .consulted = parse_date("2026-11-30")});

  // Measured on our own reference run: 2 instances, billed per second.
  const measured run{.run_id = "ft-llama-ref-3",
                     .method = "phase timestamps from the run log, wall clock",
                     .from = parse_timestamp("2026-11-20T10:00:00Z"),
                     .to = parse_timestamp("2026-11-20T12:10:00Z")};
  const sourced compile("compile_time", make(units::instance, 2) * seconds(1260), run);
  const sourced train("train_time", make(units::instance, 2) * seconds(5399), run);
  const sourced ckpt("checkpoint_gib_h", make(units::gibibyte, 500) * make(units::hour, 100), run);

  const auto compile_cost = charge("compile_cost", trn1_price, compile);
  const auto train_cost = charge("train_cost", trn1_price, train);
  const auto storage_cost = charge("storage_cost", gp3_price, ckpt, month_730h);
  const auto total = compile_cost + train_cost + storage_cost;
  // [estimate]

  for (const auto* line : {&compile_cost, &train_cost, &storage_cost}) {
    fmt::print("{:<14} {:>12.2f}   = {}\n", line->name(), line->value(),
               std::get<derived>(line->origin()).formula);
  }
  fmt::print("{:<14} {:>12.2f}   (exact: {})\n\n", "total", total.value(), total.value());
  fmt::print("inputs:\n  {}\n  {}\n", trn1_price, gp3_price);
  fmt::print("  {}\n  {}\n  {}\n", compile, train, ckpt);
  return 0;
} catch (const std::exception& e) {  // an example says what went wrong, then fails
  std::fprintf(stderr, "quickstart: %s\n", e.what());
  return 1;
}
