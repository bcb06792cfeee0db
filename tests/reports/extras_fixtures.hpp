// The analysis results and a credit burn-down for the report tests, on the small model of
// tests/analysis/small_model.hpp (total 208 USD: compute 200, storage 8). Every figure is computed
// by hand in tests/analysis/ and tests/credits/ where the results come from; the ones the report
// tests assert are repeated in the comments below.
#ifndef TRNCOST_TESTS_REPORTS_EXTRAS_FIXTURES_HPP
#define TRNCOST_TESTS_REPORTS_EXTRAS_FIXTURES_HPP

#include <set>
#include <string>
#include <trncost/report/extras.hpp>
#include <utility>
#include <vector>

#include "../analysis/small_model.hpp"

namespace extras_test {

using namespace trncost;

inline date d(int y, unsigned m, unsigned day) { return date(y, m, day); }

/// Whether the report `text` holds `what` anywhere.
inline bool has(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

/// Tornado over +/-10 % bands of the measured leaves:
///   throughput 900..1100: totals 230.222222222222222222 and 189.818181818181818182, swing
///   40.40404040404040404; nodes 1.8..2.2 and tokens: 188..228, swing 40 (tied, by name);
///   volume 90..110 GiB: 206.4..209.6, swing 1.6.
inline analysis::tornado tornado(const analysis::model_inputs& in) {
  return analysis::sensitivity(in, analysis::observed_bands(in, decimal::parse("0.1")));
}

/// measured 208; "slower and dearer" (throughput 800, price 12): 308, gap 100 = 50 + 40 + 10
/// interaction; "volumes kept longer" (kept_hours 1460): 216, gap 8.
inline analysis::scenario_table scenarios(const analysis::model_inputs& in) {
  return analysis::compare_scenarios(
      in, {{"slower and dearer",
            {{"throughput", decimal(800), "first epoch was 20 % slower on a cold cache"},
             {"price", decimal(12), "on-demand price rise of 20 %"}}},
           {"volumes kept longer", {{"kept_hours", decimal(1460), "kept two months"}}}});
}

/// A degenerate uniform (1000 to 1000 token/s): every sample is the baseline 208, so every figure
/// is 208.000000, and P(total > 200) = 1.000000.
inline analysis::monte_carlo_result monte_carlo(const analysis::model_inputs& in) {
  analysis::monte_carlo_options o;
  o.samples = 50;
  o.seed = 7;
  o.budget = make<units::usd_t>("200");
  return analysis::monte_carlo(
      in, {{"throughput", analysis::distribution::uniform(decimal(1000), decimal(1000))}}, o);
}

/// gpu 168 USD (rank 1, ratio 1), trn1 208 USD (rank 2, ratio 208 / 168 = 1.238095238095238095);
/// trn2 set apart (loss 2.1 misses 2).
inline analysis::comparison comparison() {
  const auto proto = [](std::optional<decimal> reached, const char* stack) {
    return analysis::protocol{"ds-v1",    "eval_loss",
                              decimal(2), analysis::quality_direction::lower_is_better,
                              reached,    stack};
  };
  return analysis::compare({
      {"trn1", small::small_estimate(), proto(decimal::parse("1.9"), "neuronx-cc 2.21"),
       decimal(40000)},
      {"trn2", small::small_estimate({.price = "30", .throughput = "3000"}),
       proto(decimal::parse("2.1"), "neuronx-cc 2.21"), decimal(12000)},
      {"gpu", small::small_estimate({.price = "40", .throughput = "5000"}),
       proto(decimal::parse("1.95"), "CUDA 12.8"), decimal(9000)},
  });
}

/// The small estimate's decision: kept_hours is an assumption, so "compare another option".
inline analysis::decision decision(const estimate& e) {
  analysis::decision_inputs in;
  in.est = &e;
  in.quality = {"ds-v1",
                "eval_loss",
                decimal(2),
                analysis::quality_direction::lower_is_better,
                decimal::parse("1.9"),
                "neuronx-cc 2.21"};
  in.region = "us-east-1";
  in.support.stated_check = "replayed 200 steps on neuronx-cc 2.21 on 2026-11-20: ok";
  return analysis::decide(in);
}

/// The first case of tests/credits/burn_down_test.cpp: A 1,000 USD (EC2 and S3, Jan 1 to Feb 28),
/// B 5,000 USD (EC2, to Dec 30); 950 USD a month (compute 800 EC2, storage 100 S3, transfer 50
/// AWS Data Transfer) for January to March 2026. B's 3,500 left is projected at March's rate
/// (800 over 31 days) April to August and runs out on Aug 14. Credits used 900, 800, 800; paid 50,
/// 150, 150; balances after (A, B): (100, 5000), (0, 4300), (0, 3500); credit lines A -800, A -100,
/// A -100, B -700, B -800.
inline credits::burn_down_result burn_down() {
  using credits::charge_kind;
  const auto grant = [](const char* name, const char* amount, date issued, date last,
                        const std::set<std::string>& services) {
    return credits::grant(
        name,
        sourced<money>{"grant_amount", make<units::usd_t>(amount),
                       documented{"AWS Billing console, Credits page", d(2026, 1, 2)}},
        issued, credits::last_day{last}, services);
  };
  const std::vector<credits::grant> grants{
      grant("B", "5000", d(2026, 1, 1), d(2026, 12, 30), {"AmazonEC2"}),
      grant("A", "1000", d(2026, 1, 1), d(2026, 2, 28), {"AmazonEC2", "AmazonS3"})};
  credits::spend_schedule s;
  for (unsigned m = 1; m <= 3; ++m) {
    s.add({d(2026, m, 1),
           d(2026, m + 1, 1),
           {{category::compute, charge_kind::usage, decimal(800), "instances", "AmazonEC2"},
            {category::storage, charge_kind::usage, decimal(100), "S3", "AmazonS3"},
            {category::transfer, charge_kind::usage, decimal(50), "egress", "AWSDataTransfer"}}});
  }
  return credits::burn_down(grants, s);
}

/// A grant named `name` of `amount` USD for EC2, documented by a grant letter of 2026-01-02,
/// usable from `issued` to `last`, its last valid day.
inline credits::grant ec2_grant(const char* name, const char* amount, date issued, date last) {
  return credits::grant(name,
                        sourced<money>{"grant_amount", make<units::usd_t>(amount),
                                       documented{"grant letter", d(2026, 1, 2)}},
                        issued, credits::last_day{last}, {"AmazonEC2"});
}

/// `amount` USD of EC2 instances: compute usage billed by AmazonEC2.
inline credits::charge ec2_instances(int amount) {
  return {category::compute, credits::charge_kind::usage, decimal(amount), "instances",
          "AmazonEC2"};
}

/// The burn-down of `g` alone under one period of `charges`, from `start` to `end`.
inline credits::burn_down_result burn_down_of(const credits::grant& g, date start, date end,
                                              std::vector<credits::charge> charges) {
  credits::spend_schedule s;
  s.add({start, end, std::move(charges)});
  return credits::burn_down({g}, s);
}

/// C: 1,000 USD for EC2, issued 2026-01-02, valid from Jan 1 to Feb 14 (its last valid day), 2026;
/// 300 USD of compute in January and in February. January: C pays 300 (left 700). February is cut
/// at Feb 15: 300 * 14 / 28 = 150 before the expiry, paid by C (left 550, lost on Feb 15), 150
/// after it paid in cash. The credits stop on Feb 15, the runway.
inline credits::burn_down_result expiring_grant() {
  credits::spend_schedule s;
  for (unsigned m = 1; m <= 2; ++m) s.add({d(2026, m, 1), d(2026, m + 1, 1), {ec2_instances(300)}});
  return credits::burn_down({ec2_grant("C", "1000", d(2026, 1, 1), d(2026, 2, 14))}, s);
}

/// Every extra at once, for the small estimate.
struct bundle {
  model m = small::small_model();
  estimate est = small::small_estimate();
  report::extras x;
  bundle() {
    const analysis::model_inputs in(m);
    x.tornado = tornado(in);
    x.scenarios = scenarios(in);
    x.monte_carlo = monte_carlo(in);
    x.comparison = comparison();
    x.decision = decision(est);
    x.burn_down = burn_down();
  }
};

}  // namespace extras_test

#endif  // TRNCOST_TESTS_REPORTS_EXTRAS_FIXTURES_HPP
