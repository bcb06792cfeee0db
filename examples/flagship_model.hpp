// The flagship model: fine-tuning an 8B-parameter model on 2 x trn1.32xlarge in us-east-1, every term
// of the cost formula tied to a measurement of short reference runs or an official price. Phase
// durations, useful throughput, the instance count and the interruption figures are read from the
// run logs in examples/data/ (CSV for trn1, JSON Lines for trn2). Shared by examples/flagship.cpp,
// its test and the evaluation benchmark, so all three see the same model.
#ifndef TRNCOST_EXAMPLES_FLAGSHIP_MODEL_HPP
#define TRNCOST_EXAMPLES_FLAGSHIP_MODEL_HPP

#include <string>
#include <trncost/io/run_log.hpp>
#include <trncost/measure.hpp>
#include <trncost/model.hpp>

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

inline quoted ec2_offer(const char* sku) {
  // Rate codes follow the offer file's SKU.OfferTermCode.RateCode pattern; JRTCKXETXF is the
  // On-Demand term and 6YS6EN2CT7 its hourly rate.
  return quoted{.source = "AmazonEC2 offer file, us-east-1 (Price List Bulk API)",
                .offer_code = "AmazonEC2",
                .offer_version = "20260910195514",
                .published = parse_date("2026-09-10"),
                .sku = sku,
                .offer_term_code = "JRTCKXETXF",
                .rate_code = std::string(sku) + ".JRTCKXETXF.6YS6EN2CT7",
                .region = "us-east-1",
                .option = purchase_option::on_demand,
                .consulted = as_of};
}

inline quoted pricing_page(const char* page) {
  return quoted{.source = page, .region = "us-east-1", .consulted = as_of};
}

/// The first reference run, for the volumes its log does not itemise (storage, requests, logs).
inline measured reference_run(const char* run_id) {
  return measured{.run_id = run_id,
                  .method = "volumes and request counts recorded for the reference run",
                  .from = parse_timestamp("2026-11-20T09:00:00Z"),
                  .to = parse_timestamp("2026-11-20T11:00:00Z")};
}

/// The run logs of the variant's reference runs, in `data_dir`.
inline std::string run_log(variant v, const std::string& data_dir) {
  return data_dir + (v == variant::trn2_third_party ? "/ft-8b-trn2-runs.jsonl"
                                                    : "/ft-8b-trn1-runs.csv");
}

template <class Unit>
sourced<quantity<Unit>> measure(const char* name, Unit u, const char* value, const measured& how) {
  return sourced(name, make(u, value), how);
}

inline model build(variant v = variant::baseline,
                   const std::string& data_dir = TRNCOST_EXAMPLES_DATA_DIR) {
  const bool trn2 = v == variant::trn2_third_party;
  const auto run = reference_run(trn2 ? "ft-8b-trn2-r1" : "ft-8b-trn1-r1");
  // Phase durations (medians of the completed runs), useful throughput and instance count from the
  // variant's runs; interruption figures from the four trn1 runs (the only runs that saw any).
  const auto trn1_runs = io::read_run_log(run_log(variant::baseline, data_dir));
  const auto fed = trncost::measure::feed_model<units::tokens_per_second_t>(
      trn2 ? io::read_run_log(run_log(v, data_dir)) : trn1_runs);
  const auto interruptions =
      trn2 ? trncost::measure::feed_model<units::tokens_per_second_t>(trn1_runs) : fed;
  model m;

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
           : sourced("trn1_price", make(units::usd_per_instance_hour, "21.5000000000"),
                     ec2_offer("WVVQPJVCQU4SR8XF"));
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
                    sourced("gp3_price", make(units::usd_per_gibibyte_month, "0.08"),
                            pricing_page("AmazonEC2 offer file, EBS gp3 storage")));
  ebs.with_volumes(measure("volumes", units::dimensionless, "2", run));
  m.add(ebs);

  const auto s3_page = "AmazonS3 offer file, us-east-1";
  const auto gib = [](long long n) { return make(units::gibibyte, n); };
  object_storage s3(
      "checkpoints", "S3 Standard", measure("checkpoint_gib", units::gibibyte, "600", run),
      measure("checkpoint_months", units::month, "1", run),
      object_storage::storage_prices(
          "s3_standard_price",
          {{sourced("s3_first_50tb", make(units::usd_per_gibibyte_month, "0.023"),
                    pricing_page(s3_page)),
            gib(0), gib(51200)},
           {sourced("s3_next_450tb", make(units::usd_per_gibibyte_month, "0.022"),
                    pricing_page(s3_page)),
            gib(51200), gib(512000)},
           {sourced("s3_over_500tb", make(units::usd_per_gibibyte_month, "0.021"),
                    pricing_page(s3_page)),
            gib(512000), std::nullopt}}));
  s3.with_put_requests(measure("s3_puts", units::request, "12000", run),
                       sourced("s3_put_price", make(units::usd_per_request, "0.0000050000"),
                               pricing_page(s3_page)))
      .with_get_requests(measure("s3_gets", units::request, "40000", run),
                         sourced("s3_get_price", make(units::usd_per_request, "0.0000004000"),
                                 pricing_page(s3_page)));
  m.add(s3);

  // --- Transfers -------------------------------------------------------------------------------
  const auto transfer_page = "AWSDataTransfer offer file, us-east-1";
  const auto egress = [&](const char* name, const char* usd) {
    return sourced(name, make(units::usd_per_gibibyte, usd), pricing_page(transfer_page));
  };
  m.add(data_transfer(
      "data-movement",
      {transfer::inter_az("dataset reads across availability zones",
                          measure("cross_az_gib", units::gibibyte, "250", run),
                          egress("inter_az_price", "0.01")),
       transfer::internet_egress(
           "fine-tuned weights to the customer",
           measure("egress_gib", units::gibibyte, "16", run),
           transfer::prices("internet_egress_price",
                            {{egress("egress_first_10tb", "0.09"), gib(0), gib(10240)},
                             {egress("egress_next_40tb", "0.085"), gib(10240), gib(51200)},
                             {egress("egress_next_100tb", "0.07"), gib(51200), gib(153600)},
                             {egress("egress_over_150tb", "0.05"), gib(153600), std::nullopt}}))}));

  // --- Logs ------------------------------------------------------------------------------------
  if (v != variant::logs_missing) {
    const auto cw_page = "AmazonCloudWatch offer file, us-east-1";
    m.add(logging("training-logs", measure("logs_ingested_gib", units::gibibyte, "6", run),
                  sourced("logs_ingestion_price", make(units::usd_per_gibibyte, "0.50"),
                          pricing_page(cw_page)),
                  measure("logs_stored_gib", units::gibibyte, "6", run),
                  measure("logs_kept_months", units::month, "1", run),
                  sourced("logs_storage_price", make(units::usd_per_gibibyte_month, "0.03"),
                          pricing_page(cw_page))));
  }

  // --- Data preparation ------------------------------------------------------------------------
  m.add(data_preparation(
      "tokenize", sourced<money>("tokenize_job_cost", usd("38.40"),
                                 measured{.run_id = "prep-ft-v4",
                                          .method = "Cost Explorer, resources tagged job=prep-ft-v4",
                                          .from = parse_timestamp("2026-11-18T06:00:00Z"),
                                          .to = parse_timestamp("2026-11-18T08:00:00Z")})));

  // --- Failures and restarts -------------------------------------------------------------------
  // Interruption rate, restart time and work lost per interruption, all measured over the four trn1
  // runs (failed run included): 2 interruptions / 64,000 instance-s = 0.1125 per instance-h; restart
  // 900 s / 2 = 450 s; work lost (900 + 1,800) s / 2 = 1,350 s. Exposure: the job's instance time
  // (nodes x the phases' seconds, in instance-hours).
  if (!interruptions.restart_time || !interruptions.work_lost) {
    throw input_error("the trn1 run logs record no interruption: no restart time or work lost");
  }
  const auto exposure = convert<units::instance_hour_t>(
      "exposure", nodes * (setup + compile + train + eval + checkpoint + wait));
  m.add(failures("interruptions", trn2 ? "trn2.48xlarge" : "trn1.32xlarge", nodes, price,
                 interruptions.interruption_rate, exposure, *interruptions.restart_time,
                 *interruptions.work_lost));
  return m;
}

}  // namespace flagship

#endif  // TRNCOST_EXAMPLES_FLAGSHIP_MODEL_HPP
