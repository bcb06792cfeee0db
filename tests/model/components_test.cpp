// Tests for the built-in components besides instance time: block storage, object storage, data
// transfer, logging, data preparation, failures and restarts. Every expected amount is computed by
// hand in the comment above it, from the us-east-1 prices in docs/domain.md#us-east-1-prices unless
// said.
#include <doctest/doctest.h>

#include <initializer_list>
#include <trncost/model.hpp>
#include <trncost/model/components/block_storage.hpp>
#include <trncost/model/components/data_preparation.hpp>
#include <trncost/model/components/data_transfer.hpp>
#include <trncost/model/components/failures.hpp>
#include <trncost/model/components/logging.hpp>
#include <trncost/model/components/object_storage.hpp>
#include <type_traits>

// File-local: the test program is a unity build (tests/CMakeLists.txt).
namespace trncost_tests::model_components_test {

using namespace trncost;

namespace {

const date as_of = parse_date("2026-11-30");

quoted page(const char* source) {
  return quoted{.source = source, .region = "us-east-1", .consulted = as_of};
}

measured run1() {
  return measured{"run-1", "run log and billing export of the job",
                  parse_timestamp("2026-11-20T10:00:00Z"), parse_timestamp("2026-11-21T10:00:00Z")};
}

template <class Unit>
sourced<quantity<Unit>> quote(const char* name, Unit u, const char* value, const char* source) {
  return sourced(name, make(u, value), page(source));
}
/// A zero price from a pricing page, with the page's words for why it is zero (a zero price needs a
/// stated reason to be verified).
template <class Unit>
sourced<quantity<Unit>> free_quote(const char* name, Unit u, const char* source, const char* why) {
  quoted q = page(source);
  q.description = why;
  return sourced(name, make(u, "0"), q);
}
template <class Unit>
sourced<quantity<Unit>> measure(const char* name, Unit u, const char* value) {
  return sourced(name, make(u, value), run1());
}

constexpr const char* ebs_page = "https://aws.amazon.com/ebs/pricing/";
constexpr const char* ebs_offer = "AmazonEC2 offer file, EBS:VolumeP-Throughput.gp3";
constexpr const char* s3_page = "https://aws.amazon.com/s3/pricing/";
constexpr const char* transfer_page = "https://aws.amazon.com/ec2/pricing/on-demand/";
constexpr const char* cloudwatch_page = "https://aws.amazon.com/cloudwatch/pricing/";
constexpr const char* ec2_page = "https://aws.amazon.com/ec2/pricing/on-demand/ (instances)";

/// Declares every category but `modelled` none, so a test can look at its own category alone.
void declare_rest_none(model& m, std::initializer_list<category> modelled) {
  for (const auto c : all_categories) {
    bool skip = false;
    for (const auto k : modelled) skip = skip || k == c;
    if (!skip) m.declare_none(c, declared_none{"not part of this test"});
  }
}

template <class C>
estimate evaluate_alone(const C& component) {
  model m;
  m.add(component);
  declare_rest_none(m, {component.cost_category()});
  return m.evaluate(as_of);
}

decimal amount_of(const estimate& est, std::size_t i) {
  REQUIRE(i < est.lines.size());
  REQUIRE(est.lines[i].amount.has_value());
  return *est.lines[i].amount;
}

quantity<units::gibibyte_t> gib(long long n) { return make(units::gibibyte, n); }

// --- block storage -------------------------------------------------------------------------------

auto gp3_price() { return quote("gp3_price", units::usd_per_gibibyte_month, "0.08", ebs_page); }

block_storage::iops_prices gp3_iops_prices() {
  // gp3: 3,000 IOPS included at no charge, then 0.005 per IOPS-month.
  return block_storage::iops_prices(
      "gp3_iops_price", {{free_quote("gp3_iops_included", units::usd_per_iops_month, ebs_page,
                                     "gp3: 3,000 IOPS free"),
                          make(units::iops, 0), make(units::iops, 3000)},
                         {quote("gp3_iops_price", units::usd_per_iops_month, "0.005", ebs_page),
                          make(units::iops, 3000), std::nullopt}});
}

template <class PriceUnit>
tier_table<units::mebibytes_per_second_t, PriceUnit> gp3_throughput_prices(PriceUnit u,
                                                                           const char* above) {
  // gp3: 125 MiB/s included at no charge, then the price given.
  return tier_table<units::mebibytes_per_second_t, PriceUnit>(
      "gp3_throughput_price",
      {{free_quote("gp3_throughput_included", u, ebs_page, "gp3: 125 MB/s free"),
        make(units::mebibytes_per_second, 0), make(units::mebibytes_per_second, 125)},
       {quote("gp3_throughput_price", u, above, ebs_offer), make(units::mebibytes_per_second, 125),
        std::nullopt}});
}

// --- object storage ------------------------------------------------------------------------------

object_storage::storage_prices s3_standard_prices() {
  // First 50 TB / month at 0.023, next 450 TB at 0.022, over 500 TB at 0.021 per GB-month (AWS's
  // TB being 2^40 bytes: 50 TB = 51200 GiB, 500 TB = 512000 GiB).
  return object_storage::storage_prices(
      "s3_standard_price",
      {{quote("s3_first_50tb", units::usd_per_gibibyte_month, "0.023", s3_page), gib(0),
        gib(51200)},
       {quote("s3_next_450tb", units::usd_per_gibibyte_month, "0.022", s3_page), gib(51200),
        gib(512000)},
       {quote("s3_over_500tb", units::usd_per_gibibyte_month, "0.021", s3_page), gib(512000),
        std::nullopt}});
}

// --- data transfer -------------------------------------------------------------------------------

transfer::prices egress_prices() {
  return transfer::prices(
      "internet_egress_price",
      {{quote("egress_first_10tb", units::usd_per_gibibyte, "0.09", transfer_page), gib(0),
        gib(10240)},
       {quote("egress_next_40tb", units::usd_per_gibibyte, "0.085", transfer_page), gib(10240),
        gib(51200)},
       {quote("egress_next_100tb", units::usd_per_gibibyte, "0.07", transfer_page), gib(51200),
        gib(153600)},
       {quote("egress_over_150tb", units::usd_per_gibibyte, "0.05", transfer_page), gib(153600),
        std::nullopt}});
}

// --- logging -------------------------------------------------------------------------------------

logging::metric_prices custom_metric_prices() {
  // CloudWatch custom metrics (us-east-1 pricing page): first 10,000 metrics at 0.30, next
  // 240,000 at 0.10, next 750,000 at 0.05, over 1,000,000 at 0.02 per metric-month.
  const auto m = [](long long n) { return make(units::metric, n); };
  return logging::metric_prices(
      "custom_metric_price",
      {{quote("metrics_first_10k", units::usd_per_metric_month, "0.30", cloudwatch_page), m(0),
        m(10000)},
       {quote("metrics_next_240k", units::usd_per_metric_month, "0.10", cloudwatch_page), m(10000),
        m(250000)},
       {quote("metrics_next_750k", units::usd_per_metric_month, "0.05", cloudwatch_page), m(250000),
        m(1000000)},
       {quote("metrics_over_1m", units::usd_per_metric_month, "0.02", cloudwatch_page), m(1000000),
        std::nullopt}});
}

logging job_logs() {
  return logging(
      "job-logs", measure("logs_ingested", units::gibibyte, "200"),
      quote("logs_ingestion_price", units::usd_per_gibibyte, "0.50", cloudwatch_page),
      measure("logs_stored", units::gibibyte, "200"),
      quote("logs_retention", units::month, "3", cloudwatch_page),
      quote("logs_storage_price", units::usd_per_gibibyte_month, "0.03", cloudwatch_page));
}

// --- failures ------------------------------------------------------------------------------------

auto trn1_price() { return quote("trn1_price", units::usd_per_instance_hour, "21.5", ec2_page); }

/// The interruption rate derived from a measured count over the instance-hours it was seen on:
/// 3 interruptions / 6000 instance-h = 0.0005 per instance-hour.
sourced<quantity<units::interruptions_per_instance_hour_t>> measured_rate() {
  const auto seen = measure("interruptions_seen", units::interruption, "3");
  const auto over = measure("instance_hours_seen", units::instance_hour, "6000");
  return (seen / over).named("interruption_rate");
}

failures trn1_failures(provenance work_lost_origin) {
  return failures("trn1-failures", "trn1.32xlarge", measure("nodes", units::instance, "16"),
                  trn1_price(), measured_rate(), measure("exposure", units::instance_hour, "8000"),
                  measure("restart_time", units::seconds_per_interruption, "900"),
                  sourced("work_lost", make(units::seconds_per_interruption, 1800),
                          std::move(work_lost_origin)));
}

}  // namespace

// ================================ inputs
// ==========================================================

TEST_CASE("input_of holds a sourced value or an input known to be unknown, made from either") {
  const input_of<quantity<units::gibibyte_t>> size =
      measure("volume_size", units::gibibyte, "1024");
  REQUIRE(size.known() != nullptr);
  CHECK(size.known()->value().value() == decimal(1024));
  CHECK(size.name() == "volume_size");
  CHECK(size.unknown().name.empty());
  CHECK(detail::value_or_name(size) == "1024");

  const input_of<quantity<units::gibibyte_t>> later =
      unknown_input{"ckpt_size", "checkpoint size not measured yet"};
  CHECK(later.known() == nullptr);
  CHECK(later.name() == "ckpt_size");
  CHECK(later.unknown().reason == "checkpoint size not measured yet");
  CHECK(detail::value_or_name(later) == "ckpt_size");
  // A negative known value is refused where the component is built; an unknown one has no value.
  CHECK_THROWS_WITH_AS(
      detail::require_non_negative(
          input_of<quantity<units::gibibyte_t>>(measure("size", units::gibibyte, "-1")), "ebs"),
      "trncost: component 'ebs': input 'size' is -1; it cannot be negative", input_error);
  CHECK_NOTHROW(detail::require_positive(later, "ebs"));
  // Copies keep what they hold.
  const auto copy = later;
  CHECK(copy.known() == nullptr);
  CHECK(copy.unknown().name == "ckpt_size");
}

// ================================ block storage ==================================================

TEST_CASE("block storage prices GiB kept for hours at a per-month price under the 730-hour month") {
  // 2 volumes x 1024 GiB x 73 h x 0.08 USD/GiB-mo / 730 h/mo = 2048 x 0.008 = 16.384
  block_storage ebs("ckpt-volumes", "gp3", measure("volume_size", units::gibibyte, "1024"),
                    usage_period(measure("kept_h", units::hour, "73"), month_730h), gp3_price());
  ebs.with_volumes(measure("volumes", units::dimensionless, "2"));
  const auto est = evaluate_alone(ebs);
  REQUIRE(est.lines.size() == 1);
  CHECK(est.lines[0].description == "gp3 volume storage x 2 volumes");
  CHECK(est.lines[0].formula ==
        "gp3_price * ((volumes * volume_size) * kept_h) / 730 h/mo (730-hour month (AWS Pricing "
        "Calculator, Infracost))");
  CHECK(amount_of(est, 0) == decimal("16.384"));
  CHECK(est.by_category.at(category::storage) == decimal("16.384"));
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("block storage kept for seconds is priced exactly without rounding to hours") {
  // 500 GiB x 45,300 s x 0.08 USD/GiB-mo / 3600 / 730 = 1,812,000 / 2,628,000
  // = 0.68949771689497716894977..., rounded once at the 18th digit: 0.689497716894977169.
  const block_storage ebs("scratch", "gp3", measure("volume_size", units::gibibyte, "500"),
                          usage_period(sourced("kept_s", seconds(45300), run1()), month_730h),
                          gp3_price());
  const auto est = evaluate_alone(ebs);
  REQUIRE(est.lines.size() == 1);
  CHECK(amount_of(est, 0) == decimal::parse("0.689497716894977169"));
  CHECK(est.lines[0].num == 1);
  CHECK(est.lines[0].den == 3600 * 730);
  CHECK(est.lines[0].formula ==
        "gp3_price * (volume_size * kept_s) / 3600 / 730 h/mo (730-hour month (AWS Pricing "
        "Calculator, Infracost))");
  CHECK(est.status == estimate_status::verified);
  CHECK(usage_period(sourced("kept_s", seconds(45300), run1()), month_730h).name() == "kept_s");
  const usage_period kept(sourced("kept_s", seconds(45300), run1()), month_730h);
  CHECK(kept.convention()->hours_per_month == 730);
}

TEST_CASE("block storage kept for whole months needs no month convention") {
  // 500 GiB x 3 mo x 0.08 = 120
  const block_storage ebs("data-volume", "gp3", measure("volume_size", units::gibibyte, "500"),
                          quote("kept_months", units::month, "3", ebs_page), gp3_price());
  const auto est = evaluate_alone(ebs);
  CHECK(est.lines[0].formula == "gp3_price * (volume_size * kept_months)");
  CHECK(amount_of(est, 0) == decimal(120));
}

TEST_CASE("gp3 IOPS above the included 3,000 are priced per IOPS-month") {
  // storage: 1000 GiB x 1 mo x 0.08 = 80
  // IOPS 0 to 3000:    3000 x 1 mo x 0     = 0
  // IOPS above 3000:   3000 x 1 mo x 0.005 = 15
  block_storage ebs("data-volume", "gp3", measure("volume_size", units::gibibyte, "1000"),
                    measure("kept_months", units::month, "1"), gp3_price());
  ebs.with_iops(measure("provisioned_iops", units::iops, "6000"), gp3_iops_prices());
  const auto est = evaluate_alone(ebs);
  REQUIRE(est.lines.size() == 3);
  CHECK(amount_of(est, 0) == decimal(80));
  CHECK(est.lines[1].description == "gp3 provisioned IOPS (0 to 3000 IOPS)");
  CHECK(amount_of(est, 1) == decimal(0));
  CHECK(est.lines[2].description == "gp3 provisioned IOPS (above 3000 IOPS)");
  CHECK(amount_of(est, 2) == decimal(15));
  CHECK(est.total == decimal(95));
}

TEST_CASE("io2 IOPS tiers apply to each volume's IOPS, then to every volume") {
  // Per volume 40000 IOPS for 1 month: 32000 x 0.065 = 2080; 8000 x 0.0455 = 364; 0 x 0.032 = 0.
  // Two volumes: 4160 and 728.
  const block_storage::iops_prices io2(
      "io2_iops_price", {{quote("io2_iops_first_32k", units::usd_per_iops_month, "0.065", ebs_page),
                          make(units::iops, 0), make(units::iops, 32000)},
                         {quote("io2_iops_next_32k", units::usd_per_iops_month, "0.0455", ebs_page),
                          make(units::iops, 32000), make(units::iops, 64000)},
                         {quote("io2_iops_over_64k", units::usd_per_iops_month, "0.032", ebs_page),
                          make(units::iops, 64000), std::nullopt}});
  block_storage ebs("db-volumes", "io2", measure("volume_size", units::gibibyte, "0"),
                    measure("kept_months", units::month, "1"),
                    quote("io2_price", units::usd_per_gibibyte_month, "0.125", ebs_page));
  ebs.with_volumes(measure("volumes", units::dimensionless, "2"))
      .with_iops(measure("provisioned_iops", units::iops, "40000"), io2);
  const auto est = evaluate_alone(ebs);
  REQUIRE(est.lines.size() == 4);
  CHECK(amount_of(est, 1) == decimal(4160));
  CHECK(amount_of(est, 2) == decimal(728));
  CHECK(amount_of(est, 3) == decimal(0));
  CHECK(est.total == decimal(4888));
}

TEST_CASE("gp3 throughput priced per GiBps-month is divided by exactly 1024 (the unit trap)") {
  // 250 MiB/s provisioned, 125 included: 125 MiB/s x 1 mo above the included throughput.
  //   offer file: 125 x 40.96 USD/GiBps-mo / 1024 = 5
  //   page:       125 x 0.04  USD/MiBps-mo        = 5
  const auto with = [](auto prices) {
    block_storage ebs("data-volume", "gp3", measure("volume_size", units::gibibyte, "0"),
                      measure("kept_months", units::month, "1"), gp3_price());
    ebs.with_throughput(measure("provisioned_throughput", units::mebibytes_per_second, "250"),
                        std::move(prices));
    return evaluate_alone(ebs);
  };
  const auto per_gibps = with(gp3_throughput_prices(units::usd_per_gibps_month, "40.96"));
  REQUIRE(per_gibps.lines.size() == 3);
  CHECK(per_gibps.lines[2].description == "gp3 provisioned throughput (above 125 MiB/s)");
  CHECK(per_gibps.lines[2].price->unit == "USD/GiBps-mo");
  CHECK(per_gibps.lines[2].den == 1024);
  CHECK(amount_of(per_gibps, 2) == decimal(5));

  const auto per_mibps = with(gp3_throughput_prices(units::usd_per_mibps_month, "0.04"));
  CHECK(per_mibps.lines[2].den == 1);
  CHECK(amount_of(per_mibps, 2) == decimal(5));

  // The trap: the offer file's number read with the description's unit is 1024 times too much,
  // 125 x 40.96 = 5120. The types make the reader say which unit it read.
  const auto trap = with(gp3_throughput_prices(units::usd_per_mibps_month, "40.96"));
  CHECK(amount_of(trap, 2) == decimal(5120));
}

TEST_CASE("block storage rejects a negative size, period, price or provisioned IOPS") {
  const auto size = measure("volume_size", units::gibibyte, "100");
  const auto kept = usage_period(measure("kept_h", units::hour, "10"), month_730h);
  CHECK_THROWS_WITH_AS(
      block_storage("v", "gp3", measure("volume_size", units::gibibyte, "-1"), kept, gp3_price()),
      "trncost: component 'v': input 'volume_size' is -1; it cannot be negative", input_error);
  CHECK_THROWS_WITH_AS(
      block_storage("v", "gp3", size,
                    usage_period(measure("kept_h", units::hour, "-10"), month_730h), gp3_price()),
      "trncost: component 'v': input 'kept_h' is -10; it cannot be negative", input_error);
  CHECK_THROWS_WITH_AS(
      block_storage("v", "gp3", size, kept,
                    quote("gp3_price", units::usd_per_gibibyte_month, "-0.08", ebs_page)),
      "trncost: input 'gp3_price': quoted value -0.08 USD/GiB-mo is negative; a price or a cost "
      "cannot be negative (a credit is a grant: docs/credits.md)",
      input_error);
  block_storage ok("v", "gp3", size, kept, gp3_price());
  CHECK_THROWS_WITH_AS(
      ok.with_iops(measure("provisioned_iops", units::iops, "-1"), gp3_iops_prices()),
      "trncost: component 'v': input 'provisioned_iops' is -1; it cannot be "
      "negative",
      input_error);
  CHECK_THROWS_WITH_AS(ok.with_volumes(measure("volumes", units::dimensionless, "0")),
                       "trncost: component 'v': input 'volumes' is 0; it must be positive",
                       input_error);
  CHECK_THROWS_WITH_AS(block_storage("v", "", size, kept, gp3_price()),
                       "trncost: component 'v': the volume type is empty", input_error);
  CHECK_THROWS_WITH_AS(block_storage("", "gp3", size, kept, gp3_price()),
                       "trncost: a block_storage component needs a name", input_error);
  CHECK_THROWS_WITH_AS(
      block_storage(
          "v", "gp3", size,
          usage_period(measure("kept_h", units::hour, "10"), month_convention{"no month", 0}),
          gp3_price()),
      "trncost: component 'v': input 'kept_h' is priced per month under the convention 'no "
      "month', which has zero hours",
      input_error);
}

TEST_CASE("block storage refuses an option given twice instead of replacing it silently") {
  block_storage ebs("v", "gp3", measure("volume_size", units::gibibyte, "100"),
                    measure("kept_months", units::month, "1"), gp3_price());
  ebs.with_volumes(measure("volumes", units::dimensionless, "2"))
      .with_iops(measure("provisioned_iops", units::iops, "6000"), gp3_iops_prices())
      .with_throughput(measure("provisioned_throughput", units::mebibytes_per_second, "250"),
                       gp3_throughput_prices(units::usd_per_gibps_month, "40.96"));
  CHECK_THROWS_WITH_AS(ebs.with_volumes(measure("volumes", units::dimensionless, "3")),
                       "trncost: component 'v': the volume count is already given", input_error);
  CHECK_THROWS_WITH_AS(
      ebs.with_iops(measure("provisioned_iops", units::iops, "3000"), gp3_iops_prices()),
      "trncost: component 'v': the provisioned IOPS are already given", input_error);
  CHECK_THROWS_WITH_AS(
      ebs.with_throughput(measure("provisioned_throughput", units::mebibytes_per_second, "125"),
                          gp3_throughput_prices(units::usd_per_mibps_month, "0.04")),
      "trncost: component 'v': the provisioned throughput is already given", input_error);
}

TEST_CASE("a period in hours needs its month convention named at the call site") {
  using hours_in = sourced<quantity<units::hour_t>>;
  using months_in = sourced<quantity<units::month_t>>;
  // Hours against a per-month price only with a named convention, as amount() requires; months
  // convert as they are.
  static_assert(!std::is_convertible_v<hours_in, usage_period>);
  static_assert(std::is_constructible_v<usage_period, hours_in, month_convention>);
  static_assert(std::is_convertible_v<months_in, usage_period>);
  const usage_period hours(measure("kept_h", units::hour, "10"), month_730h);
  REQUIRE(hours.convention().has_value());
  CHECK(hours.convention()->hours_per_month == 730);
  const usage_period months(measure("kept_months", units::month, "1"));
  CHECK_FALSE(months.convention().has_value());
  CHECK(months.name() == "kept_months");
}

TEST_CASE("a price whose unit does not fit block storage does not compile") {
  using size_in = sourced<quantity<units::gibibyte_t>>;
  // AWS's "GB-Mo" is a GiB-month: a price typed per decimal GB-month is refused where the component
  // is built, and so is a price per GiB (no month) or per instance-hour.
  static_assert(
      std::is_constructible_v<block_storage, std::string, std::string, size_in, usage_period,
                              sourced<quantity<units::usd_per_gibibyte_month_t>>>);
  static_assert(
      !std::is_constructible_v<block_storage, std::string, std::string, size_in, usage_period,
                               sourced<quantity<units::usd_per_gigabyte_month_t>>>);
  static_assert(
      !std::is_constructible_v<block_storage, std::string, std::string, size_in, usage_period,
                               sourced<quantity<units::usd_per_gibibyte_t>>>);
  static_assert(!std::is_constructible_v<block_storage, std::string, std::string,
                                         sourced<quantity<units::gigabyte_t>>, usage_period,
                                         sourced<quantity<units::usd_per_gibibyte_month_t>>>);
  // sourced<A> converts to sourced<B> only to refuse (provenance/sourced.hpp); a component's
  // input_of<B> parameter would need that conversion and input_of's constructor, two user-defined
  // conversions, so the refusal never makes a wrong unit fit a component.
  static_assert(!std::is_convertible_v<sourced<quantity<units::gigabyte_t>>,
                                       input_of<quantity<units::gibibyte_t>>>);
  static_assert(std::is_convertible_v<sourced<quantity<units::gibibyte_t>>,
                                      input_of<quantity<units::gibibyte_t>>>);
  CHECK(true);
}

TEST_CASE("block storage with an unknown size leaves its line unpriced and says why") {
  const block_storage ebs(
      "ckpt-volumes", "gp3", unknown_input{"volume_size", "checkpoint size not measured yet"},
      usage_period(measure("kept_h", units::hour, "73"), month_730h), gp3_price());
  const auto est = evaluate_alone(ebs);
  CHECK_FALSE(est.lines[0].amount.has_value());
  CHECK(est.status == estimate_status::unpriced);
  CHECK(est.by_category.at(category::storage) == decimal(0));
  CHECK(est.reasons.front().text ==
        "line 'gp3 volume storage' (ckpt-volumes) is unpriced: volume_size is unknown (checkpoint "
        "size not measured yet); it is left out of the totals");
}

// ================================ object storage =================================================

TEST_CASE("object storage prices a 60 TB month in two tiers") {
  // 60 TB = 61440 GiB for 1 month:
  //   51200 GiB x 0.023 = 1177.6
  //   10240 GiB x 0.022 =  225.28
  //       0 GiB x 0.021 =    0
  //   total             = 1402.88
  const object_storage s3("datasets", "S3 Standard", measure("stored", units::gibibyte, "61440"),
                          measure("kept_months", units::month, "1"), s3_standard_prices());
  const auto est = evaluate_alone(s3);
  REQUIRE(est.lines.size() == 3);
  CHECK(est.lines[0].description == "S3 Standard storage (0 to 51200 GiB)");
  CHECK(amount_of(est, 0) == decimal("1177.6"));
  CHECK(amount_of(est, 1) == decimal("225.28"));
  CHECK(amount_of(est, 2) == decimal(0));
  CHECK(est.by_category.at(category::storage) == decimal("1402.88"));
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("object storage tiers apply to each month's storage, not to the sum over months") {
  // 61440 GiB for 2 months: (51200 x 0.023 + 10240 x 0.022) x 2 = 1402.88 x 2 = 2805.76
  // (tiering the 122880 GiB-months as one month would give 2754.56: wrong).
  const object_storage s3("datasets", "S3 Standard", measure("stored", units::gibibyte, "61440"),
                          measure("kept_months", units::month, "2"), s3_standard_prices());
  const auto est = evaluate_alone(s3);
  CHECK(amount_of(est, 0) == decimal("2355.2"));
  CHECK(amount_of(est, 1) == decimal("450.56"));
  CHECK(est.total == decimal("2805.76"));
}

TEST_CASE("object storage kept for hours uses the named 730-hour month") {
  // 1000 GiB x 73 h x 0.023 / 730 = 2.3
  const object_storage s3("ckpt-bucket", "S3 Standard", measure("stored", units::gibibyte, "1000"),
                          usage_period(measure("kept_h", units::hour, "73"), month_730h),
                          s3_standard_prices());
  const auto est = evaluate_alone(s3);
  CHECK(est.lines[0].den == 730);
  CHECK(amount_of(est, 0) == decimal("2.3"));
  CHECK(est.total == decimal("2.3"));
}

TEST_CASE("object storage kept for an unknown number of hours leaves every tier unpriced") {
  const object_storage s3(
      "ckpt-bucket", "S3 Standard", measure("stored", units::gibibyte, "1000"),
      usage_period::unknown_hours("kept_h", "retention policy not decided", month_730h),
      s3_standard_prices());
  const auto est = evaluate_alone(s3);
  CHECK(est.unpriced_lines() == 3);
  CHECK(est.total == decimal(0));
  CHECK(est.status == estimate_status::unpriced);
  CHECK(est.reasons.front().text ==
        "line 'S3 Standard storage (0 to 51200 GiB)' (ckpt-bucket) is unpriced: kept_h is unknown "
        "(retention policy not decided); it is left out of the totals");
}

TEST_CASE("requests are priced per request (offer file) or per 1,000 requests (pricing page)") {
  // PUT: 100,000 x 0.000005 = 0.5
  // GET: 2,000,000 x 0.0000004 = 0.8 (per request), or 2,000,000 x 0.0004 / 1000 = 0.8
  object_storage s3("ckpt-bucket", "S3 Standard", measure("stored", units::gibibyte, "0"),
                    measure("kept_months", units::month, "1"), s3_standard_prices());
  s3.with_put_requests(measure("puts", units::request, "100000"),
                       quote("s3_put_price", units::usd_per_request, "0.000005", s3_page))
      .with_get_requests(measure("gets", units::request, "2000000"),
                         quote("s3_get_price", units::usd_per_request, "0.0000004", s3_page))
      .with_requests(
          "GET (page price)", measure("gets", units::request, "2000000"),
          quote("s3_get_price_per_1000", units::usd_per_thousand_requests, "0.0004", s3_page));
  const auto est = evaluate_alone(s3);
  REQUIRE(est.lines.size() == 6);
  CHECK(est.lines[3].description == "S3 Standard PUT, COPY, POST, LIST requests");
  CHECK(amount_of(est, 3) == decimal("0.5"));
  CHECK(est.lines[4].description == "S3 Standard GET, SELECT and other requests");
  CHECK(amount_of(est, 4) == decimal("0.8"));
  CHECK(est.lines[5].den == 1000);
  CHECK(est.lines[5].formula == "s3_get_price_per_1000 * gets / 1000");
  CHECK(amount_of(est, 5) == decimal("0.8"));
}

TEST_CASE("object storage rejects negative volumes, request counts and prices") {
  const auto stored = measure("stored", units::gibibyte, "10");
  const auto kept = measure("kept_months", units::month, "1");
  CHECK_THROWS_WITH_AS(object_storage("b", "S3 Standard", measure("stored", units::gibibyte, "-10"),
                                      kept, s3_standard_prices()),
                       "trncost: component 'b': input 'stored' is -10; it cannot be negative",
                       input_error);
  CHECK_THROWS_WITH_AS(object_storage("b", "", stored, kept, s3_standard_prices()),
                       "trncost: component 'b': the storage class is empty", input_error);
  object_storage s3("b", "S3 Standard", stored, kept, s3_standard_prices());
  CHECK_THROWS_WITH_AS(
      s3.with_put_requests(measure("puts", units::request, "-1"),
                           quote("s3_put_price", units::usd_per_request, "0.000005", s3_page)),
      "trncost: component 'b': input 'puts' is -1; it cannot be negative", input_error);
  CHECK_THROWS_WITH_AS(
      s3.with_get_requests(measure("gets", units::request, "1"),
                           quote("s3_get_price", units::usd_per_request, "-0.0000004", s3_page)),
      "trncost: input 's3_get_price': quoted value -0.0000004 USD/request is negative; a price or "
      "a "
      "cost cannot be negative (a credit is a grant: docs/credits.md)",
      input_error);
  CHECK_THROWS_WITH_AS(
      s3.with_requests("", measure("gets", units::request, "1"),
                       quote("s3_get_price", units::usd_per_request, "0.0000004", s3_page)),
      "trncost: component 'b': a request class needs a name (e.g. \"PUT, COPY, POST, LIST\")",
      input_error);
}

TEST_CASE("object storage with an unknown request count leaves only that line unpriced") {
  object_storage s3("ckpt-bucket", "S3 Standard", measure("stored", units::gibibyte, "1000"),
                    measure("kept_months", units::month, "1"), s3_standard_prices());
  s3.with_get_requests(input_of<quantity<units::request_t>>{unknown_input{"gets", "not logged"}},
                       quote("s3_get_price", units::usd_per_request, "0.0000004", s3_page));
  const auto est = evaluate_alone(s3);
  // 1000 x 0.023 = 23, priced; the GET line is not.
  CHECK(amount_of(est, 0) == decimal(23));
  CHECK_FALSE(est.lines[3].amount.has_value());
  CHECK(est.unpriced_lines() == 1);
  CHECK(est.total == decimal(23));
  CHECK(est.status == estimate_status::unpriced);
}

// ================================ data transfer ==================================================

TEST_CASE("inter-AZ traffic is charged on both sides") {
  // 500 GiB x 2 sides x 0.01 = 10
  const data_transfer t(
      "cluster-traffic",
      {transfer::inter_az(
          "gradients between zones", measure("cross_az_gib", units::gibibyte, "500"),
          quote("inter_az_price", units::usd_per_gibibyte, "0.01", transfer_page))});
  const auto est = evaluate_alone(t);
  REQUIRE(est.lines.size() == 1);
  CHECK(est.lines[0].description == "gradients between zones (charged on both sides)");
  CHECK(est.lines[0].formula == "inter_az_price * (2 * cross_az_gib)");
  CHECK(est.lines[0].quantity->value == "1000");
  CHECK(amount_of(est, 0) == decimal(10));
  CHECK(est.by_category.at(category::transfer) == decimal(10));
}

TEST_CASE("internet egress is priced by tiers of the month's volume") {
  // 20480 GiB: 10240 x 0.09 = 921.6; 10240 x 0.085 = 870.4; total 1792
  const data_transfer t("results-out",
                        {transfer::internet_egress("model weights to the internet",
                                                   measure("egress_gib", units::gibibyte, "20480"),
                                                   egress_prices())});
  const auto est = evaluate_alone(t);
  REQUIRE(est.lines.size() == 4);
  CHECK(est.lines[0].description == "model weights to the internet (0 to 10240 GiB)");
  CHECK(amount_of(est, 0) == decimal("921.6"));
  CHECK(amount_of(est, 1) == decimal("870.4"));
  CHECK(est.total == decimal(1792));
}

TEST_CASE("internet egress over three billing months applies the tiers to each month") {
  // 10,240 GiB a month for 3 months: each month stays in the first tier, 10,240 x 0.09 = 921.6,
  // so 3 x 921.6 = 2764.8. As one 30,720 GiB volume it would be 921.6 + 20,480 x 0.085 = 2662.4.
  const data_transfer t("egress", {transfer::internet_egress_by_month(
                                      "model weights to the internet",
                                      {measure("egress_m1", units::gibibyte, "10240"),
                                       measure("egress_m2", units::gibibyte, "10240"),
                                       measure("egress_m3", units::gibibyte, "10240")},
                                      egress_prices())});
  const auto est = evaluate_alone(t);
  REQUIRE(est.lines.size() == 12);  // 3 months x 4 tiers
  CHECK(est.lines[0].description == "model weights to the internet, month 1 of 3 (0 to 10240 GiB)");
  CHECK(est.lines[4].description == "model weights to the internet, month 2 of 3 (0 to 10240 GiB)");
  CHECK(amount_of(est, 0) == decimal("921.6"));
  CHECK(amount_of(est, 1) == decimal(0));
  CHECK(est.total == decimal("2764.8"));

  const data_transfer one_volume(
      "egress", {transfer::internet_egress("model weights to the internet",
                                           measure("egress_gib", units::gibibyte, "30720"),
                                           egress_prices())});
  CHECK(evaluate_alone(one_volume).total == decimal("2662.4"));
  CHECK_THROWS_WITH_AS(transfer::internet_egress_by_month("x", {}, egress_prices()),
                       "trncost: transfer 'x': no monthly volume; give one per billing month",
                       input_error);
}

TEST_CASE("same-region S3 transfer is priced from its quote even when the quote is zero") {
  // 10000 GiB x 0.00 = 0: a priced line whose zero comes from a quote that says why, not an
  // unknown.
  const data_transfer t(
      "dataset-reads",
      {transfer::same_region_s3(
          "S3 to instances, same region", measure("s3_read_gib", units::gibibyte, "10000"),
          free_quote("s3_same_region_price", units::usd_per_gibibyte, transfer_page,
                     "Data transferred between Amazon S3 and Amazon EC2 instances in the same "
                     "AWS Region is free"))});
  const auto est = evaluate_alone(t);
  REQUIRE(est.lines[0].amount.has_value());
  CHECK(amount_of(est, 0) == decimal(0));
  CHECK(est.lines[0].price->name == "s3_same_region_price");
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("a data transfer component rejects an empty list, negative volumes and prices") {
  CHECK_THROWS_WITH_AS(data_transfer("t", {}),
                       "trncost: component 't': the transfer list is empty; give at least one "
                       "transfer, or declare the transfer category none with the reason",
                       input_error);
  CHECK_THROWS_WITH_AS(
      data_transfer("t", {transfer::inter_az("x", measure("cross_az_gib", units::gibibyte, "-5"),
                                             quote("inter_az_price", units::usd_per_gibibyte,
                                                   "0.01", transfer_page))}),
      "trncost: component 't': input 'cross_az_gib' is -5; it cannot be negative", input_error);
  CHECK_THROWS_WITH_AS(
      data_transfer("t", {transfer::inter_az("x", measure("cross_az_gib", units::gibibyte, "5"),
                                             quote("inter_az_price", units::usd_per_gibibyte,
                                                   "-0.01", transfer_page))}),
      "trncost: input 'inter_az_price': quoted value -0.01 USD/GiB is negative; a price or a cost "
      "cannot be negative (a credit is a grant: docs/credits.md)",
      input_error);
  CHECK_THROWS_WITH_AS(
      data_transfer("t",
                    {transfer::priced("", measure("gib", units::gibibyte, "5"),
                                      quote("p", units::usd_per_gibibyte, "0.02", transfer_page))}),
      "trncost: component 't': a transfer needs a description", input_error);
}

TEST_CASE("an unknown egress volume leaves every egress tier unpriced") {
  const data_transfer t(
      "results-out",
      {transfer::internet_egress("model weights to the internet",
                                 unknown_input{"egress_gib", "who downloads the weights is open"},
                                 egress_prices()),
       transfer::inter_az(
           "gradients between zones", measure("cross_az_gib", units::gibibyte, "500"),
           quote("inter_az_price", units::usd_per_gibibyte, "0.01", transfer_page))});
  const auto est = evaluate_alone(t);
  REQUIRE(est.lines.size() == 5);
  CHECK(est.unpriced_lines() == 4);
  CHECK(est.total == decimal(10));
  CHECK(est.status == estimate_status::unpriced);
}

// ================================ logging ========================================================

TEST_CASE("logs are priced for ingestion and for storage") {
  // ingestion: 200 GiB x 0.50 = 100
  // storage:   200 GiB x 3 mo x 0.03 = 18
  const auto est = evaluate_alone(job_logs());
  REQUIRE(est.lines.size() == 2);
  CHECK(est.lines[0].description == "log ingestion");
  CHECK(amount_of(est, 0) == decimal(100));
  CHECK(est.lines[1].description == "log storage");
  CHECK(amount_of(est, 1) == decimal(18));
  CHECK(est.by_category.at(category::logs) == decimal(118));
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("logs not kept are priced for ingestion only and say why") {
  // ingestion: 200 GiB x 0.50 = 100; no storage line, so no storage price or period is needed.
  const auto logs = logging::not_kept(
      "request-logs", measure("logs_ingested", units::gibibyte, "200"),
      quote("logs_ingestion_price", units::usd_per_gibibyte, "0.50", cloudwatch_page),
      "retention deletes them within the day");
  CHECK(logs.not_kept_reason() == "retention deletes them within the day");
  CHECK_FALSE(job_logs().not_kept_reason().has_value());
  const auto est = evaluate_alone(logs);
  REQUIRE(est.lines.size() == 1);
  CHECK(est.lines[0].description ==
        "log ingestion (not kept: retention deletes them within the day)");
  CHECK(est.by_category.at(category::logs) == decimal(100));
  CHECK_THROWS_WITH_AS(
      logging::not_kept(
          "request-logs", measure("logs_ingested", units::gibibyte, "200"),
          quote("logs_ingestion_price", units::usd_per_gibibyte, "0.50", cloudwatch_page), ""),
      "trncost: component 'request-logs': logs not kept need the reason they are not", input_error);
}

TEST_CASE("custom metrics are priced per metric-month by tiers of the number of metrics") {
  // 12,000 metrics for 365 h (half a 730-hour month):
  //   10000 x 0.30 x 365 / 730 = 1500
  //    2000 x 0.10 x 365 / 730 =  100
  auto logs = job_logs();
  logs.with_custom_metrics(measure("metrics", units::metric, "12000"),
                           usage_period(measure("job_h", units::hour, "365"), month_730h),
                           custom_metric_prices());
  const auto est = evaluate_alone(logs);
  REQUIRE(est.lines.size() == 6);
  CHECK(est.lines[2].description == "custom metrics (0 to 10000 metric)");
  CHECK(amount_of(est, 2) == decimal(1500));
  CHECK(amount_of(est, 3) == decimal(100));
  CHECK(amount_of(est, 4) == decimal(0));
  CHECK(est.by_category.at(category::logs) == decimal(1718));
}

TEST_CASE("logging rejects negative volumes, prices and periods") {
  const auto ingestion_price =
      quote("logs_ingestion_price", units::usd_per_gibibyte, "0.50", cloudwatch_page);
  const auto storage_price =
      quote("logs_storage_price", units::usd_per_gibibyte_month, "0.03", cloudwatch_page);
  const auto stored = measure("logs_stored", units::gibibyte, "200");
  const auto kept = quote("logs_retention", units::month, "3", cloudwatch_page);
  CHECK_THROWS_WITH_AS(logging("logs", measure("logs_ingested", units::gibibyte, "-200"),
                               ingestion_price, stored, kept, storage_price),
                       "trncost: component 'logs': input 'logs_ingested' is -200; it cannot be "
                       "negative",
                       input_error);
  CHECK_THROWS_WITH_AS(
      logging("logs", measure("logs_ingested", units::gibibyte, "200"), ingestion_price, stored,
              quote("logs_retention", units::month, "-3", cloudwatch_page), storage_price),
      "trncost: component 'logs': input 'logs_retention' is -3; it cannot be "
      "negative",
      input_error);
  auto logs = job_logs();
  CHECK_THROWS_WITH_AS(
      logs.with_custom_metrics(measure("metrics", units::metric, "-1"),
                               usage_period(measure("job_h", units::hour, "10"), month_730h),
                               custom_metric_prices()),
      "trncost: component 'job-logs': input 'metrics' is -1; it cannot be "
      "negative",
      input_error);
}

TEST_CASE("an unknown log volume leaves its line unpriced while the others are priced") {
  const logging logs(
      "job-logs", unknown_input{"logs_ingested", "log level not decided"},
      quote("logs_ingestion_price", units::usd_per_gibibyte, "0.50", cloudwatch_page),
      measure("logs_stored", units::gibibyte, "200"),
      quote("logs_retention", units::month, "3", cloudwatch_page),
      quote("logs_storage_price", units::usd_per_gibibyte_month, "0.03", cloudwatch_page));
  const auto est = evaluate_alone(logs);
  CHECK_FALSE(est.lines[0].amount.has_value());
  CHECK(amount_of(est, 1) == decimal(18));
  CHECK(est.by_category.at(category::logs) == decimal(18));
  CHECK(est.status == estimate_status::unpriced);
}

// ================================ data preparation ===============================================

TEST_CASE("data preparation on CPU instances is instances x billed time x price") {
  // 4 x c7i.8xlarge x 5400 s x 1.428 USD/instance-h / 3600 = 8.568
  const data_preparation prep(
      "tokenize",
      cpu_instances{.instance_type = "c7i.8xlarge",
                    .count = measure("prep_nodes", units::instance, "4"),
                    .price = quote("c7i_price", units::usd_per_instance_hour, "1.428", ec2_page),
                    .duration = sourced("prep_time", seconds(5400), run1())});
  const auto est = evaluate_alone(prep);
  REQUIRE(est.lines.size() == 2);
  CHECK(est.lines[0].description == "data preparation on 4 x c7i.8xlarge");
  CHECK_FALSE(est.lines[0].ph.has_value());
  CHECK(amount_of(est, 0) == decimal("8.568"));
  // 5400 s is above the 60-second minimum: the minimum's line is 0.
  CHECK(est.lines[1].description ==
        "per-second billing minimum of data preparation on 4 x c7i.8xlarge");
  CHECK(amount_of(est, 1) == decimal(0));
  CHECK(est.by_category.at(category::data_preparation) == decimal("8.568"));
  // Not instance time of the training job: no phase, no overhead.
  CHECK(est.by_phase.empty());
}

TEST_CASE("data preparation on CPU instances bills each instance at least 60 seconds") {
  // 4 x c7i.8xlarge for 20 s: 4 x 20 s x 1.428 / 3600 = 0.03173333... and the minimum adds
  // 4 x (60 - 20) s x 1.428 / 3600 = 0.06346666...; together 4 x 60 s x 1.428 / 3600 = 0.0952.
  const data_preparation prep(
      "tokenize",
      cpu_instances{.instance_type = "c7i.8xlarge",
                    .count = measure("prep_nodes", units::instance, "4"),
                    .price = quote("c7i_price", units::usd_per_instance_hour, "1.428", ec2_page),
                    .duration = sourced("prep_time", seconds(20), run1())});
  const auto est = evaluate_alone(prep);
  REQUIRE(est.lines.size() == 2);
  CHECK(amount_of(est, 0) == decimal::parse("0.031733333333333333"));
  CHECK(amount_of(est, 1) == decimal::parse("0.063466666666666667"));
  CHECK(est.total == decimal::parse("0.0952"));
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("one assumed data preparation cost is one provisional reason on the assumed job") {
  // 50 USD assumed for one job: 50 USD/job x 1 job = 50, and the assumption is one reason (the
  // rule constant "1 job" restates the cost's provenance, it is not a second assumption).
  const sourced<money> cost("prep_cost", usd("50"), assumption{"similar job last quarter"});
  const auto est = evaluate_alone(data_preparation("tokenize", cost));
  REQUIRE(est.lines.size() == 1);
  CHECK(amount_of(est, 0) == decimal(50));
  CHECK(est.lines[0].description == "data preparation: the assumed job");
  CHECK(est.status == estimate_status::provisional);
  REQUIRE(est.reasons.size() == 1);
  CHECK(est.reasons[0].text == "prep_cost is an assumption: similar job last quarter");
}

TEST_CASE("two data preparation jobs in one model each keep their own one job") {
  // 38.40 USD assumed for tokenizing and 10.00 USD for de-duplication: two lines, 48.40 in all.
  // Each "1 job" restates its own cost's provenance, so each is an input of its own name (a
  // report refers to inputs by name; a shared name made the JSON report refuse the estimate).
  model m;
  m.add(data_preparation(
      "tokenize", sourced<money>("tokenize.cost", usd("38.40"), assumption{"last month's bill"})));
  m.add(data_preparation("dedupe",
                         sourced<money>("dedupe.cost", usd("10.00"), assumption{"a guess"})));
  declare_rest_none(m, {category::data_preparation});
  const auto est = m.evaluate(as_of);
  REQUIRE(est.lines.size() == 2);
  CHECK(est.lines[0].quantity->name == "tokenize.one_job");
  CHECK(est.lines[1].quantity->name == "dedupe.one_job");
  CHECK(est.total == decimal("48.40"));
  CHECK(est.status == estimate_status::provisional);
  CHECK(est.reasons.size() == 2);
}

TEST_CASE("a measured job cost is priced as that cost per job x 1 job") {
  // 412.50 USD measured for one job: 412.5 USD/job x 1 job = 412.5
  const sourced<money> cost("prep_job_cost", usd("412.50"), run1());
  const auto est = evaluate_alone(data_preparation("tokenize", cost));
  REQUIRE(est.lines.size() == 1);
  CHECK(amount_of(est, 0) == decimal("412.5"));
  CHECK(est.lines[0].price->name == "prep_job_cost_per_job");
  CHECK(est.lines[0].price->unit == "USD/job");
  const auto& how = std::get<derived>(est.lines[0].price->origin);
  CHECK(how.formula == "prep_job_cost / 1 job");
  CHECK(how.inputs.at(0) == cost.record());
  CHECK(est.lines[0].quantity->name == "tokenize.one_job");
  CHECK(est.lines[0].quantity->value == "1");
  CHECK(est.lines[0].quantity->unit == "job");
  CHECK(est.lines[0].description == "data preparation: the measured job");
  CHECK(kind_name(est.lines[0].quantity->origin) == "measured");
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("a known cost per job is priced for each job") {
  // 137.5 USD/job x 3 jobs = 412.5
  const data_preparation prep(
      "tokenize",
      measured_job{.cost_per_job = measure("prep_cost_per_job", units::usd_per_job, "137.5"),
                   .jobs = measure("prep_jobs", units::job, "3")});
  const auto est = evaluate_alone(prep);
  CHECK(amount_of(est, 0) == decimal("412.5"));
}

TEST_CASE("data preparation rejects no instances, negative time, negative cost and no jobs") {
  const auto price = quote("c7i_price", units::usd_per_instance_hour, "1.428", ec2_page);
  const auto time = sourced("prep_time", seconds(5400), run1());
  CHECK_THROWS_WITH_AS(
      data_preparation(
          "p",
          cpu_instances{"c7i.8xlarge", measure("prep_nodes", units::instance, "0"), price, time}),
      "trncost: component 'p': input 'prep_nodes' is 0; it must be positive", input_error);
  CHECK_THROWS_WITH_AS(
      data_preparation(
          "p", cpu_instances{"c7i.8xlarge", measure("prep_nodes", units::instance, "4"), price,
                             sourced("prep_time", seconds(-1), run1())}),
      "trncost: component 'p': input 'prep_time' is -1; it cannot be negative", input_error);
  CHECK_THROWS_WITH_AS(
      data_preparation("p",
                       cpu_instances{"", measure("prep_nodes", units::instance, "4"), price, time}),
      "trncost: component 'p': the instance type is empty", input_error);
  CHECK_THROWS_WITH_AS(
      data_preparation("p", sourced<money>("prep_job_cost", usd("-1"), run1())),
      "trncost: input 'prep_job_cost': measured value -1 USD is negative; a price or a cost cannot "
      "be negative (a credit is a grant: docs/credits.md)",
      input_error);
  CHECK_THROWS_WITH_AS(
      data_preparation("p", measured_job{measure("prep_cost_per_job", units::usd_per_job, "1"),
                                         measure("prep_jobs", units::job, "0")}),
      "trncost: component 'p': input 'prep_jobs' is 0; it must be positive", input_error);
}

TEST_CASE("data preparation with an unknown instance price is unpriced") {
  const data_preparation prep(
      "tokenize", cpu_instances{"c7i.8xlarge", measure("prep_nodes", units::instance, "4"),
                                unknown_input{"c7i_price", "region not chosen"},
                                sourced("prep_time", seconds(5400), run1())});
  const auto est = evaluate_alone(prep);
  CHECK_FALSE(est.lines[0].amount.has_value());
  CHECK(est.status == estimate_status::unpriced);
}

// ================================ failures and restarts ==========================================

TEST_CASE("failures cost expected interruptions x (restart time + work lost) x instances x price") {
  // interruptions = 0.0005 /instance-h (3 over 6000 instance-h) x 8000 instance-h = 4
  // restarts:    4 x 900 s  x 16 x 21.5 / 3600 = 57600 instance-s x 21.5 / 3600  = 344
  // failed work: 4 x 1800 s x 16 x 21.5 / 3600 = 115200 instance-s x 21.5 / 3600 = 688
  const auto est =
      evaluate_alone(trn1_failures(assumption{"half the 3600 s checkpoint interval, on average"}));
  REQUIRE(est.lines.size() == 2);
  CHECK(est.lines[0].ph == phase::restarts);
  CHECK(est.lines[0].description == "restarts after expected interruptions on 16 x trn1.32xlarge");
  CHECK(est.lines[0].formula ==
        "trn1_price * (nodes * ((interruption_rate * exposure) * restart_time)) / 3600");
  CHECK(amount_of(est, 0) == decimal(344));
  CHECK(est.lines[1].ph == phase::failed_work);
  CHECK(amount_of(est, 1) == decimal(688));
  CHECK(est.by_category.at(category::failures_restarts) == decimal(1032));
  CHECK(est.by_phase.at(phase::restarts) == decimal(344));
  CHECK(est.by_phase.at(phase::failed_work) == decimal(688));
  CHECK(est.overhead == decimal(1032));
  // The work lost is an assumption: the estimate is provisional, and says why.
  CHECK(est.status == estimate_status::provisional);
  CHECK(est.reasons.front().text ==
        "work_lost is an assumption: half the 3600 s checkpoint interval, on average");
}

TEST_CASE("failures with a measured work loss are verified") {
  const auto est = evaluate_alone(trn1_failures(run1()));
  CHECK(est.total == decimal(1032));
  CHECK(est.status == estimate_status::verified);
}

TEST_CASE("failures reject a negative rate, exposure or time and no instances") {
  const auto nodes = measure("nodes", units::instance, "16");
  const auto rate = measured_rate();
  const auto exposure = measure("exposure", units::instance_hour, "8000");
  const auto restart = measure("restart_time", units::seconds_per_interruption, "900");
  const auto lost = measure("work_lost", units::seconds_per_interruption, "1800");
  CHECK_THROWS_WITH_AS(
      failures("f", "trn1.32xlarge", nodes, trn1_price(),
               measure("interruption_rate", units::interruptions_per_instance_hour, "-0.0005"),
               exposure, restart, lost),
      "trncost: component 'f': input 'interruption_rate' is -0.0005; it cannot be negative",
      input_error);
  CHECK_THROWS_WITH_AS(failures("f", "trn1.32xlarge", nodes, trn1_price(), rate,
                                measure("exposure", units::instance_hour, "-1"), restart, lost),
                       "trncost: component 'f': input 'exposure' is -1; it cannot be negative",
                       input_error);
  CHECK_THROWS_WITH_AS(
      failures("f", "trn1.32xlarge", nodes, trn1_price(), rate, exposure,
               measure("restart_time", units::seconds_per_interruption, "-900"), lost),
      "trncost: component 'f': input 'restart_time' is -900; it cannot be negative", input_error);
  CHECK_THROWS_WITH_AS(failures("f", "trn1.32xlarge", measure("nodes", units::instance, "0"),
                                trn1_price(), rate, exposure, restart, lost),
                       "trncost: component 'f': input 'nodes' is 0; it must be positive",
                       input_error);
  CHECK_THROWS_WITH_AS(failures("f", "", nodes, trn1_price(), rate, exposure, restart, lost),
                       "trncost: component 'f': the instance type is empty", input_error);
}

TEST_CASE("failures with an unknown interruption rate leave both lines unpriced") {
  const failures f("trn1-failures", "trn1.32xlarge", measure("nodes", units::instance, "16"),
                   trn1_price(), unknown_input{"interruption_rate", "no repeated runs yet"},
                   measure("exposure", units::instance_hour, "8000"),
                   measure("restart_time", units::seconds_per_interruption, "900"),
                   measure("work_lost", units::seconds_per_interruption, "1800"));
  const auto est = evaluate_alone(f);
  CHECK(est.unpriced_lines() == 2);
  CHECK(est.by_phase.empty());
  CHECK(est.status == estimate_status::unpriced);
}

// ================================ all together ===================================================

TEST_CASE("a model with a component for every category of the formula is complete") {
  // compute:      2 x 3600 s x 21.5 / 3600                 = 43
  // storage:      gp3 1024 GiB x 1 mo x 0.08 = 81.92; S3 1000 GiB x 1 mo x 0.023 = 23
  // transfer:     500 GiB x 2 x 0.01                       = 10
  // logs:         100 + 18                                 = 118
  // data prep:    412.5
  // failures:     344 + 688                                = 1032
  // total:        43 + 104.92 + 10 + 118 + 412.5 + 1032    = 1720.42
  model m;
  m.add(instance_time("training", "trn1.32xlarge", measure("nodes", units::instance, "2"),
                      trn1_price(),
                      {phase_time{phase::training, sourced("train_time", seconds(3600), run1())}}));
  m.add(block_storage("ckpt-volume", "gp3", measure("volume_size", units::gibibyte, "1024"),
                      measure("kept_months", units::month, "1"), gp3_price()));
  m.add(object_storage("datasets", "S3 Standard", measure("stored", units::gibibyte, "1000"),
                       measure("kept_months", units::month, "1"), s3_standard_prices()));
  m.add(
      data_transfer("cluster-traffic",
                    {transfer::inter_az(
                        "gradients between zones", measure("cross_az_gib", units::gibibyte, "500"),
                        quote("inter_az_price", units::usd_per_gibibyte, "0.01", transfer_page))}));
  m.add(job_logs());
  m.add(data_preparation("tokenize", sourced<money>("prep_job_cost", usd("412.50"), run1())));
  m.add(trn1_failures(run1()));
  const auto est = m.evaluate(as_of);
  CHECK(est.by_category.at(category::compute) == decimal(43));
  CHECK(est.by_category.at(category::storage) == decimal("104.92"));
  CHECK(est.by_category.at(category::transfer) == decimal(10));
  CHECK(est.by_category.at(category::logs) == decimal(118));
  CHECK(est.by_category.at(category::data_preparation) == decimal("412.5"));
  CHECK(est.by_category.at(category::failures_restarts) == decimal(1032));
  CHECK(est.total == decimal("1720.42"));
  CHECK(est.status == estimate_status::verified);
}

}  // namespace trncost_tests::model_components_test
