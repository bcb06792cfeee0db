// Tests for the flagship model (examples/flagship_model.hpp): every category's amount and the
// status of each variant, computed by hand from the inputs written in that header.
#include <doctest/doctest.h>

#include "../../examples/flagship_model.hpp"

using namespace trncost;

TEST_CASE("the flagship fine-tune estimate adds up, line by line, to the hand-computed total") {
  const auto est = flagship::build().evaluate(flagship::as_of);
  // compute: 21.5 USD/instance-h x 2 instances x (360 + 1260 + 21600 + 1200 + 540 + 240) s
  //        = 21.5 x 14 instance-h = 301 (training 21,600 s = 1,296,000,000 tokens / 60,000 token/s).
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
  // failures: 3 / 6000 per instance-h x 14 instance-h = 0.007 interruptions;
  //           restarts 2 x 0.007 x 900 s x 21.5 / 3600 = 0.07525;
  //           lost work 2 x 0.007 x 1800 s x 21.5 / 3600 = 0.1505.
  CHECK(est.by_category.at(category::failures_restarts) == decimal("0.22575"));
  CHECK(est.total == decimal("363.998462328767123288"));
  // useful = training 258 + evaluation 14.333... + checkpointing 6.45;
  // overhead = setup 4.3 + compilation 15.05 + waiting 2.8666... + restarts + failed work.
  CHECK(est.useful == decimal("278.783333333333333333"));
  CHECK(est.overhead == decimal("22.442416666666666667"));
  CHECK(est.useful + est.overhead + est.by_category.at(category::storage) +
            est.by_category.at(category::transfer) + est.by_category.at(category::logs) +
            est.by_category.at(category::data_preparation) ==
        est.total);
  // One assumption (the work lost per interruption) and nothing else keeps it from verified.
  CHECK(est.status == estimate_status::provisional);
  REQUIRE(est.reasons.size() == 1);
  CHECK(est.reasons[0].text.rfind("work_lost is an assumption", 0) == 0);
  CHECK(est.unpriced_lines() == 0);
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
  REQUIRE(est.reasons.size() == 2);
  CHECK(est.reasons[0].text ==
        "trn2_price is third-party (a cloud price comparison site (no official on-demand row in "
        "the AmazonEC2 offer file), seen 2026-10-02), not an official price");
  // compute: 35.76 x 1 x (360 + 1800 + 8640 + 1200 + 540 + 240) s = 35.76 x 3.55 h = 126.948.
  CHECK(est.by_category.at(category::compute) == decimal("126.948"));
}

TEST_CASE("a forgotten category makes the flagship incomplete") {
  const auto est = flagship::build(flagship::variant::logs_missing).evaluate(flagship::as_of);
  CHECK(est.status == estimate_status::incomplete);
  CHECK(est.reasons[0].text == "category 'logs' has no component and is not declared none");
  CHECK(est.by_category.count(category::logs) == 0);
  // The total is the baseline's minus its 3.18 of logs.
  CHECK(est.total == decimal("360.818462328767123288"));
}

TEST_CASE("evaluating the built flagship model again gives the same total") {
  const auto m = flagship::build();
  evaluator e(m);
  const decimal first = e.run();
  CHECK(first == decimal("363.998462328767123288"));
  CHECK(e.run() == first);
}
