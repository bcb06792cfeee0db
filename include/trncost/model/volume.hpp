// A volume of data a line is priced on (logs ingested, data sent out): a total in GiB, a rate per
// month over a period (a workload's wall-clock time, so the volume follows the workload's own
// timeline), or a rate per unit of the work a model delivers (per 1M tokens served, per run).
#ifndef TRNCOST_MODEL_VOLUME_HPP
#define TRNCOST_MODEL_VOLUME_HPP

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "../config.hpp"
#include "tiers.hpp"

namespace trncost {

/// A volume in GiB (AWS's "GB" is 2^30 bytes), given one of three ways:
///
/// - a total, `input_of<quantity<units::gibibyte_t>>` (converts implicitly);
/// - per_month(): a rate in GiB/mo over a usage_period. The line is price x rate x period, the
///   period through its month convention (seconds and hours divide by 730 h/mo in the line's one
///   rounding), so a 120-day service at 80 GiB/mo ingests 80 x 2880 / 730 GiB exactly. Tiers that
///   AWS applies to each month's volume (internet egress) apply to the rate: one line per tier,
///   the part of the monthly rate in the tier over the period;
/// - per_work(): a rate per unit of the work the model delivers (model::work()), in GiB/1M
///   tokens, GiB/1000 requests or GiB/job. Priced at one price: a tiered price applies to a
///   month's volume, which a rate per unit of work does not give (input_error).
class data_volume {
 public:
  template <class T>
  requires std::convertible_to<T, input_of<quantity<units::gibibyte_t>>> data_volume(
      T&& total)  // NOLINT(google-explicit-constructor): a total is the common case
      : total_(input_of<quantity<units::gibibyte_t>>(std::forward<T>(total))) {}

  /// `rate` GiB a month over `period`.
  static data_volume per_month(input_of<quantity<units::gibibytes_per_month_t>> rate,
                               usage_period period) {
    data_volume v;
    v.monthly_.emplace(monthly{std::move(rate), std::move(period)});
    return v;
  }
  /// `rate` GiB per 1M tokens of `tokens`, the model's work (model::work<units::token_t>()).
  static data_volume per_work(input_of<quantity<units::gibibytes_per_million_tokens_t>> rate,
                              node<units::token_t> tokens) {
    data_volume v;
    v.tokens_.emplace(per<units::gibibytes_per_million_tokens_t, units::token_t>{
        std::move(rate), std::move(tokens)});
    return v;
  }
  /// `rate` GiB per 1000 requests of `requests`, the model's work.
  static data_volume per_work(input_of<quantity<units::gibibytes_per_thousand_requests_t>> rate,
                              node<units::request_t> requests) {
    data_volume v;
    v.requests_.emplace(per<units::gibibytes_per_thousand_requests_t, units::request_t>{
        std::move(rate), std::move(requests)});
    return v;
  }
  /// `rate` GiB per job (a run to the target, a trial) of `jobs`, the model's work.
  static data_volume per_work(input_of<quantity<units::gibibytes_per_job_t>> rate,
                              node<units::job_t> jobs) {
    data_volume v;
    v.jobs_.emplace(
        per<units::gibibytes_per_job_t, units::job_t>{std::move(rate), std::move(jobs)});
    return v;
  }

  /// Whether the volume is a rate per unit of work (priced at one price only).
  [[nodiscard]] bool per_unit_of_work() const noexcept { return tokens_ || requests_ || jobs_; }

  /// Rejects a negative volume or rate, or an invalid period, naming `component`.
  void validate_for(std::string_view component) const {
    const std::string c(component);
    if (total_) detail::require_non_negative(*total_, c);
    if (monthly_) {
      detail::require_non_negative(monthly_->rate, c);
      monthly_->period.validate_for(component);
    }
    if (tokens_) detail::require_non_negative(tokens_->rate, c);
    if (requests_) detail::require_non_negative(requests_->rate, c);
    if (jobs_) detail::require_non_negative(jobs_->rate, c);
  }

  /// One line: `price` (per GiB) x `sides` x the volume. The volume's inputs are added to the
  /// model before the price's.
  template <class P>
  void line(component_builder& b, line_meta meta, const input_of<quantity<P>>& price,
            std::int64_t sides = 1) const {
    if (total_) {
      const auto volume = times(sides, detail::add_input(b, *total_));
      b.line(std::move(meta), detail::add_input(b, price), volume);
    } else if (monthly_) {
      const auto rate = times(sides, detail::add_input(b, monthly_->rate));
      const auto period = monthly_->period.add_to(b);
      detail::line_over(b, std::move(meta), detail::add_input(b, price), rate, period);
    } else if (tokens_) {
      const auto volume = times(sides, detail::add_input(b, tokens_->rate)) * tokens_->work;
      b.line(std::move(meta), detail::add_input(b, price), volume);
    } else if (requests_) {
      const auto volume = times(sides, detail::add_input(b, requests_->rate)) * requests_->work;
      b.line(std::move(meta), detail::add_input(b, price), volume);
    } else {
      const auto volume = times(sides, detail::add_input(b, jobs_->rate)) * jobs_->work;
      b.line(std::move(meta), detail::add_input(b, price), volume);
    }
  }

  /// One line per tier of `table` (tiers of a month's volume: "first 10 TB / month"); `what`
  /// describes the flow and each line adds its tier's range. A rate per unit of work takes a
  /// one-tier table only.
  template <class P>
  void tiered_lines(component_builder& b, const tier_table<units::gibibyte_t, P>& table,
                    const std::string& what) const {
    if (total_) {
      table.add_lines(b, detail::add_input(b, *total_), what);
    } else if (monthly_) {
      std::vector<price_tier<units::gibibytes_per_month_t, P>> tiers;
      for (const auto& t : table.tiers()) {
        std::optional<quantity<units::gibibytes_per_month_t>> end;
        if (t.end) end = quantity<units::gibibytes_per_month_t>::from_value(t.end->value());
        tiers.push_back({t.price,
                         quantity<units::gibibytes_per_month_t>::from_value(t.begin.value()),
                         std::move(end)});
      }
      add_tiered_lines(b,
                       tier_table<units::gibibytes_per_month_t, P>(table.name(), std::move(tiers)),
                       detail::add_input(b, monthly_->rate), monthly_->period.add_to(b), what);
    } else {
      if (table.size() != 1) {
        throw input_error("'" + what + "': a volume per unit of work is priced at one price; '" +
                          table.name() + "' has " + std::to_string(table.size()) +
                          " tiers of a month's volume: give the volume a month (per_month) "
                          "or in all");
      }
      line(b, {std::nullopt, what}, table.tiers().front().price);
    }
  }

 private:
  data_volume() = default;

  template <class Unit>
  static node<Unit> times(std::int64_t sides, const node<Unit>& n) {
    return sides == 1 ? n : sides * n;
  }

  struct monthly {
    input_of<quantity<units::gibibytes_per_month_t>> rate;
    usage_period period;
  };
  template <class Rate, class Work>
  struct per {
    input_of<quantity<Rate>> rate;
    node<Work> work;
  };

  std::optional<input_of<quantity<units::gibibyte_t>>> total_;
  std::optional<monthly> monthly_;
  std::optional<per<units::gibibytes_per_million_tokens_t, units::token_t>> tokens_;
  std::optional<per<units::gibibytes_per_thousand_requests_t, units::request_t>> requests_;
  std::optional<per<units::gibibytes_per_job_t, units::job_t>> jobs_;
};

}  // namespace trncost

#endif  // TRNCOST_MODEL_VOLUME_HPP
