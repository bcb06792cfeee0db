// Bills (readers/bill.hpp): FOCUS, legacy CUR and CUR 2.0 CSV, every row read and its tags asked
// for (which parses a FOCUS or CUR 2.0 row's tags as JSON).
#include "fuzz.hpp"
#include "trncost/readers/bill.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::guarded([&] {
    std::istringstream in{std::string(fuzz::text(data, size))};
    trncost::readers::bill_reader bill(in, "fuzz.csv");
    while (bill.next()) (void)trncost::readers::detail::has_tag(bill.row(), "project", "ft-8b");
  });
}
