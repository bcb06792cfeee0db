// The measured code of trncost's benchmarks, shared by cost_line_bench (Google Benchmark: time per
// operation) and bench_instructions (a fixed amount of work, for instruction counts under
// valgrind). Each kernel does `ops` operations on inputs built at run time, so nothing is
// constant-folded; every result goes through benchmark::DoNotOptimize or into an output array that
// is kept alive.
//
//   line_*        one priced line, USD per instance-hour x instance-seconds (per-second billing):
//                 typed trncost::amount() vs the same detail::mul_div on the raw int128 values (the
//                 "typed vs raw" target: the typed layer must add nothing, within 5 %) vs double.
//   full_line_*   the same line built from an instance count and whole seconds (count * seconds(s),
//                 then amount()), vs the same two raw steps, vs `price * count * secs / 3600.0`.
//   charge_*      charge() on sourced values (allocates a derivation record; not the hot path) vs
//                 amount() on the same values.
//   add_*, mul_*  money throughput: decimal vs int128 vs double.
//   parse_*       decimal::parse("21.5000000000") vs strtod and std::from_chars.
#ifndef TRNCOST_BENCHMARKS_KERNELS_HPP
#define TRNCOST_BENCHMARKS_KERNELS_HPP

#include <benchmark/benchmark.h>  // DoNotOptimize, ClobberMemory (header-only parts)

#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <trncost/trncost.hpp>
#include <vector>

namespace trncost_bench {

namespace tc = trncost;
namespace un = trncost::units;
using tc::detail::int128;

using rate_q = tc::quantity<un::usd_per_instance_hour_t>;
using count_q = tc::quantity<un::instance_t>;
using usage_q = tc::quantity<un::instance_second_t>;

/// Operations per call of a batched kernel.
inline constexpr std::size_t batch = 1024;
inline constexpr std::uint64_t seconds_per_hour = 3600;
inline constexpr auto scale = static_cast<int128>(tc::decimal::scale);

/// The cold path of the raw anchors, as amount() has one (it throws trncost::overflow_error).
[[noreturn, gnu::noinline, gnu::cold]] inline void raw_overflow() {
  throw std::overflow_error("raw int128 arithmetic overflows");
}

// -------------------------------------------------------------------------------------------------
// Inputs

/// One priced line in each representation. Rates have 4 fractional digits (1.0000 to 100.0000 USD
/// per instance-hour), counts are 1 to 64 instances, durations 1 s to 30 days.
struct line_inputs {
  std::vector<rate_q> rate;
  std::vector<count_q> count;
  std::vector<std::int64_t> secs;
  std::vector<usage_q> usage;  // count * seconds(secs)

  std::vector<int128> rate_raw, count_raw, usage_raw;
  std::vector<double> rate_d, count_d, secs_d, usage_d;
};

inline int128 raw_line(int128 rate, int128 usage) {
  int128 out = 0;
  if (!tc::detail::mul_div(rate, usage, 1, tc::decimal::scale, seconds_per_hour,
                           tc::rounding::half_even, out)) {
    raw_overflow();
  }
  return out;
}

inline line_inputs make_line_inputs() {
  line_inputs in;
  std::mt19937_64 gen(20261130);
  std::uniform_int_distribution<std::int64_t> rate_ten_thousandths(10'000, 1'000'000);
  std::uniform_int_distribution<std::int64_t> instances(1, 64);
  std::uniform_int_distribution<std::int64_t> seconds(1, 30 * 86'400);
  for (std::size_t i = 0; i < batch; ++i) {
    const auto r =
        tc::decimal::from_raw(static_cast<int128>(rate_ten_thousandths(gen)) * scale / 10'000);
    const auto c = tc::decimal(instances(gen));
    const std::int64_t s = seconds(gen);
    in.rate.push_back(rate_q::from_value(r));
    in.count.push_back(count_q::from_value(c));
    in.secs.push_back(s);
    in.usage.push_back(in.count.back() * tc::seconds(s));

    in.rate_raw.push_back(r.raw());
    in.count_raw.push_back(c.raw());
    in.usage_raw.push_back(in.usage.back().value().raw());
    in.rate_d.push_back(r.to_double());
    in.count_d.push_back(c.to_double());
    in.secs_d.push_back(static_cast<double>(s));
    in.usage_d.push_back(in.usage.back().value().to_double());

    // The typed and raw kernels must compute the same thing, or the comparison means nothing.
    if (tc::amount(in.rate.back(), in.usage.back()).value().raw() !=
        raw_line(r.raw(), in.usage_raw.back())) {
      throw std::logic_error("typed amount() and raw mul_div disagree");
    }
  }
  return in;
}

inline const line_inputs& line() {
  static const line_inputs in = make_line_inputs();
  return in;
}

/// Amounts up to 10^6 USD using all 18 fractional digits, factors with up to 8 fractional digits
/// (0 to 1000, as usage is), and integer factors (instance counts).
struct money_inputs {
  std::vector<tc::decimal> a, b, f;
  std::vector<int128> a_raw, b_raw, f_raw;
  std::vector<double> a_d, b_d, f_d;
  std::vector<std::int64_t> n;
};

inline money_inputs make_money_inputs() {
  money_inputs m;
  std::mt19937_64 gen(11302026);
  std::uniform_int_distribution<std::int64_t> micro_usd(0, 1'000'000'000'000);
  std::uniform_int_distribution<std::int64_t> frac(0, 999'999'999'999);
  std::uniform_int_distribution<std::int64_t> hundred_millionths(0, 100'000'000'000);
  std::uniform_int_distribution<std::int64_t> counts(1, 64);
  const auto random_money = [&] {
    return tc::decimal::from_raw(static_cast<int128>(micro_usd(gen)) * 1'000'000'000'000 +
                                 frac(gen));
  };
  for (std::size_t i = 0; i < batch; ++i) {
    m.a.push_back(random_money());
    m.b.push_back(random_money());
    m.f.push_back(
        tc::decimal::from_raw(static_cast<int128>(hundred_millionths(gen)) * scale / 100'000'000));
    m.a_raw.push_back(m.a.back().raw());
    m.b_raw.push_back(m.b.back().raw());
    m.f_raw.push_back(m.f.back().raw());
    m.a_d.push_back(m.a.back().to_double());
    m.b_d.push_back(m.b.back().to_double());
    m.f_d.push_back(m.f.back().to_double());
    m.n.push_back(counts(gen));
  }
  return m;
}

inline const money_inputs& money() {
  static const money_inputs m = make_money_inputs();
  return m;
}

/// 64 sourced prices (quoted from an offer file) and usages (measured), with the values of line().
struct sourced_inputs {
  std::vector<tc::sourced<rate_q>> price;
  std::vector<tc::sourced<usage_q>> usage;
};

inline constexpr std::size_t sourced_count = 64;

inline sourced_inputs make_sourced_inputs() {
  const auto& in = line();
  sourced_inputs s;
  const tc::date consulted = tc::parse_date("2026-11-30");
  const tc::timestamp from = tc::parse_timestamp("2026-11-29T08:00:00Z");
  const tc::timestamp to = tc::parse_timestamp("2026-11-30T08:00:00Z");
  for (std::size_t i = 0; i < sourced_count; ++i) {
    tc::quoted q;
    q.source =
        "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/20261110195514/"
        "us-east-1/index.json";
    q.offer_code = "AmazonEC2";
    q.offer_version = "20261110195514";
    q.sku = "WVVQPJVCQU4SR8XF";
    q.offer_term_code = "JRTCKXETXF";
    q.rate_code = "WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7";
    q.region = "us-east-1";
    q.consulted = consulted;
    s.price.emplace_back("trn1.32xlarge on-demand", in.rate[i], q);
    s.usage.emplace_back(
        "training time", in.usage[i],
        tc::measured{"run-" + std::to_string(i), "wall clock of the job", from, to});
  }
  return s;
}

inline const sourced_inputs& sourced_line() {
  static const sourced_inputs s = make_sourced_inputs();
  return s;
}

// -------------------------------------------------------------------------------------------------
// Kernels. Each runs its `ops` operations once.

template <class T>
void keep(std::vector<T>& out) {
  benchmark::DoNotOptimize(out.data());
  benchmark::ClobberMemory();
}

// One priced line: rate x instance-seconds, divided by 3600 s/h, one rounding.

inline void line_typed() {
  const auto& in = line();
  for (std::size_t i = 0; i < batch; ++i) {
    benchmark::DoNotOptimize(tc::amount(in.rate[i], in.usage[i]));
  }
}

inline void line_raw_int128() {
  const auto& in = line();
  for (std::size_t i = 0; i < batch; ++i) {
    int128 out = 0;
    if (!tc::detail::mul_div(in.rate_raw[i], in.usage_raw[i], 1, tc::decimal::scale,
                             seconds_per_hour, tc::rounding::half_even, out)) {
      raw_overflow();
    }
    benchmark::DoNotOptimize(out);
  }
}

inline void line_double() {
  const auto& in = line();
  for (std::size_t i = 0; i < batch; ++i) {
    benchmark::DoNotOptimize(in.rate_d[i] * in.usage_d[i] / 3600.0);
  }
}

// The same line from its parts: count * seconds(s) (a decimal product, exact here), then amount().

inline void full_line_typed() {
  const auto& in = line();
  for (std::size_t i = 0; i < batch; ++i) {
    benchmark::DoNotOptimize(tc::amount(in.rate[i], in.count[i] * tc::seconds(in.secs[i])));
  }
}

inline void full_line_raw_int128() {
  const auto& in = line();
  for (std::size_t i = 0; i < batch; ++i) {
    int128 usage = 0;
    int128 out = 0;
    if (!tc::detail::mul_div(in.count_raw[i], static_cast<int128>(in.secs[i]) * scale, 1,
                             tc::decimal::scale, 1, tc::rounding::half_even, usage) ||
        !tc::detail::mul_div(in.rate_raw[i], usage, 1, tc::decimal::scale, seconds_per_hour,
                             tc::rounding::half_even, out)) {
      raw_overflow();
    }
    benchmark::DoNotOptimize(out);
  }
}

inline void full_line_double() {
  const auto& in = line();
  for (std::size_t i = 0; i < batch; ++i) {
    benchmark::DoNotOptimize(in.rate_d[i] * in.count_d[i] * in.secs_d[i] / 3600.0);
  }
}

// charge() on sourced values: the amount plus a shared derivation record (allocations, strings).

inline void charge_sourced() {
  const auto& s = sourced_line();
  for (std::size_t i = 0; i < sourced_count; ++i) {
    benchmark::DoNotOptimize(tc::charge("training", s.price[i], s.usage[i]));
  }
}

inline void charge_anchor_amount() {
  const auto& s = sourced_line();
  for (std::size_t i = 0; i < sourced_count; ++i) {
    benchmark::DoNotOptimize(tc::amount(s.price[i].value(), s.usage[i].value()));
  }
}

// Sum of a column of amounts (a total): a dependency chain, so this is add latency.

inline void add_sum_decimal() {
  const auto& m = money();
  tc::decimal total;
  for (std::size_t i = 0; i < batch; ++i) total += m.a[i];
  benchmark::DoNotOptimize(total);
}

inline void add_sum_int128() {
  const auto& m = money();
  int128 total = 0;
  for (std::size_t i = 0; i < batch; ++i) total += m.a_raw[i];
  benchmark::DoNotOptimize(total);
}

inline void add_sum_double() {
  const auto& m = money();
  double total = 0;
  for (std::size_t i = 0; i < batch; ++i) total += m.a_d[i];
  benchmark::DoNotOptimize(total);
}

// Element-wise c[i] = a[i] + b[i]: independent adds, so this is add throughput (the compiler may
// vectorise what it can: double can be, a checked decimal add cannot).

inline void add_each_decimal() {
  const auto& m = money();
  static std::vector<tc::decimal> out(batch);
  for (std::size_t i = 0; i < batch; ++i) out[i] = m.a[i] + m.b[i];
  keep(out);
}

inline void add_each_int128() {
  const auto& m = money();
  static std::vector<int128> out(batch);
  for (std::size_t i = 0; i < batch; ++i) out[i] = m.a_raw[i] + m.b_raw[i];
  keep(out);
}

inline void add_each_double() {
  const auto& m = money();
  static std::vector<double> out(batch);
  for (std::size_t i = 0; i < batch; ++i) out[i] = m.a_d[i] + m.b_d[i];
  keep(out);
}

// Element-wise products: decimal * decimal (one half-even rounding at the 18th digit), the same
// mul_div on raw int128 values, double, and decimal * integer (exact, checked).

inline void mul_each_decimal() {
  const auto& m = money();
  static std::vector<tc::decimal> out(batch);
  for (std::size_t i = 0; i < batch; ++i) out[i] = m.a[i] * m.f[i];
  keep(out);
}

inline void mul_each_raw_int128() {
  const auto& m = money();
  static std::vector<int128> out(batch);
  for (std::size_t i = 0; i < batch; ++i) {
    if (!tc::detail::mul_div(m.a_raw[i], m.f_raw[i], 1, tc::decimal::scale, 1,
                             tc::rounding::half_even, out[i])) {
      raw_overflow();
    }
  }
  keep(out);
}

inline void mul_each_double() {
  const auto& m = money();
  static std::vector<double> out(batch);
  for (std::size_t i = 0; i < batch; ++i) out[i] = m.a_d[i] * m.f_d[i];
  keep(out);
}

inline void mul_each_decimal_by_integer() {
  const auto& m = money();
  static std::vector<tc::decimal> out(batch);
  for (std::size_t i = 0; i < batch; ++i) out[i] = m.a[i] * m.n[i];
  keep(out);
}

// Parsing a price string as an offer file holds it. The pointer is laundered through
// DoNotOptimize each time, so the compiler cannot parse the literal at compile time.

inline constexpr std::string_view price_text = "21.5000000000";

inline void parse_decimal() {
  for (std::size_t i = 0; i < batch; ++i) {
    const char* p = price_text.data();
    benchmark::DoNotOptimize(p);
    benchmark::DoNotOptimize(tc::decimal::parse(std::string_view(p, price_text.size())));
  }
}

inline void parse_strtod() {
  for (std::size_t i = 0; i < batch; ++i) {
    const char* p = price_text.data();  // a literal: NUL-terminated
    benchmark::DoNotOptimize(p);
    benchmark::DoNotOptimize(std::strtod(p, nullptr));
  }
}

inline void parse_from_chars_double() {
  for (std::size_t i = 0; i < batch; ++i) {
    const char* p = price_text.data();
    benchmark::DoNotOptimize(p);
    double v = 0;
    if (std::from_chars(p, p + price_text.size(), v).ec != std::errc{}) raw_overflow();
    benchmark::DoNotOptimize(v);
  }
}

// -------------------------------------------------------------------------------------------------
// The list both programs run.

struct kernel {
  const char* name;
  void (*run)();
  std::size_t ops;      ///< operations per run()
  void (*prepare)();    ///< builds the inputs (outside any measurement)
  const char* compare;  ///< "anchor[<=target],anchor...": what this kernel is compared with
};

inline void prepare_line() { (void)line(); }
inline void prepare_money() { (void)money(); }
inline void prepare_sourced() { (void)sourced_line(); }
inline void prepare_nothing() {}

inline const std::vector<kernel>& kernels() {
  static const std::vector<kernel> all{
      {"line_typed", line_typed, batch, prepare_line, "line_raw_int128<=1.05,line_double"},
      {"line_raw_int128", line_raw_int128, batch, prepare_line, ""},
      {"line_double", line_double, batch, prepare_line, ""},
      {"full_line_typed", full_line_typed, batch, prepare_line,
       "full_line_raw_int128<=1.05,full_line_double"},
      {"full_line_raw_int128", full_line_raw_int128, batch, prepare_line, ""},
      {"full_line_double", full_line_double, batch, prepare_line, ""},
      {"charge_sourced", charge_sourced, sourced_count, prepare_sourced, "charge_anchor_amount"},
      {"charge_anchor_amount", charge_anchor_amount, sourced_count, prepare_sourced, ""},
      {"add_sum_decimal", add_sum_decimal, batch, prepare_money, "add_sum_int128,add_sum_double"},
      {"add_sum_int128", add_sum_int128, batch, prepare_money, ""},
      {"add_sum_double", add_sum_double, batch, prepare_money, ""},
      {"add_each_decimal", add_each_decimal, batch, prepare_money,
       "add_each_int128,add_each_double"},
      {"add_each_int128", add_each_int128, batch, prepare_money, ""},
      {"add_each_double", add_each_double, batch, prepare_money, ""},
      {"mul_each_decimal", mul_each_decimal, batch, prepare_money,
       "mul_each_raw_int128,mul_each_double"},
      {"mul_each_raw_int128", mul_each_raw_int128, batch, prepare_money, ""},
      {"mul_each_double", mul_each_double, batch, prepare_money, ""},
      {"mul_each_decimal_by_integer", mul_each_decimal_by_integer, batch, prepare_money,
       "mul_each_double"},
      {"parse_decimal", parse_decimal, batch, prepare_nothing,
       "parse_strtod,parse_from_chars_double"},
      {"parse_strtod", parse_strtod, batch, prepare_nothing, ""},
      {"parse_from_chars_double", parse_from_chars_double, batch, prepare_nothing, ""},
  };
  return all;
}

}  // namespace trncost_bench

#endif  // TRNCOST_BENCHMARKS_KERNELS_HPP
