// Every named unit of trncost: time, data, counts, money, and the derived units and rates people
// price with. Each is a type (for signatures) and a constant (for `decimal{3} * units::hour`).
#ifndef TRNCOST_UNITS_UNITS_HPP
#define TRNCOST_UNITS_UNITS_HPP

#include <boost/units/dimensionless_type.hpp>
#include <boost/units/operators.hpp>
#include <boost/units/quantity.hpp>
#include <concepts>
#include <string_view>

#include "../config.hpp"
#include "../fwd.hpp"
#include "decimal.hpp"
#include "refusals.hpp"
#include "symbol.hpp"
#include "system.hpp"

namespace trncost::units {

namespace bu = boost::units;

template <class A, class B>
using times = typename bu::multiply_typeof_helper<A, B>::type;
template <class A, class B>
using per = typename bu::divide_typeof_helper<A, B>::type;

#define TRNCOST_DETAIL_UNIT(name_, symbol_, ...)          \
  using name_##_t = __VA_ARGS__;                          \
  inline constexpr name_##_t name_{};                     \
  template <>                                             \
  inline constexpr std::string_view symbol_v<name_##_t> { \
    symbol_                                               \
  }

// Time: exact multiples of the SI second.
TRNCOST_DETAIL_UNIT(second, "s", unit_of<bu::time_dimension>);
TRNCOST_DETAIL_UNIT(minute, "min", scaled<second_t, 60, 1>);
TRNCOST_DETAIL_UNIT(hour, "h", scaled<second_t, 60, 2>);
TRNCOST_DETAIL_UNIT(millisecond, "ms", scaled<second_t, 10, -3>);
TRNCOST_DETAIL_UNIT(day, "d", scaled<second_t, 86400, 1>);
/// The billing month (its length in hours is a convention a call site names: month_convention,
/// units/amount.hpp).
TRNCOST_DETAIL_UNIT(month, "mo", unit_of<billing_month_base_unit::dimension_type>);

// Data: decimal (SI) and binary (IEC) multiples of the byte. A GB and a GiB never convert into each
// other implicitly: the factor between them is not a whole number (see decimal.hpp).
TRNCOST_DETAIL_UNIT(byte, "B", unit_of<bu::information_dimension>);
TRNCOST_DETAIL_UNIT(kilobyte, "kB", scaled<byte_t, 10, 3>);
TRNCOST_DETAIL_UNIT(megabyte, "MB", scaled<byte_t, 10, 6>);
TRNCOST_DETAIL_UNIT(gigabyte, "GB", scaled<byte_t, 10, 9>);
TRNCOST_DETAIL_UNIT(terabyte, "TB", scaled<byte_t, 10, 12>);
TRNCOST_DETAIL_UNIT(kibibyte, "KiB", scaled<byte_t, 2, 10>);
TRNCOST_DETAIL_UNIT(mebibyte, "MiB", scaled<byte_t, 2, 20>);
TRNCOST_DETAIL_UNIT(gibibyte, "GiB", scaled<byte_t, 2, 30>);
TRNCOST_DETAIL_UNIT(tebibyte, "TiB", scaled<byte_t, 2, 40>);

// Counts.
TRNCOST_DETAIL_UNIT(token, "token", unit_of<token_base_unit::dimension_type>);
TRNCOST_DETAIL_UNIT(thousand_tokens, "1K tokens", scaled<token_t, 10, 3>);
TRNCOST_DETAIL_UNIT(million_tokens, "1M tokens", scaled<token_t, 10, 6>);
TRNCOST_DETAIL_UNIT(billion_tokens, "1B tokens", scaled<token_t, 10, 9>);
TRNCOST_DETAIL_UNIT(instance, "instance", unit_of<instance_base_unit::dimension_type>);
TRNCOST_DETAIL_UNIT(chip, "chip", unit_of<chip_base_unit::dimension_type>);
TRNCOST_DETAIL_UNIT(neuron_core, "NeuronCore", unit_of<neuron_core_base_unit::dimension_type>);
TRNCOST_DETAIL_UNIT(request, "request", unit_of<request_base_unit::dimension_type>);
TRNCOST_DETAIL_UNIT(thousand_requests, "1000 requests", scaled<request_t, 10, 3>);
TRNCOST_DETAIL_UNIT(step, "step", unit_of<step_base_unit::dimension_type>);
TRNCOST_DETAIL_UNIT(sample, "sample", unit_of<sample_base_unit::dimension_type>);
TRNCOST_DETAIL_UNIT(flop, "FLOP", unit_of<flop_base_unit::dimension_type>);
/// 10^18 FLOP: frontier training compute (6 x 400e9 parameters x 15e12 tokens = 3.6e25 FLOP) is
/// 36,000,000 EFLOP, well inside the decimal's range where 3.6e25 FLOP is not (docs/units.md).
TRNCOST_DETAIL_UNIT(exaflop, "EFLOP", scaled<flop_t, 10, 18>);
TRNCOST_DETAIL_UNIT(io_operation, "I/O", unit_of<io_operation_base_unit::dimension_type>);
TRNCOST_DETAIL_UNIT(metric, "metric", unit_of<metric_base_unit::dimension_type>);
TRNCOST_DETAIL_UNIT(job, "job", unit_of<job_base_unit::dimension_type>);
TRNCOST_DETAIL_UNIT(interruption, "interruption", unit_of<interruption_base_unit::dimension_type>);
TRNCOST_DETAIL_UNIT(dimensionless, "", unit_of<bu::dimensionless_type>);

// Money.
TRNCOST_DETAIL_UNIT(usd, "USD", unit_of<usd_base_unit::dimension_type>);

// Usage people are billed for.
TRNCOST_DETAIL_UNIT(instance_hour, "instance-h", times<instance_t, hour_t>);
TRNCOST_DETAIL_UNIT(instance_second, "instance-s", times<instance_t, second_t>);
TRNCOST_DETAIL_UNIT(chip_hour, "chip-h", times<chip_t, hour_t>);
TRNCOST_DETAIL_UNIT(neuron_core_hour, "NeuronCore-h", times<neuron_core_t, hour_t>);
TRNCOST_DETAIL_UNIT(gibibyte_month, "GiB-mo", times<gibibyte_t, month_t>);
TRNCOST_DETAIL_UNIT(gigabyte_month, "GB-mo", times<gigabyte_t, month_t>);
TRNCOST_DETAIL_UNIT(gibibyte_hour, "GiB-h", times<gibibyte_t, hour_t>);
TRNCOST_DETAIL_UNIT(metric_month, "metric-mo", times<metric_t, month_t>);

// Throughput.
TRNCOST_DETAIL_UNIT(tokens_per_second, "token/s", per<token_t, second_t>);
TRNCOST_DETAIL_UNIT(samples_per_second, "sample/s", per<sample_t, second_t>);
TRNCOST_DETAIL_UNIT(steps_per_second, "step/s", per<step_t, second_t>);
TRNCOST_DETAIL_UNIT(flops_per_second, "FLOP/s", per<flop_t, second_t>);
TRNCOST_DETAIL_UNIT(exaflops_per_second, "EFLOP/s", per<exaflop_t, second_t>);
/// One node's (instance's) dense peak, so nodes x it is the cluster's.
TRNCOST_DETAIL_UNIT(exaflops_per_second_per_instance, "EFLOP/s/instance",
                    per<exaflops_per_second_t, instance_t>);
/// Model FLOPs per token trained (about 6 x parameters for a dense transformer; MFU, frontier
/// work).
TRNCOST_DETAIL_UNIT(flops_per_token, "FLOP/token", per<flop_t, token_t>);
TRNCOST_DETAIL_UNIT(exaflops_per_token, "EFLOP/token", per<exaflop_t, token_t>);
TRNCOST_DETAIL_UNIT(requests_per_second, "request/s", per<request_t, second_t>);
/// What one instance serves or processes at a stated operating point (a benchmark), so a demand
/// over it counts instances.
TRNCOST_DETAIL_UNIT(tokens_per_second_per_instance, "token/s/instance",
                    per<tokens_per_second_t, instance_t>);
TRNCOST_DETAIL_UNIT(requests_per_second_per_instance, "request/s/instance",
                    per<requests_per_second_t, instance_t>);
/// How many instances one job (a trial of a sweep) runs on.
TRNCOST_DETAIL_UNIT(instances_per_job, "instance/job", per<instance_t, job_t>);
/// Provisioned I/O operations per second of a block device (EBS gp3, io2).
TRNCOST_DETAIL_UNIT(iops, "IOPS", per<io_operation_t, second_t>);
/// Provisioned throughput of a block device: AWS pages say "MB/s" and "MiBps" for 2^20 B/s.
TRNCOST_DETAIL_UNIT(mebibytes_per_second, "MiB/s", per<mebibyte_t, second_t>);
TRNCOST_DETAIL_UNIT(gibibytes_per_second, "GiB/s", per<gibibyte_t, second_t>);

// Volumes that follow a workload: log ingestion or egress per month over its period, or per unit of
// the work it delivers (per 1M tokens served, per 1000 requests, per run counted as a job).
TRNCOST_DETAIL_UNIT(gibibytes_per_month, "GiB/mo", per<gibibyte_t, month_t>);
TRNCOST_DETAIL_UNIT(gibibytes_per_million_tokens, "GiB/1M tokens",
                    per<gibibyte_t, million_tokens_t>);
TRNCOST_DETAIL_UNIT(gibibytes_per_thousand_requests, "GiB/1000 requests",
                    per<gibibyte_t, thousand_requests_t>);
TRNCOST_DETAIL_UNIT(gibibytes_per_job, "GiB/job", per<gibibyte_t, job_t>);

// Provisioned capacity kept for a billing month.
TRNCOST_DETAIL_UNIT(iops_month, "IOPS-mo", times<iops_t, month_t>);
TRNCOST_DETAIL_UNIT(mibps_month, "MiBps-mo", times<mebibytes_per_second_t, month_t>);
TRNCOST_DETAIL_UNIT(gibps_month, "GiBps-mo", times<gibibytes_per_second_t, month_t>);

// Failures: how often a job is interrupted, and what each interruption costs in time.
TRNCOST_DETAIL_UNIT(interruptions_per_instance_hour, "interruption/instance-h",
                    per<interruption_t, instance_hour_t>);
TRNCOST_DETAIL_UNIT(seconds_per_interruption, "s/interruption", per<second_t, interruption_t>);

// Rates: what a price list quotes.
TRNCOST_DETAIL_UNIT(usd_per_hour, "USD/h", per<usd_t, hour_t>);
TRNCOST_DETAIL_UNIT(usd_per_instance_hour, "USD/instance-h", per<usd_t, instance_hour_t>);
TRNCOST_DETAIL_UNIT(usd_per_chip_hour, "USD/chip-h", per<usd_t, chip_hour_t>);
TRNCOST_DETAIL_UNIT(usd_per_neuron_core_hour, "USD/NeuronCore-h", per<usd_t, neuron_core_hour_t>);
TRNCOST_DETAIL_UNIT(usd_per_gibibyte_month, "USD/GiB-mo", per<usd_t, gibibyte_month_t>);
TRNCOST_DETAIL_UNIT(usd_per_gigabyte_month, "USD/GB-mo", per<usd_t, gigabyte_month_t>);
TRNCOST_DETAIL_UNIT(usd_per_gibibyte, "USD/GiB", per<usd_t, gibibyte_t>);
TRNCOST_DETAIL_UNIT(usd_per_gigabyte, "USD/GB", per<usd_t, gigabyte_t>);
TRNCOST_DETAIL_UNIT(usd_per_request, "USD/request", per<usd_t, request_t>);
TRNCOST_DETAIL_UNIT(usd_per_thousand_requests, "USD/1000 requests",
                    per<usd_t, thousand_requests_t>);
/// A hosted model's token price as the AmazonBedrock price list writes it ("1K tokens").
TRNCOST_DETAIL_UNIT(usd_per_thousand_tokens, "USD/1K tokens", per<usd_t, thousand_tokens_t>);
TRNCOST_DETAIL_UNIT(usd_per_million_tokens, "USD/1M tokens", per<usd_t, million_tokens_t>);
/// Training budgets are read per billion tokens.
TRNCOST_DETAIL_UNIT(usd_per_billion_tokens, "USD/1B tokens", per<usd_t, billion_tokens_t>);
TRNCOST_DETAIL_UNIT(usd_per_iops_month, "USD/IOPS-mo", per<usd_t, iops_month_t>);
/// EBS gp3 throughput as its offer file prices it ("GiBps-mo", e.g. 40.96), while the page and the
/// row's description say per MiBps-month (0.04): the two differ by exactly 1024.
TRNCOST_DETAIL_UNIT(usd_per_gibps_month, "USD/GiBps-mo", per<usd_t, gibps_month_t>);
TRNCOST_DETAIL_UNIT(usd_per_mibps_month, "USD/MiBps-mo", per<usd_t, mibps_month_t>);
TRNCOST_DETAIL_UNIT(usd_per_metric_month, "USD/metric-mo", per<usd_t, metric_month_t>);
TRNCOST_DETAIL_UNIT(usd_per_job, "USD/job", per<usd_t, job_t>);

#undef TRNCOST_DETAIL_UNIT

}  // namespace trncost::units

namespace trncost {

// trncost::quantity<Unit>, a quantity of `Unit` with an exact decimal value (the only kind of
// quantity a cost input holds), is declared in fwd.hpp, which this header includes: an alias
// template is declared once.

/// An amount of money in US dollars.
using money = quantity<units::usd_t>;

/// `make<units::hour_t>("3.5")` or `make(units::hour, "3.5")`: a quantity from exact decimal text.
template <class Unit>
quantity<Unit> make(std::string_view text) {
  return quantity<Unit>::from_value(decimal::parse(text));
}
template <class Unit>
quantity<Unit> make(Unit, std::string_view text) {
  return quantity<Unit>::from_value(decimal::parse(text));
}
template <class Unit, whole_number I>
constexpr quantity<Unit> make(Unit, I whole) {
  return quantity<Unit>::from_value(decimal(whole));
}

// Written once: the static_assert below needs a literal, and a host that checks at run time (the
// Python module refusing a float) says the same sentence through make_from_floating_sentence.
#define TRNCOST_DETAIL_MAKE_FROM_FLOATING                                                       \
  "trncost: make() takes exact decimal text or a whole number, never a double or a float (3.5 " \
  "would be a binary approximation): make(units::hour, \"3.5\"); see "                          \
  "docs/troubleshooting.md#doubles-and-money"

namespace detail {
inline constexpr std::string_view make_from_floating_sentence = TRNCOST_DETAIL_MAKE_FROM_FLOATING;
}  // namespace detail

/// Refused with one sentence: a quantity from a double (`make(units::hour, 3.5)`).
template <class Unit, std::floating_point F>
refused make(Unit, F) {
  constexpr bool refused_call = detail::refuses<sizeof(F)>;
  static_assert(refused_call, TRNCOST_DETAIL_MAKE_FROM_FLOATING);
  return {};
}

#undef TRNCOST_DETAIL_MAKE_FROM_FLOATING

/// The dollar amount written as text: `usd("21.50")`.
TRNCOST_DECL money usd(std::string_view text);

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/units.ipp"
#endif

#endif  // TRNCOST_UNITS_UNITS_HPP
