// Extension example: a unit of your own ("GPU-hour" priced per GPU-hour, and kWh for a power bill)
// in a few lines, with the same exact arithmetic, symbols and sourcing as trncost's own units.
#include <cstdio>
#include <exception>
#include <trncost/readers/fmt.hpp>
#include <trncost/trncost.hpp>

// [custom-unit]
// 1. A base dimension and a base unit (ordinals other than trncost's: 7301-7399 and -7311).
struct gpu_dimension : boost::units::base_dimension<gpu_dimension, 9001> {};
struct gpu_base_unit : boost::units::base_unit<gpu_base_unit, gpu_dimension::dimension_type, 9001> {
  static constexpr const char* name() { return "GPU"; }
  static constexpr const char* symbol() { return "GPU"; }
};
// 2. Named types built from it and trncost's hour, and the symbols trncost prints.
using gpu_t = gpu_base_unit::unit_type;
using gpu_hour_t = trncost::units::times<gpu_t, trncost::units::hour_t>;
using usd_per_gpu_hour_t = trncost::units::per<trncost::units::usd_t, gpu_hour_t>;
template <>
inline constexpr std::string_view trncost::units::symbol_v<gpu_hour_t> = "GPU-h";
template <>
inline constexpr std::string_view trncost::units::symbol_v<usd_per_gpu_hour_t> = "USD/GPU-h";
// [custom-unit]

int main() try {
  using namespace trncost;
  // p5.48xlarge has 8 GPUs: 55.04 USD/h per instance is 6.88 USD per GPU-hour.
  const sourced per_gpu("p5_per_gpu", make<usd_per_gpu_hour_t>("6.88"),
                        derived{"p5_price / 8 GPUs",
                                {std::make_shared<const source_record>(source_record{
                                    "p5_price", "55.04", "USD/instance-h",
                                    quoted{.source = "AmazonEC2 offer file, us-east-1",
                                           .region = "us-east-1",
                                           .consulted = parse_date("2026-11-30")}})}});
  const sourced gpu_time("gpu_time", make(gpu_t{}, 64) * seconds(4500),
                         measured{.run_id = "p5-ref-1",
                                  .method = "run log wall clock",
                                  .from = parse_timestamp("2026-11-21T08:00:00Z"),
                                  .to = parse_timestamp("2026-11-21T09:15:00Z")});
  const auto cost = charge("gpu_cost", per_gpu, gpu_time);
  // 6.88 * 64 * 4500 / 3600 = 550.4 exactly.
  fmt::print("{}\n{}\n{}\n", per_gpu, gpu_time.value(), cost);
  return cost.value().value() == decimal("550.4") ? 0 : 1;
} catch (const std::exception& e) {  // an example says what went wrong, then fails
  std::fprintf(stderr, "custom_unit: %s\n", e.what());
  return 1;
}
