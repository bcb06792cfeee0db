// The five workload archetypes of docs/credits.md, each with one grant, so a budget owner sees how
// the same credits behave: fine-tuning bursts, continued pre-training, steady inference, evaluation
// sweeps on an idle cluster, frontier-scale pre-training. Prices are the official on-demand rates
// (us-east-1, EC2 offer file 20260910195514); workloads and grant dates are assumptions, labelled
// as such. Shared by examples/credit_archetypes.cpp and tests/credits/archetypes_test.cpp.
#ifndef TRNCOST_EXAMPLES_CREDIT_ARCHETYPES_HPP
#define TRNCOST_EXAMPLES_CREDIT_ARCHETYPES_HPP

#include <string>
#include <trncost/credits.hpp>
#include <vector>

namespace archetypes {

using namespace trncost;
using credits::charge;
using credits::charge_kind;
using credits::grant;
using credits::spend_period;
using credits::spend_schedule;

inline const date consulted = parse_date("2026-11-30");

inline quoted on_demand(const char* sku) {
  return quoted{.source = "AmazonEC2 offer file, us-east-1 (Price List Bulk API)",
                .offer_code = "AmazonEC2",
                .offer_version = "20260910195514",
                .published = parse_date("2026-09-10"),
                .sku = sku,
                .offer_term_code = "JRTCKXETXF",
                .rate_code = std::string(sku) + ".JRTCKXETXF.6YS6EN2CT7",
                .region = "us-east-1",
                .option = purchase_option::on_demand,
                .consulted = consulted};
}

using rate = sourced<quantity<units::usd_per_instance_hour_t>>;
using usage = sourced<quantity<units::instance_hour_t>>;

inline rate trn1_32xl() {
  return {"trn1.32xlarge_on_demand", make(units::usd_per_instance_hour, "21.50"),
          on_demand("WVVQPJVCQU4SR8XF")};
}
inline rate trn1_2xl() {
  // trn1.2xlarge in the same offer file version, under a placeholder SKU; the rate is its us-east-1
  // on-demand price (docs/domain.md#us-east-1-prices).
  return {"trn1.2xlarge_on_demand", make(units::usd_per_instance_hour, "1.34375"),
          on_demand("EXAMPLE2XLSKU000")};
}

/// Instance-hours a workload plans to use: an assumption, with its reason.
inline usage planned(const char* name, const char* instance_hours, const char* why) {
  return {name, make(units::instance_hour, instance_hours), assumption{why}};
}

/// The AWS Activate tiers as the program page states them ("up to"): documented, not granted.
/// `last` is the last day the credits can pay, as the billing console shows the expiry date.
inline grant activate(const char* tier, const char* amount, const char* issued, const char* last) {
  return grant(std::string("Activate ") + tier,
               sourced<money>("activate_" + std::string(tier), make(units::usd, amount),
                              documented{"AWS Activate program page (credits up to this amount)",
                                         parse_date("2026-09-15")}),
               parse_date(issued), credits::last_day{parse_date(last)},
               credits::all_known_services());
}

/// Instance time priced at its rate: one exact line, derived from both.
inline sourced<money> charge_of(const char* name, const rate& price, const usage& hours) {
  return trncost::charge(name, price, hours);
}

/// Instance time billed by Amazon EC2; storage by Amazon S3.
inline charge compute(const sourced<money>& m, const char* what) {
  return {category::compute, charge_kind::usage, m.value().value(), what, "AmazonEC2"};
}
inline charge storage(const char* usd, const char* what) {
  return {category::storage, charge_kind::usage, decimal::parse(usd), what, "AmazonS3"};
}

/// An estimate of one compute line priced at `price`: EC2 instance hours (its identity, as an
/// instance_time gives it), which is how the burn-down knows the service that bills it.
inline estimate one_line(const sourced<money>& cost, const rate& price) {
  estimate e;
  line_item l;
  l.cat = category::compute;
  l.component = cost.name();
  l.identity.service = "AmazonEC2";
  l.price = price.record();
  l.amount = cost.value().value();
  e.lines.push_back(std::move(l));
  e.by_category[category::compute] = cost.value().value();
  e.total = cost.value().value();
  return e;
}

struct archetype {
  std::string name;
  std::string behaviour;  ///< what the grant does here, in one line
  std::vector<grant> grants;
  spend_schedule schedule;
};

/// Six fine-tunes a month of 4 instance-hours each on trn1.32xlarge (24 instance-h, 516 USD) and
/// 50 USD of checkpoint storage, all year.
inline archetype fine_tuning_bursts() {
  const auto month = charge_of("fine_tune_month", trn1_32xl(),
                               planned("fine_tune_hours", "24", "6 fine-tunes x 4 instance-h"));
  spend_schedule s;
  date at = parse_date("2026-01-01");
  for (int m = 0; m < 12; ++m) {
    const date next = credits::detail::next_month_start(at);
    s.add({at, next, {compute(month, "6 fine-tunes"), storage("50", "checkpoints on S3")}});
    at = next;
  }
  return {"fine-tuning bursts",
          "one grant covers many short experiments",
          {activate("Founders", "5000", "2026-01-01", "2026-12-31")},
          std::move(s)};
}

/// One 21-day run on 16 x trn1.32xlarge (8,064 instance-h) in April, 1,500 USD of storage.
inline archetype continued_pretraining() {
  const auto run = charge_of("cpt_run", trn1_32xl(),
                             planned("cpt_hours", "8064", "16 instances x 21 days x 24 h"));
  spend_schedule s;
  s.add({parse_date("2026-04-01"),
         parse_date("2026-04-22"),
         {compute(run, "continued pre-training"), storage("1500", "dataset and checkpoints")}});
  return {"continued pre-training",
          "one serious run absorbs most of a large grant",
          {activate("Portfolio", "200000", "2026-03-01", "2027-02-28")},
          std::move(s)};
}

/// Two trn1.2xlarge serving all month (2 x 730 instance-h, the 730-hour month convention).
inline archetype steady_inference() {
  const auto month =
      charge_of("serving_month", trn1_2xl(),
                planned("serving_hours", "1460", "2 instances x 730 h (730 h/month convention)"));
  return {"steady inference",
          "burns the same amount every month: the runway is predictable",
          {activate("Founders", "5000", "2026-01-01", "2026-12-31")},
          spend_schedule::monthly(one_line(month, trn1_2xl()), parse_date("2026-01-01"), 6)};
}

/// One trn1.32xlarge left up all month (730 instance-h) for sweeps that keep it busy 20 % of it.
inline archetype evaluation_sweeps() {
  const auto month = charge_of("sweep_cluster_month", trn1_32xl(),
                               planned("sweep_cluster_hours", "730", "left up between sweeps"));
  return {"evaluation sweeps, idle cluster",
          "idle hours burn credits as fast as busy ones",
          {activate("Founders", "5000", "2026-01-01", "2026-12-31")},
          spend_schedule::monthly(one_line(month, trn1_32xl()), parse_date("2026-01-01"), 3)};
}

/// 256 x trn1.32xlarge for 60 days (368,640 instance-h) from May 1.
inline archetype frontier_pretraining() {
  const auto run = charge_of("frontier_run", trn1_32xl(),
                             planned("frontier_hours", "368640", "256 instances x 60 days x 24 h"));
  return {"frontier-scale pre-training",
          "the grant is a rounding error",
          {activate("Portfolio", "200000", "2026-04-01", "2027-03-31")},
          spend_schedule::spread(one_line(run, trn1_32xl()), parse_date("2026-05-01"),
                                 parse_date("2026-06-30"))};
}

inline std::vector<archetype> all() {
  return {fine_tuning_bursts(), continued_pretraining(), steady_inference(), evaluation_sweeps(),
          frontier_pretraining()};
}

}  // namespace archetypes

#endif  // TRNCOST_EXAMPLES_CREDIT_ARCHETYPES_HPP
