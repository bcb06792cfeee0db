// Compile-time probe: the trncost core plus its fmt formatters (readers/fmt.hpp), formatting a
// charge.
#include <string>
#include <trncost/readers/fmt.hpp>
#include <trncost/trncost.hpp>

namespace tc = trncost;

std::string training_line() {
  tc::quoted q;
  q.source = "https://aws.amazon.com/ec2/pricing/on-demand/";
  q.region = "us-east-1";
  q.consulted = tc::parse_date("2026-11-30");
  const tc::sourced price("trn1.32xlarge on-demand",
                          tc::make<tc::units::usd_per_instance_hour_t>("21.5000000000"), q);
  const tc::sourced usage(
      "training time", tc::make(tc::units::instance, 4) * tc::seconds(5399),
      tc::provenance{tc::measured{"run-42", "wall clock of the job",
                                  tc::parse_timestamp("2026-11-29T08:00:00Z"),
                                  tc::parse_timestamp("2026-11-29T09:29:59Z")}});
  const auto line = tc::charge("training", price, usage);
  return fmt::format("{}: {}", line.name(), line.value());
}
