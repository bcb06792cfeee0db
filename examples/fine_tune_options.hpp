// One fine-tuning job (1.296 billion tokens, eval_loss target 2.0) measured on three options:
// 2 x trn1.32xlarge and 1 x p5.48xlarge on the same dataset (comparable), and 1 x trn2.48xlarge
// measured on another dataset version with a third-party price (not comparable). Shared by
// examples/trainium_vs_gpu.cpp, its test and the analysis benchmark.
#ifndef TRNCOST_EXAMPLES_FINE_TUNE_OPTIONS_HPP
#define TRNCOST_EXAMPLES_FINE_TUNE_OPTIONS_HPP

#include <string>
#include <trncost/analysis/comparison.hpp>
#include <trncost/model.hpp>
#include <vector>

namespace fine_tune {

using namespace trncost;

inline const date as_of = parse_date("2026-11-30");

enum class which { trn1, p5, trn2 };

inline quoted ec2(const char* sku) {
  return quoted{.source = "AmazonEC2 offer file, us-east-1 (Price List Bulk API)",
                .offer_code = "AmazonEC2",
                .offer_version = "20260910195514",
                .published = parse_date("2026-09-10"),
                .sku = sku,
                .offer_term_code = "JRTCKXETXF",
                .rate_code = std::string(sku) + ".JRTCKXETXF.6YS6EN2CT7",
                .region = "us-east-1",
                .option = purchase_option::on_demand,
                .consulted = parse_date("2026-11-28")};
}

inline measured reference_run(which w) {
  const char* id = w == which::trn1 ? "ft-trn1-ref-3"
                   : w == which::p5 ? "ft-p5-ref-2"
                                    : "ft-trn2-ref-1";
  return measured{.run_id = id,
                  .method = "phase timestamps and token counters from the run log",
                  .from = parse_timestamp("2026-11-20T09:00:00Z"),
                  .to = parse_timestamp("2026-11-20T17:00:00Z")};
}

/// Throughput of three repetitions of the trn1 reference run (token/s): the observed range.
inline std::vector<decimal> trn1_throughput_repetitions() {
  return {decimal(58500), decimal(60000), decimal(61200)};
}

template <class Unit>
sourced<quantity<Unit>> m(const char* name, Unit u, const char* v, which w) {
  return sourced(name, make(u, v), reference_run(w));
}

/// Per instance: setup + compilation + training + evaluation + checkpointing + waiting.
///   trn1: 360 + 1260 + 1,296,000,000 / 60,000 (21,600) + 1200 + 540 + 240 = 25,200 s = 7 h
///   p5:   300 +  600 + 1,296,000,000 / 54,000 (24,000) +  900 + 400 + 800 = 27,000 s = 7.5 h
///   trn2: 360 + 1800 + 1,296,000,000 / 150,000 (8,640) + 1200 + 540 + 240 = 12,780 s = 3.55 h
inline model build(which w) {
  model mdl;
  const bool trn1 = w == which::trn1;
  const bool p5 = w == which::p5;
  const char* type = trn1 ? "trn1.32xlarge" : p5 ? "p5.48xlarge" : "trn2.48xlarge";
  const auto tokens = sourced("tokens_to_train", make(units::token, "1296000000"),
                              measured{.run_id = "dataset-ft-v4",
                                       .method = "token count of the tokenized dataset x 3 epochs",
                                       .from = parse_timestamp("2026-11-18T08:00:00Z"),
                                       .to = parse_timestamp("2026-11-18T08:20:00Z")});
  const auto throughput = m("useful_throughput", units::tokens_per_second,
                            trn1 ? "60000"
                            : p5 ? "54000"
                                 : "150000",
                            w);
  const auto train = convert<units::second_t>("train_s", tokens / throughput);
  const auto nodes = m("nodes", units::instance, trn1 ? "2" : "1", w);
  const auto price =
      trn1 ? sourced("trn1_price", make(units::usd_per_instance_hour, "21.50"),
                     ec2("WVVQPJVCQU4SR8XF"))
      : p5 ? sourced("p5_price", make(units::usd_per_instance_hour, "55.04"),
                     ec2("P5EXAMPLESKU0001"))
           : sourced("trn2_price", make(units::usd_per_instance_hour, "35.76"),
                     third_party{"a cloud price comparison site (no official on-demand row)",
                                 parse_date("2026-10-02")});
  const auto setup = m("setup_s", units::second, p5 ? "300" : "360", w);
  const auto compile = m("compile_s", units::second, trn1 ? "1260" : p5 ? "600" : "1800", w);
  const auto eval = m("eval_s", units::second, p5 ? "900" : "1200", w);
  const auto checkpoint = m("checkpoint_s", units::second, p5 ? "400" : "540", w);
  const auto wait = m("wait_s", units::second, p5 ? "800" : "240", w);
  mdl.add(instance_time("fine-tune", type, nodes, price,
                        {{phase::setup, setup},
                         {phase::compilation, compile},
                         {phase::training, train},
                         {phase::evaluation, eval},
                         {phase::checkpointing, checkpoint},
                         {phase::waiting, wait}}));

  // Scratch volumes, 1,000 GiB of gp3 kept for the job's wall-clock time (GiB-hours).
  const auto wall =
      convert<units::hour_t>("wall_h", setup + compile + train + eval + checkpoint + wait);
  const auto volume = m("volume_gib", units::gibibyte, "1000", w);
  const auto gp3 =
      sourced("gp3_price", make(units::usd_per_gibibyte_month, "0.08"), ec2("GP3EXAMPLESKU001"));
  mdl.add_line(category::storage, "scratch-volumes", line_meta{std::nullopt, "gp3, 1000 GiB"},
               mdl.input(gp3), mdl.input(volume * wall), month_730h);

  // Interruptions: the team's measured rate; the work lost per interruption is half the 30-minute
  // checkpoint interval, an assumption.
  const auto exposure = convert<units::instance_hour_t>("exposure_instance_h", nodes * wall);
  mdl.add(
      failures("interruptions", type, nodes, price,
               sourced("interruption_rate", make(units::interruptions_per_instance_hour, "0.002"),
                       measured{.run_id = "fleet-2026-q3",
                                .method = "interruptions / instance-hours in the job history",
                                .from = parse_timestamp("2026-07-01T00:00:00Z"),
                                .to = parse_timestamp("2026-09-30T23:59:59Z")}),
               exposure, m("restart_s", units::seconds_per_interruption, "600", w),
               sourced("work_lost_s", make(units::seconds_per_interruption, "900"),
                       assumption{"half the 30-minute checkpoint interval"})));

  mdl.declare_none(category::transfer,
                   {"dataset and checkpoints stay in the instances' availability zone"});
  mdl.declare_none(category::logs, {"training logs stay on the instance and are discarded"});
  mdl.declare_none(category::data_preparation,
                   {"the dataset was tokenized by an earlier job, in that job's estimate"});
  return mdl;
}

/// The three options with their protocols (dataset, metric, target, value reached, stack).
inline std::vector<analysis::option> options() {
  using analysis::quality_direction;
  const auto proto = [](const char* dataset, const char* loss, const char* stack) {
    return analysis::protocol{
        dataset, "eval_loss", decimal(2), quality_direction::lower_is_better, decimal::parse(loss),
        stack};
  };
  return {{"2 x trn1.32xlarge", build(which::trn1).evaluate(as_of),
           proto("ft-v4", "1.92", "neuronx-cc 2.21, torch-neuronx 2.8"), decimal(25200)},
          {"1 x p5.48xlarge", build(which::p5).evaluate(as_of),
           proto("ft-v4", "1.95", "CUDA 12.8, torch 2.8"), decimal(27000)},
          {"1 x trn2.48xlarge", build(which::trn2).evaluate(as_of),
           proto("ft-v5", "1.90", "neuronx-cc 2.22, torch-neuronx 2.9"), decimal(12780)}};
}

}  // namespace fine_tune

#endif  // TRNCOST_EXAMPLES_FINE_TUNE_OPTIONS_HPP
