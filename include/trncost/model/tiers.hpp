// Tiered prices (ranges of usage, the last one open-ended) and the period over which a per-month
// price applies: the two things the storage, transfer and logging components price by.
#ifndef TRNCOST_MODEL_TIERS_HPP
#define TRNCOST_MODEL_TIERS_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "../config.hpp"
#include "inputs.hpp"

namespace trncost {

/// One tier of a tiered price: `price` applies to the part of the usage in [begin, end), or in
/// [begin, infinity) when `end` is empty (an offer file's `endRange` of "Inf").
template <class UsageUnit, class PriceUnit>
struct price_tier {
  input_of<quantity<PriceUnit>> price;
  quantity<UsageUnit> begin;
  std::optional<quantity<UsageUnit>> end;
};

/// A price by tiers of usage, as AWS quotes S3 storage ("first 50 TB / month", "next 450 TB",
/// "over 500 TB") or internet egress. The table is checked where it is built: at least one tier,
/// the first beginning at 0, each beginning where the previous one ends (no gap, no overlap), each
/// ending after it begins, only the last open-ended (and the last must be, so no usage goes
/// unpriced), no negative price. A flat price is a table of one tier from 0 with no end.
///
/// The tiers apply to the usage given to add_lines() or for_each_band(): one line per tier, whose
/// quantity is band(usage, begin, end), the part of the usage inside the tier.
template <class UsageUnit, class PriceUnit>
class tier_table {
 public:
  using usage_unit = UsageUnit;
  using price_unit = PriceUnit;
  using tier = price_tier<UsageUnit, PriceUnit>;

  tier_table(std::string name, std::vector<tier> tiers)
      : name_(std::move(name)), tiers_(std::move(tiers)) {
    if (name_.empty()) throw input_error("a tier table needs a name");
    if (tiers_.empty()) {
      throw input_error("tier table '" + name_ +
                        "' has no tiers; give at least one (a flat price "
                        "is one tier from 0 with no end)");
    }
    const std::size_t last = tiers_.size() - 1;
    for (std::size_t i = 0; i < tiers_.size(); ++i) {
      const auto& t = tiers_[i];
      if (const auto* s = t.price.known(); s != nullptr && s->value().value().is_negative()) {
        throw input_error(where(i) + ": price '" + s->name() + "' is " +
                          s->value().value().to_string() + "; a price cannot be negative");
      }
      if (i == 0) {
        if (!t.begin.value().is_zero()) {
          throw input_error(where(i) + " begins at " + text(t.begin) +
                            "; the first tier must begin at 0");
        }
      } else {
        const auto& previous_end = *tiers_[i - 1].end;  // only the last may be open: checked below
        if (previous_end.value() < t.begin.value()) {
          throw input_error(where(i) + " begins at " + text(t.begin) + " but " +
                            where_index(i - 1) + " ends at " + text(previous_end) +
                            ", leaving a gap; each tier must begin where the previous one ends");
        }
        if (t.begin.value() < previous_end.value()) {
          throw input_error(where(i) + " begins at " + text(t.begin) + " but " +
                            where_index(i - 1) + " ends at " + text(previous_end) +
                            ", so they overlap; each tier must begin where the previous one ends");
        }
      }
      if (t.end) {
        if (!(t.begin.value() < t.end->value())) {
          throw input_error(where(i) + " ends at " + text(*t.end) + ", not after its beginning " +
                            text(t.begin) + "; a tier must end after it begins");
        }
        if (i == last) {
          throw input_error(where(i) + ", the last tier, ends at " + text(*t.end) +
                            "; the last tier must be open-ended (no end) so that no usage goes "
                            "unpriced");
        }
      } else if (i != last) {
        throw input_error(where(i) +
                          " has no end but is not the last tier; only the last tier may "
                          "be open-ended");
      }
    }
  }

  /// One price for all usage: a single tier from 0 with no end. The table takes the price's name.
  static tier_table flat(input_of<quantity<PriceUnit>> price) {
    std::string name = detail::input_name(price);
    return tier_table(
        std::move(name),
        {tier{std::move(price), quantity<UsageUnit>::from_value(decimal{}), std::nullopt}});
  }

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] const std::vector<tier>& tiers() const noexcept { return tiers_; }
  [[nodiscard]] std::size_t size() const noexcept { return tiers_.size(); }

  /// The range of tier `i` as a line shows it: "0 to 51200 GiB", "above 512000 GiB"; empty for a
  /// flat price, whose one tier is all usage.
  [[nodiscard]] std::string range(std::size_t i) const {
    if (tiers_.size() == 1) return {};
    const auto& t = tiers_.at(i);
    if (!t.end) return "above " + text(t.begin);
    return t.begin.value().to_string() + " to " + text(*t.end);
  }

  /// Adds each tier's price as an input and calls `f(range, price, band)` with the part of `usage`
  /// inside the tier, so a component can scale the band before it becomes a line (per-volume IOPS
  /// times volumes times months). A flat price passes `usage` itself.
  template <class F>
  void for_each_band(component_builder& b, const node<UsageUnit>& usage, F&& f) const {
    for (std::size_t i = 0; i < tiers_.size(); ++i) {
      const auto price = detail::add_input(b, tiers_[i].price);
      if (tiers_.size() == 1) {
        f(range(i), price, usage);
      } else {
        f(range(i), price, band(usage, tiers_[i].begin, tiers_[i].end));
      }
    }
  }

  /// One line per tier: the tier's price x the part of `usage` inside the tier. `what` describes
  /// the usage; each line adds its tier's range ("internet egress (0 to 10240 GiB)").
  void add_lines(component_builder& b, const node<UsageUnit>& usage,
                 const std::string& what) const {
    for_each_band(b, usage, [&](const std::string& r, const auto& price, const auto& part) {
      b.line({std::nullopt, describe(what, r)}, price, part);
    });
  }

  /// `what` with a tier's range, as the line of that tier describes it.
  [[nodiscard]] static std::string describe(const std::string& what, const std::string& r) {
    return r.empty() ? what : what + " (" + r + ")";
  }

 private:
  static std::string text(const quantity<UsageUnit>& q) {
    const std::string symbol = units::symbol<UsageUnit>();
    return q.value().to_string() + (symbol.empty() ? "" : " " + symbol);
  }
  [[nodiscard]] std::string where(std::size_t i) const {
    return "tier table '" + name_ + "': " + where_index(i);
  }
  static std::string where_index(std::size_t i) { return "tiers[" + std::to_string(i) + "]"; }

  std::string name_;
  std::vector<tier> tiers_;
};

namespace detail {

/// A usage period in a model: hours (with the month convention that prices them per month) or
/// billing months.
struct period_node {
  std::optional<node<units::second_t>> seconds;
  std::optional<node<units::hour_t>> hours;
  std::optional<node<units::month_t>> months;
  month_convention convention = month_730h;
};

}  // namespace detail

/// How long a per-month price applies: billing months, or hours or seconds priced against the
/// per-month rate under a month convention that the call site names (`usage_period(kept_h,
/// month_730h)`), as amount() requires. Storage kept for a 36-hour job is hours; a volume kept
/// 45,300 s, seconds (never rounded to hours: the line divides by 3600 x 730 exactly); a bucket
/// kept for a quarter, months.
class usage_period {
 public:
  usage_period(sourced<quantity<units::second_t>> secs, month_convention convention)
      : seconds_(std::move(secs)), convention_(convention) {}
  usage_period(input_of<quantity<units::second_t>> secs, month_convention convention)
      : seconds_(std::move(secs)), convention_(convention) {}
  usage_period(sourced<quantity<units::hour_t>> hours, month_convention convention)
      : hours_(std::move(hours)), convention_(convention) {}
  usage_period(input_of<quantity<units::hour_t>> hours, month_convention convention)
      : hours_(std::move(hours)), convention_(convention) {}
  usage_period(sourced<quantity<units::month_t>> months) : months_(std::move(months)) {}
  /// A period the model derives, in seconds: a workload's wall-clock time (model::figure), or
  /// that time and some days after it, priced per month through `convention`.
  usage_period(node<units::second_t> derived, month_convention convention)
      : derived_(std::move(derived)), convention_(convention) {}
  usage_period(input_of<quantity<units::month_t>> months) : months_(std::move(months)) {}

  /// A period in hours that nobody knows yet: the lines over it are unpriced.
  static usage_period unknown_hours(std::string name, std::string reason,
                                    month_convention convention);

  [[nodiscard]] std::string name() const;
  /// The month convention of a period in hours or seconds (none for a period in months).
  [[nodiscard]] std::optional<month_convention> convention() const {
    if (hours_ || seconds_ || derived_) return convention_;
    return std::nullopt;
  }

  /// Rejects a negative period, or hours under a month convention of zero hours, naming the
  /// component and the input.
  void validate_for(std::string_view component) const;

  /// Adds the period to a model (once per build: an unknown period is one node).
  [[nodiscard]] detail::period_node add_to(component_builder& b) const;

 private:
  std::optional<input_of<quantity<units::second_t>>> seconds_;
  std::optional<input_of<quantity<units::hour_t>>> hours_;
  std::optional<input_of<quantity<units::month_t>>> months_;
  std::optional<node<units::second_t>> derived_;
  month_convention convention_ = month_730h;
};

namespace detail {

/// A line for a per-month price: price x (level x period); hours and seconds go through the
/// period's month convention (one rounding, the division by 730, and by 3600 for seconds,
/// included), months need none.
template <class P, class Q>
void line_over(component_builder& b, line_meta meta, const node<P>& price, const node<Q>& level,
               const period_node& period) {
  if (period.seconds) {
    b.line(std::move(meta), price, level * *period.seconds, period.convention);
  } else if (period.hours) {
    b.line(std::move(meta), price, level * *period.hours, period.convention);
  } else {
    b.line(std::move(meta), price, level * *period.months);
  }
}

}  // namespace detail

/// One line per tier of a per-month tiered price: the tier's price x (the part of `level` inside
/// the tier x the period). The tiers apply to the level kept during each month (S3's "first 50 TB /
/// month" is of the amount stored), not to the level times the number of months.
template <class UsageUnit, class PriceUnit>
void add_tiered_lines(component_builder& b, const tier_table<UsageUnit, PriceUnit>& table,
                      const node<UsageUnit>& level, const detail::period_node& period,
                      const std::string& what) {
  table.for_each_band(b, level, [&](const std::string& r, const auto& price, const auto& part) {
    detail::line_over(b, {std::nullopt, tier_table<UsageUnit, PriceUnit>::describe(what, r)}, price,
                      part, period);
  });
}

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/tiers.ipp"
#endif

#endif  // TRNCOST_MODEL_TIERS_HPP
