// The flagship model: fine-tuning an 8B-parameter model on 2 x trn1.32xlarge in us-east-1, every
// term of the cost formula tied to a measurement of short reference runs or an official price.
// Phase durations, useful throughput, the instance count and the interruption figures are read from
// the run logs in examples/data/ (CSV for trn1, JSON Lines for trn2); every official price from the
// AWS Price List offer files in examples/data/offers/ (JSON and CSV, the real formats) through a
// price book. Shared by examples/flagship.cpp, its test and the evaluation benchmark, so all three
// see the same model.
#ifndef TRNCOST_EXAMPLES_FLAGSHIP_MODEL_HPP
#define TRNCOST_EXAMPLES_FLAGSHIP_MODEL_HPP

#include <string>
#include <trncost/measure.hpp>
#include <trncost/model.hpp>
#include <trncost/pricing.hpp>
#include <trncost/readers/price_list.hpp>
#include <trncost/readers/run_log.hpp>

// Where the run logs are: the examples' and benchmarks' builds give the absolute path
// (examples/CMakeLists.txt, benchmarks/CMakeLists.txt); the unit tests find it beside their own
// directory; otherwise it is relative to the repository root, where the examples run.
#ifndef TRNCOST_EXAMPLES_DATA_DIR
#ifdef TRNCOST_TESTS_DIR
#define TRNCOST_EXAMPLES_DATA_DIR TRNCOST_TESTS_DIR "/../examples/data"
#else
#define TRNCOST_EXAMPLES_DATA_DIR "examples/data"
#endif
#endif

namespace flagship {

using namespace trncost;

/// The day the estimate is made and the prices were read.
inline const date as_of = parse_date("2026-11-30");

/// Variants the example shows side by side.
enum class variant {
  baseline,          ///< trn1.32xlarge, official prices, measured reference run
  trn2_third_party,  ///< the same job measured on trn2.48xlarge, priced with a third-party figure
  logs_missing,      ///< the baseline with the logging category forgotten
};

/// The first reference run, for the volumes its log does not itemise (storage, requests, logs).
inline measured reference_run(const char* run_id) {
  return measured{.run_id = run_id,
                  .method = "volumes and request counts recorded for the reference run",
                  .from = parse_timestamp("2026-11-20T09:00:00Z"),
                  .to = parse_timestamp("2026-11-20T11:00:00Z")};
}

/// The run logs of the variant's reference runs, in `data_dir`.
inline std::string run_log(variant v, const std::string& data_dir) {
  return data_dir +
         (v == variant::trn2_third_party ? "/ft-8b-trn2-runs.jsonl" : "/ft-8b-trn1-runs.csv");
}

template <class Unit>
sourced<quantity<Unit>> measure(const char* name, Unit u, const char* value, const measured& how) {
  return sourced(name, make(u, value), how);
}

/// The official us-east-1 prices the flagship uses, read from the offer files in
/// `data_dir`/offers/ on the as-of date. The price book accepts files published up to 120 days
/// before it (the S3 file is 90 days old); each quote's consulted date is the as-of date.
inline pricing::price_book price_book(const std::string& data_dir) {
  using pricing::offer_filter;
  pricing::price_book book(as_of, day_count{120});
  const std::string dir = data_dir + "/offers/";
  book.add(readers::read_offer_file(dir + "AmazonEC2-us-east-1.json",
                                    offer_filter{}.where("regionCode", "us-east-1")),
           as_of);
  book.add(readers::read_offer_file(dir + "AmazonS3-us-east-1.csv",
                                    offer_filter{}.where("regionCode", "us-east-1")),
           as_of);
  // The CloudWatch file also prices metrics per "Metrics", a unit the flagship does not use.
  book.add(readers::read_offer_file(
               dir + "AmazonCloudWatch-us-east-1.json",
               offer_filter{}.where_any(
                   "usagetype", {"USE1-DataProcessing-Bytes", "USE1-TimedStorage-ByteHrs"})),
           as_of);
  book.add(readers::read_offer_file(dir + "AWSDataTransfer-us-east-1.json",
                                    offer_filter{}.where("fromRegionCode", "us-east-1")),
           as_of);
  return book;
}

inline model build(variant v = variant::baseline,
                   const std::string& data_dir = TRNCOST_EXAMPLES_DATA_DIR) {
  const bool trn2 = v == variant::trn2_third_party;
  const auto run = reference_run(trn2 ? "ft-8b-trn2-r1" : "ft-8b-trn1-r1");
  // Phase durations (medians of the completed runs), useful throughput and instance count from the
  // variant's runs; interruption figures from the four trn1 runs (the only runs that saw any).
  const auto trn1_runs = readers::read_run_log(run_log(variant::baseline, data_dir));
  const auto variant_runs = trn2 ? readers::read_run_log(run_log(v, data_dir)) : trn1_runs;
  const auto fed = trncost::measure::feed_model<units::tokens_per_second_t>(variant_runs);
  const auto interruptions =
      trn2 ? trncost::measure::feed_model<units::tokens_per_second_t>(trn1_runs) : fed;
  const auto book = price_book(data_dir);
  const std::string region = "us-east-1";
  model m;
  // What ran, as the logs state it: archived in every estimate and report of this model.
  for (const auto& r : variant_runs) m.archive_run(trncost::measure::protocol_of(r));

  // --- Instances over billed time --------------------------------------------------------------
  // Training time of the full job = tokens to train / useful throughput measured on the reference
  // runs: 1,296,000,000 / 60,000 = 21,600 s on trn1 (150,000 token/s on trn2: 8,640 s).
  const auto tokens = measure("tokens_to_train", units::token, "1296000000",
                              measured{.run_id = "dataset-ft-v4",
                                       .method = "token count of the tokenized dataset x 3 epochs",
                                       .from = parse_timestamp("2026-11-18T08:00:00Z"),
                                       .to = parse_timestamp("2026-11-18T08:20:00Z")});
  const auto train = trncost::measure::extrapolate("train_s", tokens, fed.throughput);
  const auto& nodes = fed.instances;
  const auto price =
      trn2 ? sourced("trn2_price", make(units::usd_per_instance_hour, "35.76"),
                     third_party{"a cloud price comparison site (no official on-demand row in the "
                                 "AmazonEC2 offer file)",
                                 parse_date("2026-10-02")})
           : pricing::ec2_on_demand(book, region, "trn1.32xlarge", "trn1_price");
  const auto& setup = fed.seconds(phase::setup);
  const auto& compile = fed.seconds(phase::compilation);
  const auto& eval = fed.seconds(phase::evaluation);
  const auto& checkpoint = fed.seconds(phase::checkpointing);
  const auto& wait = fed.seconds(phase::waiting);
  m.add(instance_time("fine-tune", trn2 ? "trn2.48xlarge" : "trn1.32xlarge", nodes, price,
                      {{phase::setup, setup},
                       {phase::compilation, compile},
                       {phase::training, train},
                       {phase::evaluation, eval},
                       {phase::checkpointing, checkpoint},
                       {phase::waiting, wait}}));

  // --- Storage ---------------------------------------------------------------------------------
  block_storage ebs("scratch-volumes", "gp3", measure("volume_gib", units::gibibyte, "500", run),
                    usage_period(measure("volumes_kept_h", units::hour, "8", run), month_730h),
                    pricing::ebs_storage(book, region, "gp3", "gp3_price"));
  ebs.with_volumes(measure("volumes", units::dimensionless, "2", run));
  m.add(ebs);

  // S3 Standard's three storage tiers (0-50 TB, 50-500 TB, over 500 TB), in the offer file's order.
  const auto s3_tiers = pricing::s3_storage_tiers(book, region, "Standard", "s3_standard");
  const char* tier_names[] = {"s3_first_50tb", "s3_next_450tb", "s3_over_500tb"};
  std::vector<price_tier<units::gibibyte_t, units::usd_per_gibibyte_month_t>> s3_prices;
  for (std::size_t i = 0; i < s3_tiers.size(); ++i) {
    s3_prices.push_back({s3_tiers[i].price.named(i < 3 ? tier_names[i] : s3_tiers[i].price.name()),
                         s3_tiers[i].begin, s3_tiers[i].end});
  }
  object_storage s3("checkpoints", "S3 Standard",
                    measure("checkpoint_gib", units::gibibyte, "600", run),
                    measure("checkpoint_months", units::month, "1", run),
                    object_storage::storage_prices("s3_standard_price", s3_prices));
  s3.with_put_requests(measure("s3_puts", units::request, "12000", run),
                       pricing::s3_requests(book, region, "S3-API-Tier1", "s3_put_price"))
      .with_get_requests(measure("s3_gets", units::request, "40000", run),
                         pricing::s3_requests(book, region, "S3-API-Tier2", "s3_get_price"));
  m.add(s3);

  // --- Transfers -------------------------------------------------------------------------------
  // Internet egress tiers (0-10 TB, 10-50 TB, 50-150 TB, over 150 TB) and inter-AZ transfer.
  const auto egress_tiers =
      pricing::data_transfer_tiers(book, region, "AWS Outbound", "internet_egress_price");
  const char* egress_names[] = {"egress_first_10tb", "egress_next_40tb", "egress_next_100tb",
                                "egress_over_150tb"};
  std::vector<price_tier<units::gibibyte_t, units::usd_per_gibibyte_t>> egress_prices;
  for (std::size_t i = 0; i < egress_tiers.size(); ++i) {
    egress_prices.push_back(
        {egress_tiers[i].price.named(i < 4 ? egress_names[i] : egress_tiers[i].price.name()),
         egress_tiers[i].begin, egress_tiers[i].end});
  }
  const auto inter_az = pricing::data_transfer_tiers(book, region, "IntraRegion", "inter_az_price");
  if (inter_az.size() != 1) throw input_error("the inter-AZ transfer price has several tiers");
  m.add(data_transfer(
      "data-movement",
      {transfer::inter_az("dataset reads across availability zones",
                          measure("cross_az_gib", units::gibibyte, "250", run),
                          inter_az.front().price.named("inter_az_price")),
       transfer::internet_egress("fine-tuned weights to the customer",
                                 measure("egress_gib", units::gibibyte, "16", run),
                                 transfer::prices("internet_egress_price", egress_prices))}));

  // --- Logs ------------------------------------------------------------------------------------
  if (v != variant::logs_missing) {
    m.add(logging("training-logs", measure("logs_ingested_gib", units::gibibyte, "6", run),
                  pricing::cloudwatch_logs_ingestion(book, region, "logs_ingestion_price"),
                  measure("logs_stored_gib", units::gibibyte, "6", run),
                  measure("logs_kept_months", units::month, "1", run),
                  pricing::cloudwatch_logs_storage(book, region, "logs_storage_price")));
  }

  // --- Data preparation ------------------------------------------------------------------------
  m.add(data_preparation(
      "tokenize",
      sourced<money>("tokenize_job_cost", usd("38.40"),
                     measured{.run_id = "prep-ft-v4",
                              .method = "Cost Explorer, resources tagged job=prep-ft-v4",
                              .from = parse_timestamp("2026-11-18T06:00:00Z"),
                              .to = parse_timestamp("2026-11-18T08:00:00Z")})));

  // --- Failures and restarts -------------------------------------------------------------------
  // Interruption rate, restart time and work lost per interruption, all measured over the four trn1
  // runs (failed run included): 2 interruptions / 64,000 instance-s = 0.1125 per instance-h;
  // restart 900 s / 2 = 450 s; work lost (900 + 1,800) s / 2 = 1,350 s. Exposure: the job's
  // instance time (nodes x the phases' seconds, in instance-seconds: converting to instance-hours
  // would have to round whenever the seconds are not whole hours; the lines apply the exact
  // 1/3600).
  if (!interruptions.restart_time || !interruptions.work_lost) {
    throw input_error("the trn1 run logs record no interruption: no restart time or work lost");
  }
  const auto exposure =
      (nodes * (setup + compile + train + eval + checkpoint + wait)).named("exposure");
  // On trn2 the trn1 runs' figures stand in for runs that saw no interruption: assumptions, said as
  // such (measured on another instance type, they would be refused: rule identity-consistent).
  const std::string type = trn2 ? "trn2.48xlarge" : "trn1.32xlarge";
  const auto taken = [&](const auto& s) {
    return trn2 ? trncost::measure::assumed_on(s, type) : s;
  };
  m.add(failures("interruptions", type, nodes, price, taken(interruptions.interruption_rate),
                 exposure, taken(*interruptions.restart_time), taken(*interruptions.work_lost)));
  return m;
}

}  // namespace flagship

#endif  // TRNCOST_EXAMPLES_FLAGSHIP_MODEL_HPP
