// Tests for the flagship model (examples/flagship_model.hpp): every category's amount and the
// status of each variant, computed by hand from the prices written in that header and the run logs
// in examples/data/ it reads (ft-8b-trn1-runs.csv, ft-8b-trn2-runs.jsonl).
//
// From ft-8b-trn1-runs.csv (runs r1, r2, r3 completed; r4 failed):
//   medians over r1, r2, r3 of the per-run phase totals (the rows' duration_s):
//     setup (360, 300, 420) = 360 s        compilation (1260, 1200, 1320) = 1260 s
//     evaluation (1200, 1200, 1260) = 1200 s   checkpointing (540, 600, 480) = 540 s
//     waiting (240, 300, 180) = 240 s
//   useful throughput: training tokens / training seconds per run: r1 216,000,000 / 3,600 = 60,000;
//     r2 (108,720,000 + 108,720,000) / (1,800 + 1,800) = 60,400; r3 212,400,000 / 3,600 = 59,000;
//     median 60,000 token/s. instance_count 2 in every run.
//   interruptions: 2 incident rows (r2 node_failure, r4 neuron_runtime_error) over every run's
//     instance-seconds 2 x (7,200 + 9,000 + 7,260 + 8,540) = 64,000: 2 / 64,000 x 3,600 = 0.1125
//     per instance-h; restart phases 900 s (r2) / 2 = 450 s and work_lost_s (900 + 1,800) / 2 =
//     1,350 s per interruption.
// From ft-8b-trn2-runs.jsonl (one run on 1 x trn2.48xlarge): setup 360, compilation 1800,
//   evaluation 1200, checkpointing 540, waiting 240 s; 270,000,000 tokens / 1,800 s = 150,000
//   token/s.
#include <doctest/doctest.h>

#include "../../examples/flagship_model.hpp"

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::model_flagship_test {

using namespace trncost;

TEST_CASE("the flagship fine-tune estimate adds up, line by line, to the hand-computed total") {
  const auto est = flagship::build().evaluate(flagship::as_of);
  // compute: 21.5 USD/instance-h x 2 instances x (360 + 1260 + 21600 + 1200 + 540 + 240) s
  //        = 21.5 x 14 instance-h = 301 (training 21,600 s = 1,296,000,000 tokens / 60,000
  //        token/s).
  CHECK(est.by_category.at(category::compute) == decimal(301));
  // storage: gp3 2 x 500 GiB x 8 h x 0.08 / 730 = 640 / 730 = 0.876712328767123288 (18 digits);
  //          S3 600 GiB x 1 month x 0.023 = 13.8; PUT 12,000 x 0.000005 = 0.06;
  //          GET 40,000 x 0.0000004 = 0.016.
  CHECK(est.by_category.at(category::storage) == decimal("14.752712328767123288"));
  // transfer: inter-AZ 2 x 250 GiB x 0.01 = 5; egress 16 GiB x 0.09 (first tier) = 1.44.
  CHECK(est.by_category.at(category::transfer) == decimal("6.44"));
  // logs: 6 GiB x 0.50 = 3 ingestion; 6 GiB x 1 month x 0.03 = 0.18 storage.
  CHECK(est.by_category.at(category::logs) == decimal("3.18"));
  // data preparation: one measured job of 38.40.
  CHECK(est.by_category.at(category::data_preparation) == decimal("38.4"));
  // failures: 0.1125 per instance-h x 14 instance-h = 1.575 interruptions;
  //           restarts 2 x 1.575 x 450 s x 21.5 / 3600 = 1,417.5 instance-s x 21.5 / 3600
  //           = 8.465625; lost work 2 x 1.575 x 1350 s x 21.5 / 3600 = 4,252.5 x 21.5 / 3600
  //           = 25.396875.
  CHECK(est.by_category.at(category::failures_restarts) == decimal("33.8625"));
  // 301 + 14.752712328767123288 + 6.44 + 3.18 + 38.4 + 33.8625.
  CHECK(est.total == decimal("397.635212328767123288"));
  // useful = training 258 + evaluation 14.333... + checkpointing 6.45;
  // overhead = setup 4.3 + compilation 15.05 + waiting 2.8666... + restarts 8.465625 + failed work
  //            25.396875 = 56.079166666666666667.
  CHECK(est.useful == decimal("278.783333333333333333"));
  CHECK(est.overhead == decimal("56.079166666666666667"));
  CHECK(est.useful + est.overhead + est.by_category.at(category::storage) +
            est.by_category.at(category::transfer) + est.by_category.at(category::logs) +
            est.by_category.at(category::data_preparation) ==
        est.total);
  // Every input is measured (run logs), quoted (official prices) or derived from those: verified.
  CHECK(est.status == estimate_status::verified);
  CHECK(est.reasons.empty());
  CHECK(est.unpriced_lines() == 0);
}

TEST_CASE("the flagship's durations, throughput and interruptions come from the run logs") {
  const auto est = flagship::build().evaluate(flagship::as_of);
  const auto input = [&](const std::string& name) -> const source_record& {
    for (const auto& l : est.lines) {
      for (const auto& in : l.inputs) {
        if (in->name == name) return *in;
      }
    }
    FAIL("no input named " << name);
    throw;
  };
  const auto& setup = input("setup_s");
  CHECK(setup.value == "360");
  const auto& how = std::get<derived>(setup.origin);
  CHECK(how.formula == "median of setup_s over 3 runs; kept out: ft-8b-trn1-r4 (failed)");
  REQUIRE(how.inputs.size() == 3);
  CHECK(how.inputs[1]->name == "ft-8b-trn1-r2.setup_s");
  CHECK(how.inputs[1]->value == "300");
  CHECK(std::get<measured>(how.inputs[1]->origin).method == "sum of the run log's setup phases");
  CHECK(input("interruption_rate").value == "0.1125");
  CHECK(input("restart_time").value == "450");
  CHECK(input("work_lost").value == "1350");
  CHECK(std::get<measured>(input("instances").origin).run_id ==
        "ft-8b-trn1-r1,ft-8b-trn1-r2,ft-8b-trn1-r3,ft-8b-trn1-r4");
}

TEST_CASE("the flagship refuses a data directory without its run logs") {
  CHECK_THROWS_WITH_AS(flagship::build(flagship::variant::baseline, "/nonexistent"),
                       "trncost: /nonexistent/ft-8b-trn1-runs.csv: cannot be opened (no such file)",
                       parse_error);
}

TEST_CASE("the flagship's training time is derived from measured tokens and throughput") {
  const auto est = flagship::build().evaluate(flagship::as_of);
  const auto& training = est.lines.at(2);
  CHECK(training.ph == phase::training);
  CHECK(training.quantity->value == "43200");  // 2 instances x 21,600 s
  bool found = false;
  for (const auto& in : training.inputs) {
    if (in->name != "train_s") continue;
    found = true;
    CHECK(in->value == "21600");
    CHECK(std::get<derived>(in->origin).formula == "(tokens_to_train / useful_throughput) in s");
  }
  CHECK(found);
}

TEST_CASE("a third-party price makes the flagship provisional and says why") {
  const auto est = flagship::build(flagship::variant::trn2_third_party).evaluate(flagship::as_of);
  CHECK(est.status == estimate_status::provisional);
  // The third-party price, and the trn1 runs' interruption figures standing in for trn2's: three
  // assumptions that say so (measured on trn1.32xlarge, they would be refused on a trn2 line:
  // rule identity-consistent).
  REQUIRE(est.reasons.size() == 4);
  CHECK(est.reasons[0].text ==
        "trn2_price is third-party (a cloud price comparison site (no official on-demand row in "
        "the AmazonEC2 offer file), seen 2026-10-02), not an official price");
  for (std::size_t i = 1; i < 4; ++i) {
    CAPTURE(est.reasons[i].text);
    CHECK(est.reasons[i].rule == verified_rule::no_assumption);
    CHECK(est.reasons[i].text.find("on trn1.32xlarge in us-east-1") != std::string::npos);
    CHECK(est.reasons[i].text.find("assumed to hold on trn2.48xlarge") != std::string::npos);
  }
  // compute: 35.76 x 1 x (360 + 1800 + 8640 + 1200 + 540 + 240) s = 35.76 x 3.55 h = 126.948
  // (training 1,296,000,000 / 150,000 = 8,640 s).
  CHECK(est.by_category.at(category::compute) == decimal("126.948"));
  // failures, with the trn1 runs' interruption figures: 0.1125 x 3.55 instance-h = 0.399375;
  // restarts 0.399375 x 450 = 179.71875 instance-s x 35.76 / 3600 = 1.78520625;
  // lost work 0.399375 x 1350 = 539.15625 instance-s x 35.76 / 3600 = 5.35561875.
  CHECK(est.by_category.at(category::failures_restarts) == decimal("7.140825"));
}

TEST_CASE("a forgotten category makes the flagship incomplete") {
  const auto est = flagship::build(flagship::variant::logs_missing).evaluate(flagship::as_of);
  CHECK(est.status == estimate_status::incomplete);
  CHECK(est.reasons[0].text == "category 'logs' has no component and is not declared none");
  CHECK(est.by_category.count(category::logs) == 0);
  // The total is the baseline's minus its 3.18 of logs.
  CHECK(est.total == decimal("394.455212328767123288"));
}

TEST_CASE("evaluating the built flagship model again gives the same total") {
  const auto m = flagship::build();
  evaluator e(m);
  const decimal first = e.run();
  CHECK(first == decimal("397.635212328767123288"));
  CHECK(e.run() == first);
}

TEST_CASE("the flagship's prices come from the offer files in examples/data/offers") {
  const auto est = flagship::build().evaluate(flagship::as_of);
  const auto find = [&](std::string_view name) -> const trncost::source_record& {
    for (const auto& in : est.inputs) {
      if (in->name == name) return *in;
    }
    FAIL("no input named " << name);
    throw std::logic_error("unreachable");
  };
  const auto& trn1 = find("trn1_price");
  REQUIRE(std::holds_alternative<trncost::quoted>(trn1.origin));
  const auto& q = std::get<trncost::quoted>(trn1.origin);
  CHECK(q.sku == "WVVQPJVCQU4SR8XF");
  CHECK(q.offer_version == "20260910195514");
  CHECK(q.rate_code == "WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7");
  CHECK(q.region == "us-east-1");
  CHECK(q.consulted == flagship::as_of);
  CHECK(q.source.find("AmazonEC2-us-east-1.json") != std::string::npos);
  // Every other official price too: each is a quote from one of the four offer files.
  for (const auto* name :
       {"gp3_price", "s3_first_50tb", "s3_put_price", "s3_get_price", "inter_az_price",
        "egress_first_10tb", "logs_ingestion_price", "logs_storage_price"}) {
    const auto& r = find(name);
    REQUIRE_MESSAGE(std::holds_alternative<trncost::quoted>(r.origin), name);
    CHECK_MESSAGE(std::get<trncost::quoted>(r.origin).source.find("/offers/") != std::string::npos,
                  name);
  }
}

}  // namespace trncost_tests::model_flagship_test
