// Small estimates for the report tests, built with the model API. Every amount is hand-computed in
// the comment next to the line that produces it.
#ifndef TRNCOST_TESTS_REPORTS_FIXTURES_HPP
#define TRNCOST_TESTS_REPORTS_FIXTURES_HPP

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <trncost/model.hpp>
#include <trncost/report/audit.hpp>

#include "../support/declared_categories.hpp"
#include "../support/sourced_inputs.hpp"

namespace reports_test {

using namespace trncost;

inline const date as_of = parse_date("2026-11-30");

/// The trn1.32xlarge on-demand row of the us-east-1 offer file, read on `consulted`.
inline quoted ec2_quote(date consulted) { return trncost_support::trn1_offer_quote(consulted); }

using trncost_support::run1;

struct small_options {
  const char* price = "21.5";
  date consulted = as_of;  ///< the quote's date (older than 30 days before as_of: stale)
  bool third_party_price = false;
  bool assumed_overlap = false;        ///< adds an assumption (provisional)
  bool unknown_storage_price = false;  ///< leaves the storage line unpriced
  bool declare_logs = true;            ///< false: the logs category is missing (incomplete)
  int nodes = 2;
  int train_s = 90;
  bool open_uncertainty = false;      ///< an open migration uncertainty (provisional)
  bool resolved_uncertainty = false;  ///< a resolved one (no effect on the status)
};

/// A two-node job with every operation a derivation can have:
///   t = train_s + eval_s = 90 + 30 = 120 s; usage = nodes * t = 2 * 120 = 240 instance-s
///   training line: 21.5 USD/instance-h * 240 instance-s / 3600 = 5160 / 3600
///                  = 1.4333... -> 1.433333333333333333 (half-even at 18 digits)
///   billed = ceil_to(t, 3600 s) = 3600 s; waiting = max(billed - t, 0 s) = 3480 s
///   waiting line: 21.5 * (2 * 3480) / 3600 = 149640 / 3600 = 41.5666... -> 41.566666666666666667
///   eval share = min(eval_s, t) = 30 s; in hours = 30 / 3600 = 0.008333333333333333 h (rescale)
///   gib_h = volume 500 GiB * 2 (scale) * 8 h = 8000 GiB-h; first 4000 in band(…, 0, 4000)
///   storage line: 0.08 USD/GiB-mo * band(8000, 0, 4000) = 4000 GiB-h / 730 h/mo
///                  = 320 / 730 = 0.438356164383561643835… -> 0.438356164383561644
///   evaluation line: 21.5 * (nodes * eval hours) 0.016666666666666666 instance-h
///                  = 0.358333333333333319 (21.5 * 0.016666666666666666 = 0.358333333333333319)
///   total = 1.433333333333333333 + 41.566666666666666667 + 0.438356164383561644
///           + 0.358333333333333319 = 43.796689497716894963
inline model small_model(const small_options& o = {}) {
  model m;
  m.set_region("us-east-1");
  // What the lines are, as an instance_time and a block_storage would say (model/identity.hpp).
  const line_identity ec2 =
      detail::ec2_instance_identity("trn1.32xlarge", purchase_option::on_demand);
  const line_identity ebs{.service = "AmazonEC2", .usage_type = "EBS:VolumeUsage.gp3"};
  const auto price =
      o.third_party_price
          ? m.input(sourced("trn1_price", make(units::usd_per_instance_hour, o.price),
                            third_party{"a price comparison site", parse_date("2026-11-01")}))
          : m.input(sourced("trn1_price", make(units::usd_per_instance_hour, o.price),
                            ec2_quote(o.consulted)));
  const auto n = m.input(sourced("nodes", make(units::instance, o.nodes), run1()));
  const auto train = m.input(sourced("train_s", seconds(o.train_s), run1()));
  const auto eval = m.input(sourced("eval_s", seconds(30), run1()));
  const auto t = train + eval;
  m.add_line(category::compute, "job", {phase::training, "training", ec2}, price, n * t);
  const auto billed = ceil_to(t, seconds(3600));
  const auto zero = m.rule_constant(
      "no_time", seconds(0), documented{"AWS EC2 per-second billing", parse_date("2026-11-30")});
  const auto idle = max(billed - t, zero);
  m.add_line(category::compute, "job", {phase::waiting, "idle until the hour ends", ec2}, price,
             n * idle);
  const auto eval_h = convert<units::hour_t>(min(eval, t));
  m.add_line(category::compute, "job", {phase::evaluation, "evaluation", ec2}, price, n * eval_h);

  const auto volume = m.input(sourced("volume_gib", make(units::gibibyte, 500), run1()));
  const auto hours = m.input(sourced("kept_h", make(units::hour, 8), run1()));
  const auto gib_h = 2 * volume * hours;
  const auto first =
      band(gib_h, make(units::gibibyte_hour, 0), std::optional{make(units::gibibyte_hour, 4000)});
  const auto storage_price =
      o.unknown_storage_price
          ? m.unknown<units::usd_per_gibibyte_month_t>("gp3_price", "no official row found yet")
          : m.input(sourced("gp3_price", make(units::usd_per_gibibyte_month, "0.08"),
                            quoted{.source = "AmazonEC2 offer file, EBS gp3",
                                   .region = "us-east-1",
                                   .consulted = as_of}));
  m.add_line(category::storage, "scratch", {std::nullopt, "gp3 volumes, first 4000 GiB-h", ebs},
             storage_price, first, month_730h);
  if (o.assumed_overlap) {
    const auto overlap = m.input(
        sourced("overlap_s", seconds(0), assumption{"evaluation does not overlap training"}));
    m.add_line(category::compute, "job", {phase::evaluation, "overlap", ec2}, price, n * overlap);
  }
  if (o.open_uncertainty) {
    m.add_uncertainty({"aten::_upsample_bicubic2d_aa in the vision tower",
                       migration_uncertainty::kind::custom_operator,
                       migration_uncertainty::state::open, "ml-platform",
                       "no Neuron lowering yet; a custom NKI kernel may be needed"});
  }
  if (o.resolved_uncertainty) {
    m.add_uncertainty({"flash attention", migration_uncertainty::kind::porting_work,
                       migration_uncertainty::state::resolved, "ml-platform",
                       "the NKI flash attention kernel passed the numerics check"});
  }
  m.declare_none(category::transfer, declared_none{"all data stays in one availability zone"});
  if (o.declare_logs)
    m.declare_none(category::logs, declared_none{"logs are kept on the instance"});
  m.declare_none(category::data_preparation, declared_none{"the dataset is already tokenized"});
  m.declare_none(category::failures_restarts, declared_none{"a one-hour job, no restart planned"});
  return m;
}

inline estimate small_estimate(const small_options& o = {}) {
  return small_model(o).evaluate(as_of);
}

/// Sourced derivations made before the model: a median of three runs, a division, a unit reading.
///   useful_throughput = median(58000, 61000, 60000) = 60000 token/s
///   tokens / useful_throughput = 1296000 / 60000 = 21.6 s; train_s = that in s (factor 1)
///   line: 21.5 USD/instance-h * (2 * 21.6) instance-s / 3600 = 928.8 / 3600 = 0.258
inline estimate sourced_estimate(const char* run2_throughput = "61000") {
  const auto run = [](const char* id, const char* tps) {
    return sourced(
        std::string(id) + ".useful_throughput", make(units::tokens_per_second, tps),
        measured{id, "tokens over training seconds from the run log",
                 parse_timestamp("2026-11-20T10:00:00Z"), parse_timestamp("2026-11-20T12:00:00Z")});
  };
  const auto r1 = run("r1", "58000");
  const auto r2 = run("r2", run2_throughput);
  const auto r3 = run("r3", "60000");
  const auto throughput = sourced("useful_throughput", make(units::tokens_per_second, 60000),
                                  derived{"median of useful_throughput over 3 runs",
                                          {r1.record(), r2.record(), r3.record()},
                                          operation{.kind = op_kind::median}});
  const auto tokens = sourced("tokens", make(units::token, 1296000), run1());
  const auto train = convert<units::second_t>("train_s", tokens / throughput);
  model m;
  const auto price =
      m.input(sourced("trn1_price", make(units::usd_per_instance_hour, "21.5"), ec2_quote(as_of)));
  const auto n = m.input(sourced("nodes", make(units::instance, 2), run1()));
  m.add_line(category::compute, "job", {phase::training, "training"}, price, n * m.input(train));
  trncost_support::declare_none_but(m, category::compute, "not in this test");
  return m.evaluate(as_of);
}

/// Checks that the audit refuses `tampered` (a report's JSON, edited), its first mismatch starting
/// with `expected_start`.
inline void require_caught(const std::string& tampered, const std::string& expected_start) {
  const auto r = trncost::report::audit(tampered, "tampered.json");
  CHECK_FALSE(r.ok);
  CHECK(r.first_mismatch.rfind(expected_start, 0) == 0);
  if (r.first_mismatch.rfind(expected_start, 0) != 0) MESSAGE(r.first_mismatch);
}

/// `text` with the first occurrence of `from` (which must occur) replaced by `to`.
inline std::string replace_once(std::string text, std::string_view from, std::string_view to) {
  const auto at = text.find(from);
  if (at == std::string::npos)
    throw std::runtime_error("fixture text not found: " + std::string(from));
  text.replace(at, from.size(), to);
  return text;
}

}  // namespace reports_test

#endif  // TRNCOST_TESTS_REPORTS_FIXTURES_HPP
