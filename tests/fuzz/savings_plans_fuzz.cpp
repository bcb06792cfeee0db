// Savings Plans offer files, JSON or CSV (the first byte picks the reader; the rest is the file).
#include "fuzz.hpp"
#include "trncost/readers/savings_plans.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  return fuzz::guarded([&] {
    std::istringstream in{std::string(fuzz::text(data + 1, size - 1))};
    const auto filter = trncost::readers::savings_plan_rates_for({"trn1.32xlarge", "p5.48xlarge"});
    if ((data[0] & 1) == 0) {
      (void)trncost::readers::read_savings_plans_json(in, "fuzz.json", filter, "us-east-1");
    } else {
      (void)trncost::readers::read_savings_plans_csv(in, "fuzz.csv", filter);
    }
  });
}
