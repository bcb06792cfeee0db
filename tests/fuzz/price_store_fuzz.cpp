// The price store's reader: the input is a SQLite file (the seeds are stores trncost wrote, which
// the fuzzer mutates inside their pages), opened for reading, its versions listed, each loaded back
// as an offer, and the offers in force on a date read as a scenario reads them. A store that is not
// one, has another layout or holds a value trncost would not have written is refused with a
// trncost::error. SQLite needs a path: the input is written to a file of this process's own.
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "fuzz.hpp"
#include "trncost/readers/price_store.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = [] {
    const char* shm = "/dev/shm";
    return std::string(::access(shm, W_OK) == 0 ? shm : "/tmp") + "/trncost-fuzz-store-" +
           std::to_string(::getpid()) + ".sqlite";
  }();
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  fuzz::guarded([&] {
    const trncost::readers::price_store store(path);
    for (const auto& v : store.versions()) (void)store.load(v.id);
  });
  fuzz::guarded(
      [&] { (void)trncost::readers::price_store_offers(path, trncost::parse_date("2026-11-30")); });
  for (const char* suffix : {"", "-journal", "-wal", "-shm"}) std::remove((path + suffix).c_str());
  return 0;
}
