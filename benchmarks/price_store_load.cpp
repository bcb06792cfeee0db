// Loading a price store: the offer versions in force on a date, as the offers a price book takes
// (readers::price_store_offers), timed in wall and CPU time, 7 times. Built by hand (needs SQLite):
//   g++ -std=c++20 -O2 -DNDEBUG -Iinclude benchmarks/price_store_load.cpp -lsqlite3 -o
//   /tmp/price_store_load /tmp/price_store_load STORE.sqlite        (a store from `trncost prices
//   fetch`; benchmarks/README.md)
#include <chrono>
#include <cstdio>
#include <ctime>
#include <trncost/readers/price_store.hpp>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: price_store_load STORE.sqlite\n");
    return 2;
  }
  using clk = std::chrono::steady_clock;
  double best_wall = 1e9;
  double best_cpu = 1e9;
  std::size_t lines = 0;
  for (int i = 0; i < 7; ++i) {
    const auto t0 = clk::now();
    const std::clock_t c0 = std::clock();
    const auto offers =
        trncost::readers::price_store_offers(argv[1], trncost::parse_date("2026-11-30"));
    const double cpu = 1000.0 * static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    const double wall = std::chrono::duration<double, std::milli>(clk::now() - t0).count();
    lines = 0;
    for (const auto& o : offers) {
      for (const auto& t : o.terms) lines += t.dimensions.size();
    }
    if (wall < best_wall) best_wall = wall;
    if (cpu < best_cpu) best_cpu = cpu;
    std::printf("%.1f ms wall, %.1f ms CPU\n", wall, cpu);
  }
  std::printf("best: %.1f ms wall, %.1f ms CPU for %zu prices\n", best_wall, best_cpu, lines);
  return 0;
}
